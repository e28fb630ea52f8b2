"""The table calculators' API (C23, C24): the contract of each endpoint, bad input as a 400
naming the field, and who may use which figures (a stranger's figure is 404).

The figures are the demo's: the player's Magalakutway (Running Elk, Hero, reputation 4, bow and
tomahawk, Fierce; Red Hawk with a shield) and the other player's 44th Foot Patrol (Lt. Harcourt,
Hero, reputation 4, Marksman; Sgt. Pike, reputation 3; privates of reputation 2 with muskets).
"""

from __future__ import annotations

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from campaign.models import TableLog
from tests.campaign.games_support import figure, signed_in
from tests.factories import CampaignFactory, founded_war_party

SHOOT, MELEE, MORALE = "/api/tables/shooting/", "/api/tables/melee/", "/api/tables/morale/"
RALLY, LAST_WOUND = "/api/tables/rally/", "/api/tables/last-wound/"


def post(client, url, body):
    return client.post(url, body, format="json")


def fields(response) -> list[str]:
    return [e["field"] for e in response.json()["errors"]]


@pytest.fixture
def api(player, war_party, patrol):
    return signed_in(player)


# --- shooting ----------------------------------------------------------------------------------


def test_a_shot_lists_its_modifiers_in_words_the_number_needed_the_chance_and_the_roll(
    api, war_party, patrol
):
    body = {"shooter": figure(patrol, "Lt. Harcourt").id, "target": figure(war_party, "Swift "
            "Otter").id, "range": "long", "dice": [3, 4]}  # fmt: skip
    response = post(api, SHOOT, body)
    assert response.status_code == 200
    answer = response.json()
    # Marksman counts as short range (7+); reputation 4: +1.
    assert answer["needed"] == 6
    assert answer["modifiers"] == [{"reason": "Shooter of reputation 4 or 5", "value": 1}]
    assert answer["chance"] == 72.2
    assert answer["roll"] == {"dice": [3, 4], "total": 7, "hit": True}
    assert answer["counts_as"] == "short"
    entry = TableLog.objects.get(pk=answer["log"])
    assert (entry.kind, entry.faces, entry.typed_in, entry.result) == ("shooting", [3, 4], True,
                                                                       "hit")  # fmt: skip
    assert entry.battle is None


def test_a_shot_that_cannot_hit_says_so_with_chance_0_and_no_roll(api, war_party, patrol):
    body = {"shooter": figure(patrol, "Pte. Abbott").id, "target": figure(war_party, "Red "
            "Hawk").id, "range": "long", "cover": True, "dice": [6, 6]}  # fmt: skip
    answer = post(api, SHOOT, body).json()
    # 9, reputation 2 (-1), cover (-2), shield (-1): 13.
    assert [m["value"] for m in answer["modifiers"]] == [-1, -2, -1]
    assert answer["needed"] == 13
    assert answer["chance"] == 0
    assert answer["cannot_hit"] is True
    assert "roll" not in answer
    assert answer["words"].endswith("cannot hit (would need 13).")


def test_volley_fire_adds_one_per_model_after_the_first(api, war_party, patrol):
    body = {"shooter": figure(patrol, "Pte. Abbott").id, "range": "short", "volley": 3}
    answer = post(api, SHOOT, body).json()
    assert answer["modifiers"][-1] == {
        "reason": "Volley fire: 3 models, +1 for each after the first",
        "value": 2,
    }
    assert answer["needed"] == 7 + 1 - 2


def test_without_dice_the_app_rolls_and_logs_it(api, war_party, patrol):
    answer = post(api, SHOOT, {"shooter": figure(patrol, "Sgt. Pike").id, "range": "short"}).json()
    assert len(answer["roll"]["dice"]) == 2
    assert answer["roll"]["hit"] == (answer["roll"]["total"] >= answer["needed"])
    assert TableLog.objects.get(pk=answer["log"]).typed_in is False


@pytest.mark.parametrize(
    ("change", "field"),
    [
        pytest.param({"speed": 3}, "speed", id="unknown-field"),
        pytest.param({"range": "medium"}, "range", id="unknown-range"),
        pytest.param({"dice": [7, 1]}, "dice", id="face-out-of-range"),
        pytest.param({"dice": [0, 1]}, "dice", id="face-zero"),
        pytest.param({"dice": [3]}, "dice", id="one-face"),
        pytest.param({"dice": [True, 3]}, "dice", id="face-not-a-number"),
        pytest.param({"weapon": "cannon"}, "weapon", id="unknown-weapon"),
        pytest.param({"weapon": "rifle"}, "weapon", id="weapon-not-carried"),
        pytest.param({"volley": 0}, "volley", id="volley-zero"),
        pytest.param({"shooter": "Abbott"}, "shooter", id="shooter-not-an-id"),
    ],
)
def test_bad_shooting_input_is_400_naming_the_field(api, patrol, change, field):
    body = {"shooter": figure(patrol, "Pte. Abbott").id, "range": "short", **change}
    response = post(api, SHOOT, body)
    assert response.status_code == 400
    assert field in fields(response)
    assert TableLog.objects.count() == 0


