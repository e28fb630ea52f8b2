"""Benchmark the canoe ratings after one finished game, at about 2,000 rated races.

    .venv/bin/python bench/bench_canoe_ratings.py [--games 2000]

In a throwaway database (the test settings' SQLite): `--games` finished races of four canoes
(accounts among 60 players, and computer canoes: some solo races against three of them), built
with bulk_create from a real race's final state. Then one more race finishes, and the ratings
are brought up to date the old way (the whole race leaderboard rebuilt, as after every finished
game until now) and the new way (that one game applied to the current ratings). Prints the
seconds (wall and CPU) and SQL queries of each.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

PLAYERS = 60
CANOES = 4


def build(games: int, rng: random.Random):
    """`games` finished races, each with its seats and a last log row, in a few bulk queries."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from chase.models import ActionLog, GameSession, Seat
    from chase.services import sessions as services
    from tests.chase.ratings_helpers import _race_end

    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"paddler{n}") for n in range(PLAYERS)
    )
    start = services.session_create(kind="race", mode="multi", options={"canoes": CANOES})
    roles = [f"canoe-{n}" for n in range(1, CANOES + 1)]
    sessions, plans = [], []
    for _ in range(games):
        order = rng.sample(roles, CANOES)
        crossed = rng.randint(1, CANOES)
        state = _race_end(start.state, order[:crossed], order[crossed:][:1])
        solo = rng.random() < 0.3
        people = rng.sample(users, 1 if solo else rng.randint(2, CANOES))
        holders = people + ["computer"] * (CANOES - len(people))
        rng.shuffle(holders)
        plans.append(holders)
        sessions.append(
            GameSession(
                kind="race",
                mode="solo" if solo else "multi",
                options=start.options,
                state=state,
                status=GameSession.Status.FINISHED,
                winner=order[0],
                version=1,
            )
        )
    sessions = GameSession.objects.bulk_create(sessions, batch_size=500)
    now = timezone.now()
    Seat.objects.bulk_create(
        (
            Seat(
                session=session,
                role=role,
                position=n,
                kind=Seat.Kind.COMPUTER if holder == "computer" else Seat.Kind.HUMAN,
                user=None if holder == "computer" else holder,
                name="Computer" if holder == "computer" else holder.username,
                invite=None,
                taken_at=None if holder == "computer" else now,
            )
            for session, holders in zip(sessions, plans, strict=True)
            for n, (role, holder) in enumerate(zip(roles, holders, strict=True))
        ),
        batch_size=1000,
    )
    ActionLog.objects.bulk_create(
        (
            ActionLog(session=s, seq=1, action={"type": "decided"}, version_after=1)
            for s in sessions
        ),
        batch_size=1000,
    )
    return users, start


def one_more(users, start, rng: random.Random):
    """One more race, finished now: two accounts and two computer canoes."""
    from chase.models import ActionLog, GameSession, Seat
    from tests.chase.ratings_helpers import _race_end

    session = GameSession.objects.create(
        kind="race",
        mode="multi",
        options=start.options,
        state=_race_end(start.state, ["canoe-2", "canoe-1", "canoe-4"], []),
        status=GameSession.Status.FINISHED,
        winner="canoe-2",
        version=1,
    )
    ann, bob = rng.sample(users, 2)
    for n, holder in enumerate([ann, "computer", bob, "computer"], start=1):
        computer = holder == "computer"
        Seat.objects.create(
            session=session,
            role=f"canoe-{n}",
            position=n,
            kind=Seat.Kind.COMPUTER if computer else Seat.Kind.HUMAN,
            user=None if computer else holder,
            invite=None,
            taken_at=None if computer else session.created_at,
        )
    ActionLog.objects.create(session=session, seq=1, action={"type": "decided"}, version_after=1)
    return session


def measure(work):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        start, cpu = time.perf_counter(), time.process_time()
        result = work()
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return result, seconds, cpu, len(queries)


def main(games: int) -> None:
    from chase.services.ratings import ratings_game_finished, ratings_rebuild

    rng = random.Random(2004)
    users, start = build(games, rng)
    rated = ratings_rebuild(kind="race")
    print(f"canoe ratings at {rated} rated races ({games} finished), after one more race:")
    one_more(users, start, rng)
    _, before, cpu, before_queries = measure(lambda: ratings_rebuild(kind="race"))
    print(
        f"  before, the whole race leaderboard rebuilt:  {before:7.3f} s "
        f"({cpu:.3f} CPU-s), {before_queries} SQL queries",
        flush=True,
    )
    times, cpus, counts = [], [], []
    for _ in range(5):
        session = one_more(users, start, rng)
        outcome, seconds, cpu, queries = measure(
            lambda s=session: ratings_game_finished(session_id=s.pk)
        )
        assert outcome == "rated", outcome
        times.append(seconds)
        cpus.append(cpu)
        counts.append(queries)
    print(
        f"  after, that one race applied to the ratings: {statistics.median(times):7.3f} s "
        f"({statistics.median(cpus):.3f} CPU-s; medians of 5), {max(counts)} SQL queries",
        flush=True,
    )


if __name__ == "__main__":
    from run import django_ready

    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    django_ready()
    main(parser.parse_args().games)
