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
import asyncio
import collections
import contextlib
import json
import os
import random
import re
import sys
import time
from pathlib import Path

import aiohttp
import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
import process_cpu  # noqa: E402 (bench/ is not a package)

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATABASE_URL = "postgres://root@127.0.0.1:5432/frontier_cache"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/8"
MEMBERS = 12
VERSION = re.compile(r"\?version=(\d+)")
NUMBER = re.compile(r"/\d+")
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


# --- the load: one process, one asyncio loop, aiohttp ---------------------------------------------


class Stats:
    """What the run measured. One event loop, so no lock."""

    def __init__(self, start: float):
        self.start = start
        self.times: dict[str, list[tuple[float, float]]] = collections.defaultdict(list)
        self.cache = collections.Counter()
        self.errors = collections.Counter()
        self.refused = collections.Counter()
        self.seen: list[float] = []  # a move's sending to the other browser's news of it
        self.streams = 0  # open now
        self.most_streams = 0
        self.stream_samples: list[int] = []

    def add(self, kind, began, seconds, status, cache_header):
        self.times[kind].append((began - self.start, seconds))
        if cache_header:
            self.cache[(kind, cache_header)] += 1
        if status >= 500 or status == 0:
            self.errors[kind] += 1
        elif status >= 400 and status != 409:
            self.refused[kind] += 1

    def stream_opened(self, change: int) -> None:
        self.streams += change
        self.most_streams = max(self.most_streams, self.streams)


class Browser:
    """One person's browser (session cookie) or API client (token), on the shared client."""

    def __init__(self, http, stats: Stats, cookie_name: str, person: dict):
        self.http, self.stats, self.person = http, stats, person
        self.cookie = f"{cookie_name}={person['cookie']}"

    async def request(self, kind, method, path, *, body=None, api=False, headers=None):
        head = dict(headers or {})
        if api:
            head["Authorization"] = f"Token {self.person['token']}"
        else:
            head["Cookie"] = self.cookie
        began = time.monotonic()
        status, payload, cache = 0, b"", ""
        try:
            async with self.http.request(method, path, json=body, headers=head) as response:
                status, payload = response.status, await response.read()
                cache = response.headers.get("X-Frontier-Cache", "")
        except (TimeoutError, aiohttp.ClientError):
            pass
        self.stats.add(kind, began, time.monotonic() - began, status, cache)
        return status, payload

    async def json(self, kind, method, path, body=None):
        status, payload = await self.request(kind, method, path, body=body, api=True)
        try:
            return status, json.loads(payload) if payload else {}
        except ValueError:
            return status, {}


async def sleep_until(moment: float, stop: float) -> bool:
    """Sleep to `moment`; False when the run ends first."""
    now = time.monotonic()
    if moment >= stop:
        await asyncio.sleep(max(0.0, stop - now))
        return False
    await asyncio.sleep(max(0.0, moment - now))
    return True


async def reader(browser: Browser, club: dict, stop: float) -> None:
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
    while await sleep_until(moment, stop):
        kind, path, api = random.choice(pages)
        await browser.request(kind, "GET", path(), api=api)
        moment += random.uniform(0.5, 1.5) * READ_EVERY


class Club:
    """What a club's players share: the sequences waiting for an answer."""

    def __init__(self, plan: dict):
        self.plan = plan
        self.open_sequences: list[tuple[int, dict]] = []  # (postgame id, its owner)
        self.pair = 0


async def reporter(club: Club, browsers: dict, stop: float, start: float) -> None:
    people = [p for p in club.plan["people"] if p["warband"]]
    moment = start + random.uniform(0, max(1.0, stop - start))
    while await sleep_until(moment, stop):
        a = people[(2 * club.pair) % len(people)]
        b = people[(2 * club.pair + 1) % len(people)]
        club.pair += 1
        lines = []
        for person in (a, b):
            _, warband = await browsers[person["id"]].json(
                "report", "GET", f"/api/warbands/{person['warband']}/"
            )
            for figure in warband.get("figures", []):
                if figure.get("state", "active") == "active":
                    lines.append(
                        {"figure": figure["id"], "took_part": True, "outcome": "ok",
                         "wounds_inflicted": 0, "scalps": 0}
                    )  # fmt: skip
        report = {
            "campaign": club.plan["campaign"],
            "warbands": [a["warband"], b["warband"]],
            "winner": a["warband"],
            "played_on": "2025-06-01",
            "figures": lines,
        }
        status, game = await browsers[a["id"]].json("report", "POST", "/api/games/", report)
        if status in (200, 201):
            status, game = await browsers[b["id"]].json(
                "report", "POST", f"/api/games/{game['id']}/confirm/"
            )
            for postgame in game.get("postgames", []) if status == 200 else []:
                owner = a if postgame.get("warband") == a["warband"] else b
                club.open_sequences.append((postgame["id"], owner))
        moment += REPORT_EVERY


