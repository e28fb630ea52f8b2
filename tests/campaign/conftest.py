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


@pytest.fixture
def patrol(campaign, other_player):
    """The other player's Regulars: the war party's opponent in the games tests."""
    from tests.campaign.games_support import foot_patrol

    return foot_patrol(campaign, other_player)


@pytest.fixture
def battle(campaign, player, other_player, war_party, patrol):
    """Magalakutway v The 44th Foot Patrol, filed by the player, confirmed by the other."""
    from campaign import services
    from tests.campaign.games_support import file_battle

    game = file_battle(campaign, war_party, patrol, player)
    services.game_confirm(game=game, actor=other_player)
    return game


@pytest.fixture
def sequence(battle, war_party):
    """Magalakutway's post-game sequence, just opened."""
    from tests.campaign.games_support import sequence_of

    return sequence_of(battle, war_party)
