"""The campaign's kinds of request of a club night, one at a time in-process: SQL queries, the
median wall time and the median CPU time of each, and each kind's share of a club's CPU (its
rate in bench/club_night.py times its CPU) (`make bench`'s `club-pages`).

    .venv/bin/python bench/bench_club_pages.py [--repeat 30] [--queries] [--profile KIND]

A club as club_night.py prepares it (an organiser, 12 members with a founded warband each) with
a few games reported and their post-games committed. The kinds: what a member reads (the
campaign page, a roster, the league page, a warband through the API, the home page with the
inbox), a post-game answer (its state, then an answer), a report filed and confirmed; and the
floor every request pays: the middleware on a tiny page (`/healthz`'s neighbour, a 404 view)
with a session, as the bench's browsers have one.

Each page three ways: *warm*, read again with nothing changed (a cache hit); *after an
answer*, as most readings of a club night, where the two post-game sequences of a club answer
every 15 s (a post-game answer, untimed, before each reading); and *after a change* the pages
show (a warband renamed, untimed): what a report, a commit or a rating costs the next reader.
And a page read warm but with the reader's inbox badge to count again (a canoe move of the
reader's, or a new minute: the badge's key has the minute).

Run in a throwaway test database (SQLite in memory, or the PostgreSQL of a postgres
DATABASE_URL): with PostgreSQL the queries' own work is in the database's process, as on a club
server; with SQLite it is counted in the CPU here. The caches are as on a club server: one shared
by every process (in memory here, Redis there), the sessions read from it.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

from python_calls import call_tree, python_calls

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

SHOW_QUERIES = False
PROFILE = ""
TREE = ""  # the label (a part of it) of the kinds whose calls to show as a tree (--tree)
MEMBERS = 12
# A club's requests a second of each kind in bench/club_night.py: 12 readers a page every 20 s
# each, among 6 kinds; 2 post-game sequences an answer every 15 s (a GET, then a POST); a report
# every 180 s (2 reads of a warband, the report, its confirmation).
READ_RATE = MEMBERS / 20.0 / 6
RATES = {
    "campaign page": READ_RATE,
    "roster page": READ_RATE,
    "league page": READ_RATE,
    "warband API": READ_RATE,
    "home page (inbox)": READ_RATE,
    "post-game: its state (GET)": 2 / 15.0,
    "post-game: an answer (POST)": 2 / 15.0,
    "report: filed and confirmed": 1 / 180.0,
}
RESULTS: dict[str, tuple[int, float, float]] = {}


def measure(label: str, send, repeat: int, prepare=lambda: ()) -> float:
    """Run `send(*prepare())` `repeat` times (`prepare` untimed): the queries of a call once the
    cache is as it will be, and the medians. The median CPU (ms)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    send(*prepare())  # the first: a cold cache (the cached parts are stored the second time)
    send(*prepare())
    ready = prepare()
    with CaptureQueriesContext(connection) as queries:
        send(*ready)
    count = len(queries)  # now: the next request empties the log
    calls = python_calls(send, *prepare())
    if TREE and TREE in label:
        print(f"--- {label}: the calls under each function, inclusive")
        for level, count, name in call_tree(send, *prepare()):
            print(f"  {'  ' * level}{count:6d} {name}")
    if SHOW_QUERIES:
        for query in queries.captured_queries:
            print("      ", query["sql"][:160])
    walls, cpus = [], []
    profiler = cProfile.Profile(time.process_time) if PROFILE and PROFILE in label else None
    for _ in range(repeat):
        ready = prepare()
        if profiler:
            profiler.enable()
        wall, cpu = time.perf_counter(), time.process_time()
        send(*ready)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        if profiler:
            profiler.disable()
    cpu = statistics.median(cpus) * 1000
    RESULTS[label] = (count, statistics.median(walls) * 1000, cpu)
    print(
        f"  {label:52} {count:3d} queries {calls:7d} calls  "
        f"wall {statistics.median(walls) * 1000:6.1f} ms  CPU {cpu:6.1f} ms",
        flush=True,
    )
    if profiler:
        stats = pstats.Stats(profiler)
        ours = r"(?<!site-packages)/(campaign|chase|accounts|core)/"
        stats.sort_stats("cumulative").print_stats(ours, 40)
        stats.sort_stats("tottime").print_stats(30)
    return cpu


