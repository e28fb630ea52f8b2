"""The battle sheet's pages: who sees and plays it, the poll, the calculator panel with its
figures preselected, a roll applied to the sheet, filing, and the games page's link."""

from __future__ import annotations

import pytest

from campaign.models import Battle, TableLog
from tests.campaign.battle_support import fid, line, start
from tests.factories import UserFactory, member

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def battle(campaign, player, war_party, patrol):
    return start(campaign, war_party, patrol, player)


def test_both_players_see_the_sheet_and_a_stranger_gets_404(
    battle, browser, client, other_player, stranger
):
    page = browser.get(f"/battles/{battle.id}/")
    assert page.status_code == 200
    assert b"Roll initiative" in page.content and b"Grey Wolf" in page.content
    client.force_login(other_player)
    assert client.get(f"/battles/{battle.id}/").status_code == 200
    client.force_login(stranger)
    assert client.get(f"/battles/{battle.id}/").status_code == 404


def test_a_member_who_plays_neither_side_watches_without_buttons(battle, client, campaign):
    client.force_login(member(campaign, UserFactory(username="third")))
    page = client.get(f"/battles/{battle.id}/")
    assert page.status_code == 200
    assert b"Roll initiative" not in page.content
    assert client.post(f"/battles/{battle.id}/turn/").status_code == 403


def test_the_poll_answers_204_until_the_sheet_changes(battle, browser, player):
    url = f"/battles/{battle.id}/?version={battle.version}"
    assert browser.get(url, **HTMX).status_code == 204
    browser.post(f"/battles/{battle.id}/turn/", **HTMX)
    fresh = browser.get(url, **HTMX)
    assert fresh.status_code == 200
    assert b'data-turn="2"' in fresh.content


def test_the_shooting_panel_opens_with_the_figures_preselected(battle, browser, war_party, patrol):
    wolf = fid(war_party, "Grey Wolf")
    panel = browser.get(f"/battles/{battle.id}/calc/shooting/?shooter={wolf}", **HTMX)
    assert panel.status_code == 200
    html = panel.content.decode()
    assert f'<option value="{wolf}" selected>Grey Wolf</option>' in html
    assert f'<option value="{fid(patrol, "Lt. Harcourt")}" selected>' in html  # first enemy
    assert 'id="needed"' in html and "Needs <strong>7+</strong>" in html


def test_the_figure_panel_opens_with_its_tallies_of_nothing_filled_in(battle, browser, war_party):
    """A tally of 0 is a value: the panel opens with it, not with "This field is required"."""
    elk = fid(war_party, "Running Elk")
    html = browser.get(f"/battles/{battle.id}/calc/figure/?figure={elk}", **HTMX).content.decode()
    assert 'id="calc-problems"' not in html
    assert 'name="wounds_taken" min="0" max="50" value="0"' in html


def test_a_queued_write_whose_answer_the_outbox_will_not_draw_is_done_and_answered_204(
    battle, browser, war_party
):
    """The outbox sends a queue of marks; only the last answer is drawn, so the ones before it
    ask for no page (core.pwa.answer_unseen): done all the same, with the new version."""
    unseen = {"HTTP_X_FRONTIER_OUTBOX": "superseded"}
    answer = browser.post(f"/battles/{battle.id}/turn/", **HTMX, **unseen)
    assert (answer.status_code, answer.content) == (204, b"")
    assert answer["ETag"] == f'"{Battle.objects.get(pk=battle.pk).version}"'
    assert Battle.objects.get(pk=battle.pk).turn == 2
    elk = fid(war_party, "Running Elk")
    figure = {"figure": elk, "state": "ok", "took_part": "on", "wounds_taken": 0,
              "wounds_inflicted": 1, "scalps": 0}  # fmt: skip
    answer = browser.post(f"/battles/{battle.id}/do/figure/", figure, **HTMX, **unseen)
    assert answer.status_code == 204
    assert line(battle, "Running Elk").wounds_inflicted == 1


def test_changing_the_situation_recalculates(battle, browser, war_party, patrol):
    query = {"refresh": "1", "shooter": fid(war_party, "Grey Wolf"),
             "target": fid(patrol, "Pte. Abbott"), "range": "long", "cover": "on"}  # fmt: skip
    html = browser.get(f"/battles/{battle.id}/calc/shooting/", query, **HTMX).content.decode()
    assert "Target in cover" in html
    assert "Needs <strong>11+</strong>" in html