async def sequence_driver(club: Club, browsers: dict, stop: float) -> None:
    current = None
    moment = time.monotonic() + random.uniform(0, ANSWER_EVERY)
    while await sleep_until(moment, stop):
        moment += random.uniform(0.5, 1.5) * ANSWER_EVERY
        if current is None:
            current = club.open_sequences.pop(0) if club.open_sequences else None
            if current is None:
                continue
        postgame_id, owner = current
        browser = browsers[owner["id"]]
        base = f"/api/postgames/{postgame_id}/"
        status, state = await browser.json("post-game answer", "GET", base)
        step, prompt = state.get("step"), state.get("prompt") or {}
        if status != 200 or step == "committed":
            current = None
            continue
        if step == "trading":
            await browser.json("post-game answer", "POST", base + "trade/", {"action": "done"})
        elif step == "ready":
            await browser.json("post-game answer", "POST", base + "commit/")
        else:
            options = prompt.get("options") or prompt.get("choices") or []
            body = {}
            if options:
                first = options[0]
                body = {
                    "choice": str(first.get("value", first) if isinstance(first, dict) else first)
                }
            status, _ = await browser.json("post-game answer", "POST", base + "advance/", body)
            if status == 400:
                status, _ = await browser.json("post-game answer", "POST", base + "commit/")
                if status == 200:
                    current = None


class CanoeGame:
    """One of a club's four tables, across two browsers; the other seats are the computer's."""

    def __init__(self, kind: str, roles: list[str]):
        self.kind, self.roles = kind, roles
        self.session = None
        self.seats: dict[int, str] = {}  # person id -> seat token
        self.ready = asyncio.Event()
        self.finished = False
        # The moves not yet seen by the other browser: (person id, version after, sent at).
        self.moves: list[tuple[int, int, float]] = []
        self.heard: dict[int, list[tuple[int, float]]] = {}  # person id -> (version, when)


async def start_game(game: CanoeGame, creator: Browser, joiner: Browser) -> bool:
    await creator.request("lobby", "GET", "/play/")
    body = {"kind": game.kind, "mode": "multi", "options": {}, "computer_seats": game.roles[2:]}
    status, created = await creator.json("start a game", "POST", "/api/sessions/", body)
    if status != 201:
        return False
    seats = created["seats"]
    mine = next(s for s in seats if s.get("token"))
    other = next((s for s in seats if not s.get("token") and s.get("join_url")), None)
    if other is None:
        return False
    invite = other["join_url"].rstrip("/").split("/")[-1]
    await joiner.request("lobby", "GET", "/play/")
    status, joined = await joiner.json(
        "start a game", "POST", f"/api/sessions/{created['id']}/join/", {"invite": invite}
    )
    if status != 200:
        return False
    game.session, game.finished, game.moves, game.heard = created["id"], False, [], {}
    game.seats = {creator.person["id"]: mine["token"], joiner.person["id"]: joined["token"]}
    return True


def moved(game: CanoeGame, me: Browser, other: Browser, after: int, sent: float, stats):
    """This browser's move, answered with the version `after`: the other browser may have heard
    of it already (the event is sent at the commit, before the answer is back here)."""
    for version, at in game.heard.get(other.person["id"], []):
        if version >= after:
            stats.seen.append(max(0.0, at - sent))
            return
    game.moves.append((me.person["id"], after, sent))


def heard(game: CanoeGame, me: Browser, version: int, stats: Stats) -> None:
    """This browser's table now shows `version`: every move of the other player up to it has
    reached it (the time from the move's sending)."""
    now, kept = time.monotonic(), []
    news = game.heard.setdefault(me.person["id"], [])
    news.append((version, now))
    del news[:-20]
    for who, after, sent in game.moves:
        if who != me.person["id"] and after <= version:
            stats.seen.append(now - sent)
        else:
            kept.append((who, after, sent))
    game.moves = kept