def test_only_regulars_fire_volleys(api, war_party):
    body = {"shooter": figure(war_party, "Grey Wolf").id, "range": "short", "volley": 2}
    response = post(api, SHOOT, body)
    assert response.status_code == 400
    assert response.json()["errors"][0] | {"message": ""} == {"rule": "C23", "field": "volley",
                                                              "message": ""}  # fmt: skip


def test_a_target_of_another_campaign_is_400_naming_the_target(api, player, patrol):
    elsewhere = founded_war_party(CampaignFactory(is_public=True), name="Elsewhere")
    body = {"shooter": figure(patrol, "Pte. Abbott").id, "target": figure(elsewhere, "Red "
            "Hawk").id, "range": "short"}  # fmt: skip
    response = post(api, SHOOT, body)
    assert response.status_code == 400
    assert fields(response) == ["target"]


def test_a_target_on_the_shooters_own_side_is_400(api, patrol):
    body = {"shooter": figure(patrol, "Pte. Abbott").id, "target": figure(patrol, "Pte. "
            "Bell").id, "range": "short"}  # fmt: skip
    response = post(api, SHOOT, body)
    assert (response.status_code, fields(response)) == (400, ["target"])


def test_typed_in_dice_are_refused_where_the_campaign_rolls_the_apps(api, campaign, patrol):
    campaign.manual_dice = False
    campaign.save()
    body = {"shooter": figure(patrol, "Pte. Abbott").id, "range": "short", "dice": [3, 4]}
    response = post(api, SHOOT, body)
    assert response.status_code == 400
    assert response.json()["errors"][0]["rule"] == "C12"
    assert post(api, SHOOT, {**body, "dice": None}).status_code == 200


# --- who may use which figures -----------------------------------------------------------------


def test_a_strangers_figure_is_404(stranger, patrol):
    body = {"shooter": figure(patrol, "Pte. Abbott").id, "range": "short"}
    assert post(signed_in(stranger), SHOOT, body).status_code == 404
    body = {"figure": figure(patrol, "Sgt. Pike").id}
    assert post(signed_in(stranger), MORALE, body).status_code == 404
    assert TableLog.objects.count() == 0


def test_a_strangers_figure_as_the_target_is_404_too(api, war_party, stranger):
    private = founded_war_party(CampaignFactory(), name="Hidden")
    body = {"shooter": figure(war_party, "Grey Wolf").id, "target": figure(private, "Red "
            "Hawk").id, "range": "short"}  # fmt: skip
    assert post(api, SHOOT, body).status_code == 404


def test_an_unknown_figure_is_404(api):
    assert post(api, SHOOT, {"shooter": 999_999, "range": "short"}).status_code == 404


def test_a_reader_of_a_public_campaign_who_does_not_play_in_it_gets_403(campaign, stranger, patrol):
    campaign.is_public = True
    campaign.save()
    body = {"shooter": figure(patrol, "Pte. Abbott").id, "range": "short", "dice": [1, 1]}
    assert post(signed_in(stranger), SHOOT, body).status_code == 403  # issue 25, finding 9
    assert not TableLog.objects.exists()


def test_a_signed_out_client_gets_401(patrol):
    body = {"shooter": figure(patrol, "Pte. Abbott").id, "range": "short"}
    assert post(APIClient(), SHOOT, body).status_code == 401


# --- melee -------------------------------------------------------------------------------------


def test_a_melee_adds_each_sides_reputation_weapon_and_factors(api, war_party, patrol):
    body = {
        "attacker": figure(war_party, "Running Elk").id,
        "defender": figure(patrol, "Pte. Abbott").id,
        "attacker_factors": ["charging"], "defender_factors": [],
        "dice": {"attacker": [3, 3], "defender": [2, 2]},
    }  # fmt: skip
    response = post(api, MELEE, body)
    assert response.status_code == 200
    answer = response.json()
    # Elk: 6 + reputation 4 + tomahawk 1 + charging 1 + Fierce 1; Abbott: 4 + 2 + bayonet 2.
    assert (answer["attacker_score"], answer["defender_score"]) == (13, 8)
    assert (answer["margin"], answer["victory_margin"]) == (5, 2)
    assert answer["result"] == "defender_wounds"
    assert {"side": "attacker", "reason": "Fierce: extra +1 when charging", "value": 1} in answer[
        "modifiers"
    ]
    assert {"side": "defender", "reason": "Musket and bayonet", "value": 2} in answer["modifiers"]
    assert answer["words"].endswith("Pte. Abbott takes a wound.")


