"""Named people for permission tests: the organiser, a player, another player, a stranger; and
what several test modules start from (a filed game, a post-game sequence, a captive)."""

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


@pytest.fixture
def browser(client, player):
    """The player, signed in (Django's test client)."""
    client.force_login(player)
    return client


@pytest.fixture
def otter(war_party):
    from tests.campaign.games_support import figure

    return figure(war_party, "Swift Otter")


@pytest.fixture
def pending(campaign, war_party, patrol, player):
    """Magalakutway v The 44th Foot Patrol, filed by the player, not confirmed yet."""
    from tests.campaign.games_support import file_battle

    return file_battle(campaign, war_party, patrol, player)


@pytest.fixture
def red_hawk(battle, player, war_party):
    """Red Hawk of Magalakutway, captured in the battle's post-game (committed)."""
    from campaign import services
    from tests.campaign.games_support import WAR_PARTY_SCRIPT, drive, figure, sequence_of

    script = [[2, 2], [6, 2], *WAR_PARTY_SCRIPT[2:]]  # Red Hawk: injury 62, Captured (C16)
    committed = services.postgame_commit(
        postgame=drive(sequence_of(battle, war_party), player, script), actor=player
    )
    hawk = figure(war_party, "Red Hawk")
    assert committed.result["captives"] == [hawk.id]
    return hawk


@pytest.fixture(params=["locmem", pytest.param("redis", marks=pytest.mark.redis)])
def page_cache(request, settings):
    """The fragments' cache, for a module that runs each test twice (`pytestmark =
    pytest.mark.usefixtures("page_cache")`): each worker's memory, or Redis (a key prefix of the
    test's own)."""
    if request.param == "redis":
        import uuid

        from tests.conftest import TEST_REDIS_URL

        settings.CACHES = {
            **settings.CACHES,
            "template_fragments": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": TEST_REDIS_URL,
                "KEY_PREFIX": f"test-pages-{uuid.uuid4().hex}",
                "TIMEOUT": 60,
            },
        }
    return request.param
