"""POST /api/games/, confirmation, edits and withdrawals: who may do what, and bad input.

The battle of tests/campaign/games_support.py: the player's Magalakutway beats the other
player's 44th Foot Patrol; both warbands are rated 200 before it (C11).
"""

from __future__ import annotations

import pytest

from campaign import services
from campaign.models import Figure, GameFigure, GameReport, PostGame
from campaign.selectors.games import postgame_run
from tests.campaign.games_support import (
    battle_payload,
    file_battle,
    lines,
    signed_in,
)
from tests.factories import CampaignFactory, UserFactory, founded_war_party, member


def file(client, payload):
    return client.post("/api/games/", payload, format="json")


def nothing_saved():
    return GameReport.objects.count() == 0 and GameFigure.objects.count() == 0


# --- filing ------------------------------------------------------------------------------------


def test_a_player_files_a_report_that_waits_for_the_opponent(campaign, player, war_party, patrol):
    response = file(signed_in(player), battle_payload(campaign, war_party, patrol))
    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "pending"
    assert body["campaign"] == campaign.id
    assert body["warbands"] == [war_party.id, patrol.id]
    assert body["winner"] == war_party.id
    assert body["played_on"] == "2025-05-01"
    assert body["filed_by"] == {"id": player.id, "username": "player"}
    assert body["confirmed_by"] is None
    assert body["ratings_before"] == [None, None]
    assert body["postgames"] == []
    assert len(body["figures"]) == 12
    elk = next(line for line in body["figures"] if line["name"] == "Running Elk")
    assert elk == {
        "figure": elk["figure"], "warband": war_party.id, "name": "Running Elk",
        "took_part": True, "outcome": "ok", "wounds_inflicted": 2, "scalps": 0, "put_down_by": None,
    }  # fmt: skip


def test_a_draw_has_no_winner(campaign, player, war_party, patrol):
    response = file(signed_in(player), battle_payload(campaign, war_party, patrol, winner=None))
    assert response.status_code == 201
    assert response.json()["winner"] is None


def test_a_figure_left_out_of_the_report_did_not_take_part(campaign, player, war_party, patrol):
    payload = battle_payload(campaign, war_party, patrol)
    quiet_fox = war_party.figures.get(name="Quiet Fox").id
    payload["figures"] = [line for line in payload["figures"] if line["figure"] != quiet_fox]
    response = file(signed_in(player), payload)
    assert response.status_code == 201
    assert quiet_fox not in [line["figure"] for line in response.json()["figures"]]


def test_the_organisers_report_needs_no_confirmation(campaign, organiser, war_party, patrol):
    response = file(signed_in(organiser), battle_payload(campaign, war_party, patrol))
    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "confirmed"
    assert body["confirmed_by"]["username"] == "organiser"
    assert {p["warband"] for p in body["postgames"]} == {war_party.id, patrol.id}


def test_a_campaign_that_asks_no_confirmation_confirms_at_once(campaign, player, war_party, patrol):
    services.campaign_update(campaign=campaign, report_confirmation=False)
    response = file(signed_in(player), battle_payload(campaign, war_party, patrol))
    assert response.json()["status"] == "confirmed"
    assert PostGame.objects.count() == 2


def test_a_player_of_neither_warband_cannot_file_it(campaign, war_party, patrol):
    bystander = member(campaign, UserFactory(username="bystander"))
    response = file(signed_in(bystander), battle_payload(campaign, war_party, patrol))
    assert response.status_code == 403
    assert nothing_saved()


def test_a_stranger_gets_404_for_a_private_campaign(campaign, stranger, war_party, patrol):
    response = file(signed_in(stranger), battle_payload(campaign, war_party, patrol))
    assert response.status_code == 404
    assert nothing_saved()


def test_a_signed_out_client_gets_401(client, campaign, war_party, patrol):
    response = client.post(
        "/api/games/", battle_payload(campaign, war_party, patrol), content_type="application/json"
    )
    assert response.status_code in (401, 403)
    assert nothing_saved()


