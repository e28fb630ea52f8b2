"""What a write makes stale (core.content_version): a campaign's writes its own campaign's
cached parts, an account's its own top bar and inbox badge, a canoe move its own game and the
inbox badges of its players; every cached answer says `X-Frontier-Cache: hit|miss`.

Each test runs with the local-memory cache and again with Redis, as test_page_cache_views.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from accounts.models import Profile
from campaign import services
from campaign.models import Campaign, Figure
from chase.models import GameSession
from chase.selectors.sessions import who_acts
from chase.services import sessions as chase_services
from core.content_version import SCOPES, content_tables
from core.models import ScopeVersion
from tests.factories import CampaignFactory, UserFactory, founded_war_party, member

# Each test with the local-memory cache, then with Redis (tests/campaign/conftest.py).
pytestmark = pytest.mark.usefixtures("page_cache", "one_minute")


def cache_of(response) -> str:
    assert response.status_code == 200, response.status_code
    return response["X-Frontier-Cache"]


def warm(client, url) -> None:
    """Read until the page comes from the cache (the second reading stores it)."""
    for _ in range(3):
        response = client.get(url)
    assert cache_of(response) == "hit"


@pytest.fixture
def roster(client, war_party, player):
    client.force_login(player)
    url = reverse("warband", args=[war_party.id])
    return client, url


@pytest.fixture
def canoe_game(db):
    """A race across two browsers between two people of another club."""
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    session = chase_services.session_create(
        kind="race", mode="multi", options={"canoes": 2}, user=ann, creator_sits=True
    )
    free = session.seats.get(taken_at__isnull=True)
    chase_services.seat_join(invite=free.invite, user=ben)
    session.refresh_from_db()
    assert session.status == GameSession.Status.PLAYING
    return session, ann, ben


def move(session: GameSession) -> GameSession:
    from chase.games import get_engine

    [role] = who_acts(session)
    seat = session.seats.get(role=role)
    action = get_engine(session.kind).legal_actions(session.state, role)[0]
    return chase_services.session_act(
        session_id=session.id, token=seat.token, version=session.version, action=action
    )


def test_a_cached_page_says_miss_then_hit(roster):
    client, url = roster
    assert [cache_of(client.get(url)) for _ in range(3)] == ["miss", "miss", "hit"]


def test_a_canoe_move_leaves_the_campaigns_cached_roster_a_hit(roster, canoe_game):
    client, url = roster
    warm(client, url)
    session, _, _ = canoe_game
    after = move(session)
    assert after.version > session.version
    assert cache_of(client.get(url)) == "hit"


def test_another_campaigns_write_leaves_the_roster_a_hit(roster, stranger):
    client, url = roster
    warm(client, url)
    other = CampaignFactory(organiser=stranger, name="Lake George 1757")
    band = founded_war_party(other, member(other, UserFactory(username="rival")))
    services.warband_rename(warband=band, name="The Rival Band")
    Figure.objects.filter(warband=band).update(name="Renamed")  # a shell update() too
    assert cache_of(client.get(url)) == "hit"


def test_this_campaigns_write_makes_it_a_miss_then_a_hit(roster, war_party, organiser):
    client, url = roster
    warm(client, url)
    services.warband_treasury_correct(
        warband=war_party, amount=12, reason="Found a purse", actor=organiser
    )
    response = client.get(url)
    assert cache_of(response) == "miss"
    assertContains(response, "Found a purse")
    # Read again after the write: stored at once (the page was seen before), then a hit.
    assert cache_of(client.get(url)) == "hit"


def test_a_shell_update_of_another_table_of_the_campaign_counts(roster, campaign, war_party):
    """Not a service, and not the warband's own table: the campaign row, then a figure."""
    client, url = roster
    warm(client, url)
    Campaign.objects.filter(pk=campaign.pk).update(name="Ohio Country 1756")
    response = client.get(url)
    assert cache_of(response) == "miss"
    assertContains(response, "Ohio Country 1756")
    warm(client, url)
    Figure.objects.filter(warband=war_party, name="Quiet Fox").update(name="Loud Fox")
    response = client.get(url)
    assert cache_of(response) == "miss"
    assertContains(response, "Loud Fox")


def test_another_players_sign_in_and_profile_leave_the_roster_a_hit(roster, other_player):
    from django.test import Client

    client, url = roster
    Profile.objects.get_or_create(user=other_player)
    warm(client, url)
    Client().force_login(other_player)  # writes their last_login
    Profile.objects.filter(user=other_player).update(email_off=["report_to_confirm"])
    assert cache_of(client.get(url)) == "hit"


def test_the_players_own_profile_changes_their_top_bar_only(roster, player):
    client, url = roster
    warm(client, url)
    Profile.objects.update_or_create(user=player, defaults={"email_off": ["x"]})
    assert cache_of(client.get(url)) == "miss"  # the top bar and the signed-in user
    assert cache_of(client.get(url)) == "hit"


def test_a_renamed_owner_shows_on_their_roster(roster, player):
    """A name shows in the campaign's pages: a new name is a write to the campaign too."""
    client, url = roster
    warm(client, url)
    type(player).objects.filter(pk=player.pk).update(username="renamed-player")
    assertContains(client.get(url), "renamed-player")


def test_a_canoe_move_raises_the_next_players_inbox_badge(client, canoe_game):
    session, ann, ben = canoe_game
    [role] = who_acts(session)
    mover = session.seats.get(role=role).user
    waiting = ben if mover == ann else ann
    client.force_login(waiting)
    home = reverse("chase:lobby")
    for _ in range(3):
        page = client.get(home)
    assertContains(page, 'aria-label="Inbox: 0 waiting"')
    move(session)
    assertContains(client.get(home), 'aria-label="Inbox: 1 waiting"')


def test_a_write_draws_the_tokens_of_its_scopes_only(campaign, war_party, canoe_game):
    session, ann, _ = canoe_game
    before = dict(ScopeVersion.objects.values_list("scope", "token"))
    Figure.objects.filter(warband=war_party).update(name="Anyone")
    after = dict(ScopeVersion.objects.values_list("scope", "token"))
    changed = {scope for scope in after if after[scope] != before.get(scope)}
    assert changed == {f"c:{campaign.id}"}
    move(session)
    again = dict(ScopeVersion.objects.values_list("scope", "token"))
    changed = {scope for scope in again if again[scope] != after.get(scope)}
    players = {f"i:{seat.user_id}" for seat in session.seats.all()}
    assert changed == {f"g:{session.id}", *players}


def test_every_content_table_has_its_scopes():
    """A new table draws everything's token (correct, but every page is rendered again after
    its writes) until it is given its scopes in core.content_version.SCOPES."""
    assert content_tables() - SCOPES.keys() == set()


def test_an_answer_with_no_cached_part_says_nothing(client, canoe_game):
    """A signed-in player's table poll (204 while nothing moved): the user is cached, no part."""
    session, ann, _ = canoe_game
    client.force_login(ann)
    url = f"{reverse('chase:table', args=[session.id])}?version={session.version}"
    for _ in range(2):
        response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 204
    assert "X-Frontier-Cache" not in response