async def watch_stream(game: CanoeGame, me: Browser, events, stats: Stats, stop: float):
    """Hold the seat's stream (`GET /api/sessions/<id>/events/?seat=TOKEN`) while the game is
    on: each event's `id:` is the version the table now shows."""
    session, token = game.session, game.seats[me.person["id"]]
    path = f"/api/sessions/{session}/events/?seat={token}"
    while time.monotonic() < stop and game.session == session and not game.finished:
        began, status, opened = time.monotonic(), 0, False
        try:
            async with events.get(path, headers={"Accept": "text/event-stream"}) as r:
                status = r.status
                stats.add("stream (opened)", began, time.monotonic() - began, status, "")
                if status != 200:
                    await asyncio.sleep(2.0)
                    continue
                stats.stream_opened(+1)
                opened = True
                data, version = [], None
                async for raw in r.content:
                    line = raw.decode(errors="replace").rstrip("\r\n")
                    if line.startswith("data:"):
                        data.append(line[5:].strip())
                    elif line.startswith("id:"):
                        version = int(line[3:])  # the version the event shows
                    elif not line and data:
                        # The body is the seat's whole view: parsed only when it may say the
                        # game is over (parsing every one was 5% of the load generator's CPU
                        # at 50 clubs).
                        body, data = "".join(data), []
                        event = json.loads(body) if '"finished"' in body else {}
                        if version is not None:
                            heard(game, me, version, stats)
                        if event.get("status") == "finished":
                            game.finished = True
                        version = None
                    if time.monotonic() >= stop or game.session != session:
                        break
        except (TimeoutError, aiohttp.ClientError, ValueError):
            if not opened:
                stats.add("stream (opened)", began, time.monotonic() - began, status, "")
            await asyncio.sleep(1.0)
        finally:
            if opened:
                stats.stream_opened(-1)


async def canoe_player(game, me, other, creator, stop, stats, events, poll: bool):
    table = 0  # the version this browser's table shows
    next_poll = time.monotonic() + random.uniform(0, POLL_EVERY)
    # The first game of each table starts at a random moment of the first move interval (a
    # club's tables are not all opened in the same second).
    next_move = time.monotonic() + random.uniform(0, MOVE_EVERY)
    stream = None
    while time.monotonic() < stop:
        if creator and (game.session is None or game.finished):
            if not await sleep_until(next_move, stop):
                break
            game.ready.clear()
            if not await start_game(game, me, other):
                next_move = time.monotonic() + MOVE_EVERY
                continue
            game.ready.set()
        if not game.ready.is_set():
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(game.ready.wait(), timeout=1.0)
            continue
        session = game.session
        if not poll and (stream is None or stream.done()):
            stream = asyncio.create_task(watch_stream(game, me, events, stats, stop))
        wake = min(next_poll, next_move) if poll else next_move
        if not await sleep_until(wake, stop):
            break
        if game.session != session:
            table = 0
            continue
        now = time.monotonic()
        if poll and now >= next_poll:
            next_poll += POLL_EVERY
            status, body = await me.request(
                "poll", "GET", f"/play/{session}/?version={table}", headers={"HX-Request": "true"}
            )
            found = VERSION.search(body.decode(errors="replace")) if status == 200 else None
            if found:  # the fresh fragment: the next poll carries its version
                table = int(found.group(1))
                heard(game, me, table, stats)
            elif status == 286:
                game.finished = True
        if now >= next_move:
            next_move += MOVE_EVERY
            token = game.seats.get(me.person["id"])
            status, view = await me.json(
                "canoe move", "GET", f"/api/sessions/{session}/view/?seat={token}"
            )
            if view.get("status") == "finished":
                game.finished = True
                continue
            actions = view.get("legal_actions") or []
            if actions:
                sent = time.monotonic()
                status, after = await me.json(
                    "canoe move",
                    "POST",
                    f"/api/sessions/{session}/actions/",
                    {"seat": token, "version": view["version"], "action": random.choice(actions)},
                )
                if status == 200:
                    moved(game, me, other, int(after["version"]), sent, stats)
                    # Its table shows its own move and everything before it (the fragment
                    # an action answers with): the other's moves up to it have reached it.
                    table = max(table, int(after["version"]))
                    heard(game, me, table, stats)
                    if after.get("status") == "finished":
                        game.finished = True
    if stream is not None:
        stream.cancel()


def roles_of(base: str) -> dict[str, list[str]]:
    """Each game's seats with its default options (`GET /api/rules/canoe-games/`)."""
    games = httpx.get(base + "/api/rules/canoe-games/", timeout=30).json()
    return {g["kind"]: g["roles_default"] for g in games}