@pytest.mark.parametrize(
    "state, words",
    [
        ("dead", "Running Elk is dead and cannot take part."),
        ("captured", "Running Elk is held captive and cannot take part."),
        ("misses_next_game", "Running Elk is missing this game and cannot take part."),
    ],
    ids=["C14-dead", "C16-captured", "C14-misses-next-game"],
)
def test_a_figure_not_free_to_play_cannot_take_part(
    campaign, player, war_party, patrol, state, words
):
    payload = battle_payload(campaign, war_party, patrol)
    Figure.objects.filter(warband=war_party, name="Running Elk").update(state=state)
    response = file(signed_in(player), payload)
    assert response.status_code == 400
    assert response.json()["detail"] == words
    assert nothing_saved()


# Each change breaks one rule of a report: (payload, campaign, war party, patrol) -> None.


def add_figure_of_a_third_warband(payload, campaign, war_party, patrol):
    third = founded_war_party(campaign, name="Third war party")
    payload["figures"].append({**payload["figures"][0], "figure": third.figures.first().id})


def add_figure_of_another_campaign(payload, campaign, war_party, patrol):
    elsewhere = founded_war_party(CampaignFactory(), name="Elsewhere")
    payload["figures"].append({**payload["figures"][0], "figure": elsewhere.figures.first().id})


def only_the_patrol_plays(payload, campaign, war_party, patrol):
    ids = set(patrol.figures.values_list("id", flat=True))
    payload["figures"] = [line for line in payload["figures"] if line["figure"] in ids]


def swift_otter_absent_but_down(payload, campaign, war_party, patrol):
    payload["figures"][2].update(took_part=False)  # Swift Otter, reported down


def line_of(payload, warband, name):
    figure_id = warband.figures.get(name=name).id
    return next(line for line in payload["figures"] if line["figure"] == figure_id)


def a_regular_takes_a_scalp(payload, campaign, war_party, patrol):
    line_of(payload, patrol, "Lt. Harcourt")["scalps"] = 1  # Red Hawk ended out of action


def a_scalp_with_no_enemy_out(payload, campaign, war_party, patrol):
    line_of(payload, war_party, "Running Elk")["scalps"] = 1  # the patrol all ended standing


def too_few_wounds_for_those_down(payload, campaign, war_party, patrol):
    line_of(payload, patrol, "Pte. Bell")["wounds_inflicted"] = 0


def put_down_by_a_friend(payload, campaign, war_party, patrol):
    elk = war_party.figures.get(name="Running Elk").id
    line_of(payload, war_party, "Swift Otter")["put_down_by"] = elk


BROKEN_RULES = {
    "C25-a-regular-takes-a-scalp": (
        a_regular_takes_a_scalp,
        "Lt. Harcourt is a Regular: Regulars may not scalp",
    ),
    "C29-scalps-beyond-the-enemy-out-of-action": (
        a_scalp_with_no_enemy_out,
        "Magalakutway take 1 scalp (Running Elk) but only 0 figures of The 44th Foot Patrol "
        "ended out of action (none)",
    ),
    "C29-fewer-wounds-than-figures-down-or-out": (
        too_few_wounds_for_those_down,
        "2 figures of Magalakutway ended down or out of action (Swift Otter, Red Hawk) but "
        "The 44th Foot Patrol inflicted only 1 wound (Lt. Harcourt)",
    ),
    "C17-put-down-by-a-friend": (
        put_down_by_a_friend,
        "Swift Otter was put down by an enemy figure that took part in this game.",
    ),
    "figure-of-a-third-warband": (
        add_figure_of_a_third_warband,
        "is in neither Magalakutway nor The 44th Foot Patrol",
    ),
    "figure-of-another-campaign": (add_figure_of_another_campaign, "is in neither"),
    "C29-a-warband-against-itself": (
        lambda p, c, a, b: p.update(warbands=[a.id, a.id]),
        "A game is played by two different warbands.",
    ),
    "unknown-warband": (
        lambda p, c, a, b: p.update(warbands=[a.id, 987654]),
        "There is no warband 987654 in Ohio Valley 1755.",
    ),
    "winner-not-playing": (
        lambda p, c, a, b: p.update(winner=987654),
        "The winner is one of the two warbands",
    ),
    "figure-twice": (
        lambda p, c, a, b: p["figures"].append(p["figures"][0]),
        "Each figure is reported once.",
    ),
    "future-date": (
        lambda p, c, a, b: p.update(played_on="2999-01-01"),
        "A game on 2999-01-01 has not been played yet.",
    ),
    "absent-but-down": (
        swift_otter_absent_but_down,
        "Swift Otter did not take part: it cannot end the game down or out of action",
    ),
    "nobody-took-part": (only_the_patrol_plays, "No figure of Magalakutway took part."),
}


