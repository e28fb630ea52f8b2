"""The pages: the report form, the game page, the guided sequence (HTMX fragments), and the
games sections of the campaign and roster pages."""

from __future__ import annotations

import pytest
from pytest_django.asserts import assertContains, assertNotContains

from campaign import services
from campaign.models import Figure, GameReport, PostGame
from tests.campaign.games_support import (
    WAR_PARTY_SCRIPT,
    drive,
    figure,
    file_battle,
    foot_patrol,
    sequence_of,
)

HTMX = {"HTTP_HX_REQUEST": "true"}


def signed_in(client, user):
    client.force_login(user)
    return client


def report_post(war_party, patrol, **changes) -> dict:
    """The report form as the player fills it in: the battle of games_support."""
    data = {
        "warband_a": war_party.id, "warband_b": patrol.id, "result": "a",
        "played_on": "2025-05-01",
    }  # fmt: skip
    for warband in (war_party, patrol):
        for f in warband.figures.filter(state="active"):
            data.update({f"f{f.id}_took_part": "on", f"f{f.id}_outcome": "ok",
                         f"f{f.id}_wounds_inflicted": "0", f"f{f.id}_scalps": "0"})  # fmt: skip
    data[f"f{figure(war_party, 'Swift Otter').id}_outcome"] = "down"
    data[f"f{figure(war_party, 'Red Hawk').id}_outcome"] = "out_of_action"
    data[f"f{figure(war_party, 'Running Elk').id}_wounds_inflicted"] = "2"
    data[f"f{figure(patrol, 'Lt. Harcourt').id}_wounds_inflicted"] = "1"  # C29: a wound for
    data[f"f{figure(patrol, 'Pte. Bell').id}_wounds_inflicted"] = "1"  # each one down or out
    data.update(changes)
    return data


# --- the report form ---------------------------------------------------------------------------


def test_the_report_form_offers_only_figures_free_to_play(
    client, campaign, player, war_party, patrol
):
    Figure.objects.filter(name="Quiet Fox").update(state="dead")
    response = signed_in(client, player).get(f"/campaigns/{campaign.id}/games/new/")
    assertContains(response, "Running Elk")
    assertContains(response, "Lt. Harcourt")
    assertNotContains(response, "Quiet Fox")


def test_the_report_form_does_not_offer_the_players_own_warband_as_the_opponent(
    client, campaign, player, war_party, patrol
):
    html = signed_in(client, player).get(f"/campaigns/{campaign.id}/games/new/").content.decode()
    opponent = html[
        html.index('id="id_warband_b"') : html.index("</select>", html.index('id="id_warband_b"'))
    ]
    assert "The 44th Foot Patrol" in opponent
    assert "Magalakutway" not in opponent