def test_a_melee_the_attacker_loses_by_its_margin_wounds_the_attacker(api, war_party, patrol):
    body = {"attacker": figure(war_party, "Quiet Fox").id,
            "defender": figure(patrol, "Sgt. Pike").id,
            "dice": {"attacker": [1, 1], "defender": [4, 4]}}  # fmt: skip
    answer = post(api, MELEE, body).json()
    assert answer["result"] == "attacker_wounds"
    assert answer["victory_margin"] == 2  # Quiet Fox is a Trooper


@pytest.mark.parametrize(
    ("change", "field"),
    [
        pytest.param({"attacker_factors": ["charging", "ambush"]}, "attacker_factors[1]",
                     id="unknown-factor"),
        pytest.param({"defender_factors": "charging"}, "defender_factors", id="factors-not-list"),
        pytest.param({"dice": {"attacker": [1, 2, 3], "defender": [1, 1]}}, "dice.attacker",
                     id="three-faces"),
        pytest.param({"dice": {"attacker": [1, 2], "defender": [1, 9]}}, "dice.defender",
                     id="face-out-of-range"),
        pytest.param({"dice": {"attacker": [1, 2]}}, "dice.defender", id="no-defender-dice"),
        pytest.param({"dice": {"attacker": [1, 2], "defender": [1, 1], "extra": [1]}},
                     "dice.extra", id="unknown-dice-key"),
        pytest.param({"defender_factors": ["free_strike"]}, "defender_factors",
                     id="free-strike-is-the-attackers"),
        pytest.param({"attacker_factors": ["formed_bayonets"]}, "attacker_factors",
                     id="formed-bayonets-regulars-only"),
    ],
)  # fmt: skip
def test_bad_melee_input_is_400_naming_the_field(api, war_party, patrol, change, field):
    body = {"attacker": figure(war_party, "Running Elk").id,
            "defender": figure(patrol, "Pte. Abbott").id, **change}  # fmt: skip
    response = post(api, MELEE, body)
    assert response.status_code == 400
    assert field in fields(response)


def test_a_defender_of_another_campaign_is_400_naming_the_defender(api, war_party):
    elsewhere = founded_war_party(CampaignFactory(is_public=True), name="Elsewhere")
    body = {"attacker": figure(war_party, "Running Elk").id,
            "defender": figure(elsewhere, "Red Hawk").id}  # fmt: skip
    response = post(api, MELEE, body)
    assert (response.status_code, fields(response)) == (400, ["defender"])


# --- morale, rally, last wound -----------------------------------------------------------------


def test_a_morale_test_gives_total_column_row_and_result(api, patrol):
    body = {"figure": figure(patrol, "Sgt. Pike").id, "modifiers": ["losses_20"], "dice": [4, 3]}
    answer = post(api, MORALE, body).json()
    assert (answer["total"], answer["column"], answer["row"], answer["result"]) == (6, 1, 3, "RT")
    assert answer["modifiers"] == [{"reason": "20% losses (each 20%: -1)", "value": -1}]
    assert TableLog.objects.get(pk=answer["log"]).result == "RT"


def test_a_brave_figure_re_rolls_a_failed_test_from_four_faces(api, patrol):
    pike = figure(patrol, "Sgt. Pike")
    pike.skills = ["brave"]
    pike.save()
    answer = post(api, MORALE, {"figure": pike.id, "dice": [1, 2, 5, 5]}).json()
    assert [r["result"] for r in answer["rolls"]] == ["RT", "NE"]
    assert (answer["total"], answer["result"]) == (10, "NE")
    response = post(api, MORALE, {"figure": pike.id, "dice": [1, 2]})
    assert (response.status_code, fields(response)) == (400, ["dice"])


