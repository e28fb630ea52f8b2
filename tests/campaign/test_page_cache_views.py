"""Cached pages (core.page_cache, core.content_version): a write shows on the very next
request, nothing of one viewer reaches another, and a rolled-back write leaves nothing behind.

Each test runs with the local-memory cache and again with Redis (`redis`). A page is read three
times before the write (`warm`): the second reading stores it, the third is served from the
cache, so what follows the write is what a cache hit would have shown.
"""

from __future__ import annotations

import re

import pytest
from django.db import connection, transaction
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from campaign import services
from campaign.models import Campaign, Figure
from core.content_version import campaign_scope, writes_content
from tests.campaign.games_support import (
    FOOT_PATROL_SCRIPT,
    WAR_PARTY_SCRIPT,
    drive,
    file_battle,
    sequence_of,
)

# Each test with the local-memory cache, then with Redis (tests/campaign/conftest.py).
pytestmark = pytest.mark.usefixtures("page_cache", "one_minute")


def warm(client, url):
    """Read the page until it comes from the cache; the last answer."""
    for _ in range(3):
        response = client.get(url)
        assert response.status_code == 200
    return response


def login(client, user):
    client.force_login(user)
    return client


def roster_url(warband):
    return reverse("warband", args=[warband.id])


def campaign_url(campaign):
    return reverse("campaign", args=[campaign.id])


def league_url(campaign):
    return reverse("campaign-league", args=[campaign.id])


# --- the cache is used -------------------------------------------------------------------------


def test_a_roster_read_again_costs_two_queries(client, war_party, player):
    warm(login(client, player), roster_url(war_party))
    with CaptureQueriesContext(connection) as queries:
        response = client.get(roster_url(war_party))
    assertContains(response, "Running Elk")
    # The content version and the session: the user, the warband, its campaign and the
    # membership that lets the player read it are cached under that version too.
    assert len(queries) == 2, [q["sql"] for q in queries.captured_queries]


def test_a_page_read_once_is_not_stored_but_marked_seen(client, war_party, player):
    login(client, player).get(roster_url(war_party))
    with CaptureQueriesContext(connection) as second:
        client.get(roster_url(war_party))
    with CaptureQueriesContext(connection) as third:
        client.get(roster_url(war_party))
    assert len(second) > len(third) == 2


# --- a write shows on the next request ---------------------------------------------------------


def test_a_treasury_correction_shows_in_the_ledger_at_once(client, war_party, player, organiser):
    warm(login(client, player), roster_url(war_party))
    services.warband_treasury_correct(
        warband=war_party, amount=12, reason="Found a purse", actor=organiser
    )
    assertContains(client.get(roster_url(war_party)), "Found a purse")


def test_the_organisers_recalculation_line_follows_the_job(client, campaign, organiser):
    """The job's row comes from the page cache; its progress is a write, so the line follows."""
    from campaign.services.jobs import RECALCULATE
    from core.models import Job

    job = Job.objects.create(
        scope=campaign_scope(campaign.id), kind=RECALCULATE, state="running", total=4, done=1
    )
    assertContains(warm(login(client, organiser), league_url(campaign)), "1 of 4 (25%)")
    Job.objects.filter(pk=job.pk).update(done=3)
    assertContains(client.get(league_url(campaign)), "3 of 4 (75%)")
    Job.objects.filter(pk=job.pk).update(state="done", message="All recalculated")
    page = client.get(league_url(campaign))
    assertContains(page, "All recalculated")
    assertNotContains(page, "3 of 4")


def test_a_renamed_warband_shows_on_the_campaign_page_at_once(client, campaign, war_party, player):
    warm(login(client, player), campaign_url(campaign))
    services.warband_rename(warband=war_party, name="The Otter Clan")
    response = client.get(campaign_url(campaign))
    assertContains(response, f'<a href="/warbands/{war_party.id}/">The Otter Clan</a>')
    assertNotContains(response, f'<a href="/warbands/{war_party.id}/">Magalakutway</a>')
    assertContains(response, "Magalakutway is now called The Otter Clan")  # the feed's line