@pytest.mark.parametrize("change, message", list(BROKEN_RULES.values()), ids=list(BROKEN_RULES))
def test_a_report_that_breaks_a_rule_is_400_and_saves_nothing(
    campaign, player, war_party, patrol, change, message
):
    payload = battle_payload(campaign, war_party, patrol)
    change(payload, campaign, war_party, patrol)
    response = file(signed_in(player), payload)
    assert response.status_code == 400, response.content
    assert message in response.json()["detail"]
    assert response.json()["errors"][0]["message"]
    assert nothing_saved()


@pytest.mark.parametrize(
    "change, field",
    [
        ({"warbands": ["a", "b"]}, "warbands"),
        ({"warbands": [1]}, "warbands"),
        ({"winner": "a"}, "winner"),
        ({"winner": -1}, "winner"),
        ({"played_on": "yesterday"}, "played_on"),
        ({"played_on": "x" * 10_000}, "played_on"),
        ({"figures": "everyone"}, "figures"),
        ({"figures": [{"figure": -5}]}, "figures[0].figure"),
        ({"figures": [{"figure": "one"}]}, "figures[0].figure"),
        ({"figures": [{"figure": 1, "wounds_inflicted": -1}]}, "figures[0].wounds_inflicted"),
        ({"figures": [{"figure": 1, "scalps": 51}]}, "figures[0].scalps"),
        ({"figures": [{"figure": 1, "took_part": "maybe"}]}, "figures[0].took_part"),
        ({"figures": [{"figure": 1, "outcome": "fled"}]}, "figures[0].outcome"),
        ({"figures": [{"figure": 1}] * 500}, "figures"),
        ({"campaign": "x" * 10_000}, "campaign"),
    ],
    ids=[
        "warbands-strings",
        "one-warband",
        "winner-string",
        "winner-negative",
        "date-words",
        "date-10kB",
        "figures-string",
        "figure-negative",
        "figure-string",
        "wounds-negative",
        "scalps-too-many",
        "took-part-maybe",
        "unknown-outcome",
        "500-lines",
        "campaign-10kB",
    ],
)
def test_bad_input_is_400_naming_the_field_never_500(
    campaign, player, war_party, patrol, change, field
):
    payload = {**battle_payload(campaign, war_party, patrol), **change}
    response = file(signed_in(player), payload)
    assert response.status_code == 400
    fields = [error["field"] or "" for error in response.json()["errors"]]
    assert any(name.startswith(field) for name in fields), fields
    assert nothing_saved()


def test_a_body_that_is_not_json_is_400(campaign, player, war_party, patrol):
    client = signed_in(player)
    response = client.post("/api/games/", "{" * 10_000, content_type="application/json")
    assert response.status_code == 400
    assert nothing_saved()


def test_a_draft_warband_cannot_play(campaign, player, war_party, other_player):
    draft = services.warband_create_draft(
        campaign=campaign, owner=other_player, name="Half built", faction="rangers"
    )
    payload = {
        "campaign": campaign.id, "warbands": [war_party.id, draft.id], "winner": None,
        "played_on": "2025-05-01", "figures": lines(war_party),
    }  # fmt: skip
    response = file(signed_in(player), payload)
    assert response.status_code == 400
    assert "Half built is not a founded warband" in response.json()["detail"]


# --- confirmation ------------------------------------------------------------------------------


def confirm(client, game):
    return client.post(f"/api/games/{game.id}/confirm/")


