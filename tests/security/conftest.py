"""The security tests (issue 9) use the campaign tests' people and games."""

from tests.campaign.conftest import (  # noqa: F401 - fixtures
    battle,
    campaign,
    organiser,
    other_player,
    patrol,
    player,
    red_hawk,
    sequence,
    stranger,
    war_party,
)
