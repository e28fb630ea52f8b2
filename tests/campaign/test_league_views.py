"""The league page, a warband's rating history, the recalculate button and job progress.

People: the organiser, a player, a stranger; ann, ben and cal play the games.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains, assertRedirects

from campaign import services
from campaign.models import GameReport, Warband
from core.content_version import campaign_scope
from core.models import Job
from tests.campaign_data import game, warband
from tests.factories import UserFactory, member
from tests.svg import svg_numbers

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def bands(campaign):
    """ann beat ben, ben drew with cal, cal beat ann; one game pending, one withdrawn."""
    made = {
        name: warband(
            campaign,
            member(campaign, UserFactory(username=name)),
            name=f"{name.capitalize()}'s band",
            treasury=treasury,
        )  # fmt: skip
        for name, treasury in (("ann", 50), ("ben", 90), ("cal", 70))
    }
    ann, ben, cal = made["ann"], made["ben"], made["cal"]
    game(ann, ben, winner=ann, day=0, after=(60, 80))
    game(ben, cal, day=7, after=(85, 75))
    game(cal, ann, winner=cal, day=14, after=(72, 55))
    game(ann, cal, winner=ann, day=21, status=GameReport.Status.PENDING)
    game(ben, ann, winner=ben, day=28, status=GameReport.Status.WITHDRAWN)
    services.warbands_recalculate(warband_ids=[w.id for w in made.values()])
    services.rankings_rebuild(campaign_id=campaign.id)
    return made


def rows(response) -> list[list[str]]:
    """The table's rows as lists of cell texts."""
    body = response.content.decode()
    table = body[body.index("<tbody>") : body.index("</tbody>")]
    table = re.sub(r'<span class="player-inline[^>]*>.*?</span>', "", table)  # a phone's copy
    return [
        [
            html.unescape(re.sub(r"<[^>]+>", "", cell)).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, flags=re.S)
    ]


def league_url(campaign, sort=None):
    url = reverse("campaign-league", args=[campaign.id])
    return f"{url}?sort={sort}" if sort else url


# --- the table ---------------------------------------------------------------------------------


def test_the_table_counts_played_won_drawn_and_lost_from_confirmed_games_only(
    client, player, campaign, bands
):
    client.force_login(player)
    table = {row[0]: row[1:6] for row in rows(client.get(league_url(campaign, "warband")))}
    assert table == {
        "Ann's band": ["ann", "2", "1", "0", "1"],
        "Ben's band": ["ben", "2", "0", "1", "1"],
        "Cal's band": ["cal", "2", "1", "1", "0"],
    }


def test_the_table_calls_a_ranking_of_few_games_provisional(client, player, campaign, bands):
    client.force_login(player)
    table = {row[0]: row[6:] for row in rows(client.get(league_url(campaign, "warband")))}
    ranking = campaign.rankings.get(user__username="cal")
    assert ranking.games < 5
    assert table["Cal's band"] == ["70", f"{ranking.rating:.0f} provisional"]


def test_a_settled_ranking_says_its_uncertainty_in_words(client, player, campaign, bands):
    ranking = campaign.rankings.get(user__username="cal")
    ranking.games = 5
    ranking.save()
    client.force_login(player)
    table = {row[0]: row[6:] for row in rows(client.get(league_url(campaign, "warband")))}
    assert table["Cal's band"][1] == (
        f"{ranking.rating:.0f} give or take {round(2 * ranking.deviation)}"
    )


def test_a_warband_that_never_played_has_no_ranking_yet(client, player, campaign, bands):
    from tests.factories import founded_war_party

    founded_war_party(campaign, player, name="Newcomers")
    client.force_login(player)
    table = {row[0]: row[6:] for row in rows(client.get(league_url(campaign, "warband")))}
    assert table["Newcomers"][1] == "no games yet"


@pytest.mark.parametrize(
    ("sort", "order"),
    [
        ("warband", ["Ann's band", "Ben's band", "Cal's band"]),
        ("-warband", ["Cal's band", "Ben's band", "Ann's band"]),
        ("-rating", ["Ben's band", "Cal's band", "Ann's band"]),
        ("rating", ["Ann's band", "Cal's band", "Ben's band"]),
        ("-lost", ["Ann's band", "Ben's band", "Cal's band"]),
        ("-ranking", ["Cal's band", "Ann's band", "Ben's band"]),
        ("nonsense", ["Ann's band", "Cal's band", "Ben's band"]),  # the default: most won
    ],
)
def test_the_table_sorts_by_the_column_asked_for(client, player, campaign, bands, sort, order):
    client.force_login(player)
    assert [row[0] for row in rows(client.get(league_url(campaign, sort)))] == order


