"""Named people for permission tests: the organiser, a player, another player, a stranger."""

import pytest

# Factories import Django models, so they are imported inside the fixtures: the pure rules tests
# in tests/campaign/rules/ must also run without Django (`-p no:django`).


@pytest.fixture
def organiser(db):
    from tests.factories import UserFactory

    return UserFactory(username="organiser")


@pytest.fixture
def campaign(organiser):
    from tests.factories import CampaignFactory

    return CampaignFactory(organiser=organiser, name="Ohio Valley 1755")


@pytest.fixture
def player(campaign):
    from tests.factories import UserFactory, member

    return member(campaign, UserFactory(username="player"))


@pytest.fixture
def other_player(campaign):
    from tests.factories import UserFactory, member

    return member(campaign, UserFactory(username="other"))


@pytest.fixture
def stranger(db):
    from tests.factories import UserFactory

    return UserFactory(username="stranger")


@pytest.fixture
def war_party(campaign, player):
    from tests.factories import founded_war_party

    return founded_war_party(campaign, player)
