"""Corrections of a founded figure through the API (C30): POST /api/figures/{id}/corrections/
and POST /api/corrections/{id}/confirm/. The organiser's apply; the owner's wait for the
organiser when the campaign confirms reports; the opponent gets 403, a stranger 404."""

from __future__ import annotations

import pytest

from accounts.inbox import inbox_for
from campaign.models import Activity, Correction, EquipmentPiece
from tests.campaign.games_support import signed_in


def correct(client, target, changes, reason="Mistyped at the table"):
    return client.post(
        f"/api/figures/{target.id}/corrections/",
        {"changes": changes, "reason": reason},
        format="json",
    )


def confirm(client, correction_id):
    return client.post(f"/api/corrections/{correction_id}/confirm/", format="json")


def test_the_organisers_correction_applies_with_before_and_after(organiser, otter, war_party):
    response = correct(signed_in(organiser), otter, {"injuries": ["leg_wound"], "reputation": 1})
    assert response.status_code == 201
    body = response.json()
    assert body == {
        "id": body["id"], "figure": otter.id, "by": "organiser",
        "reason": "Mistyped at the table",
        "before": {"reputation": 2, "injuries": []},
        "after": {"reputation": 1, "injuries": ["leg_wound"]},
        "state": "applied", "created_at": body["created_at"],
    }  # fmt: skip
    otter.refresh_from_db()
    assert (otter.injuries, otter.reputation) == (["leg_wound"], 1)
    line = Activity.objects.get(kind=Activity.Kind.CORRECTION)
    assert line.text == (
        "organiser corrected Swift Otter of Magalakutway: reputation 2 → 1; injuries none → "
        "Leg wound. Why: Mistyped at the table"
    )


def test_an_applied_correction_recalculates_the_team_rating(
    organiser, otter, war_party, django_capture_on_commit_callbacks
):
    before = war_party.rating
    with django_capture_on_commit_callbacks(execute=True):
        correct(signed_in(organiser), otter, {"experience": otter.experience + 3})
    war_party.refresh_from_db()
    assert war_party.rating == before + 3  # C11: the level counts
    assert not war_party.rating_stale


def test_the_owners_correction_waits_for_the_organiser(player, organiser, otter):
    body = correct(signed_in(player), otter, {"injuries": ["leg_wound"]}).json()
    assert (body["state"], body["by"]) == ("awaiting", "player")
    otter.refresh_from_db()
    assert otter.injuries == []
    assert "Awaiting the organiser" in Activity.objects.get(kind="correction").text
    waiting = [i for i in inbox_for(organiser) if i.kind == "confirm_correction"]
    assert [i.title for i in waiting] == [
        "player asks to correct Swift Otter of Magalakutway: injuries none → Leg wound"
    ]
    response = confirm(signed_in(organiser), body["id"])
    assert response.status_code == 200 and response.json()["state"] == "applied"
    assert not [i for i in inbox_for(organiser) if i.kind == "confirm_correction"]
    otter.refresh_from_db()
    assert otter.injuries == ["leg_wound"]
    assert Activity.objects.filter(kind="correction").count() == 2
    assert confirm(signed_in(organiser), body["id"]).status_code == 400  # once


def test_the_owners_correction_applies_when_the_campaign_does_not_confirm_reports(
    campaign, player, otter
):
    campaign.report_confirmation = False
    campaign.save()
    body = correct(signed_in(player), otter, {"reputation": 1}).json()
    assert body["state"] == "applied"
    otter.refresh_from_db()
    assert otter.reputation == 1


def test_the_opponent_gets_403_and_a_stranger_404(other_player, stranger, player, otter):
    assert correct(signed_in(other_player), otter, {"reputation": 1}).status_code == 403
    assert correct(signed_in(stranger), otter, {"reputation": 1}).status_code == 404
    waiting = correct(signed_in(player), otter, {"reputation": 1}).json()
    assert confirm(signed_in(player), waiting["id"]).status_code == 403  # not the owner's
    assert confirm(signed_in(other_player), waiting["id"]).status_code == 403
    assert confirm(signed_in(stranger), waiting["id"]).status_code == 404
    assert Correction.objects.get().state == "awaiting"


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"name": "Otter"}, "name", "cannot be corrected"),
        ({"reputation": 7}, "reputation", "Reputation is 1 to 5, not 7"),
        ({"reputation": "3"}, "reputation", "whole number"),
        ({"melee_increase": 1, "shooting_increase": 1}, "melee_increase", "1 attribute"),
        ({"skills": ["marksman"]}, "skills", "skill lists"),
        ({"injuries": ["sore_feet"]}, "injuries", "not an injury kept"),
        ({"experience": 3}, "experience", "Experience level is 11 to"),
        ({"kit": ["bow", "bow"]}, "kit", "once at most"),
        ({"kit": ["rifle"]}, "kit", "no 'rifle'"),
        ({"injuries": ["arm_amputated"]}, "kit", "cannot carry the Bow"),
        ({"reputation": 2}, "changes", "Nothing to correct"),
        ({}, "changes", "Give the fields"),
    ],
)
def test_a_bad_field_or_value_is_400_naming_it_and_saves_nothing(
    organiser, otter, changes, field, words
):
    response = correct(signed_in(organiser), otter, changes)
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == field and words in error["message"], error
    assert not Correction.objects.exists() and not Activity.objects.filter(kind="correction")