def test_a_hardened_figure_ignores_morale_and_nothing_is_rolled(api, patrol):
    pike = figure(patrol, "Sgt. Pike")
    pike.injuries = ["hardened"]
    pike.save()
    answer = post(api, MORALE, {"figure": pike.id, "modifiers": ["hero_lost"]}).json()
    assert (answer["total"], answer["column"], answer["result"]) == (None, None, "NE")
    assert answer["ignored"] == "Hardened: ignores all morale checks"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        pytest.param({"modifiers": ["panic"]}, "modifiers[0]", id="unknown-modifier"),
        pytest.param({"modifiers": ["losses_20", "losses_40"]}, "modifiers",
                     id="two-losses-modifiers"),
        pytest.param({"dice": [1, 2, 3]}, "dice", id="three-faces"),
        pytest.param({"dice": [6, 7]}, "dice", id="face-out-of-range"),
        pytest.param({"leader": True}, "leader", id="unknown-field"),
    ],
)  # fmt: skip
def test_bad_morale_input_is_400_naming_the_field(api, patrol, change, field):
    response = post(api, MORALE, {"figure": figure(patrol, "Sgt. Pike").id, **change})
    assert response.status_code == 400
    assert field in fields(response)


def test_a_rally_succeeds_in_the_printed_range(api, patrol):
    body = {"figure": figure(patrol, "Sgt. Pike").id, "dice": [3, 4]}
    answer = post(api, RALLY, body).json()
    assert (answer["total"], answer["range"], answer["rallied"]) == (7, [7, 12], True)
    answer = post(api, RALLY, {**body, "dice": [3, 3]}).json()
    assert answer["rallied"] is False


@pytest.mark.parametrize(
    ("face", "result"), [(1, "flesh_wound"), (2, "down"), (5, "down"), (6, "out_of_action")]
)
def test_the_last_wound_d6(api, face, result):
    answer = post(api, LAST_WOUND, {"dice": [face]}).json()
    assert answer["result"] == result
    assert TableLog.objects.get(pk=answer["log"]).faces == [face]


def test_the_last_wound_rolled_by_the_app(api):
    answer = post(api, LAST_WOUND, {}).json()
    assert answer["result"] in ("flesh_wound", "down", "out_of_action")


@pytest.mark.parametrize(
    "body",
    [{"dice": [7]}, {"dice": [1, 2]}, {"dice": 3}, {"dice": [1], "target": 3}],
    ids=["face-7", "two-faces", "not-a-list", "unknown-field"],
)
def test_bad_last_wound_input_is_400(api, body):
    response = post(api, LAST_WOUND, body)
    assert response.status_code == 400
    assert fields(response)[0] in ("dice", "target")


# --- the reference -----------------------------------------------------------------------------


def test_the_tables_list_every_key_with_its_value_and_words(db):
    response = APIClient().get("/api/rules/tables/")
    assert response.status_code == 200
    tables = response.json()
    cover = next(m for m in tables["shooting"]["modifiers"] if m["key"] == "cover")
    assert cover == {"key": "cover", "value": -2, "words": "Target in cover", "given_by": "player",
                     "rule": "C23"}  # fmt: skip
    assert tables["shooting"]["needed"] == {"short": 7, "long": 9}
    assert [m["margin"] for m in tables["melee"]["victory_margins"]] == [4, 3, 2, 1, 0]
    charging = next(f for f in tables["melee"]["factors"] if f["key"] == "charging")
    assert charging["value"] == 1
    chart = tables["morale"]["chart"]
    assert [row["rally"] for row in chart] == [[9, 12], [8, 12], [7, 12], [5, 12], [3, 12]]
    assert chart[4]["columns"] == ["FB", "FB", "NE", "NE", "NE", "NE", "NE"]
    assert [f["result"] for f in tables["last_wound"]["faces"]] == [
        "flesh_wound", "down", "down", "down", "down", "out_of_action"
    ]  # fmt: skip


def test_every_key_a_request_may_send_is_in_the_tables(db):
    tables = APIClient().get("/api/rules/tables/").json()
    player_factors = {f["key"] for f in tables["melee"]["factors"] if f["given_by"] == "player"}
    assert {"charging", "flank", "rear", "uphill", "obstacle", "hard_cover"} <= player_factors
    morale_keys = {m["key"] for m in tables["morale"]["modifiers"] if m["given_by"] == "player"}
    assert {"losses_20", "losses_40", "sees_scalping", "hero_lost", "hero_in_combat",
            "leader_near", "formation"} <= morale_keys  # fmt: skip


def test_a_closed_campaign_logs_no_more_rolls(api, campaign, patrol):
    campaign.closed_at = timezone.now()
    campaign.save()
    response = post(api, SHOOT, {"shooter": figure(patrol, "Pte. Abbott").id, "range": "short"})
    assert response.status_code == 400
    assert "is closed" in response.json()["detail"]
    assert TableLog.objects.count() == 0