async def play(base, events_base, plan, seconds, poll: bool, watch=None) -> tuple[Stats, dict]:
    cookie = plan["session_cookie"]
    roles = roles_of(base)
    start = time.monotonic() + 1.0
    stop = start + seconds
    stats = Stats(start)
    tasks = []
    # Every browser sends its own cookie or token by hand (a jar that keeps nothing), so that one
    # shared client never carries one person's cookies to another; no limit on connections.
    async with (
        aiohttp.ClientSession(
            base_url=base, connector=aiohttp.TCPConnector(limit=0),
            cookie_jar=aiohttp.DummyCookieJar(), timeout=aiohttp.ClientTimeout(total=30),
        ) as http,
        aiohttp.ClientSession(
            base_url=events_base or base, connector=aiohttp.TCPConnector(limit=0),
            cookie_jar=aiohttp.DummyCookieJar(),
            timeout=aiohttp.ClientTimeout(total=None, connect=30),
        ) as events,
    ):  # fmt: skip
        for club_plan in plan["clubs"]:
            club = Club(club_plan)
            browsers = {p["id"]: Browser(http, stats, cookie, p) for p in club_plan["people"]}
            members = [browsers[p["id"]] for p in club_plan["people"][1:]]
            tasks += [reader(browser, club_plan, stop) for browser in members]
            tasks += [sequence_driver(club, browsers, stop) for _ in range(SEQUENCES)]
            tasks.append(reporter(club, browsers, stop, start))
            for n, kind in enumerate(GAMES):
                game = CanoeGame(kind, roles[kind])
                a, b = members[(2 * n) % len(members)], members[(2 * n + 1) % len(members)]
                tasks.append(canoe_player(game, a, b, True, stop, stats, events, poll))
                tasks.append(canoe_player(game, b, a, False, stop, stats, events, poll))

        async def sample_streams():
            while await sleep_until(time.monotonic() + 1.0, stop):
                stats.stream_samples.append(stats.streams)

        tasks.append(sample_streams())
        await asyncio.sleep(max(0.0, start - time.monotonic()))
        cpu, wall = time.process_time(), time.monotonic()
        machine = machine_cpu()
        if watch is not None:
            busy, processes = process_cpu.machine_busy_seconds(), process_cpu.snapshot(*watch)
        await asyncio.gather(*tasks)
        elapsed = time.monotonic() - wall
        used = {
            "generator": (time.process_time() - cpu) / elapsed,
            "machine": machine_share(machine),
        }
        if watch is not None:
            used["parts"] = process_cpu.shares(
                processes,
                process_cpu.snapshot(*watch),
                process_cpu.machine_busy_seconds() - busy,
                elapsed,
            )
    return stats, used