def test_each_header_links_to_its_order_with_and_without_javascript(
    client, player, campaign, bands
):
    client.force_login(player)
    response = client.get(league_url(campaign, "-won"))
    link = league_url(campaign, "won")  # the chosen column links to its reverse
    assertContains(response, f'href="{link}" hx-get="{link}"')
    assertContains(response, f'href="{league_url(campaign, "warband")}"')
    assertContains(response, f'href="{league_url(campaign, "-played")}"')  # numbers: high first
    assertContains(response, 'aria-sort="descending"')


def test_a_header_clicked_with_htmx_swaps_the_table_alone(client, player, campaign, bands):
    client.force_login(player)
    response = client.get(league_url(campaign, "player"), **HTMX)
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="league-table"')
    assert "<html" not in body and "<svg" not in body


def test_the_page_draws_both_charts_and_their_legends(client, player, campaign, bands):
    client.force_login(player)
    response = client.get(league_url(campaign))
    body = response.content.decode()
    assert body.count("<svg viewBox=") == 2
    assert body.count("<polyline") == 6  # three warbands, three players
    assertContains(response, "Team ratings")
    assertContains(response, "Player rankings")
    assertContains(response, '<ul class="legend">', count=2)


def test_the_charts_write_their_numbers_as_svg_reads_them_in_any_language(
    client, player, campaign, bands, settings
):
    client.force_login(player)
    english = svg_numbers(client.get(league_url(campaign)).content.decode())
    settings.LANGUAGE_CODE = "fr"  # French formats: a decimal comma, a space between thousands
    settings.USE_THOUSAND_SEPARATOR = True
    french = svg_numbers(client.get(league_url(campaign)).content.decode())
    assert len(english) > 20 and any("." in value for value in english)  # fractions drawn
    assert french == english


def test_the_page_fits_a_phone(client, player, campaign, bands):
    client.force_login(player)
    body = client.get(league_url(campaign)).content.decode()
    assert 'name="viewport" content="width=device-width' in body
    assert '<div class="table-wrap">' in body  # the table scrolls sideways, not the page
    # Charts scale to the screen: a viewBox and no fixed size.
    for svg in re.findall(r"<svg [^>]*>", body):
        assert "viewBox" in svg and "width=" not in svg


def test_a_stranger_cannot_see_a_private_campaigns_league(client, stranger, campaign, bands):
    client.force_login(stranger)
    assert client.get(league_url(campaign)).status_code == 404


def test_anyone_may_read_a_public_campaigns_league(client, campaign, bands):
    campaign.is_public = True
    campaign.save()
    assert client.get(league_url(campaign)).status_code == 200


def test_the_campaign_page_loads_the_league_section_with_a_plain_link_beside_it(
    client, player, campaign, bands
):
    client.force_login(player)
    response = client.get(reverse("campaign", args=[campaign.id]))
    url = league_url(campaign)
    assertContains(response, f'hx-get="{url}" hx-trigger="load"')
    assertContains(response, f'<a href="{url}">')


# --- a warband's rating history ----------------------------------------------------------------


def test_the_warband_page_loads_its_rating_history(client, player, bands):
    ann = bands["ann"]
    client.force_login(player)
    url = reverse("warband-rating-history", args=[ann.id])
    page = client.get(reverse("warband", args=[ann.id]))
    assertContains(page, f'hx-get="{url}" hx-trigger="load"')
    assertContains(page, f'<a href="{url}">')

    section = client.get(url, **HTMX)

    assert [row[1:] for row in rows(section)] == [
        ["Ben's band", "won", "60 (first)"],
        ["Cal's band", "lost", "55 (-5)"],
    ]
    assertContains(section, '<svg class="sparkline"')