def test_the_opponent_confirms_and_one_sequence_per_warband_opens(
    campaign, player, other_player, war_party, patrol
):
    game = file_battle(campaign, war_party, patrol, player)
    response = confirm(signed_in(other_player), game)
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "confirmed"
    assert body["confirmed_by"] == {"id": other_player.id, "username": "other"}
    assert body["ratings_before"] == [200, 200]  # C9 uses them; C11
    steps = {p["warband"]: p["step"] for p in body["postgames"]}
    # Magalakutway has figures down: injuries first. Nobody of the Foot Patrol was down and
    # none is due an advancement roll: its sequence waits for the income roll.
    assert steps == {war_party.id: "injuries", patrol.id: "income"}
    assert all(set(p) == {"id", "warband", "step", "status"} for p in body["postgames"])


def test_confirmation_stores_the_ratings_before_the_game(
    campaign, player, other_player, war_party, patrol
):
    services.treasury_change(warband=patrol, amount=60, reason="Organiser's correction: test")
    game = file_battle(campaign, war_party, patrol, player)
    services.game_confirm(game=game, actor=other_player)
    game.refresh_from_db()
    assert (game.rating_a_before, game.rating_b_before) == (200, 260)
    report = PostGame.objects.get(game=game, warband=war_party).report
    assert (report["rating_before"], report["opponent_rating_before"]) == (200, 260)
    assert report["won"] is True and report["opponent"] == "The 44th Foot Patrol"


def test_the_filer_cannot_confirm_their_own_report(campaign, player, war_party, patrol):
    game = file_battle(campaign, war_party, patrol, player)
    response = confirm(signed_in(player), game)
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.status == "pending"
    assert not PostGame.objects.exists()


def test_the_organiser_may_confirm_a_players_report(campaign, organiser, player, war_party, patrol):
    game = file_battle(campaign, war_party, patrol, player)
    assert confirm(signed_in(organiser), game).json()["status"] == "confirmed"


def test_confirming_twice_changes_nothing(campaign, player, other_player, war_party, patrol):
    game = file_battle(campaign, war_party, patrol, player)
    first = confirm(signed_in(other_player), game).json()
    second = confirm(signed_in(other_player), game)
    assert second.status_code == 200
    assert second.json()["postgames"] == first["postgames"]
    assert PostGame.objects.count() == 2


def test_a_warband_with_an_open_sequence_waits_before_its_next_game_is_confirmed(
    campaign, organiser, player, other_player, war_party, patrol
):
    file_battle(campaign, war_party, patrol, organiser)  # confirmed: sequences open
    second = file_battle(campaign, war_party, patrol, player)
    response = confirm(signed_in(other_player), second)
    assert response.status_code == 400
    assert "has not committed the post-game of an earlier game" in response.json()["detail"]
    assert PostGame.objects.count() == 2


# --- reading -----------------------------------------------------------------------------------


def test_the_opponent_and_the_campaign_read_the_game(
    campaign, player, other_player, war_party, patrol
):
    game = file_battle(campaign, war_party, patrol, player)
    for user in (player, other_player):
        assert signed_in(user).get(f"/api/games/{game.id}/").status_code == 200
    listed = signed_in(other_player).get(f"/api/games/?campaign={campaign.id}").json()
    assert [g["id"] for g in listed] == [game.id]


def test_a_stranger_cannot_see_a_private_campaigns_game(
    campaign, player, stranger, war_party, patrol
):
    game = file_battle(campaign, war_party, patrol, player)
    assert signed_in(stranger).get(f"/api/games/{game.id}/").status_code == 404
    assert signed_in(stranger).get(f"/api/games/?campaign={campaign.id}").status_code == 404


# --- edits and withdrawals ---------------------------------------------------------------------


def test_the_filer_edits_a_pending_report(campaign, player, war_party, patrol):
    game = file_battle(campaign, war_party, patrol, player)
    payload = battle_payload(campaign, war_party, patrol, winner=patrol.id, played_on="2025-04-30")
    response = signed_in(player).put(f"/api/games/{game.id}/", payload, format="json")
    assert response.status_code == 200
    assert response.json()["winner"] == patrol.id
    assert response.json()["played_on"] == "2025-04-30"
    assert GameFigure.objects.filter(report=game).count() == 12