def test_a_figure_renamed_by_a_plain_update_shows_on_the_roster(client, war_party, player):
    """Not a service: any write to a content table changes the version."""
    warm(login(client, player), roster_url(war_party))
    Figure.objects.filter(warband=war_party, name="Quiet Fox").update(name="Loud Fox")
    response = client.get(roster_url(war_party))
    assertContains(response, "Loud Fox")
    assertNotContains(response, "Quiet Fox")


def test_a_game_recorded_and_confirmed_shows_in_the_league_and_the_activity(
    client, campaign, war_party, patrol, player, other_player
):
    login(client, player)
    before = warm(client, league_url(campaign))
    warm(client, campaign_url(campaign))
    assertNotContains(before, "Magalakutway v The 44th Foot Patrol")
    game = file_battle(campaign, war_party, patrol, player)
    services.game_confirm(game=game, actor=other_player)
    league = client.get(league_url(campaign)).content.decode()
    row = league[league.index(f'id="league-warband-{war_party.id}"') :]
    assert '<td class="num col-played">1</td>' in row[: row.index("</tr>")]
    assertContains(client.get(campaign_url(campaign)), "both post-game sequences are open")


def test_a_post_game_trade_shows_on_the_roster_once_committed(
    client, campaign, war_party, patrol, player, other_player
):
    game = file_battle(campaign, war_party, patrol, player)
    services.game_confirm(game=game, actor=other_player)
    warm(login(client, player), roster_url(war_party))
    swift_otter = Figure.objects.get(warband=war_party, name="Swift Otter")
    script = WAR_PARTY_SCRIPT[:-1] + [
        {"action": "buy", "item": "musket", "to": str(swift_otter.id)},
        {"action": "done"},
    ]
    sequence = drive(sequence_of(game, war_party), player, script)
    services.postgame_commit(postgame=sequence, actor=player)
    html = client.get(roster_url(war_party)).content.decode()
    card = html[html.index(f'id="figure-{swift_otter.id}"') :]
    assert "Musket (10)" in card[: card.index("</article>")]


def test_a_report_filed_against_a_player_raises_their_inbox_badge_at_once(
    client, campaign, war_party, patrol, player, other_player
):
    warm(login(client, other_player), campaign_url(campaign))
    assertContains(client.get(campaign_url(campaign)), 'aria-label="Inbox: 0 waiting"')
    file_battle(campaign, war_party, patrol, player)
    assertContains(client.get(campaign_url(campaign)), 'aria-label="Inbox: 1 waiting"')


def test_the_warband_api_answers_the_new_name_at_once(war_party, player):
    token, _ = Token.objects.get_or_create(user=player)
    api = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    url = f"/api/warbands/{war_party.id}/"
    for _ in range(3):
        assert api.get(url).json()["name"] == "Magalakutway"
    services.warband_rename(warband=war_party, name="The Otter Clan")
    assert api.get(url).json()["name"] == "The Otter Clan"


def test_the_sequence_of_the_other_side_changes_the_league_charts(
    client, campaign, war_party, patrol, player, other_player
):
    game = file_battle(campaign, war_party, patrol, player)
    services.game_confirm(game=game, actor=other_player)
    services.postgame_commit(
        postgame=drive(sequence_of(game, war_party), player, WAR_PARTY_SCRIPT), actor=player
    )
    before = warm(login(client, player), league_url(campaign)).content.decode()
    services.postgame_commit(
        postgame=drive(sequence_of(game, patrol), other_player, FOOT_PATROL_SCRIPT),
        actor=other_player,
    )
    assert client.get(league_url(campaign)).content.decode() != before


# --- nothing of one viewer reaches another -----------------------------------------------------
# Everyone signs in first: a sign-in writes the user's last_login, which changes the version, and
# these tests are about one viewer reading what another's visit cached at the same version.


def signed_in(*users) -> list[Client]:
    clients = []
    for user in users:
        clients.append(Client())
        if user is not None:
            clients[-1].force_login(user)
    return clients