def test_without_javascript_the_history_link_opens_the_league_page_at_that_warband(
    client, player, campaign, bands
):
    ann = bands["ann"]
    client.force_login(player)
    response = client.get(reverse("warband-rating-history", args=[ann.id]))
    target = f"{league_url(campaign)}?warband={ann.id}#rating-history"
    assertRedirects(response, target, fetch_redirect_response=False)
    page = client.get(f"{league_url(campaign)}?warband={ann.id}")
    assertContains(page, "Rating history of Ann&#x27;s band")


# --- recalculating the campaign ----------------------------------------------------------------


def recalculate(client, campaign, **extra):
    return client.post(reverse("campaign-recalculate", args=[campaign.id]), **extra)


def test_only_the_organiser_sees_the_recalculate_button(client, organiser, player, campaign):
    client.force_login(player)
    assertNotContains(client.get(league_url(campaign)), "Recalculate the campaign")
    client.force_login(organiser)
    assertContains(client.get(league_url(campaign)), "Recalculate the campaign")


def test_the_organiser_starts_a_recalculation_and_gets_a_progress_bar_that_polls(
    client, organiser, campaign
):
    client.force_login(organiser)
    response = recalculate(client, campaign, **HTMX)
    job = Job.objects.get(scope=campaign_scope(campaign.id))
    assert job.kind == "recalculate"
    assertContains(response, f'hx-get="{reverse("job", args=[job.id])}" hx-trigger="every 1s"')
    assertContains(response, '<progress max="100" value="0"')


def test_without_javascript_the_button_leads_to_the_job_page(client, organiser, campaign):
    client.force_login(organiser)
    response = recalculate(client, campaign)
    job = Job.objects.get(scope=campaign_scope(campaign.id))
    assertRedirects(response, reverse("job", args=[job.id]))


def test_a_player_may_not_recalculate_the_campaign(client, player, campaign):
    client.force_login(player)
    assert recalculate(client, campaign).status_code == 403
    assert not Job.objects.exists()


def test_a_stranger_gets_404_and_an_anonymous_visitor_the_login_page(client, stranger, campaign):
    assert recalculate(client, campaign).status_code == 302  # to log in
    client.force_login(stranger)
    assert recalculate(client, campaign).status_code == 404
    assert not Job.objects.exists()


def test_the_progress_fragment_shows_how_far_the_job_is(client, player, campaign):
    job = Job.objects.create(
        kind="recalculate", scope=campaign_scope(campaign.id), state=Job.State.RUNNING,
        done=30, total=120,
        message="Team ratings of 119 warband(s)",
    )  # fmt: skip
    client.force_login(player)
    response = client.get(reverse("job", args=[job.id]), **HTMX)
    assertContains(response, '<progress max="100" value="25"')
    assertContains(response, "30 of 120 (25%)")
    assertContains(response, 'hx-trigger="every 1s"')


def test_a_finished_job_stops_polling_and_reloads_the_league_table(client, player, campaign):
    job = Job.objects.create(
        kind="recalculate", scope=campaign_scope(campaign.id), state=Job.State.DONE,
        done=5, total=5,
        message="4 warband(s) and 2 player ranking(s) recalculated",
    )  # fmt: skip
    client.force_login(player)
    response = client.get(reverse("job", args=[job.id]), **HTMX)
    assertNotContains(response, "every 1s")
    assertNotContains(response, "<progress")
    assertContains(response, "4 warband(s) and 2 player ranking(s) recalculated.")
    assert "league-changed" in json.loads(response["HX-Trigger"])
    page = client.get(reverse("job", args=[job.id]))
    assertContains(page, "<h1>Recalculating Ohio Valley 1755</h1>")


def test_a_stranger_cannot_follow_a_private_campaigns_job(client, stranger, campaign):
    job = Job.objects.create(kind="recalculate", scope=campaign_scope(campaign.id))
    client.force_login(stranger)
    assert client.get(reverse("job", args=[job.id])).status_code == 404


def test_the_button_then_the_job_recalculates_every_rating(
    client, organiser, campaign, bands, django_capture_on_commit_callbacks
):
    Warband.objects.filter(campaign=campaign).update(rating=0, rating_stale=True)
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):  # no broker: runs in-process
        recalculate(client, campaign, **HTMX)
    assert sorted(Warband.objects.values_list("rating", "rating_stale")) == [
        (50, False),
        (70, False),
        (90, False),
    ]
    assert Job.objects.get().state == Job.State.DONE