def test_the_opponent_does_not_edit_the_filers_report(
    campaign, player, other_player, war_party, patrol
):
    game = file_battle(campaign, war_party, patrol, player)
    payload = battle_payload(campaign, war_party, patrol, winner=patrol.id)
    response = signed_in(other_player).put(f"/api/games/{game.id}/", payload, format="json")
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.winner_id == war_party.id


def test_a_confirmed_report_is_not_edited(campaign, organiser, war_party, patrol):
    game = file_battle(campaign, war_party, patrol, organiser)
    payload = battle_payload(campaign, war_party, patrol, winner=None)
    response = signed_in(organiser).put(f"/api/games/{game.id}/", payload, format="json")
    assert response.status_code == 400
    assert "can no longer be edited" in response.json()["detail"]


def test_the_opponent_withdraws_a_pending_report(campaign, player, other_player, war_party, patrol):
    game = file_battle(campaign, war_party, patrol, player)
    response = signed_in(other_player).post(f"/api/games/{game.id}/withdraw/")
    assert response.status_code == 200
    assert response.json()["status"] == "withdrawn"
    assert confirm(signed_in(other_player), game).status_code == 400


def test_a_player_cannot_withdraw_a_confirmed_report(
    campaign, organiser, player, war_party, patrol
):
    game = file_battle(campaign, war_party, patrol, organiser)
    assert signed_in(player).post(f"/api/games/{game.id}/withdraw/").status_code == 403


def test_the_organiser_withdraws_a_confirmed_report_while_no_sequence_is_committed(
    campaign, organiser, war_party, patrol
):
    game = file_battle(campaign, war_party, patrol, organiser)
    response = signed_in(organiser).post(f"/api/games/{game.id}/withdraw/")
    assert response.status_code == 200
    assert response.json()["status"] == "withdrawn"
    assert not PostGame.objects.exists()


def test_a_report_whose_sequence_is_committed_cannot_be_withdrawn(
    campaign, organiser, other_player, war_party, patrol
):
    from tests.campaign.games_support import FOOT_PATROL_SCRIPT, drive, sequence_of

    game = file_battle(campaign, war_party, patrol, organiser)
    sequence = drive(sequence_of(game, patrol), other_player, FOOT_PATROL_SCRIPT)
    services.postgame_commit(postgame=sequence, actor=other_player)
    response = signed_in(organiser).post(f"/api/games/{game.id}/withdraw/")
    assert response.status_code == 409  # the rosters changed first: a conflict (issue 9)
    assert response.json()["detail"].startswith(
        "The post-game of The 44th Foot Patrol is committed: the rosters have changed"
    )
    assert PostGame.objects.count() == 2
    assert response.json()["errors"][0]["field"] == "status"


def test_c17_a_crack_shot_named_in_the_report_is_offered_in_the_injured_sides_sequence(
    campaign, player, other_player, war_party, patrol
):
    pike = patrol.figures.get(name="Sgt. Pike")
    pike.skills = [*pike.skills, "crack_shot"]
    pike.save()
    payload = battle_payload(campaign, war_party, patrol)
    line_of(payload, war_party, "Swift Otter")["put_down_by"] = pike.id
    response = file(signed_in(player), payload)
    assert response.status_code == 201, response.content
    assert response.json()["figures"][2]["put_down_by"] == pike.id
    game = GameReport.objects.get()
    services.game_confirm(game=game, actor=other_player)
    sequence = game.postgames.get(warband=war_party)
    otter = war_party.figures.get(name="Swift Otter").id
    assert sequence.report["figures"][2]["crack_shot_by"] == "Sgt. Pike"
    sequence = services.postgame_answer(postgame=sequence, actor=player, dice=[1, 1])  # Dead
    prompt = postgame_run(sequence).prompt  # the injured side's owner records the opponent's answer
    assert (prompt["purpose"], prompt["figure"]) == ("crack_shot", otter)
