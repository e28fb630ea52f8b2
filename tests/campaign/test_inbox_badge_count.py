"""The top bar's inbox badge counts the campaign's sources apart (accounts.context_processors,
campaign.content_scopes.CAMPAIGN_INBOX_SCOPE): a canoe move or a new minute makes only the
canoe games' query again, and every write the campaign's items follow still shows at once.

Each test runs with the local-memory cache and again with Redis, as test_page_cache_views.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django.asserts import assertContains

from campaign import services
from campaign.models import Campaign, Figure
from chase.models import GameSession
from chase.services import sessions as chase_services
from tests.campaign.games_support import file_battle

pytestmark = pytest.mark.usefixtures("page_cache", "one_minute")


def badge(n: int) -> str:
    return f'aria-label="Inbox: {n} waiting"'


def warm(client, url):
    for _ in range(3):
        response = client.get(url)
    return response


@pytest.fixture
def race(player, other_player):
    """A race between the two players, the player's turn first or next."""
    session = chase_services.session_create(
        kind="race", mode="multi", options={"canoes": 2}, user=player, creator_sits=True
    )
    free = session.seats.get(taken_at__isnull=True)
    chase_services.seat_join(invite=free.invite, user=other_player)
    session.refresh_from_db()
    assert session.status == GameSession.Status.PLAYING
    return session


def move(session):
    from chase.games import get_engine
    from chase.selectors.sessions import who_acts

    session.refresh_from_db()
    [role] = who_acts(session)
    seat = session.seats.get(role=role)
    action = get_engine(session.kind).legal_actions(session.state, role)[0]
    chase_services.session_act(
        session_id=session.id, token=seat.token, version=session.version, action=action
    )


def test_a_canoe_move_counts_the_canoe_games_again_not_the_campaigns(
    client, campaign, war_party, patrol, player, other_player, race
):
    file_battle(campaign, war_party, patrol, player)  # a report for the other player to confirm
    client.force_login(other_player)
    roster = reverse("warband", args=[war_party.id])
    warm(client, roster)
    with CaptureQueriesContext(connection) as warm_queries:
        client.get(roster)
    move(race)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(roster)
    # The version read, and the canoe games' one query: none of the campaign's sources'.
    assert len(queries) == len(warm_queries) + 1, [q["sql"][:80] for q in queries]
    assertContains(page, "Inbox:")


def test_the_badge_counts_both_parts(client, campaign, war_party, patrol, player, other_player):
    client.force_login(other_player)
    home = reverse("chase:lobby")
    assertContains(warm(client, home), badge(0))
    file_battle(campaign, war_party, patrol, player)  # to confirm: the campaign's part
    assertContains(client.get(home), badge(1))
    session = chase_services.session_create(
        kind="race", mode="multi", options={"canoes": 2}, user=player, creator_sits=True
    )
    chase_services.seat_join(invite=session.seats.get(taken_at__isnull=True).invite,
                             user=other_player)  # fmt: skip
    session.refresh_from_db()
    from chase.selectors.sessions import who_acts

    [role] = who_acts(session)
    if session.seats.get(role=role).user_id != other_player.id:
        move(session)
    assertContains(client.get(home), badge(2))  # and the canoe game on their turn


def test_a_confirmed_report_leaves_the_badge_at_once(
    client, campaign, war_party, patrol, player, other_player
):
    game = file_battle(campaign, war_party, patrol, player)
    client.force_login(other_player)
    home = reverse("chase:lobby")
    assertContains(warm(client, home), badge(1))
    services.game_confirm(game=game, actor=other_player)  # now their own sequence to run
    assertContains(client.get(home), badge(1))
    client.force_login(player)
    assertContains(warm(client, home), badge(1))  # the player's own sequence


def test_a_correction_to_confirm_and_a_new_organiser_show_at_once(
    client, campaign, war_party, player, organiser, other_player
):
    client.force_login(organiser)
    home = reverse("chase:lobby")
    assertContains(warm(client, home), badge(0))
    figure = Figure.objects.filter(warband=war_party).first()
    services.figure_correct(
        figure=figure, actor=player, changes={"experience": figure.experience + 1},
        reason="Forgot a point",
    )  # fmt: skip
    assertContains(client.get(home), badge(1))
    client.force_login(other_player)
    assertContains(warm(client, home), badge(0))
    Campaign.objects.filter(pk=campaign.pk).update(organiser=other_player)  # by hand: the admin
    assertContains(client.get(home), badge(1))


def test_the_home_page_lists_the_inbox_from_the_cache_and_a_new_item_at_once(
    client, campaign, war_party, patrol, player, other_player, race
):
    """The home page's list is kept like the badge's counts (accounts.selectors.inbox_listed):
    read again with nothing new it reads no source; a report to confirm and a canoe move each
    show at once."""
    client.force_login(other_player)
    home = reverse("home")
    warm(client, home)
    with CaptureQueriesContext(connection) as queries:
        client.get(home)
    read = " ".join(q["sql"] for q in queries)
    assert 'FROM "campaign_gamereport"' not in read and 'JOIN "chase_seat"' not in read

    game = file_battle(campaign, war_party, patrol, player)  # the other player is to confirm
    page = client.get(home).content.decode()
    assert f'href="{reverse("game", args=[game.id])}"' in page and "Review and confirm" in page
    before = page.count("to move")
    move(race)
    after = client.get(home).content.decode().count("to move")
    assert after != before  # the race's turn passed to (or from) them: the list follows


def test_the_home_pages_campaign_items_are_kept_from_the_first_reading(
    client, campaign, war_party, patrol, player, other_player, race
):
    """A member reads their home page every few minutes at a club night: the campaign's items
    are kept from the first reading (not the second), and a canoe move, which changes the
    inbox's key, makes only the canoe games' source read again."""
    file_battle(campaign, war_party, patrol, player)  # the other player is to confirm it
    client.force_login(other_player)
    home = reverse("home")
    assert "Review and confirm" in client.get(home).content.decode()  # the first reading
    move(race)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(home).content.decode()
    read = " ".join(q["sql"] for q in queries)
    assert 'FROM "campaign_gamereport"' not in read and 'FROM "campaign_postgame"' not in read
    assert 'JOIN "chase_seat"' in read  # the canoe games: their turn changed
    assert "Review and confirm" in page


def test_a_renamed_warband_shows_in_the_home_pages_items_within_five_minutes(
    client, campaign, war_party, patrol, player, other_player, monkeypatch
):
    """A name in an item's words draws no scope of the inbox: it shows once `rename_window`
    turns (every five minutes), never later."""
    file_battle(campaign, war_party, patrol, player)
    client.force_login(other_player)
    home = reverse("home")
    warm(client, home)
    type(war_party).objects.filter(pk=war_party.pk).update(name="The Renamed Band")
    monkeypatch.setattr("accounts.selectors.rename_window", lambda: 1)  # five minutes on
    assert "The Renamed Band" in client.get(home).content.decode()


def test_the_badge_of_the_first_page_draws_the_items_the_home_page_lists(
    client, campaign, war_party, patrol, player, other_player
):
    """The badge's count of the campaign's items is their number: the first page a member
    reads (any page with the top bar) draws them once, and their home page lists them from the
    cache, reading no campaign source again."""
    file_battle(campaign, war_party, patrol, player)
    client.force_login(other_player)
    assertContains(client.get(reverse("chase:lobby")), badge(1))
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("home")).content.decode()
    read = " ".join(q["sql"] for q in queries)
    assert 'FROM "campaign_gamereport"' not in read and 'FROM "campaign_postgame"' not in read
    assert "Review and confirm" in page
