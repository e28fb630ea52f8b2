"""Named people for permission tests: the organiser, a player, another player, a stranger."""

import pytest

from tests.factories import CampaignFactory, UserFactory, founded_war_party, member


@pytest.fixture
def organiser(db):
    return UserFactory(username="organiser")


@pytest.fixture
def campaign(organiser):
    return CampaignFactory(organiser=organiser, name="Ohio Valley 1755")


@pytest.fixture
def player(campaign):
    return member(campaign, UserFactory(username="player"))


@pytest.fixture
def other_player(campaign):
    return member(campaign, UserFactory(username="other"))


@pytest.fixture
def stranger(db):
    return UserFactory(username="stranger")


@pytest.fixture
def war_party(campaign, player):
    return founded_war_party(campaign, player)