def make_club():
    """An organiser and 12 members, each with a founded warband (as club_night.py's clubs)."""
    from django.contrib.auth import get_user_model

    from campaign import services
    from campaign.demo import LINE_UPS

    factions = list(LINE_UPS)
    users = [get_user_model().objects.create_user(f"club-{i}") for i in range(MEMBERS + 1)]
    campaign = services.campaign_create(organiser=users[0], name="Club", is_public=False)
    warbands = []
    for i, user in enumerate(users[1:], start=1):
        services.campaign_join(campaign=campaign, user=user, invite_code=campaign.invite_code)
        faction = factions[i % len(factions)]
        name, figures = LINE_UPS[faction]
        warbands.append(
            services.warband_create_founded(
                campaign=campaign, owner=user, name=f"{name} {i}", faction=faction,
                figures=figures,
            )
        )  # fmt: skip
    return campaign, users, warbands


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
    from django.template import Template
    from django.test.utils import _TestState, override_settings

    # As on a server: templates render without the test runner's instrumentation (a signal
    # sending a copy of each context to the test client, which costs more than the rendering).
    Template._render = _TestState.saved_data.template_render

    # As on a club server: one cache for every process (Redis there), the sessions read from it;
    # no static-file finders looked up on each request (the test settings' whitenoise options).
    shared = {
        alias: {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": alias}
        for alias in ("default", "template_fragments", "versions", "sessions")
    }
    shared["users"] = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                       "LOCATION": "users"}  # fmt: skip
    club_settings = override_settings(
        CACHES=shared,
        SESSION_ENGINE="django.contrib.sessions.backends.cached_db",
        SESSION_CACHE_ALIAS="sessions",
        WHITENOISE_USE_FINDERS=False,
        WHITENOISE_AUTOREFRESH=False,
        DEBUG=False,
    )
    club_settings.enable()
    from django.test import Client

    from campaign import services

    campaign, users, warbands = make_club()
    browsers = []
    for user in users:
        client = Client()
        client.force_login(user)
        browsers.append(client)
    token_browsers = []
    from rest_framework.authtoken.models import Token

    for user in users:
        token = Token.objects.create(user=user)
        token_browsers.append(Client(HTTP_AUTHORIZATION=f"Token {token.key}"))
    reader = browsers[1]
    pair = [0]
    sequences: list[tuple[int, int]] = []  # (post-game id, its driver's index)

    def report(a: int = None, b: int = None):
        """A game filed by one member and confirmed by another (through the API, as the bench);
        its two post-games join the open sequences."""
        if a is None:
            a, b = 1 + (2 * pair[0]) % MEMBERS, 1 + (2 * pair[0] + 1) % MEMBERS
            pair[0] += 1
        lines = []
        for n in (a, b):
            data = token_browsers[n].get(f"/api/warbands/{warbands[n - 1].id}/").json()
            lines += [
                {"figure": f["id"], "took_part": True, "outcome": "ok",
                 "wounds_inflicted": 0, "scalps": 0}
                for f in data["figures"] if f.get("state", "active") == "active"
            ]  # fmt: skip
        body = {
            "campaign": campaign.id,
            "warbands": [warbands[a - 1].id, warbands[b - 1].id],
            "winner": warbands[a - 1].id,
            "played_on": "2025-06-01",
            "figures": lines,
        }
        filed = token_browsers[a].post("/api/games/", body, "application/json")
        if filed.status_code not in (200, 201):
            return
        game = token_browsers[b].post(f"/api/games/{filed.json()['id']}/confirm/")
        if game.status_code == 200:
            for postgame in game.json().get("postgames", []):
                owner = a if postgame.get("warband") == warbands[a - 1].id else b
                sequences.append((postgame["id"], owner))

    def answer() -> bool:
        """The next answer of an open sequence (as club_night.py's driver); False: none open."""
        while sequences:
            postgame_id, owner = sequences[0]
            client = token_browsers[owner]
            base = f"/api/postgames/{postgame_id}/"
            state = client.get(base).json()
            step, prompt = state.get("step"), state.get("prompt") or {}
            if step == "committed":
                sequences.pop(0)
                continue
            if step == "trading":
                client.post(base + "trade/", {"action": "done"}, "application/json")
            elif step == "ready":
                client.post(base + "commit/")
            else:
                options = prompt.get("options") or prompt.get("choices") or []
                body = {}
                if options:
                    first = options[0]
                    body = {"choice": str(first.get("value", first) if isinstance(first, dict)
                                          else first)}  # fmt: skip
                if client.post(base + "advance/", body, "application/json").status_code == 400:
                    client.post(base + "commit/")
            return True
        return False

    def a_write():
        """A post-game answer (a report first when no sequence is open): the campaign's pages
        are read after a write, as in a club night."""
        if not answer():
            report()
            answer()
        return ()

    # A few nights: games reported, their post-games played to the end.
    for _ in range(4):
        report()
    while answer():
        pass

    print(
        f"one request at a time, {args.repeat} times each (queries: the third; "
        f"database {os.environ.get('DATABASE_URL', 'sqlite').split('://')[0]}):"
    )
    warband = warbands[3].id
    pages = {
        "campaign page": lambda: reader.get(f"/campaigns/{campaign.id}/"),
        "roster page": lambda: reader.get(f"/warbands/{warband}/"),
        "league page": lambda: reader.get(f"/campaigns/{campaign.id}/league/"),
        "warband API": lambda: token_browsers[1].get(f"/api/warbands/{warband}/"),
        "home page (inbox)": lambda: reader.get("/"),
    }
    print(" the floor: a tiny answer through the whole middleware, signed in")
    measure("a 404 (no such page), signed in", lambda: reader.get("/no-such-page/"), args.repeat)
    measure("the same, anonymous", lambda: Client().get("/no-such-page/"), args.repeat)
    measure("robots.txt / a static file", lambda: reader.get("/robots.txt"), args.repeat)
    print(" what a member reads, warm (nothing written since: a cache hit)")
    for label, send in pages.items():
        measure(f"{label}, warm", send, args.repeat)
    print(" the same, after a post-game answer (untimed), as most readings of a club night")
    after = {}
    for label, send in pages.items():
        after[label] = measure(f"{label}, after an answer", send, args.repeat, a_write)
    print(" the same, after a change the pages show (a warband renamed, untimed): drawn again")
    names = iter(range(10**6))

    def renamed():
        services.warband_rename(warband=warbands[5], name=f"Renamed {next(names)}")
        return ()

    for label, send in pages.items():
        measure(f"{label}, after a change", send, args.repeat, renamed)
    print(
        " the same, warm but the reader's inbox badge to count again (a canoe move of theirs, "
        "or a new minute)"
    )
    import secrets

    from core.models import ScopeVersion

    def inbox_moved():
        ScopeVersion.objects.update_or_create(
            scope=f"i:{users[1].id}", defaults={"token": secrets.token_hex(16)}
        )
        return ()

    for label in ("campaign page", "roster page"):
        measure(f"{label}, warm, the badge counted again", pages[label], args.repeat, inbox_moved)
    print(" the writes")

    def state():
        if not sequences:
            report()
        postgame_id, owner = sequences[0]
        return (token_browsers[owner], f"/api/postgames/{postgame_id}/")

    post_state = measure(
        "post-game: its state (GET)", lambda c, url: c.get(url), args.repeat, state
    )
    post_answer = measure("post-game: an answer (POST)", lambda: a_write(), args.repeat)

    def settled():
        """The open sequences played to the end (untimed): a warband with one open cannot have
        its next game confirmed."""
        while answer():
            pass
        return ()

    filed = measure(
        "report: filed and confirmed (4 requests)", lambda: report(), args.repeat, settled
    )

    # Share of a club's CPU: after a write for the pages (most of a club night's readings).
    costs = {
        **after,
        "post-game: its state (GET)": post_state,
        "post-game: an answer (POST)": post_answer,
        "report: filed and confirmed": filed,
    }
    total = sum(RATES[k] * costs[k] for k in RATES)
    print(
        " a club's CPU a second in these kinds (rate x CPU; the pages after an answer): "
        f"{total:.1f} ms"
    )
    for kind in sorted(RATES, key=lambda k: -RATES[k] * costs[k]):
        print(
            f"    {kind:36} {RATES[kind]:5.3f}/s x {costs[kind]:6.1f} ms = "
            f"{RATES[kind] * costs[kind]:5.2f} ms/s"
        )


if __name__ == "__main__":
    main()
