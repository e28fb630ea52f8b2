"""A club night under load: many clubs on one server, each playing as a club plays.

    .venv/bin/python bench/club_night.py --clubs 1 10 50 [--seconds 60] [--base URL]
                                         [--database URL] [--redis URL]

Per club (a campaign of an organiser and 12 members, each with a founded warband):

- 12 members reading pages, a page every 20 s each (the campaign page, a roster, the league
  page, a warband through the API, the lobby, the inbox), signed in;
- 2 post-game sequences, an answer every 15 s (the app rolls; a choice takes the first option;
  trading ends at once), committed when done; the next sequence is the next report's;
- 4 canoe games (one of each kind) across two browsers: each started from the lobby (the lobby
  page, then the game created through the API in "several browsers" mode, the second player
  joining with the invite), a move every 5 s by each player on their turn (the seat's view, then
  one of its legal actions), and each browser polling its table every 2 s as the table page does
  (`GET /play/<id>/?version=N` with HX-Request: 204 while nothing changed); a finished game is
  followed by a new one from the lobby;
- a game report every few minutes (filed by one player, confirmed by the other), which opens
  the next two sequences: each club files its first at a random moment of the run, then every
  180 s.

The rates are a club's real ones, not compressed: 50 clubs are 50 times the requests of one
(the load generator is one process of threads: its own CPU is counted in the machine's). The
servers are started by the caller (see `make bench-club`): gunicorn, PostgreSQL, Redis and a
Celery worker. `--prepare` (run with the server's settings) creates the clubs and prints the
plan. Printed per run: p50 and p95 latency per kind of request, the share of cached answers
that were hits (`X-Frontier-Cache: hit|miss`; "-" where no answer carried the header) and the
errors (5xx and failed connections; 4xx answers are counted apart).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import http.client
import json
import os
import random
import re
import sys
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATABASE_URL = "postgres://root@127.0.0.1:5432/frontier_cache"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/8"
MEMBERS = 12
VERSION = re.compile(r"\?version=(\d+)")
SEQUENCES = 2
GAMES = ("pelts", "race", "abstract", "moosehead")
READ_EVERY, ANSWER_EVERY, MOVE_EVERY, POLL_EVERY, REPORT_EVERY = 20.0, 15.0, 5.0, 2.0, 180.0


# --- preparing the clubs (in the server's settings) --------------------------------------------


def prepare(clubs: int) -> None:
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client
    from rest_framework.authtoken.models import Token

    from campaign import services
    from campaign.demo import LINE_UPS
    from campaign.models import Campaign, Warband

    factions = list(LINE_UPS)
    plan = []
    for n in range(clubs):
        # The clubs of an earlier run are used again (made once: a few minutes for 50 clubs);
        # each person gets a fresh session. No password: they are signed in by session.
        users = [
            get_user_model().objects.get_or_create(username=f"club{n}-{i}")[0]
            for i in range(MEMBERS + 1)
        ]
        campaign = Campaign.objects.filter(name=f"Club {n}", organiser=users[0]).first()
        made = campaign is None
        if made:
            campaign = services.campaign_create(
                organiser=users[0], name=f"Club {n}", is_public=False
            )
        people = []
        for i, user in enumerate(users):
            warband = None
            if i and made:
                services.campaign_join(
                    campaign=campaign, user=user, invite_code=campaign.invite_code
                )
                faction = factions[i % len(factions)]
                name, figures = LINE_UPS[faction]
                warband = services.warband_create_founded(
                    campaign=campaign,
                    owner=user,
                    name=f"{name} {i}",
                    faction=faction,
                    figures=figures,
                ).id
            elif i:
                warband = Warband.objects.filter(campaign=campaign, owner=user).first().id
            client = Client()
            client.force_login(user)
            cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
            token, _ = Token.objects.get_or_create(user=user)
            people.append({"id": user.id, "cookie": cookie, "token": token.key, "warband": warband})
        plan.append({"campaign": campaign.id, "people": people})
    print(json.dumps({"session_cookie": settings.SESSION_COOKIE_NAME, "clubs": plan}))


# --- the load ----------------------------------------------------------------------------------


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.times = collections.defaultdict(list)
        self.cache = collections.Counter()
        self.errors = collections.Counter()
        self.refused = collections.Counter()
        self.samples = collections.defaultdict(list)

    def add(self, kind, seconds, status, cache_header):
        with self.lock:
            self.times[kind].append(seconds)
            if cache_header:
                self.cache[(kind, cache_header)] += 1
            if status >= 500 or status == 0:
                self.errors[kind] += 1
            elif status >= 400 and status != 409:
                self.refused[kind] += 1


class Browser:
    """One person's browser (session cookie) or API client (token); cookies kept by hand."""

    def __init__(self, base: str, stats: Stats, cookie_name: str, person: dict):
        self.host, self.port = (
            urllib.parse.urlsplit(base).hostname,
            urllib.parse.urlsplit(base).port,
        )
        self.stats, self.person = stats, person
        self.cookies = {cookie_name: person["cookie"]}

    def request(self, kind, method, path, *, body=None, api=False, headers=None):
        head = dict(headers or {})
        if api:
            head["Authorization"] = f"Token {self.person['token']}"
        else:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            head["Content-Type"] = "application/json"
        start = time.perf_counter()
        status, payload, cache = 0, b"", ""
        try:
            conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
            conn.request(method, path, body=data, headers=head)
            response = conn.getresponse()
            payload = response.read()
            status = response.status
            cache = response.getheader("X-Frontier-Cache") or ""
            conn.close()
        except OSError:
            pass
        self.stats.add(kind, time.perf_counter() - start, status, cache)
        return status, payload

    def json(self, kind, method, path, body=None):
        status, payload = self.request(kind, method, path, body=body, api=True)
        try:
            return status, json.loads(payload) if payload else {}
        except ValueError:
            return status, {}