def test_a_visitor_after_the_owner_gets_no_form_and_no_csrf_token(campaign, war_party, player):
    Campaign.objects.filter(pk=campaign.pk).update(is_public=True)
    owner, visitor = signed_in(player, None)
    owner_page = warm(owner, roster_url(war_party))
    assertContains(owner_page, "Save the name")
    visitor_page = visitor.get(roster_url(war_party))
    assertContains(visitor_page, "Running Elk")
    assertNotContains(visitor_page, "Save the name")
    assertNotContains(visitor_page, "csrfmiddlewaretoken")
    assertNotContains(visitor_page, "Log out player")


def test_the_owner_after_the_organiser_gets_no_treasury_form(war_party, player, organiser):
    as_organiser, owner = signed_in(organiser, player)
    assertContains(warm(as_organiser, roster_url(war_party)), "Correct the treasury")
    owner_page = owner.get(roster_url(war_party))
    assertContains(owner_page, "Running Elk")
    assertNotContains(owner_page, "Correct the treasury")
    assertNotContains(owner_page, "Log out organiser")
    assertContains(owner_page, "Log out player")


def test_each_member_sees_their_own_buttons_on_the_players_list(
    campaign, organiser, player, other_player
):
    url = campaign_url(campaign)
    as_organiser, as_player, as_other = signed_in(organiser, player, other_player)
    assertContains(warm(as_organiser, url), f'aria-label="Remove {player.username}"')
    player_page = warm(as_player, url)
    assertNotContains(player_page, 'aria-label="Remove')
    assertContains(player_page, "Leave the campaign", count=1)
    other_page = as_other.get(url).content.decode()
    assert 'aria-label="Remove' not in other_page
    assert f"/members/{other_player.id}/remove/" in other_page  # their own "Leave"
    assert f"/members/{player.id}/remove/" not in other_page


def test_the_campaign_pages_warbands_and_activity_are_drawn_once_for_every_member(
    campaign, war_party, player, other_player
):
    """No part is the reader's own: another member's first reading of a page a member has read
    draws no warband, no activity line and no players' list (their own "Leave" is drawn apart,
    issue 35)."""
    url = campaign_url(campaign)
    as_player, as_other = signed_in(player, other_player)
    first = warm(as_player, url).content.decode()
    with CaptureQueriesContext(connection) as queries:
        page = as_other.get(url).content.decode()
    read = " ".join(q["sql"] for q in queries.captured_queries)
    # (Their top bar's inbox badge is theirs too, counted through the warbands: not these.)
    assert 'FROM "campaign_warband"' not in read and 'FROM "campaign_activity"' not in read
    assert 'FROM "campaign_membership" INNER JOIN' not in read  # the players' list: shared
    assert war_party.name in page and war_party.name in first
    assert f"/members/{other_player.id}/remove/" in page  # their own "Leave", not the first's
    assert f"/members/{player.id}/remove/" not in page


def test_a_form_from_a_cached_page_carries_the_readers_own_token(war_party, player):
    """Two sessions of the owner, so two CSRF secrets: the second reads the page the first's
    visits cached, and its rename form carries the second's token, which posts."""
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first.force_login(player)
    second.force_login(player)
    warm(first, roster_url(war_party))
    page = second.get(roster_url(war_party)).content.decode()
    # The rename form (cached) and the log-out form (not): both of the second's secret.
    rename, logout = re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert _unmask_cipher_token(rename) == _unmask_cipher_token(logout)
    assert _unmask_cipher_token(rename) == second.cookies["csrftoken"].value
    response = second.post(
        reverse("warband-rename", args=[war_party.id]),
        {"name": "The Otter Clan", "csrfmiddlewaretoken": rename},
    )
    assert response.status_code == 302
    war_party.refresh_from_db()
    assert war_party.name == "The Otter Clan"


def test_a_stranger_still_gets_a_404_for_a_private_roster_read_by_its_owner(
    client, war_party, player, stranger
):
    warm(login(client, player), roster_url(war_party))
    assert login(client, stranger).get(roster_url(war_party)).status_code == 404


