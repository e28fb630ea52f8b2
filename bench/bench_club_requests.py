"""The kinds of request a club night is made of, one at a time in-process: SQL queries, the
median wall time and the median CPU time of each (`make bench`'s `club-requests`).

    .venv/bin/python bench/bench_club_requests.py [--repeat 30]

A move (the seat's view, then the action, through the API; and from the table page), a table
poll that finds nothing new and one that finds a move, the API's version poll, the lobby (signed
in, its open games as its stream redraws them, the options of each game), and starting a game
across two browsers (created, joined). Run in a throwaway test database (SQLite in memory): the
queries are what a club server makes, the times what one request costs in Python without the
network. Wall time well above the CPU time is time spent waiting (on the database, on a lock,
or, on a busy machine, for a core). The caches are as on a club server: one shared by every
process (in memory here, Redis there), the sessions read from it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

from python_calls import cache_trips, call_tree, python_calls

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))


SHOW_QUERIES = False
PROFILE = ""  # the label (a part of it) of the kinds to profile (--profile)
TREE = ""  # the label (a part of it) of the kinds whose calls to show as a tree (--tree)


def measure(label: str, send, repeat: int, prepare=lambda: ()) -> None:
    """Run `send(*prepare())` `repeat` times (`prepare` untimed): the queries of a call once
    the cache is warm, and the medians."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    send(*prepare())  # the first: a cold cache (the cached parts are stored the second time)
    send(*prepare())
    ready = prepare()
    with CaptureQueriesContext(connection) as queries:
        send(*ready)
    count = len(queries)  # now: the next request empties the log
    statements = [query["sql"] for query in queries.captured_queries]
    calls = python_calls(send, *prepare())
    trips = cache_trips(send, *prepare())
    if SHOW_QUERIES:
        for sql in statements:
            print("      ", sql[:160])
    if PROFILE and PROFILE in label:
        profile(label, send, repeat, prepare)
    if TREE and TREE in label:
        print(f"--- {label}: the calls under each function, inclusive")
        for level, count, name in call_tree(send, *prepare()):
            print(f"  {'  ' * level}{count:6d} {name}")
    walls, cpus = [], []
    for _ in range(repeat):
        ready = prepare()
        wall, cpu = time.perf_counter(), time.process_time()
        send(*ready)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    print(
        f"  {label:44} {count:3d} queries {trips:2d} to Redis {calls:7d} calls  "
        f"wall {statistics.median(walls) * 1000:6.1f} ms  "
        f"CPU {statistics.median(cpus) * 1000:6.1f} ms",
        flush=True,
    )


def profile(label: str, send, repeat: int, prepare) -> None:
    """cProfile's busiest functions (their own time, then with what they call) over `repeat`
    calls of `send`."""
    import cProfile
    import pstats

    profiler = cProfile.Profile(time.process_time)
    for _ in range(repeat):
        ready = prepare()
        profiler.enable()
        send(*ready)
        profiler.disable()
    print(f"--- {label}: {repeat} calls", flush=True)
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(int(os.environ.get("PROFILE_LINES", 45)))