def sleep_until(moment: float, stop: float) -> bool:
    """Sleep to `moment`; False when the run ends first."""
    now = time.monotonic()
    if moment >= stop:
        time.sleep(max(0.0, stop - now))
        return False
    time.sleep(max(0.0, moment - now))
    return True


def reader(browser: Browser, club: dict, stop: float) -> None:
    warbands = [p["warband"] for p in club["people"] if p["warband"]]
    campaign = club["campaign"]
    pages = [
        ("campaign page", lambda: f"/campaigns/{campaign}/", False),
        ("roster page", lambda: f"/warbands/{random.choice(warbands)}/", False),
        ("league page", lambda: f"/campaigns/{campaign}/league/", False),
        ("warband API", lambda: f"/api/warbands/{random.choice(warbands)}/", True),
        ("lobby", lambda: "/play/", False),
        ("inbox (home page)", lambda: "/", False),
    ]
    moment = time.monotonic() + random.uniform(0, READ_EVERY)
    while sleep_until(moment, stop):
        kind, path, api = random.choice(pages)
        browser.request(kind, "GET", path(), api=api)
        moment += random.uniform(0.5, 1.5) * READ_EVERY


class Club:
    """What a club's players share: the sequences waiting for an answer."""

    def __init__(self, plan: dict):
        self.plan = plan
        self.lock = threading.Lock()
        self.open_sequences: list[tuple[int, dict]] = []  # (postgame id, its owner)
        self.pair = 0