def test_a_player_removed_from_a_private_campaign_loses_its_pages_at_once(
    campaign, war_party, other_player
):
    (other,) = signed_in(other_player)
    warm(other, roster_url(war_party))
    warm(other, campaign_url(campaign))
    services.campaign_remove_member(campaign=campaign, user=other_player)
    assert other.get(roster_url(war_party)).status_code == 404
    assert other.get(campaign_url(campaign)).status_code == 404


def test_a_password_changed_elsewhere_signs_the_old_session_out_at_once(client, war_party, player):
    """The signed-in user is cached too (core.auth.CachedModelBackend), under the version."""
    warm(login(client, player), roster_url(war_party))
    player.set_password("a-new-password-1755")
    player.save()
    response = client.get(roster_url(war_party))
    assert response.wsgi_request.user.is_anonymous
    assert response.status_code == 404  # a private campaign, to a visitor


def test_a_deactivated_player_is_signed_out_at_once(client, war_party, player):
    warm(login(client, player), roster_url(war_party))
    type(player).objects.filter(pk=player.pk).update(is_active=False)
    assert client.get(roster_url(war_party)).wsgi_request.user.is_anonymous


# --- a rolled-back write leaves no stale page --------------------------------------------------


class Abandon(Exception):
    pass


def test_a_rolled_back_correction_is_never_shown(client, war_party, player, organiser):
    login(client, player)
    warm(client, roster_url(war_party))
    with pytest.raises(Abandon), transaction.atomic():
        services.warband_treasury_correct(
            warband=war_party, amount=5, reason="Never happened", actor=organiser
        )
        # Read, and cached, inside the transaction that is then rolled back.
        assertContains(warm(client, roster_url(war_party)), "Never happened")
        raise Abandon
    assertNotContains(warm(client, roster_url(war_party)), "Never happened")
    services.warband_treasury_correct(warband=war_party, amount=7, reason="Kept", actor=organiser)
    response = client.get(roster_url(war_party))
    assertContains(response, "Kept")
    assertNotContains(response, "Never happened")


@pytest.mark.django_db(transaction=True)
def test_a_write_outside_a_transaction_shows_at_once(client, war_party, player):
    """Autocommit: the version changes after the statement (see core.content_version)."""
    warm(login(client, player), roster_url(war_party))
    Figure.objects.filter(warband=war_party, name="Quiet Fox").update(name="Loud Fox")
    assertContains(client.get(roster_url(war_party)), "Loud Fox")


# --- which statements change the version -------------------------------------------------------

STATEMENTS = [
    ('INSERT INTO "campaign_figure" ("name") VALUES (%s)', True),
    ('UPDATE "campaign_warband" SET "name" = %s WHERE "id" = %s', True),
    ('DELETE FROM "campaign_ledgerentry" WHERE "id" = %s', True),
    ('UPDATE "auth_user" SET "last_login" = %s WHERE "id" = %s', True),
    ('UPDATE "chase_gamesession" SET "state" = %s WHERE "id" = %s', True),
    ('UPDATE "accounts_profile" SET "email_kinds" = %s WHERE "id" = %s', True),
    ('SELECT "campaign_warband"."id" FROM "campaign_warband" WHERE "id" = 1 FOR UPDATE', True),
    ('TRUNCATE "campaign_figure", "campaign_warband";', True),
    ('SELECT "campaign_warband"."id" FROM "campaign_warband" WHERE "id" = 1', False),
    ('UPDATE "django_session" SET "session_data" = %s WHERE "session_key" = %s', False),
    ('INSERT INTO "axes_accessattempt" ("username") VALUES (%s)', False),
    ('INSERT INTO "django_admin_log" ("action_flag") VALUES (%s)', False),
    # An API token made or deleted is its account's (core.token_auth).
    ('INSERT INTO "authtoken_token" ("key") VALUES (%s)', True),
    ("UPDATE core_contentversion SET token = %s WHERE id = 1", False),
]


@pytest.mark.parametrize("sql, changes", STATEMENTS, ids=[s[:40] for s, _ in STATEMENTS])
def test_only_writes_to_the_content_change_the_version(sql, changes, page_cache):
    assert writes_content(sql) is changes