def busy_lobby(player, other) -> None:
    """What a club member's lobby lists after a few nights: 30 finished games of theirs (solo
    races played to the end by the computer) and 20 games waiting for a player."""
    from chase.games import get_engine
    from chase.models import GameSession
    from chase.services import sessions as services

    engine = get_engine("race")
    for _ in range(30):
        game = services.session_create(
            kind="race", mode="solo", options={}, user=player, play_as="canoe-1"
        )
        seat = game.seats.get(role="canoe-1")
        services.seat_take(seat=seat, user=player)
        while game.status != GameSession.Status.FINISHED:
            action = engine.computer_action(game.state, "canoe-1", services.new_chance())
            game = services.session_act(
                session_id=game.pk, token=seat.token, version=game.version, action=action
            )
    for _ in range(20):
        services.session_create(
            kind="pelts", mode="multi", options={}, user=other, creator_sits=True
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--queries", action="store_true", help="print each request's SQL")
    parser.add_argument("--profile", default="", help="cProfile the kinds whose label has this")
    parser.add_argument(
        "--tree", default="", help="the calls under each function of the kinds whose label has this"
    )
    args = parser.parse_args()
    global SHOW_QUERIES, PROFILE, TREE
    SHOW_QUERIES, PROFILE, TREE = args.queries, args.profile, args.tree
    from run import django_ready

    django_ready()
    from django.test.utils import override_settings

    # As on a club server: one cache for every process (Redis there), the sessions read from it.
    shared = {
        alias: {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": alias}
        for alias in ("default", "template_fragments", "versions", "sessions", "users")
    }
    club = override_settings(
        CACHES=shared,
        SESSION_ENGINE="django.contrib.sessions.backends.cached_db",
        SESSION_CACHE_ALIAS="sessions",
    )
    club.enable()
    import random

    from django.contrib.auth import get_user_model
    from django.test import Client

    from chase.engines.chance import RandomChance
    from chase.games import get_engine, kinds
    from chase.models import GameSession
    from chase.services import sessions as services

    # Seeded dice, so that every run plays the same games and a request's Python calls compare
    # between runs and between versions of the code.
    dice = random.Random(1)
    services.new_chance = lambda: RandomChance(dice.randrange(2**32))

    User = get_user_model()
    alice, bob = User.objects.create_user("alice"), User.objects.create_user("bob")
    browsers = {}
    for user in (alice, bob):
        browsers[user] = Client()
        browsers[user].force_login(user)
    a, b = browsers[alice], browsers[bob]
    htmx = {"HTTP_HX_REQUEST": "true"}

    def start(kind: str = "race") -> tuple[int, str, str]:
        """A game across two browsers: two people, the computer at any other seat."""
        engine = get_engine(kind)
        computers = engine.roles(engine.clean_options({}))[2:]
        body = {"kind": kind, "mode": "multi", "options": {}, "computer_seats": computers}
        created = a.post("/api/sessions/", body, "application/json").json()
        mine = next(s for s in created["seats"] if s["token"])
        invite = next(s for s in created["seats"] if s["join_url"])["join_url"]
        joined = b.post(
            f"/api/sessions/{created['id']}/join/",
            {"invite": invite.rstrip("/").split("/")[-1]},
            "application/json",
        ).json()
        return created["id"], mine["token"], joined["token"]

    def hold(session_id: int, token_a: str, token_b: str) -> None:
        """Each browser keeps its seat in its session, as the table page does."""
        a.get(f"/play/{session_id}/?seat={token_a}")
        b.get(f"/play/{session_id}/?seat={token_b}")

    print(f"one request at a time, {args.repeat} times each (queries: the third, the cache warm):")
    session_id, token_a, token_b = start()
    hold(session_id, token_a, token_b)
    tokens = {token_a: a, token_b: b}

    def to_play():
        """The seat to play now (a new game when this one is over): its token, browser, view."""
        nonlocal session_id, tokens
        if GameSession.objects.get(pk=session_id).status == GameSession.Status.FINISHED:
            new_id, ta, tb = start()
            hold(new_id, ta, tb)
            session_id, tokens = new_id, {ta: a, tb: b}
        for token, client in tokens.items():
            view = client.get(f"/api/sessions/{session_id}/view/?seat={token}").json()
            if view["legal_actions"]:
                return token, client, view
        raise RuntimeError(f"nobody to play: {view}")

    def view(token, client, _):
        client.get(f"/api/sessions/{session_id}/view/?seat={token}")

    def action(token, client, view):
        body = {"seat": token, "version": view["version"], "action": view["legal_actions"][0]}
        client.post(f"/api/sessions/{session_id}/actions/", body, "application/json")

    def table_action(token, client, view):
        form = {"role": view["role"], "version": view["version"]}
        form["action"] = json.dumps(view["legal_actions"][0])
        client.post(f"/play/{session_id}/act/", form, **htmx)

    measure("a move: the seat's view (API)", view, args.repeat, to_play)
    # As the club night's browsers ask it: with the account's API token.
    from rest_framework.authtoken.models import Token

    keys = {}

    def view_with_token(token, client, _):
        user = client.session.get("_auth_user_id")
        if user not in keys:
            keys[user] = Token.objects.get_or_create(user_id=user)[0].key
        client.get(
            f"/api/sessions/{session_id}/view/?seat={token}",
            HTTP_AUTHORIZATION=f"Token {keys[user]}",
        )

    measure("a move: the seat's view (API, a token)", view_with_token, args.repeat, to_play)

    def first_sight():
        """The account new to this process (a worker's first request of each player, or the
        first after their account changed): the token and the account read from the database."""
        from django.core.cache import caches

        ready = to_play()
        caches["users"].clear()
        return ready

    measure("the same, the account new to the process", view_with_token, args.repeat, first_sight)
    measure("a move: the action (API)", action, args.repeat, to_play)
    measure("a move from the table page (HTMX)", table_action, args.repeat, to_play)

    version = GameSession.objects.get(pk=session_id).version
    measure(
        "a table poll, nothing new (204)",
        lambda: a.get(f"/play/{session_id}/?version={version}", **htmx),
        args.repeat,
    )
    measure(
        "a table poll that finds a move (the fragment)",
        lambda: a.get(f"/play/{session_id}/?version=0", **htmx),
        args.repeat,
    )
    measure(
        "the API's version poll",
        lambda: a.get(f"/api/sessions/{session_id}/version/"),
        args.repeat,
    )
    measure("the lobby (signed in), a new player", lambda: a.get("/play/"), args.repeat)
    busy_lobby(alice, bob)
    measure(
        "the lobby, 30 games of mine, 20 open ones",
        lambda: a.get("/play/"),
        args.repeat,
    )

    measure(
        "the lobby's open games, redrawn by its stream",
        lambda: a.get("/play/", HTTP_HX_TARGET="open-games", **htmx),
        args.repeat,
    )
    for kind in kinds():
        measure(
            f"the lobby's options of {kind}",
            lambda kind=kind: a.get(f"/play/?kind={kind}", **htmx),
            args.repeat,
        )
    for kind in kinds():
        measure(f"start a game of {kind} (created, joined)", lambda k=kind: start(k), args.repeat)

    def another_open_game():
        """A game opened by someone else since the last lobby (untimed): on a busy server the
        open games' list has changed between any two readings."""
        services.session_create(kind="pelts", mode="multi", options={}, user=bob, creator_sits=True)
        return ()

    # Last: the games it opens draw dice, which would change the games the rows above play.
    measure(
        "the lobby, 30 of mine, the open games changed",
        lambda: a.get("/play/"),
        args.repeat,
        another_open_game,
    )


if __name__ == "__main__":
    main()