def reporter(club: Club, browsers: dict, stop: float, start: float) -> None:
    people = [p for p in club.plan["people"] if p["warband"]]
    moment = start + random.uniform(0, max(1.0, stop - start))
    while sleep_until(moment, stop):
        with club.lock:
            a = people[(2 * club.pair) % len(people)]
            b = people[(2 * club.pair + 1) % len(people)]
            club.pair += 1
        lines = []
        for person in (a, b):
            _, warband = browsers[person["id"]].json(
                "report", "GET", f"/api/warbands/{person['warband']}/"
            )
            for figure in warband.get("figures", []):
                if figure.get("state", "active") == "active":
                    lines.append(
                        {
                            "figure": figure["id"],
                            "took_part": True,
                            "outcome": "ok",
                            "wounds_inflicted": 0,
                            "scalps": 0,
                        }
                    )
        status, game = browsers[a["id"]].json(
            "report",
            "POST",
            "/api/games/",
            {
                "campaign": club.plan["campaign"],
                "warbands": [a["warband"], b["warband"]],
                "winner": a["warband"],
                "played_on": "2025-06-01",
                "figures": lines,
            },
        )
        if status == 201 or status == 200:
            status, game = browsers[b["id"]].json(
                "report", "POST", f"/api/games/{game['id']}/confirm/"
            )
            for postgame in game.get("postgames", []) if status == 200 else []:
                owner = a if postgame.get("warband") == a["warband"] else b
                with club.lock:
                    club.open_sequences.append((postgame["id"], owner))
        moment += REPORT_EVERY


def sequence_driver(club: Club, browsers: dict, stop: float) -> None:
    current = None
    moment = time.monotonic() + random.uniform(0, ANSWER_EVERY)
    while sleep_until(moment, stop):
        moment += random.uniform(0.5, 1.5) * ANSWER_EVERY
        if current is None:
            with club.lock:
                current = club.open_sequences.pop(0) if club.open_sequences else None
            if current is None:
                continue
        postgame_id, owner = current
        browser = browsers[owner["id"]]
        status, state = browser.json("post-game answer", "GET", f"/api/postgames/{postgame_id}/")
        step, prompt = state.get("step"), state.get("prompt") or {}
        if status != 200 or step == "committed":
            current = None
            continue
        base = f"/api/postgames/{postgame_id}/"
        if step == "trading":
            browser.json("post-game answer", "POST", base + "trade/", {"action": "done"})
        elif step == "ready":
            browser.json("post-game answer", "POST", base + "commit/")
        else:
            options = prompt.get("options") or prompt.get("choices") or []
            body = (
                {
                    "choice": str(options[0].get("value", options[0]))
                    if isinstance(options[0], dict)
                    else str(options[0])
                }
                if options
                else {}
            )
            status, _ = browser.json("post-game answer", "POST", base + "advance/", body)
            if status == 400:
                status, _ = browser.json("post-game answer", "POST", base + "commit/")
                if status == 200:
                    current = None


class CanoeGame:
    def __init__(self, kind: str):
        self.kind = kind
        self.session = None
        self.seats: dict[int, str] = {}  # person id -> seat token
        self.lock = threading.Lock()
        self.ready = threading.Event()


def start_game(game: CanoeGame, creator: Browser, joiner: Browser) -> bool:
    creator.request("lobby", "GET", "/play/")
    status, created = creator.json(
        "start a game",
        "POST",
        "/api/sessions/",
        {
            "kind": game.kind,
            "mode": "multi",
            "options": {},
        },
    )
    if status != 201:
        return False
    seats = created["seats"]
    mine = next(s for s in seats if s.get("token"))
    other = next((s for s in seats if not s.get("token") and s.get("join_url")), None)
    if other is None:
        return False
    invite = other["join_url"].rstrip("/").split("/")[-1].split("=")[-1]
    joiner.request("lobby", "GET", "/play/")
    status, joined = joiner.json(
        "start a game", "POST", f"/api/sessions/{created['id']}/join/", {"invite": invite}
    )
    if status != 200:
        return False
    game.session = created["id"]
    game.seats = {creator.person["id"]: mine["token"], joiner.person["id"]: joined["token"]}
    return True


