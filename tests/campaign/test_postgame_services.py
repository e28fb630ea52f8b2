"""What commit writes (C22): figures, equipment moved, sold and bought at pinned prices,
recruits and hires as new rows, the treasury with a ledger line per money movement."""

from __future__ import annotations

import pytest

from campaign import services
from campaign.models import EquipmentPiece, Figure, LedgerEntry
from tests.campaign.games_support import (
    WAR_PARTY_INCOME,
    WAR_PARTY_SCRIPT,
    drive,
    figure,
)


def post_game_lines(warband):
    return list(LedgerEntry.objects.filter(warband=warband, reason__startswith="Post-game"))


def held(warband, name) -> list[tuple[str, int]]:
    return sorted(figure(warband, name).equipment.values_list("key", "price"))


@pytest.fixture
def traded(sequence, player, war_party):
    """Income of 19, then a trade of every kind; treasury 73 + 19 + 1 - 6 - 10 - 28 = 49."""
    ids = {f.name: str(f.id) for f in war_party.figures.all()}
    script = WAR_PARTY_SCRIPT[:-1] + [
        {"action": "sell", "item": "shield", "from": ids["Red Hawk"]},  # paid 3: +1 (C20)
        {"action": "store", "item": "lance", "from": ids["Little Bear"]},
        {"action": "recruit", "profile": "indians_green", "name": "Fox"},  # -6, id -1
        {"action": "give", "item": "lance", "from": "storage", "to": "-1"},
        {"action": "buy", "item": "musket", "to": ids["Swift Otter"]},  # -10
        {"action": "hire", "specialist": "scout", "name": "Walks Far"},  # -28 (C21), id -2
        "woodcraft",  # the scout's skill roll (C21): list, then D6
        [1],  # Brave
        {"action": "done"},
    ]
    sequence = drive(sequence, player, script)
    return services.postgame_commit(postgame=sequence, actor=player)


def test_the_treasury_moves_by_the_sequence_with_a_ledger_line_for_each_movement(traded, war_party):
    war_party.refresh_from_db()
    assert war_party.treasury == 49
    lines = post_game_lines(war_party)
    assert [line.amount for line in lines] == [WAR_PARTY_INCOME, 1, -6, -10, -28]
    assert sum(line.amount for line in lines) == 49 - 73
    assert [(line.before, line.after) for line in lines] == [
        (73, 92), (92, 93), (93, 87), (87, 77), (77, 49),
    ]  # fmt: skip
    assert "Sold Red Hawk's Shield (paid £3) for £1" in lines[1].reason
    assert all(line.actor.username == "player" for line in lines)


def test_equipment_is_moved_sold_and_bought_at_its_price(traded, war_party):
    assert held(war_party, "Red Hawk") == [("bow", 5)]
    assert held(war_party, "Little Bear") == []
    assert held(war_party, "Swift Otter") == [("bow", 5), ("musket", 10)]
    assert held(war_party, "Fox") == [("lance", 4)]
    assert not EquipmentPiece.objects.filter(warband=war_party, figure__isnull=True).exists()


def test_recruits_and_hires_become_figures(traded, war_party):
    fox = figure(war_party, "Fox")
    assert (fox.profile, fox.status, fox.experience_start, fox.experience) == (
        "indians_green", "green", 6, 6,
    )  # fmt: skip
    scout = figure(war_party, "Walks Far")
    assert (scout.specialist, scout.status, scout.experience_start) == ("scout", "veteran", 9)
    assert scout.skills == ["brave"]
    assert held(war_party, "Walks Far") == [("musket", 0), ("tomahawk", 0)]  # C21 kit
    assert traded.result["new_figures"] == {"-1": fox.id, "-2": scout.id}
    assert {f["id"] for f in traded.result["warband"]["figures"]} >= {fox.id, scout.id}


def test_the_new_rating_counts_what_commit_wrote(
    sequence, player, war_party, django_capture_on_commit_callbacks
):
    drive(sequence, player, WAR_PARTY_SCRIPT)
    with django_capture_on_commit_callbacks(execute=True):
        committed = services.postgame_commit(postgame=sequence, actor=player)
    war_party.refresh_from_db()
    assert war_party.rating == committed.result["rating"]  # C11


def test_a_dead_figure_leaves_the_roster_and_its_kit_goes_to_storage(sequence, player, war_party):
    bow = figure(war_party, "Swift Otter").equipment.get()
    drive(sequence, player, [[1, 1], *WAR_PARTY_SCRIPT[1:]])  # injury 11: Dead (C13)
    services.postgame_commit(postgame=sequence, actor=player)
    otter = figure(war_party, "Swift Otter")
    assert otter.state == "dead"
    assert otter.experience == 11  # C9: the dead gain nothing
    bow.refresh_from_db()
    assert bow.figure_id is None  # the same piece, at its price, now in storage


def test_an_arm_wound_can_keep_a_figure_out_of_the_next_game(sequence, player, war_party):
    drive(sequence, player, [[2, 2], [2, 3], [4], *WAR_PARTY_SCRIPT[2:]])  # C14: D6 4
    services.postgame_commit(postgame=sequence, actor=player)
    assert figure(war_party, "Red Hawk").state == "misses_next_game"


def test_a_treasury_change_made_meanwhile_is_kept(sequence, organiser, player, war_party):
    drive(sequence, player, WAR_PARTY_SCRIPT)
    services.treasury_change(
        warband=war_party, amount=5, reason="Organiser's correction: a lost coin", actor=organiser
    )
    services.postgame_commit(postgame=sequence, actor=player)
    war_party.refresh_from_db()
    assert war_party.treasury == 73 + 5 + WAR_PARTY_INCOME


def test_the_committed_sequence_keeps_its_answers_and_result(sequence, player):
    drive(sequence, player, WAR_PARTY_SCRIPT)
    committed = services.postgame_commit(postgame=sequence, actor=player)
    assert committed.status == "committed"
    assert committed.committed_by == player
    assert committed.committed_at is not None
    assert len(committed.answers) == len(WAR_PARTY_SCRIPT)
    assert committed.result["captives"] == []
    assert Figure.objects.filter(warband=sequence.warband, experience=12).count() == 4