def test_a_reason_is_required(organiser, otter):
    response = correct(signed_in(organiser), otter, {"reputation": 1}, reason="  ")
    assert response.status_code == 400
    assert not Correction.objects.exists()


def test_a_kit_correction_takes_away_and_adds_pieces_without_moving_money(
    organiser, otter, war_party
):
    treasury = war_party.treasury
    body = correct(signed_in(organiser), otter, {"kit": ["musket"]}).json()
    assert (body["before"], body["after"]) == ({"kit": ["bow"]}, {"kit": ["musket"]})
    assert list(EquipmentPiece.objects.filter(figure=otter).values_list("key", flat=True)) == [
        "musket"
    ]
    war_party.refresh_from_db()
    assert war_party.treasury == treasury


def test_a_confirmation_after_the_figure_changed_is_409_and_applies_nothing(
    player, organiser, otter
):
    waiting = correct(signed_in(player), otter, {"reputation": 1}).json()
    correct(signed_in(organiser), otter, {"reputation": 3})
    response = confirm(signed_in(organiser), waiting["id"])
    assert response.status_code == 409
    otter.refresh_from_db()
    assert otter.reputation == 3


# -- the figure's state (C30: alive, dead, captive, missing) ------------------------------------


def test_the_organiser_corrects_a_figure_to_dead_and_its_kit_goes_to_storage(
    organiser, otter, war_party
):
    bow = EquipmentPiece.objects.get(figure=otter)
    response = correct(signed_in(organiser), otter, {"state": "dead"}, reason="Died in game 3")
    assert response.status_code == 201
    body = response.json()
    assert (body["before"], body["after"], body["state"]) == (
        {"state": "alive"}, {"state": "dead"}, "applied",
    )  # fmt: skip
    otter.refresh_from_db()
    assert otter.state == "dead" and not otter.on_roster
    bow.refresh_from_db()
    assert bow.in_storage and bow.warband == war_party  # C28
    assert Activity.objects.get(kind="correction").text == (
        "organiser corrected Swift Otter of Magalakutway: state alive → dead (what it carried "
        "goes to the warband's storage). Why: Died in game 3"
    )


@pytest.mark.parametrize(
    ("word", "state"), [("captive", "captured"), ("missing", "misses_next_game")]
)
def test_each_state_of_the_ruling_sets_the_figures_state(organiser, otter, word, state):
    assert correct(signed_in(organiser), otter, {"state": word}).status_code == 201
    otter.refresh_from_db()
    assert otter.state == state


def test_a_figure_corrected_back_to_alive_has_no_ransom_standing(organiser, otter):
    otter.state, otter.ransom_offer = "captured", 20
    otter.save()
    body = correct(signed_in(organiser), otter, {"state": "alive"}).json()
    assert (body["before"], body["after"]) == ({"state": "captive"}, {"state": "alive"})
    otter.refresh_from_db()
    assert (otter.state, otter.ransom_offer) == ("active", None)


def test_a_state_outside_the_ruling_is_400_naming_the_state(organiser, otter):
    response = correct(signed_in(organiser), otter, {"state": "sold"})
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == "state" and "alive, dead, captive, missing" in error["message"]
    otter.refresh_from_db()
    assert otter.state == "active"


def test_the_owners_state_correction_waits_and_confirms_like_any_other(player, organiser, otter):
    waiting = correct(signed_in(player), otter, {"state": "missing"}).json()
    assert waiting["state"] == "awaiting"
    otter.refresh_from_db()
    assert otter.state == "active"
    assert confirm(signed_in(organiser), waiting["id"]).status_code == 200
    otter.refresh_from_db()
    assert otter.state == "misses_next_game"