def canoe_player(game: CanoeGame, me: Browser, other: Browser, creator: bool, stop: float):
    version = "0"
    next_poll = time.monotonic() + random.uniform(0, POLL_EVERY)
    next_move = time.monotonic() + random.uniform(0, MOVE_EVERY)
    while time.monotonic() < stop:
        if creator and game.session is None:
            if not start_game(game, me, other):
                time.sleep(MOVE_EVERY)
                continue
            game.ready.set()
        if not game.ready.wait(timeout=1.0) or game.session is None:
            continue
        session = game.session
        if not sleep_until(min(next_poll, next_move), stop):
            return
        now = time.monotonic()
        if now >= next_poll:
            next_poll += POLL_EVERY
            status, body = me.request(
                "poll",
                "GET",
                f"/play/{session}/?version={version}",
                headers={"HX-Request": "true"},
            )
            found = VERSION.search(body.decode(errors="replace")) if status == 200 else None
            if found:  # the fresh fragment: the browser's next poll carries its version
                version = found.group(1)
        if now >= next_move:
            next_move += MOVE_EVERY
            token = game.seats.get(me.person["id"])
            status, view = me.json(
                "canoe move", "GET", f"/api/sessions/{session}/view/?seat={token}"
            )
            version = str(view.get("version", version))
            if view.get("status") == "finished":
                if creator:
                    game.session = None
                    game.ready.clear()
                continue
            actions = view.get("legal_actions") or []
            if actions:
                me.json(
                    "canoe move",
                    "POST",
                    f"/api/sessions/{session}/actions/",
                    {"seat": token, "version": view["version"], "action": random.choice(actions)},
                )


def run(base: str, plan: dict, seconds: float) -> Stats:
    stats = Stats()
    cookie = plan["session_cookie"]
    threads = []
    start = time.monotonic() + 1.0
    stop = start + seconds
    for club_plan in plan["clubs"]:
        club = Club(club_plan)
        browsers = {p["id"]: Browser(base, stats, cookie, p) for p in club_plan["people"]}
        people = club_plan["people"]
        members = [browsers[p["id"]] for p in people[1:]]
        for browser in members:
            threads.append(threading.Thread(target=reader, args=(browser, club_plan, stop)))
        for _ in range(SEQUENCES):
            threads.append(threading.Thread(target=sequence_driver, args=(club, browsers, stop)))
        threads.append(threading.Thread(target=reporter, args=(club, browsers, stop, start)))
        for n, kind in enumerate(GAMES):
            game = CanoeGame(kind)
            a, b = members[(2 * n) % len(members)], members[(2 * n + 1) % len(members)]
            threads.append(threading.Thread(target=canoe_player, args=(game, a, b, True, stop)))
            threads.append(threading.Thread(target=canoe_player, args=(game, b, a, False, stop)))
    for thread in threads:
        thread.daemon = True
        thread.start()
    for thread in threads:
        thread.join(timeout=max(1.0, stop - time.monotonic() + 35))
    return stats


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


def report(clubs: int, seconds: float, stats: Stats) -> None:
    total = sum(len(v) for v in stats.times.values())
    hits = sum(n for (_, h), n in stats.cache.items() if h == "hit")
    marked = sum(stats.cache.values())
    rate = f"{100 * hits / marked:.0f}% of {marked}" if marked else "- (no answer marked)"
    load = os.getloadavg()[0]
    print(
        f"{clubs} club(s), {seconds:g} s (machine load average {load:.1f} at the end): "
        f"{total} requests ({total / seconds:.0f}/s), "
        f"cache hits {rate}, errors {sum(stats.errors.values())}, "
        f"refused (4xx) {sum(stats.refused.values())}"
    )
    print(
        f"  {'kind':18} {'count':>6} {'p50 ms':>8} {'p95 ms':>8} {'hits':>6} {'err':>5} {'4xx':>5}"
    )
    worst = 0.0
    for kind in sorted(stats.times):
        values = stats.times[kind]
        hit, miss = stats.cache[(kind, "hit")], stats.cache[(kind, "miss")]
        share = f"{100 * hit / (hit + miss):.0f}%" if hit + miss else "-"
        p95 = percentile(values, 0.95)
        worst = max(worst, p95)
        print(
            f"  {kind:18} {len(values):6d} {percentile(values, 0.5):8.1f} {p95:8.1f} "
            f"{share:>6} {stats.errors[kind]:5d} {stats.refused[kind]:5d}"
        )
    print(f"  worst p95: {worst:.0f} ms ({'under' if worst < 200 else 'over'} 200 ms)")
    sys.stdout.flush()


