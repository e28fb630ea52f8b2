"""Chases that feed the campaign (P14): starting a Pelts chase between two warbands with their
rowers named from the rosters, and filing it as a game report (wounded or lost rowers down,
the chase's winner the report's)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from campaign.models import CampaignChase, GameReport
from campaign.services import chases
from campaign.services.chases import ChaseError
from chase.models import GameSession
from tests.campaign.battle_support import fid
from tests.factories import UserFactory, member

TRAPPERS = ["Grey Wolf", "Swift Otter"]
INDIANS = [["Lt. Harcourt", "Sgt. Pike"], ["Pte. Abbott", "Pte. Bell"]]


def rowers(war_party, patrol) -> dict:
    """The player's war party paddles the trappers' canoe, the patrol the two Indian canoes."""
    return {
        "trapper": [[fid(war_party, n) for n in TRAPPERS]],
        "indian": [[fid(patrol, n) for n in pair] for pair in INDIANS],
    }


@pytest.fixture
def chase(campaign, player, war_party, patrol):
    return chases.chase_start(
        campaign=campaign, actor=player, trappers=war_party.id, indians=patrol.id,
        rowers=rowers(war_party, patrol), river="short",
    )  # fmt: skip


def finish(chase, winner: str, fates: dict) -> None:
    """End the chase as the engine would: a winner, and rowers' fates by (side, canoe, seat)."""
    session = chase.session
    for (side, canoe, seat), fate in fates.items():
        session.state["canoes"][side][canoe]["rowers"][seat] = fate
    session.status, session.winner = GameSession.Status.FINISHED, winner
    session.save()


def test_a_chase_is_a_pelts_session_with_the_rowers_named(chase, war_party, patrol):
    session = chase.session
    assert (session.kind, session.mode) == ("pelts", "solo")
    assert session.options["trapper_canoes"] == 1 and session.options["indian_canoes"] == 2
    assert session.options["layout"] == ["straight", "bend", "straight"]
    seats = {s.role: s.kind for s in session.seats.all()}
    assert seats == {"trapper": "human", "indian": "computer"}  # solo: the player's side
    assert chase.rowers == rowers(war_party, patrol)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        pytest.param({"trapper": [["Grey Wolf"]]}, "rowers.trapper", id="P14-two-per-canoe"),
        pytest.param({"trapper": [["Grey Wolf", "Grey Wolf"]]}, "rowers.trapper",
                     id="P14-each-rower-once"),
        pytest.param({"trapper": [["Grey Wolf", "Sgt. Pike"]]}, "rowers.trapper",
                     id="P14-rowers-from-the-sides-roster"),
        pytest.param({"trapper": [["Grey Wolf", "Swift Otter"]] * 3}, "rowers.trapper",
                     id="P2-at-most-two-trapper-canoes"),
    ],
)  # fmt: skip
def test_rowers_are_two_per_canoe_from_the_sides_roster(
    campaign, player, war_party, patrol, change, field
):
    names = {"trapper": [TRAPPERS], "indian": INDIANS} | change
    by_name = {**{f.name: f.id for f in war_party.figures.all()},
               **{f.name: f.id for f in patrol.figures.all()}}  # fmt: skip
    asked = {side: [[by_name[n] for n in pair] for pair in pairs] for side, pairs in names.items()}
    with pytest.raises(ChaseError) as error:
        chases.chase_start(campaign=campaign, actor=player, trappers=war_party.id,
                           indians=patrol.id, rowers=asked)  # fmt: skip
    assert error.value.field == field
    assert not CampaignChase.objects.exists() and not GameSession.objects.exists()


def test_a_player_plays_their_own_side(campaign, player, war_party, patrol):
    with pytest.raises(ChaseError) as error:
        chases.chase_start(campaign=campaign, actor=player, trappers=war_party.id,
                           indians=patrol.id, rowers=rowers(war_party, patrol),
                           play_as="indian")  # fmt: skip
    assert error.value.field == "play_as"


def test_a_member_of_neither_warband_cannot_start_it(campaign, war_party, patrol):
    third = member(campaign, UserFactory(username="third"))
    with pytest.raises(PermissionDenied):
        chases.chase_start(campaign=campaign, actor=third, trappers=war_party.id,
                           indians=patrol.id, rowers=rowers(war_party, patrol))  # fmt: skip


def test_a_chase_is_filed_only_once_it_is_over(chase, player):
    with pytest.raises(ChaseError):
        chases.chase_file_report(chase=chase, actor=player)
    assert not GameReport.objects.exists()


def test_wounded_or_lost_rowers_are_down_and_the_chases_winner_wins(
    chase, player, other_player, war_party, patrol
):
    finish(chase, "indian", {("trapper", 0, 0): "wounded", ("trapper", 0, 1): "lost",
                             ("indian", 1, 0): "wounded"})  # fmt: skip
    report = chases.chase_file_report(chase=chase, actor=player)
    assert report.status == GameReport.Status.PENDING
    assert report.winner == patrol
    lines = {line.figure.name: line for line in report.figures.select_related("figure")}
    assert set(lines) == {*TRAPPERS, "Lt. Harcourt", "Sgt. Pike", "Pte. Abbott", "Pte. Bell"}
    assert (lines["Grey Wolf"].outcome, lines["Swift Otter"].outcome) == ("down", "down")
    assert lines["Pte. Abbott"].outcome == "down"
    assert lines["Lt. Harcourt"].outcome == "ok"
    # Each rower down is a wound inflicted by the other side (C29): two for the patrol, one
    # for the war party.
    assert sum(lines[n].wounds_inflicted for n in TRAPPERS) == 1
    assert sum(line.wounds_inflicted for n, line in lines.items() if n not in TRAPPERS) == 2
    chase.refresh_from_db()
    assert chase.report == report
    assert chases.chase_file_report(chase=chase, actor=player) == report  # once


def test_the_trappers_escaping_win_the_report(chase, player, war_party):
    finish(chase, "trapper", {})
    report = chases.chase_file_report(chase=chase, actor=player)
    assert report.winner == war_party
    assert {line.outcome for line in report.figures.all()} == {"ok"}