def test_a_roll_answers_the_panel_with_the_result_and_the_fresh_sheet(
    battle, browser, war_party, patrol
):
    body = {"shooter": fid(war_party, "Grey Wolf"), "target": fid(patrol, "Pte. Abbott"),
            "range": "short", "volley": "1", "how": "typed", "dice": ["5", "4"]}  # fmt: skip
    response = browser.post(f"/battles/{battle.id}/do/shooting/", body, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "rolled 5+4 = 9: hit" in html
    assert "Roll the last wound for Pte. Abbott" in html
    assert 'id="sheet"' in html and 'hx-swap-oob="true"' in html
    assert line(battle, "Pte. Abbott").last_wound_due


def test_bad_faces_come_back_as_a_readable_400_and_change_nothing(
    battle, browser, war_party, patrol
):
    body = {"shooter": fid(war_party, "Grey Wolf"), "target": fid(patrol, "Pte. Abbott"),
            "range": "short", "how": "typed", "dice": ["9", "4"]}  # fmt: skip
    response = browser.post(f"/battles/{battle.id}/do/shooting/", body, **HTMX)
    assert response.status_code == 400
    assert b"A die face is a whole number 1 to 6." in response.content
    assert not TableLog.objects.filter(kind="shooting").exists()


def test_the_roll_button_uses_the_apps_dice_whatever_was_typed(battle, browser, war_party):
    body = {"figure": fid(war_party, "Grey Wolf"), "how": "app", "dice": ["", ""]}
    response = browser.post(f"/battles/{battle.id}/do/morale/", body, **HTMX)
    assert response.status_code == 200
    assert TableLog.objects.get(kind="morale").typed_in is False


def test_without_javascript_a_roll_comes_back_to_the_page(battle, browser, war_party):
    body = {"figure": fid(war_party, "Grey Wolf"), "how": "typed", "dice": ["6"]}
    response = browser.post(f"/battles/{battle.id}/do/last_wound/", body)
    assert response.status_code == 302 and response["Location"] == f"/battles/{battle.id}/"


def test_filing_from_the_end_panel_goes_to_the_report(battle, browser, war_party):
    panel = browser.get(f"/battles/{battle.id}/calc/end/", **HTMX).content.decode()
    assert 'value="draw" checked' in panel or "checked" in panel
    response = browser.post(f"/battles/{battle.id}/do/end/", {"winner": war_party.id}, **HTMX)
    battle.refresh_from_db()
    assert battle.status == Battle.Status.FILED
    assert response["HX-Redirect"] == f"/games/{battle.report_id}/"
    game = browser.get(f"/games/{battle.report_id}/").content.decode()
    assert f'href="/battles/{battle.id}/"' in game


def test_the_games_page_lists_the_battles_and_offers_to_start_one(battle, browser, campaign):
    fragment = browser.get(f"/campaigns/{campaign.id}/battles/", **HTMX).content.decode()
    assert "Magalakutway v The 44th Foot Patrol" in fragment
    assert f"/campaigns/{campaign.id}/battles/new/" in fragment


def test_starting_a_battle_from_the_form(campaign, browser, war_party, patrol):
    page = browser.get(f"/campaigns/{campaign.id}/battles/new/")
    assert page.status_code == 200
    response = browser.post(f"/campaigns/{campaign.id}/battles/new/",
                            {"warband_a": war_party.id, "warband_b": patrol.id})  # fmt: skip
    battle = Battle.objects.get()
    assert response["Location"] == f"/battles/{battle.id}/"
    again = browser.post(f"/campaigns/{campaign.id}/battles/new/",
                         {"warband_a": war_party.id, "warband_b": patrol.id})  # fmt: skip
    assert again.status_code == 400
    assert b"already playing" in again.content


def test_a_campaign_that_rolls_the_apps_dice_offers_no_dice_inputs(
    battle, browser, campaign, war_party
):
    campaign.manual_dice = False
    campaign.save()
    wolf = fid(war_party, "Grey Wolf")
    panel = browser.get(f"/battles/{battle.id}/calc/morale/?figure={wolf}", **HTMX)
    assert b'id="roll"' in panel.content
    assert b'name="dice"' not in panel.content
    typed = browser.post(f"/battles/{battle.id}/do/morale/",
                         {"figure": wolf, "how": "typed", "dice": ["3", "3"]}, **HTMX)  # fmt: skip
    assert typed.status_code == 400
    assert b"rolls with the app&#x27;s dice" in typed.content


def test_the_battles_list_opened_directly_is_a_whole_page(browser, campaign, battle):
    page = browser.get(f"/campaigns/{campaign.id}/battles/")
    assert b"<html" in page.content and b"<h1>Battles and chases</h1>" in page.content
    assert b"Magalakutway v The 44th Foot Patrol" in page.content
    fragment = browser.get(f"/campaigns/{campaign.id}/battles/", **HTMX)
    assert b"<html" not in fragment.content and b'id="campaign-battles"' in fragment.content


def fig_row(html: str, figure_id: int) -> str:
    start = html.index(f'id="fig-{figure_id}"')
    return html[start : html.index("</li>", start)]


def test_a_morale_rout_marks_the_figure_until_it_rallies(battle, browser, war_party):
    wolf = fid(war_party, "Grey Wolf")
    routed = browser.post(f"/battles/{battle.id}/do/morale/",
                          {"figure": wolf, "how": "typed", "dice": ["1", "1"]}, **HTMX)  # fmt: skip
    assert routed.status_code == 200
    assert TableLog.objects.get(kind="morale").result == "RT"
    row = fig_row(browser.get(f"/battles/{battle.id}/").content.decode(), wolf)
    assert "Routed" in row and ">OK</span>" not in row  # marked, not OK

    browser.post(f"/battles/{battle.id}/do/rally/",
                 {"figure": wolf, "how": "typed", "dice": ["6", "6"]}, **HTMX)  # fmt: skip
    assert TableLog.objects.get(kind="rally").result == "rallied"
    row = fig_row(browser.get(f"/battles/{battle.id}/").content.decode(), wolf)
    assert "Routed" not in row and ">OK</span>" in row


def test_the_melee_calculator_says_in_words_what_wounds_each_side(battle, browser, war_party):
    wolf = fid(war_party, "Grey Wolf")

    panel = browser.get(f"/battles/{battle.id}/calc/melee/?figure={wolf}", **HTMX)

    html = panel.content.decode()
    assert "Wounded if the other side's score beats this one by" in html
    assert 'chart: Hero: 4">4 or more</abbr>' in html
    assert 'id="margin-legend"' in html and "a Veteran 3" in html
    assert "Beaten by" not in html


def test_the_morale_calculator_explains_the_charts_answers(battle, browser, war_party):
    wolf = fid(war_party, "Grey Wolf")

    panel = browser.get(f"/battles/{battle.id}/calc/morale/?figure={wolf}", **HTMX)

    html = panel.content.decode()
    assert 'id="morale-legend"' in html
    assert '<abbr title="NE on the chart">no effect</abbr>, the figure stands' in html
