"""The battle sheet's services: starting, the turn and the initiative, the calculators applied
to the sheet (a hit is a wound and calls for the last wound, C23), the morale checks at 20 and
40% losses (C24), corrections by hand, filing the report and abandoning.

Magalakutway (the player's) v The 44th Foot Patrol (the other player's), as in games_support.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from campaign import services
from campaign.errors import CampaignError
from campaign.models import Battle, GameReport, TableLog
from campaign.rules.table import TableError
from campaign.services import battle_rolls as rolls
from campaign.services import battles
from campaign.services.battles import BattleError
from tests.campaign.battle_support import fid, line, start
from tests.factories import UserFactory, member


@pytest.fixture
def battle(campaign, player, war_party, patrol):
    return start(campaign, war_party, patrol, player)


def shoot(battle, actor, shooter, target, dice, **options):
    options.setdefault("at_range", "short")
    return rolls.battle_shoot(battle=battle, actor=actor, shooter=shooter, target=target,
                                dice=dice, **options)  # fmt: skip


# --- starting ----------------------------------------------------------------------------------


def test_a_battle_gives_every_active_figure_of_both_warbands_a_line(battle, war_party, patrol):
    assert battle.figures.count() == 12
    assert {line.state for line in battle.figures.all()} == {"ok"}
    assert battle.turn == 1
    assert battle.log.get().text.endswith("the battle starts, turn 1.")


def test_a_warband_plays_one_battle_at_a_time(battle, campaign, player, war_party, patrol):
    with pytest.raises(BattleError) as error:
        start(campaign, war_party, patrol, player)
    assert "already playing" in error.value.message


def test_only_the_two_players_or_the_organiser_start_a_battle(campaign, war_party, patrol):
    third = member(campaign, UserFactory(username="third"))
    with pytest.raises(PermissionDenied):
        start(campaign, war_party, patrol, third)
    assert Battle.objects.count() == 0


def test_a_warband_does_not_fight_itself(campaign, player, war_party):
    with pytest.raises(BattleError) as error:
        battles.battle_start(campaign=campaign, actor=player, warband_a=war_party.id,
                             warband_b=war_party.id)  # fmt: skip
    assert error.value.field == "warband_b"


# --- the turn ----------------------------------------------------------------------------------


def test_the_initiative_goes_to_the_higher_d6_and_a_tie_is_rolled_again(battle, player, patrol):
    battle = battles.battle_initiative(battle=battle, actor=player, dice=[2, 2])
    assert battle.initiative is None
    assert "a tie, roll again" in battle.log.last().text
    battle = battles.battle_initiative(battle=battle, actor=player, dice=[2, 5])
    assert battle.initiative == patrol
    battle = battles.battle_choose_order(battle=battle, actor=player, first=False)
    assert battle.goes_first_id != patrol.id
    assert battle.log.last().text.startswith("The 44th Foot Patrol goes last")


def test_the_next_turn_asks_every_figure_down_for_its_d6_again(battle, player, war_party, patrol):
    shoot(battle, player, fid(war_party, "Grey Wolf"), fid(patrol, "Pte. Abbott"), [6, 6])
    rolls.battle_last_wound(battle=battle, actor=player, figure=fid(patrol, "Pte. Abbott"),
                              dice=[3])  # fmt: skip
    assert line(battle, "Pte. Abbott").last_wound_due is False
    battle = battles.battle_next_turn(battle=battle, actor=player)
    assert battle.turn == 2 and battle.initiative is None
    assert line(battle, "Pte. Abbott").last_wound_due is True
    assert "Down, rolling again this turn: Pte. Abbott." in battle.log.last().text


# --- the calculators on the sheet --------------------------------------------------------------


def test_a_hit_wounds_the_target_and_calls_for_its_last_wound(battle, player, war_party, patrol):
    version = battle.version
    rolled = shoot(battle, player, fid(war_party, "Grey Wolf"), fid(patrol, "Pte. Abbott"), [4, 3])
    assert rolled.roll.hit
    abbott, wolf = line(battle, "Pte. Abbott"), line(battle, "Grey Wolf")
    assert (abbott.wounds_taken, abbott.last_wound_due) == (1, True)
    assert abbott.wounded_by_id == wolf.figure_id
    assert wolf.wounds_inflicted == 1
    entry = TableLog.objects.get(battle=battle, kind="shooting")
    assert (entry.turn, entry.faces, entry.typed_in, entry.result) == (1, [4, 3], True, "hit")
    battle.refresh_from_db()
    assert battle.version > version


def test_a_miss_changes_no_figure(battle, player, war_party, patrol):
    shoot(battle, player, fid(war_party, "Grey Wolf"), fid(patrol, "Pte. Abbott"), [1, 2])
    assert line(battle, "Pte. Abbott").wounds_taken == 0
    assert line(battle, "Grey Wolf").wounds_inflicted == 0


def test_the_last_wound_sets_the_state_and_who_put_the_figure_down(
    battle, player, war_party, patrol
):
    shoot(battle, player, fid(war_party, "Grey Wolf"), fid(patrol, "Pte. Abbott"), [6, 6])
    rolled = rolls.battle_last_wound(battle=battle, actor=player,
                                       figure=fid(patrol, "Pte. Abbott"), dice=[6])  # fmt: skip
    assert rolled.roll.result == "out_of_action"
    abbott = line(battle, "Pte. Abbott")
    assert (abbott.state, abbott.put_down_by.name) == ("out_of_action", "Grey Wolf")
    with pytest.raises(BattleError):
        rolls.battle_last_wound(battle=battle, actor=player, figure=abbott.figure_id, dice=[1])


def test_a_flesh_wound_fights_on_at_minus_one_per_wound(battle, player, war_party, patrol):
    wolf, abbott = fid(war_party, "Grey Wolf"), fid(patrol, "Pte. Abbott")
    shoot(battle, player, abbott, wolf, [6, 6])
    rolls.battle_last_wound(battle=battle, actor=player, figure=wolf, dice=[1])
    assert line(battle, "Grey Wolf").state == "flesh_wound"
    rolled = shoot(battle, player, wolf, abbott, [1, 1])
    assert ("1 wound taken", -1) in [(m.reason, m.value) for m in rolled.calc.modifiers]


def test_the_api_reads_wounds_from_the_battle_the_figure_is_playing(
    battle, player, war_party, patrol
):
    from tests.campaign.games_support import signed_in

    wolf, abbott = fid(war_party, "Grey Wolf"), fid(patrol, "Pte. Abbott")
    shoot(battle, player, abbott, wolf, [6, 6])
    rolls.battle_last_wound(battle=battle, actor=player, figure=wolf, dice=[1])
    answer = signed_in(player).post("/api/tables/shooting/", {"shooter": wolf, "range": "short",
                                    "dice": [3, 3]}, format="json").json()  # fmt: skip
    assert {"reason": "1 wound taken", "value": -1} in answer["modifiers"]


def test_a_figure_down_can_neither_shoot_nor_be_shot(battle, player, war_party, patrol):
    wolf, abbott = fid(war_party, "Grey Wolf"), fid(patrol, "Pte. Abbott")
    shoot(battle, player, wolf, abbott, [6, 6])
    rolls.battle_last_wound(battle=battle, actor=player, figure=abbott, dice=[4])
    with pytest.raises(TableError) as error:
        shoot(battle, player, wolf, abbott, [6, 6])
    assert error.value.field == "target"


def test_the_loser_of_a_melee_takes_a_wound(battle, player, war_party, patrol):
    fox, pike = fid(war_party, "Quiet Fox"), fid(patrol, "Sgt. Pike")
    rolled = rolls.battle_melee(battle=battle, actor=player, attacker=fox, defender=pike,
                                  dice=[1, 1, 5, 5])  # fmt: skip
    assert rolled.roll.result == "attacker_wounds"
    assert line(battle, "Quiet Fox").wounds_taken == 1
    assert line(battle, "Sgt. Pike").wounds_inflicted == 1


def test_a_morale_check_at_20_percent_is_prompted_until_it_is_taken(
    battle, player, war_party, patrol
):
    from campaign.selectors.battles import battle_sheet

    wolf = fid(war_party, "Grey Wolf")
    for private in ("Pte. Abbott", "Pte. Bell"):
        shoot(battle, player, wolf, fid(patrol, private), [6, 6])
        rolls.battle_last_wound(battle=battle, actor=player, figure=fid(patrol, private),
                                  dice=[3])  # fmt: skip
    patrol_side = battle_sheet(battle)[1]
    assert (patrol_side.losses.lost, patrol_side.losses.percent) == (2, 33)
    assert patrol_side.check_due == 20
    assert patrol_side.leader.figure.name == "Lt. Harcourt"
    rolls.battle_morale(battle=battle, actor=player, figure=patrol_side.leader.figure.id,
                          modifiers=["losses_20"], dice=[5, 5], check=20)  # fmt: skip
    battle.refresh_from_db()
    assert battle.checked_b == 20
    assert battle_sheet(battle)[1].check_due is None


def test_figures_not_in_the_battle_are_refused(battle, player, campaign, war_party):
    from tests.factories import founded_war_party

    others = founded_war_party(campaign, player, name="Others")
    with pytest.raises(BattleError) as error:
        shoot(battle, player, fid(others, "Grey Wolf"), None, [3, 3])
    assert error.value.field == "shooter"


# --- by hand -----------------------------------------------------------------------------------


def test_a_correction_by_hand_is_logged_with_what_changed(battle, player, war_party, patrol):
    battles.battle_set_figure(battle=battle, actor=player, figure=fid(war_party, "Running Elk"),
                              state="ok", wounds_taken=0, wounds_inflicted=1, scalps=1,
                              put_down_by=None)  # fmt: skip
    entry = battle.log.last()
    assert entry.text == "Running Elk: wounds inflicted 0 → 1; scalps 0 → 1 (by hand)."


def test_a_change_by_hand_names_the_logged_roll_it_overrides(battle, player, war_party, patrol):
    """C22 at the table: a logged roll is never taken back silently."""
    abbott = fid(patrol, "Pte. Abbott")
    shoot(battle, player, fid(war_party, "Grey Wolf"), abbott, [6, 6])
    rolls.battle_last_wound(battle=battle, actor=player, figure=abbott, dice=[3])
    assert line(battle, "Pte. Abbott").state == "down"
    battles.battle_set_figure(battle=battle, actor=player, figure=abbott, state="ok",
                              wounds_taken=0, wounds_inflicted=0, scalps=0)  # fmt: skip
    text = battle.log.last().text
    assert text.startswith("Pte. Abbott: ")
    assert text.endswith(
        "(by hand, over the last-wound roll of turn 1 (D6 3, typed in, player), taking back "
        "1 wound(s) the dice dealt)."
    )


def test_regulars_take_no_scalps(battle, player, patrol):
    with pytest.raises(BattleError) as error:
        battles.battle_set_figure(
            battle=battle, actor=player, figure=fid(patrol, "Sgt. Pike"), state="ok",
            wounds_taken=0, wounds_inflicted=0, scalps=1,
        )  # fmt: skip
    assert (error.value.field, error.value.rule) == ("scalps", "C25")


def test_put_down_by_is_a_figure_of_the_other_side(battle, player, war_party):
    with pytest.raises(BattleError) as error:
        battles.battle_set_figure(battle=battle, actor=player, figure=fid(war_party, "Red Hawk"),
                                  state="down", wounds_taken=1, wounds_inflicted=0, scalps=0,
                                  put_down_by=fid(war_party, "Grey Wolf"))  # fmt: skip
    assert error.value.field == "put_down_by"


# --- the end -----------------------------------------------------------------------------------


def test_filing_makes_the_game_report_for_the_opponent_to_confirm(
    battle, player, other_player, war_party, patrol
):
    wolf, otter = fid(war_party, "Grey Wolf"), fid(war_party, "Swift Otter")
    abbott, bell = fid(patrol, "Pte. Abbott"), fid(patrol, "Pte. Bell")
    shoot(battle, player, wolf, abbott, [6, 6])
    rolls.battle_last_wound(battle=battle, actor=player, figure=abbott, dice=[6])
    shoot(battle, player, bell, otter, [6, 6])
    rolls.battle_last_wound(battle=battle, actor=player, figure=otter, dice=[1])
    report = battles.battle_file(battle=battle, actor=player, winner=war_party.id)
    assert report.status == GameReport.Status.PENDING
    lines = {line.figure.name: line for line in report.figures.select_related("figure")}
    assert (lines["Pte. Abbott"].outcome, lines["Grey Wolf"].wounds_inflicted) == (
        "out_of_action", 1)  # fmt: skip
    assert lines["Swift Otter"].outcome == "ok"  # a flesh wound ends the game standing
    battle.refresh_from_db()
    assert (battle.status, battle.report) == ("filed", report)
    services.game_confirm(game=report, actor=other_player)
    assert report.postgames.count() == 2
    with pytest.raises(BattleError):
        battles.battle_next_turn(battle=battle, actor=player)


def test_an_abandoned_battle_frees_both_warbands(battle, campaign, player, war_party, patrol):
    battles.battle_abandon(battle=battle, actor=player)
    assert Battle.objects.get(pk=battle.pk).status == "abandoned"
    assert GameReport.objects.count() == 0
    assert start(campaign, war_party, patrol, player).is_on


def test_a_member_who_plays_neither_side_cannot_roll(battle, campaign, war_party, patrol):
    third = member(campaign, UserFactory(username="third"))
    with pytest.raises(PermissionDenied):
        shoot(battle, third, fid(war_party, "Grey Wolf"), fid(patrol, "Pte. Abbott"), [3, 3])
    assert not TableLog.objects.filter(kind="shooting").exists()


def test_the_suggested_winner_is_the_side_whose_enemy_routed(battle, player, war_party, patrol):
    for private in ("Pte. Abbott", "Pte. Bell", "Pte. Cole"):
        battles.battle_set_figure(battle=battle, actor=player, figure=fid(patrol, private),
                                  state="out_of_action", wounds_taken=1, wounds_inflicted=0,
                                  scalps=0)  # fmt: skip
    assert battles.suggested_winner(battle) == war_party.id


def test_the_report_says_who_put_each_figure_down(battle, player, war_party, patrol):
    wolf, abbott = fid(war_party, "Grey Wolf"), fid(patrol, "Pte. Abbott")
    shoot(battle, player, wolf, abbott, [6, 6])
    rolls.battle_last_wound(battle=battle, actor=player, figure=abbott, dice=[4])
    report = battles.battle_file(battle=battle, actor=player, winner=None)
    line = report.figures.get(figure_id=abbott)
    assert (line.outcome, line.put_down_by_id) == ("down", wolf)  # C17


def test_a_closed_campaign_refuses_the_sheets_rolls(battle, campaign, player, war_party, patrol):
    campaign.closed_at = timezone.now()
    campaign.save()
    with pytest.raises(CampaignError) as error:
        shoot(battle, player, fid(war_party, "Grey Wolf"), fid(patrol, "Pte. Abbott"), [3, 3])
    assert "is closed" in error.value.message
    assert not TableLog.objects.filter(kind="shooting").exists()