def machine_cpu() -> tuple[int, int]:
    """(all, idle) jiffies of the machine since boot (Linux's /proc/stat); (0, 0) elsewhere."""
    try:
        fields = [int(f) for f in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    except OSError:
        return 0, 0
    return sum(fields), fields[3] + fields[4]


def machine_share(before: tuple[int, int]) -> float | None:
    """The share of the machine's cores busy since `before` (anyone's work, ours included)."""
    after = machine_cpu()
    total = after[0] - before[0]
    return None if total <= 0 else 1 - (after[1] - before[1]) / total


def run(
    base: str, plan: dict, seconds: float, *, events_base: str = "", poll: bool = True, watch=None
):
    """`watch`: (the server's processes by part, the database's name), to say where the
    machine's cores went (bench/process_cpu.py)."""
    return asyncio.run(play(base, events_base, plan, seconds, poll, watch))


def box_speed() -> float:
    """The CPU milliseconds a fixed piece of plain Python work takes on this box now, the best
    of 5. A shared machine's speed drifts: on 2026-11-29 two 50-club runs ten minutes apart
    spent 2.2 and 3.7 ms on a core for the same cached seat's view. Runs compare only where
    this figure does."""
    best = float("inf")
    for _ in range(5):
        began, table = time.process_time(), {}
        for i in range(200_000):
            table[i % 1000] = table.get(i % 1000, 0) + i
        best = min(best, time.process_time() - began)
    return best * 1000


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000 if ordered else 0.0


LATE = "all, the second half"


def server_waits(folder: Path, half: float | None = None) -> None:
    """Where the web workers' time went during the run (bench/request_waits.py), then forget
    it for the next run: per request on a core, waiting for a core, in the database and blocked
    on anything else, in all, in the run's second half (the requests that ended after `half`,
    a `time.time()`: the steady night, each worker warm) and for the kinds that took the
    cores most, with their shares of it."""
    rows = []
    for path in folder.glob("*.txt"):
        for line in path.read_text().splitlines():
            method, where, _status, *numbers = line.split()
            kind = method + " " + NUMBER.sub("/N", where)
            rows.append((kind, *map(float, numbers)))
        path.unlink()
    if not rows:
        return
    kinds = collections.defaultdict(lambda: [0, 0.0, 0.0, 0.0, 0.0])
    for kind, wall, run, wait, db, ended in rows:
        late = half is not None and ended >= half
        for key in (kind, "all", *([LATE] if late else [])):
            k = kinds[key]
            k[0] += 1
            k[1], k[2], k[3], k[4] = k[1] + wall, k[2] + run, k[3] + wait, k[4] + db
    print(
        "  in the web workers (and the event process), ms a request: wall = on a core + "
        "waiting for one + waiting on the database + other waits (Redis, the network, a lock)"
    )
    # The kinds that took the cores most first, each with its share of all the time on a core:
    # what to cut next.
    first = {"all": 0, LATE: 1}
    ranked = sorted(kinds.items(), key=lambda item: (first.get(item[0], 2), -item[1][2]))
    on_core = kinds["all"][2] or 1.0
    for kind, (n, wall, run, wait, db) in ranked[:16]:
        other = max(0.0, wall - run - wait - db)
        print(
            f"    {kind[:40]:40} {n:5d}  {1000 * wall / n:7.1f} = {1000 * run / n:6.1f} + "
            f"{1000 * wait / n:6.1f} + {1000 * db / n:6.1f} + {1000 * other / n:6.1f}"
            f"   {100 * run / on_core:3.0f}% of the time on a core"
        )


WARM_UP = 10.0  # seconds: the cold start (each worker's first renders, the tables opening)


def report(clubs: int, seconds: float, stats: Stats, used: dict, poll: bool) -> float:
    """Print the run's figures; the worst p95 (ms) of the kinds of request."""
    total = sum(len(v) for v in stats.times.values())
    hits = sum(n for (_, h), n in stats.cache.items() if h == "hit")
    marked = sum(stats.cache.values())
    rate = f"{100 * hits / marked:.0f}% of {marked}" if marked else "- (no answer marked)"
    load = os.getloadavg()[0]
    busy = used["machine"]
    print(
        f"{clubs} club(s), {seconds:g} s, tables {'polling every 2 s' if poll else 'on streams'}: "
        f"{total} requests ({total / seconds:.0f}/s), cache hits {rate}, "
        f"errors {sum(stats.errors.values())}, refused (4xx) {sum(stats.refused.values())}"
    )
    print(
        f"  the load generator's own CPU: {100 * used['generator']:.0f}% of one core; "
        f"the machine's cores busy {'-' if busy is None else f'{100 * busy:.0f}%'} "
        f"(everyone's), load average {load:.1f} at the end"
    )
    if "parts" in used:
        where = ", ".join(f"{part} {100 * share:.0f}" for part, share in used["parts"].items())
        print(f"  where the cores went, % of one core: {where}")
    print(
        f"  {'kind':18} {'count':>6} {'p50 ms':>8} {'p95 ms':>8} {'warm p95':>8} {'late p95':>8} "
        f"{'hits':>6} {'err':>5} {'4xx':>5}"
    )
    half = seconds / 2
    worst = 0.0
    for kind in sorted(stats.times):
        values = [t for _, t in stats.times[kind]]
        warm = [t for at, t in stats.times[kind] if at >= WARM_UP]
        hit, miss = stats.cache[(kind, "hit")], stats.cache[(kind, "miss")]
        share = f"{100 * hit / (hit + miss):.0f}%" if hit + miss else "-"
        p95 = percentile(values, 0.95)
        if kind != "stream (opened)":
            worst = max(worst, p95)
        late = [t for at, t in stats.times[kind] if at >= half]
        warm_p95 = f"{percentile(warm, 0.95):8.1f}" if warm else f"{'-':>8}"
        late_p95 = f"{percentile(late, 0.95):8.1f}" if late else f"{'-':>8}"
        print(
            f"  {kind:18} {len(values):6d} {percentile(values, 0.5):8.1f} {p95:8.1f} "
            f"{warm_p95} {late_p95} {share:>6} {stats.errors[kind]:5d} {stats.refused[kind]:5d}"
        )
    seen = stats.seen
    print(
        f"  a move to the other browser's {'poll' if poll else 'event'}: {len(seen)} moves, "
        f"p50 {percentile(seen, 0.5):.0f} ms, p95 {percentile(seen, 0.95):.0f} ms"
    )
    if not poll:
        steady = sorted(stats.stream_samples)
        print(
            f"  open streams: {steady[len(steady) // 2] if steady else 0} (median of the "
            f"seconds), {stats.most_streams} at most"
        )
    print(
        f"  worst p95: {worst:.0f} ms ({'under' if worst < 200 else 'over'} 200 ms); "
        f"'warm p95': after the first {WARM_UP:g} s; 'late p95': the run's second half (the "
        "steady night, once the queue the tables' opening builds has drained)"
    )
    sys.stdout.flush()
    return worst


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
def club_server(
    database_url: str, redis_url: str, port: int, workers: int, events_port: int | None = None
):
    """gunicorn (deploy/gunicorn.py with `workers` sync workers, production settings on plain
    HTTP), one Celery worker and, with `events_port`, the event process (uvicorn, 2 workers, as
    the Procfile's `events:`) for the streams, on this database and Redis; the database migrated
    first. Yields the base URL and the environment."""
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
            # The club server's settings (its workers warmed before their first request), the
            # access log written as there but not to this terminal.
            "--config",
            str(ROOT / "deploy" / "gunicorn.py"),
            "--access-logfile",
            os.devnull,
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
    processes = [web]
    if events_port is not None:
        processes.append(
            subprocess.Popen(
                [
                    str(bin_dir / "uvicorn"),
                    "config.asgi:application",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(events_port),
                    "--workers",
                    "2",
                    "--log-level",
                    "warning",
                    "--timeout-graceful-shutdown",
                    "5",
                ],
                env=env,
                cwd=ROOT,
            )  # fmt: skip
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
        parts = {web.pid: "web workers", worker.pid: "Celery worker"}
        if events_port is not None:
            parts[processes[1].pid] = "event process"
        yield base, env, parts
    finally:
        for process in (*processes, worker):
            process.terminate()
        for process in (*processes, worker):
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
    parser.add_argument(
        "--events-port",
        type=int,
        default=int(os.environ.get("CLUB_EVENTS_PORT", 0)) or None,
        help="the event process's port (default: --port + 1000)",
    )
    parser.add_argument("--workers", type=int, default=3, help="gunicorn sync workers")
    parser.add_argument(
        "--poll",
        action="store_true",
        help="the tables poll every 2 s (GET /play/<id>/?version=N) instead of holding a stream",
    )
    parser.add_argument("--prepare", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.prepare:
        prepare(args.prepare)
        return
    import subprocess

    import dj_database_url
    import redis

    redis.Redis.from_url(args.redis).flushdb()  # no page cached by an earlier run
    events_port = None if args.poll else (args.events_port or args.port + 1000)
    import tempfile

    waits = Path(tempfile.mkdtemp(prefix="frontier-club-waits-"))
    os.environ["CLUB_WAITS_DIR"] = str(waits)  # each request's time (bench/request_waits.py)
    server = club_server(args.database, args.redis, args.port, args.workers, events_port)
    with server as (base, env, parts):
        out = subprocess.run(
            [sys.executable, __file__, "--prepare", str(max(args.clubs))],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        plan = json.loads(out.strip().splitlines()[-1])
        events_base = f"http://127.0.0.1:{events_port}" if events_port else ""
        print(
            f"gunicorn {args.workers} sync workers and 1 Celery worker on {base}"
            + (f", the event process (uvicorn, 2 workers) on {events_base}" if events_base else "")
            + f"; PostgreSQL {args.database}; Redis {args.redis}",
            flush=True,
        )
        if events_base:
            for _ in range(300):  # the event process starts apart from gunicorn
                with contextlib.suppress(httpx.HTTPError):
                    httpx.get(events_base + "/healthz", timeout=2)
                    break
                time.sleep(0.1)
        for clubs in args.clubs:
            chosen = {**plan, "clubs": plan["clubs"][:clubs]}
            watched = (parts, dj_database_url.parse(args.database)["NAME"])
            before = box_speed()
            half = time.time() + args.seconds / 2
            stats, used = run(
                base, chosen, args.seconds, events_base=events_base, poll=args.poll, watch=watched
            )
            report(clubs, args.seconds, stats, used, args.poll)
            server_waits(waits, half)
            print(
                f"  this box's speed: a fixed piece of Python took {before:.0f} ms of CPU before "
                f"the run, {box_speed():.0f} ms after (runs compare where these do)",
                flush=True,
            )


if __name__ == "__main__":
    main()
