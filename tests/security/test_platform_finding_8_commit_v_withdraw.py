"""Finding 8: on PostgreSQL the commit of a post-game sequence and the organiser's withdraw of
the report at the same moment gave "deadlock detected" and PostGame.DoesNotExist 500s. Rows are
locked in one order (report, sequences, warbands); whoever loses the race gets a 409 with a
message (or a 404 when the sequence was already gone before it was even read), never a 500."""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections, connection
from rest_framework.test import APIClient

from campaign.models import GameReport, PostGame
from tests.campaign.games_support import (
    FOOT_PATROL_SCRIPT,
    drive,
    file_battle,
    foot_patrol,
    sequence_of,
)
from tests.factories import founded_war_party

ROUNDS = 6


def _client(user) -> APIClient:
    client = APIClient()
    client.raise_request_exception = False
    client.force_authenticate(user)
    return client


@pytest.mark.slow  # two threads racing on the database
@pytest.mark.django_db(transaction=True)
def test_finding_8_commit_and_withdraw_at_once_give_one_winner_and_a_409(
    campaign, organiser, player, other_player
):
    outcomes = []
    for _ in range(ROUNDS):
        # fresh warbands each round: a warband's games count in order (C22)
        war_party, patrol = founded_war_party(campaign, player), foot_patrol(campaign, other_player)
        game = file_battle(campaign, war_party, patrol, organiser)  # confirmed at once
        sequence = drive(sequence_of(game, patrol), other_player, FOOT_PATROL_SCRIPT)
        start, answers = threading.Barrier(2), {}

        def call(name, user, path, start=start, answers=answers):
            try:
                start.wait(5)
                answers[name] = _client(user).post(path)
            finally:
                connection.close()

        threads = [
            threading.Thread(
                target=call, args=("commit", other_player, f"/api/postgames/{sequence.id}/commit/")
            ),
            threading.Thread(
                target=call, args=("withdraw", organiser, f"/api/games/{game.id}/withdraw/")
            ),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        close_old_connections()
        commit, withdraw = answers["commit"], answers["withdraw"]
        game.refresh_from_db()
        if game.status == GameReport.Status.WITHDRAWN:
            assert withdraw.status_code == 200
            assert commit.status_code in (404, 409), commit.content
            assert not PostGame.objects.filter(game=game).exists()
            outcomes.append("withdrawn")
        else:
            assert commit.status_code == 200, commit.content
            assert withdraw.status_code == 409, withdraw.content
            assert "is committed" in withdraw.json()["detail"]
            assert PostGame.objects.get(pk=sequence.pk).status == PostGame.Status.COMMITTED
            outcomes.append("committed")
        if commit.status_code == 409:
            assert "withdrew this game report" in commit.json()["detail"]
    print("commit v withdraw:", outcomes)