def test_changing_the_opponent_reloads_the_figure_rows(
    client, campaign, player, other_player, war_party, patrol
):
    third = foot_patrol(campaign, other_player)
    third.name = "Second Patrol"
    third.save()
    third.figures.filter(name="Lt. Harcourt").update(name="Capt. Third")
    url = f"/campaigns/{campaign.id}/games/new/?warband_a={war_party.id}&warband_b={third.id}"
    response = signed_in(client, player).get(url, **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="figure-rows">')
    assert "Capt. Third" in html and "Second Patrol won" in html


def test_a_player_files_the_report_and_sees_it_wait_for_the_opponent(
    client, campaign, player, war_party, patrol
):
    response = signed_in(client, player).post(
        f"/campaigns/{campaign.id}/games/new/", report_post(war_party, patrol)
    )
    game = GameReport.objects.get()
    assert response.status_code == 302 and response.url == f"/games/{game.id}/"
    assert game.status == "pending"
    assert game.figures.get(figure__name="Swift Otter").outcome == "down"
    page = client.get(response.url)
    assertContains(page, "Waiting for the opponent")
    assertNotContains(page, "Confirm the report")


def test_a_report_that_breaks_a_rule_comes_back_with_the_reason(
    client, campaign, player, war_party, patrol
):
    data = report_post(war_party, patrol, played_on="2999-01-01")
    response = signed_in(client, player).post(f"/campaigns/{campaign.id}/games/new/", data)
    assert response.status_code == 400
    assertContains(response, "A game on 2999-01-01 has not been played yet.", status_code=400)
    assert not GameReport.objects.exists()


def test_a_figure_that_sat_out_reports_nothing_else(client, campaign, player, war_party, patrol):
    otter = figure(war_party, "Swift Otter")
    data = report_post(war_party, patrol)
    del data[f"f{otter.id}_took_part"]  # unticked: the "down" left in the row is ignored
    signed_in(client, player).post(f"/campaigns/{campaign.id}/games/new/", data)
    line = GameReport.objects.get().figures.get(figure=otter)
    assert (line.took_part, line.outcome) == (False, "ok")


def test_a_stranger_gets_404_for_a_private_campaigns_form(client, campaign, stranger):
    response = signed_in(client, stranger).get(f"/campaigns/{campaign.id}/games/new/")
    assert response.status_code == 404


# --- the game page -----------------------------------------------------------------------------


def test_the_opponent_confirms_on_the_game_page(
    client, campaign, player, other_player, war_party, patrol
):
    game = file_battle(campaign, war_party, patrol, player)
    client = signed_in(client, other_player)
    assertContains(client.get(f"/games/{game.id}/"), "Confirm the report")
    response = client.post(f"/games/{game.id}/confirm/")
    assert response.status_code == 302
    page = client.get(f"/games/{game.id}/")
    assertContains(page, "Team rating before the game: 200", count=2)
    assert PostGame.objects.filter(game=game).count() == 2


def test_the_filer_cannot_confirm_their_own_report(client, campaign, player, war_party, patrol):
    game = file_battle(campaign, war_party, patrol, player)
    assert signed_in(client, player).post(f"/games/{game.id}/confirm/").status_code == 403


def test_the_filer_edits_a_pending_report(client, campaign, player, war_party, patrol):
    game = file_battle(campaign, war_party, patrol, player)
    client = signed_in(client, player)
    assertContains(client.get(f"/games/{game.id}/edit/"), "Save the report")
    client.post(f"/games/{game.id}/edit/", report_post(war_party, patrol, result="draw"))
    game.refresh_from_db()
    assert game.winner is None


# --- the sequence page -------------------------------------------------------------------------


def test_the_sequence_page_asks_for_the_first_roll(client, sequence, player):
    response = signed_in(client, player).get(f"/postgames/{sequence.id}/")
    assertContains(response, "Injury roll for Swift Otter (D66)")
    assertContains(response, "Roll D66")
    assertContains(response, "Tens")  # manual dice allowed: the faces can be typed in
    assertContains(response, 'aria-current="step">Injuries')


def test_an_answer_returns_the_sequence_fragment_with_the_result_in_words(client, sequence, player):
    client = signed_in(client, player)
    response = client.post(
        f"/postgames/{sequence.id}/advance/", {"dice": ["2", "2"], "position": "0"}, **HTMX
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="sequence"')
    assert "Swift Otter: injury 22 Leg wound: movement 6/3 → 5/2" in html
    assert "typed in, player" in html
    assert "Injury roll for Red Hawk" in html


def test_the_roll_button_lets_the_app_roll(client, sequence, player):
    client = signed_in(client, player)
    client.post(f"/postgames/{sequence.id}/advance/", {"position": "0"}, **HTMX)
    sequence.refresh_from_db()
    assert sequence.answers[0]["typed"] is False and len(sequence.answers[0]["dice"]) == 2


@pytest.mark.parametrize(
    "dice, message",
    [
        (["7", "1"], "A die shows 1 to 6, not 7."),
        (["two", "1"], "A die face is a whole number 1 to 6."),
        (["2", ""], "Type in every die, or leave them all blank"),
        (["2"], "A D66 roll is two faces, tens then units: 1 given."),
    ],
    ids=["C12-seven", "words", "one-blank", "C12-one-face"],
)
def test_bad_faces_come_back_as_a_readable_error_and_change_nothing(
    client, sequence, player, dice, message
):
    response = signed_in(client, player).post(
        f"/postgames/{sequence.id}/advance/", {"dice": dice}, **HTMX
    )
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#errors"
    assertContains(response, message, status_code=400)
    sequence.refresh_from_db()
    assert sequence.answers == []


def test_the_opponent_sees_the_sequence_but_cannot_drive_it(client, sequence, other_player):
    client = signed_in(client, other_player)
    page = client.get(f"/postgames/{sequence.id}/")
    assertContains(page, "Only player or the organiser drives this sequence.")
    assertNotContains(page, "Roll D66")
    response = client.post(f"/postgames/{sequence.id}/advance/", {"dice": ["2", "2"]}, **HTMX)
    assert response.status_code == 403
    assert PostGame.objects.get(pk=sequence.pk).answers == []


def test_trading_forms_then_commit_update_the_roster(client, sequence, player, war_party):
    drive(sequence, player, WAR_PARTY_SCRIPT[:-1])
    client = signed_in(client, player)
    page = client.get(f"/postgames/{sequence.id}/")
    assertContains(page, "Done trading")
    assertContains(page, "Recruit a figure")
    otter = figure(war_party, "Swift Otter")
    client.post(
        f"/postgames/{sequence.id}/trade/",
        {"action": "buy", "item": "musket", "to": str(otter.id)}, **HTMX,
    )  # fmt: skip
    client.post(f"/postgames/{sequence.id}/trade/", {"action": "done"}, **HTMX)
    ready = client.get(f"/postgames/{sequence.id}/")
    assertContains(ready, "Commit to the roster")
    assertContains(ready, "bought a Musket")
    response = client.post(f"/postgames/{sequence.id}/commit/", **HTMX)
    assertContains(response, "Applied to the roster by player")
    roster = client.get(f"/warbands/{war_party.id}/")
    assertContains(roster, "5/2")  # Swift Otter's leg wound (C14)
    assertContains(roster, "starting 11, now 12")
    assertContains(roster, "Bought a Musket for Swift Otter")  # the ledger


def test_undo_on_the_page_takes_back_one_answer(client, sequence, player):
    drive(sequence, player, WAR_PARTY_SCRIPT[:2])
    response = signed_in(client, player).post(
        f"/postgames/{sequence.id}/undo/", {"position": "2"}, **HTMX
    )
    assertContains(response, "Injury roll for Red Hawk")
    assert len(PostGame.objects.get(pk=sequence.pk).answers) == 1


def test_without_htmx_an_answer_redirects_back_to_the_page(client, sequence, player):
    response = signed_in(client, player).post(
        f"/postgames/{sequence.id}/advance/", {"dice": ["4", "5"]}
    )
    assert response.status_code == 302 and response.url == f"/postgames/{sequence.id}/"


# --- the sections on the campaign and roster pages ---------------------------------------------


def test_the_campaign_page_loads_its_games_section(client, campaign, player, war_party, patrol):
    file_battle(campaign, war_party, patrol, player)
    client = signed_in(client, player)
    assertContains(client.get(f"/campaigns/{campaign.id}/"), f"/campaigns/{campaign.id}/games/")
    section = client.get(f"/campaigns/{campaign.id}/games/", **HTMX)
    assertContains(section, "Magalakutway v The 44th Foot Patrol")
    assertContains(section, "Waiting for the opponent")
    assertContains(section, "Report a game")


def test_the_roster_section_lists_what_waits_for_its_owner(
    client, campaign, player, other_player, war_party, patrol
):
    game = file_battle(campaign, war_party, patrol, player)
    section = signed_in(client, other_player).get(f"/warbands/{patrol.id}/games/", **HTMX)
    assertContains(section, "Review and confirm")
    services.game_confirm(game=game, actor=other_player)
    section = signed_in(client, player).get(f"/warbands/{war_party.id}/games/", **HTMX)
    assertContains(section, "Continue the post-game")
    assertContains(section, f"/postgames/{sequence_of(game, war_party).id}/")


def test_a_stranger_gets_404_for_a_private_campaigns_pages(
    client, campaign, player, stranger, war_party, patrol
):
    game = file_battle(campaign, war_party, patrol, player)
    client = signed_in(client, stranger)
    for url in (f"/games/{game.id}/", f"/campaigns/{campaign.id}/games/",
                f"/warbands/{war_party.id}/games/"):  # fmt: skip
        assert client.get(url).status_code == 404


def test_c25_a_regular_scalping_in_the_form_comes_back_naming_the_figure(
    client, campaign, player, war_party, patrol
):
    data = report_post(war_party, patrol)
    data[f"f{figure(patrol, 'Pte. Cole').id}_scalps"] = "1"
    response = signed_in(client, player).post(f"/campaigns/{campaign.id}/games/new/", data)
    assertContains(response, "Pte. Cole is a Regular: Regulars may not scalp", status_code=400)
    assert not GameReport.objects.exists()


def test_c17_the_form_records_who_put_a_figure_down(client, campaign, player, war_party, patrol):
    otter, pike = figure(war_party, "Swift Otter"), figure(patrol, "Sgt. Pike")
    data = report_post(war_party, patrol)
    data[f"f{otter.id}_put_down_by"] = str(pike.id)
    signed_in(client, player).post(f"/campaigns/{campaign.id}/games/new/", data)
    assert GameReport.objects.get().figures.get(figure=otter).put_down_by == pike