def ensure_database(database_url: str) -> None:
    """Create the PostgreSQL database of the URL when the server has none by that name (a fresh
    machine has only its maintenance database); an existing one is used as it is."""
    import dj_database_url
    import psycopg
    from psycopg import sql

    config = dj_database_url.parse(database_url)
    if config["ENGINE"] != "django.db.backends.postgresql":
        return
    admin = {"host": config["HOST"] or None, "port": config["PORT"] or None,
             "user": config["USER"] or None, "password": config["PASSWORD"] or None}  # fmt: skip
    with psycopg.connect(**admin, dbname="postgres", autocommit=True) as connection:
        name = config["NAME"]
        found = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        if found.fetchone() is None:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
            print(f"created the PostgreSQL database {name}", flush=True)


@contextlib.contextmanager
def club_server(database_url: str, redis_url: str, port: int, workers: int):
    """gunicorn (`workers` sync workers, production settings on plain HTTP) and one Celery
    worker, on this database and Redis; the database migrated first. Yields the base URL."""
    import shutil
    import subprocess
    import tempfile

    sys.path.insert(0, str(ROOT / "bench"))
    from bench_pages import fetch, server_env

    static_root = tempfile.mkdtemp(prefix="frontier-club-static-")
    env = server_env(database_url, static_root, redis_url)
    bin_dir = Path(sys.executable).parent
    manage = [sys.executable, str(ROOT / "manage.py")]
    ensure_database(database_url)
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], env=env, check=True, cwd=ROOT)
    subprocess.run(
        [*manage, "collectstatic", "--noinput", "-v", "0"], env=env, check=True, cwd=ROOT
    )
    web = subprocess.Popen(
        [
            str(bin_dir / "gunicorn"),
            "--workers",
            str(workers),
            "--bind",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
            "--chdir",
            str(ROOT),
            "--pythonpath",
            f"{ROOT / 'bench'},{ROOT}",
            "config.wsgi:application",
        ],
        env=env,
    )
    worker = subprocess.Popen(
        [
            str(bin_dir / "celery"),
            "-A",
            "config",
            "worker",
            "--loglevel=warning",
            "--concurrency",
            "1",
        ],
        env=env,
        cwd=ROOT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            with contextlib.suppress(OSError):
                fetch(base + "/")
                break
            time.sleep(0.1)
        yield base, env
    finally:
        for process in (web, worker):
            process.terminate()
        for process in (web, worker):
            process.wait(timeout=60)
        shutil.rmtree(static_root, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clubs", type=int, nargs="+", default=[1, 10, 50])
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("CLUB_SECONDS", 60)))
    parser.add_argument(
        "--database",
        default=os.environ.get("CLUB_DATABASE_URL", DEFAULT_DATABASE_URL),
        help="the PostgreSQL the server uses (migrated, the clubs added to it)",
    )
    parser.add_argument(
        "--redis",
        default=os.environ.get("CLUB_REDIS_URL", DEFAULT_REDIS_URL),
        help="the Redis database of the cache, the sessions and the broker",
    )
    parser.add_argument("--port", type=int, default=int(os.environ.get("CLUB_PORT", 8108)))
    parser.add_argument("--workers", type=int, default=3, help="gunicorn sync workers")
    parser.add_argument("--prepare", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.prepare:
        prepare(args.prepare)
        return
    import subprocess

    import redis

    redis.Redis.from_url(args.redis).flushdb()  # no page cached by an earlier run
    with club_server(args.database, args.redis, args.port, args.workers) as (base, env):
        out = subprocess.run(
            [sys.executable, __file__, "--prepare", str(max(args.clubs))],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        plan = json.loads(out.strip().splitlines()[-1])
        print(
            f"gunicorn {args.workers} sync workers and 1 Celery worker on {base}; "
            f"PostgreSQL {args.database}; Redis {args.redis}",
            flush=True,
        )
        for clubs in args.clubs:
            chosen = {**plan, "clubs": plan["clubs"][:clubs]}
            report(clubs, args.seconds, run(base, chosen, args.seconds))


if __name__ == "__main__":
    main()
