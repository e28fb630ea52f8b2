"""Two commits of one sequence at the same moment apply it once (C22): a double click, a
retry, two tabs. Real threads, each with its own database connection."""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from campaign import services
from campaign.models import PostGame, Warband
from tests.campaign.games_support import (
    WAR_PARTY_INCOME,
    WAR_PARTY_SCRIPT,
    drive,
    figure,
    file_battle,
    foot_patrol,
    sequence_of,
)


def commit_together(postgame_id: int, actor, times: int = 2) -> tuple[list, list]:
    """Start `times` commits of the same sequence at once; their results and errors."""
    barrier = threading.Barrier(times)
    results, errors = [], []

    def commit():
        try:
            barrier.wait(timeout=10)
            row = services.postgame_commit(postgame=PostGame(pk=postgame_id), actor=actor)
            results.append(row.status)
        except Exception as error:  # noqa: BLE001 - reported by the test
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=commit) for _ in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results, errors


@pytest.mark.django_db(transaction=True)
def test_two_commits_at_once_apply_the_sequence_once(campaign, player, other_player, war_party):
    patrol = foot_patrol(campaign, other_player)
    game = file_battle(campaign, war_party, patrol, player)
    services.game_confirm(game=game, actor=other_player)
    sequence = drive(sequence_of(game, war_party), player, WAR_PARTY_SCRIPT)

    results, errors = commit_together(sequence.id, player)

    assert errors == []
    assert results == ["committed", "committed"]
    lines = war_party.ledger.filter(reason__startswith="Post-game")
    assert [line.amount for line in lines] == [WAR_PARTY_INCOME]  # written once
    assert figure(war_party, "Running Elk").experience == 33  # 30 + 3, counted once (C9)
    assert figure(war_party, "Swift Otter").injuries == ["leg_wound"]
    warband = Warband.objects.get(pk=war_party.pk)
    assert (warband.treasury, warband.games_played) == (73 + WAR_PARTY_INCOME, 1)
