"""The chronicle tells each game from the records: the demo campaign's played game, with the
figures it changed, each statement linked to its record."""

from __future__ import annotations

import datetime

from django.urls import reverse

from campaign.demo import load_demo
from campaign.models import Figure, GameReport, LedgerEntry, PostGame, RatingPoint
from campaign.selectors.chronicle import campaign_chronicle, chronicle_entry


def test_the_demo_chronicle_tells_its_played_game_with_the_figures_it_changed(db):
    campaign = load_demo()
    [entry] = campaign_chronicle(campaign)
    game = GameReport.objects.get()
    assert entry.game_id == game.id
    assert entry.date == datetime.date(2025, 5, 3)
    assert entry.title == "Magalakutway v The 44th Foot Patrol"
    assert [(s.warband_name, s.player_name, s.result) for s in entry.sides] == [
        ("Magalakutway", "alice", "won"),
        ("The 44th Foot Patrol", "bob", "lost"),
    ]
    said = {s.text for s in entry.statements}
    assert "Swift Otter went down: Leg wound." in said
    assert "Pte. Abbott went down: Nervous condition." in said
    assert "Red Hawk was put out of action but recovered fully." in said
    assert "Running Elk: shooting raised by 1." in said
    assert "Magalakutway bought a Musket for Swift Otter for £10." in said
    elk = Figure.objects.get(name="Running Elk")
    experience = next(s for s in entry.statements if s.kind == "experience" and elk.id in s.figures)
    assert "Running Elk +4 (30 → 34)" in experience.text
    assert dict(experience.experience)[elk.id] == elk.experience - 30


def test_each_statement_links_to_the_sequence_it_comes_from(db):
    campaign = load_demo()
    [entry] = campaign_chronicle(campaign)
    sequences = {reverse("postgame", args=[p.id]) for p in PostGame.objects.all()}
    assert entry.statements
    assert {s.url for s in entry.statements} <= sequences


def test_the_money_in_the_demo_entry_is_the_ledgers(db):
    campaign = load_demo()
    [entry] = campaign_chronicle(campaign)
    for warband_id in {s.warband_id for s in entry.statements if s.amount is not None}:
        told = sum(s.amount for s in entry.statements if s.warband_id == warband_id and s.amount)
        ledger = LedgerEntry.objects.filter(warband_id=warband_id, reason__startswith="Post-game")
        assert told == sum(line.amount for line in ledger)


def test_the_entry_of_one_game_is_its_place_in_the_campaigns_chronicle(db):
    load_demo()
    entry = chronicle_entry(GameReport.objects.get())
    assert entry.number == 1
    text = entry.as_text()
    assert text.startswith("Game 1, 3 May 2025: Magalakutway v The 44th Foot Patrol\n")
    assert "Magalakutway (alice) beat The 44th Foot Patrol (bob)." in text
    assert "- Swift Otter went down: Leg wound." in text


def test_the_league_after_the_demo_game_puts_the_winner_first_with_its_new_rating(
    db, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):  # the ratings job runs
        campaign = load_demo()
    [entry] = campaign_chronicle(campaign)
    moves = {m.warband_name: m for m in entry.league_after}
    winner, loser = moves["Magalakutway"], moves["The 44th Foot Patrol"]
    assert (winner.place_before, winner.place_after, winner.won) == (None, 1, 1)
    assert (loser.place_after, loser.lost) == (2, 1)
    points = {p.warband.name: p.rating for p in RatingPoint.objects.select_related("warband")}
    assert winner.rating_after == points["Magalakutway"]
    assert (winner.rating_before, loser.rating_before) == (200, 200)


# --- pivotal moments: the battle sheet's turning points ----------------------------------------


def test_a_battles_turning_points_are_the_leader_down_and_a_failed_morale_test(
    campaign, player, other_player, war_party, patrol
):
    from campaign import services
    from campaign.services import battle_rolls as rolls
    from campaign.services import battles
    from tests.campaign.battle_support import fid, start

    battle = start(campaign, war_party, patrol, player)
    wolf, harcourt = fid(war_party, "Grey Wolf"), fid(patrol, "Lt. Harcourt")
    abbott, bell = fid(patrol, "Pte. Abbott"), fid(patrol, "Pte. Bell")
    rolls.battle_shoot(battle=battle, actor=player, shooter=wolf, target=abbott,
                       at_range="short", dice=[6, 6])  # fmt: skip
    rolls.battle_last_wound(battle=battle, actor=player, figure=abbott, dice=[3])  # down
    rolls.battle_morale(battle=battle, actor=player, figure=bell, dice=[1, 1])  # fails
    rolls.battle_shoot(battle=battle, actor=player, shooter=wolf, target=harcourt,
                       at_range="short", dice=[6, 6])  # fmt: skip
    rolls.battle_last_wound(battle=battle, actor=player, figure=harcourt, dice=[6])  # out
    report = battles.battle_file(battle=battle, actor=player, winner=war_party.id)
    services.game_confirm(game=report, actor=other_player)

    entry = chronicle_entry(report)
    texts = [s.text for s in entry.pivotal]
    assert len(texts) == 2, texts  # Pte. Abbott down is no turning point: he led nobody
    assert texts[0].startswith("Turn 1: Pte. Bell of The 44th Foot Patrol fails a morale test")
    assert texts[1].startswith(
        "Turn 1: Lt. Harcourt, who led The 44th Foot Patrol, is put out of action"
    )
    assert {s.url for s in entry.pivotal} == {reverse("battle", args=[battle.id])}
    assert "Turning points:" in entry.as_text()
