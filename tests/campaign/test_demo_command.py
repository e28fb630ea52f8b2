"""The demo campaign of `make run` holds one played game with both sequences committed."""

from __future__ import annotations

from campaign.demo import load_demo
from campaign.models import Figure, GameReport, LedgerEntry, PostGame, Warband


def test_the_demo_holds_one_game_with_both_sequences_committed_even_loaded_twice(db):
    load_demo()
    load_demo()
    game = GameReport.objects.get()
    assert (game.warband_a.name, game.warband_b.name) == ("Magalakutway", "The 44th Foot Patrol")
    assert game.status == "confirmed"
    assert game.winner == game.warband_a
    assert list(PostGame.objects.values_list("status", flat=True)) == ["committed"] * 2
    assert Warband.objects.count() == 4
    assert LedgerEntry.objects.filter(reason__startswith="Post-game").count() == 3


def test_the_demo_rosters_show_what_the_sequences_changed(db):
    load_demo()
    otter = Figure.objects.get(name="Swift Otter")
    assert otter.injuries == ["leg_wound"]  # movement 6/3 → 5/2 (C14)
    assert otter.equipment.filter(key="musket").exists()  # bought in trading
    assert Figure.objects.get(name="Running Elk").experience == 34
    assert Figure.objects.get(name="Pte. Abbott").reputation == 1  # Nervous condition
    played = Warband.objects.filter(games_played=1).values_list("name", flat=True)
    assert sorted(played) == ["Magalakutway", "The 44th Foot Patrol"]
    assert Warband.objects.get(name="Rogers' Irregulars").games_played == 0
