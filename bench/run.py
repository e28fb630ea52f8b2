"""`make bench`: every speed and size figure the issues ask for, printed, never asserted.

Each section runs in a throwaway database, but for the pages on PostgreSQL (the database of a
postgres DATABASE_URL, else BENCH_DATABASE_URL, else postgres://root@127.0.0.1:5432/bench, is
migrated and gets the demo; BENCH_REDIS_URL measures each database again with Redis). Run one
section with `python bench/run.py roster`; `BENCH_SECONDS` sets the seconds of load per page
(default 3).
"""

from __future__ import annotations

import os
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")


def django_ready():
    import django
    from django.test.utils import setup_test_environment

    django.setup()
    setup_test_environment()
    from django.db import connection

    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    # As Django's own test cases do: keep the one connection (and its query log) across requests.
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)


def bench_roster(repeat: int = 200) -> None:
    """The roster page of a 15-figure warband: SQL queries of a first reading and of a cached
    one, and the median server time."""
    django_ready()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from campaign import services
    from campaign.models import Campaign, Warband

    user = get_user_model().objects.create_user("bench", password="bench-password-1")
    campaign = services.campaign_create(organiser=user, name="Bench", is_public=True)
    Campaign.objects.filter(pk=campaign.pk).update(starting_treasury=1000)
    for size in (1, 15):
        warband = services.warband_create_draft(
            campaign=campaign, owner=user, name=f"Band of {size}", faction="indians"
        )
        profiles = ["indians_hero", "indians_veteran", "indians_veteran"] + ["indians_trooper"] * 12
        for n, profile in enumerate(profiles[:size]):
            figure = services.warband_add_figure(warband=warband, name=f"F{n}", profile=profile)
            services.figure_set_equipment(figure=figure, keys=["bow", "tomahawk", "shield"])
        Warband.objects.filter(pk=warband.pk).update(state=Warband.State.FOUNDED)
        client = Client()
        client.force_login(user)
        url = f"/warbands/{warband.pk}/"
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, response.status_code
        query_count = len(queries)
        client.get(url)  # the second reading stores the page (core.page_cache)
        with CaptureQueriesContext(connection) as cached_queries:
            client.get(url)
        cached_count = len(cached_queries)  # now: the next request empties the log
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            client.get(url)
            times.append(time.perf_counter() - start)
        print(
            f"roster page, {size:2d} figures: {query_count:2d} SQL queries, "
            f"{cached_count} once cached; "
            f"median {statistics.median(times) * 1000:.1f} ms over {repeat} requests (cached)"
        )


def bench_odds_budget(burst: int = 20) -> None:
    """The CPU an anonymous client can make the server spend per minute on the odds, before and
    after the budget (issue 25): one answer's CPU measured here through the page, times the
    answers a client may have worked out in a minute. Then a burst of requests to new replay
    steps from one address, with the club's default rates, and the CPU it really cost."""
    django_ready()
    import importlib
    import logging

    from django.conf import settings
    from django.core.cache import cache
    from django.test import Client, override_settings

    from chase.engines.chance import RandomChance
    from chase.games import get_engine
    from chase.models import GameSession
    from chase.services import sessions as services

    settings.CHASE_ODDS_PLAYOUTS = 1000
    seeds = iter(range(1755, 10**6))
    services.new_chance = lambda: RandomChance(next(seeds))  # the same game at every run
    session = services.session_create(
        kind="pelts", mode="solo", options={}, user=None, play_as="trapper"
    )
    engine = get_engine("pelts")
    while session.status != GameSession.Status.FINISHED:
        seat = next(
            s for s in session.seats.all() if engine.legal_actions(session.state, s.role)
        )  # the computer plays the indians at once, so this is the trappers' seat
        action = engine.computer_action(session.state, seat.role, services.new_chance())
        services.session_act(
            session_id=session.pk, token=seat.token, version=session.version, action=action
        )
        session.refresh_from_db()
    steps = session.log.count()
    defaults = importlib.import_module(os.environ["DJANGO_SETTINGS_MODULE"]).RATES
    unlimited = dict.fromkeys(defaults, "100000/min")

    def rates(chosen):
        rest = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": chosen}
        return override_settings(REST_FRAMEWORK=rest)

    def ask(client, step):
        started = time.process_time()
        status = client.get(f"/play/{session.pk}/odds/?step={step}").status_code
        return status, time.process_time() - started

    with rates(unlimited):
        client = Client()
        ask(client, steps - 1)  # the first request of a process loads templates and the like
        early = [ask(client, n)[1] for n in (1, 2, 3)]
        late = ask(client, steps - 2)[1]
    one = max(early)  # the dearest positions are the early ones: a client would ask those
    print(
        f"one odds answer (Pelts, 1,000 playouts, a replay step of a {steps}-step game, its "
        f"replay rebuilt): {one:.2f} CPU-s at an early step (the dearest of steps 1-3; "
        f"{late:.2f} near the end)"
    )
    print(
        "before: no budget on the page, each new step a new computation: no bound but the "
        f"server's (a client asking back to back keeps every web process it reaches busy, "
        f"60 CPU-s a minute each); the API, at its 120/min: {120 * one:.0f} CPU-s a minute"
    )
    per_minute = {}
    for scope in ("odds", "odds_account"):
        count, seconds = defaults[scope].split("/")
        per_minute[scope] = int(count) * {"s": 60, "m": 1, "h": 1 / 60, "d": 1 / 1440}[seconds[0]]
    print(
        f"after: {defaults['odds']} answers worked out per address × {one:.2f} s = "
        f"{per_minute['odds'] * one:.1f} CPU-s a minute (a signed-in account, "
        f"{defaults['odds_account']}: {per_minute['odds_account'] * one:.1f}); an answer kept "
        "or being worked out costs nothing, and with a worker the odds queue stops at "
        f"{settings.CHASE_ODDS_QUEUE_MAX} waiting jobs whoever asks"
    )
    cache.clear()  # the measuring above is forgotten: its answers and its count
    logging.getLogger("django.request").setLevel(logging.ERROR)  # not a line per 429
    with rates(defaults):
        client = Client()
        started = time.process_time()
        answers = [ask(client, n)[0] for n in range(burst)]
        spent = time.process_time() - started
    worked = answers.count(200)
    print(
        f"measured: {burst} requests to new steps from one address at once: {worked} worked "
        f"out, {answers.count(429)} answered 429; {spent:.1f} CPU-s spent"
    )


def bench_visitor_cpu(samples: int = 4, refusals: int = 20) -> None:
    """The CPU one anonymous client can make the server spend per minute through sign-in (the
    login page, and POST /api/token/), the lobby (a new game), the odds (a new replay step) and
    sign-up, before (throttles off) and after (the club's default rates) (issue 34).

    Server CPU is this process's (`time.process_time`) around Django's test client calls: the
    whole request in-process (middleware, view, templates, the password hash, the playouts),
    plus the test client's own small share; no network. Passwords are hashed with Django's
    default PBKDF2, as on a club server (the test settings' MD5 would hide it). For each path:
    `served`, the CPU of one request that does the work; `refused`, of one answered 429. Before,
    a client sending back to back keeps one web process busy on a core of its own: 60 s ÷
    `served` requests a minute (the CPU, not the wall time: the bench machine is shared). After,
    the same client at the same pace for a minute: the rate's worth served, the rest refused."""
    django_ready()
    import importlib
    import itertools
    import logging

    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.test import Client, override_settings

    from chase.engines.chance import RandomChance
    from chase.services import sessions as services

    logging.getLogger("django.request").setLevel(logging.ERROR)  # not a line per 429
    logging.getLogger("axes").setLevel(logging.ERROR)
    settings.CHASE_ODDS_PLAYOUTS = 1000
    defaults = importlib.import_module(os.environ["DJANGO_SETTINGS_MODULE"]).RATES
    unlimited = dict.fromkeys(defaults, "100000/min")
    pbkdf2 = override_settings(
        PASSWORD_HASHERS=["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    )
    pbkdf2.enable()
    get_user_model().objects.create_user("member", password="a long club pass phrase 1755")
    seeds = iter(range(1755, 10**6))
    services.new_chance = lambda: RandomChance(next(seeds))
    session = finished_pelts_game()
    numbers = itertools.count()

    def rates(chosen):
        rest = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": chosen}
        return override_settings(REST_FRAMEWORK=rest)

    def sign_in(client):
        guess = {"username": f"guess{next(numbers)}", "password": "not the password 1"}
        return client.post("/accounts/login/", guess)

    def token(client):
        guess = {"username": f"guess{next(numbers)}", "password": "not the password 1"}
        return client.post("/api/token/", guess)

    def lobby(client):
        return client.post(
            "/play/new/", {"kind": "pelts", "mode": "solo", "pelts-play_as": "trapper"}
        )

    steps = itertools.count(1)

    def odds(client):
        return client.get(f"/play/{session.pk}/odds/?step={next(steps) % session.log.count()}")

    def sign_up(client):
        password = "a long enough pass phrase 1755"
        name = f"visitor{next(numbers)}"
        return client.post(
            "/accounts/signup/", {"username": name, "password1": password, "password2": password}
        )

    paths = [  # (what, request, scope)
        ("sign-in, the login page", sign_in, "login"),
        ("sign-in, POST /api/token/", token, "token"),
        ("the lobby, a new game", lobby, "session_create"),
        ("the odds, a new replay step", odds, "odds"),
        ("sign-up", sign_up, "signup"),
    ]

    def timed(request, client):
        cpu = time.process_time()
        status = request(client).status_code
        return status, time.process_time() - cpu

    def per_minute(rate: str) -> float:
        count, unit = rate.split("/")
        return int(count) * {"s": 60, "m": 1, "h": 1 / 60, "d": 1 / 1440}[unit[0]]

    with rates(unlimited):
        timed(lobby, Client())  # the first request of a process loads templates and the like
    print(
        "CPU one anonymous client can make the server spend per minute (this process's CPU "
        "around the test client, PBKDF2 passwords, 1,000 playouts; before: throttles off, "
        "after: the default rates, the same client at the same pace):"
    )
    total_before = total_work = 0.0
    for what, request, scope in paths:
        cache.clear()
        with rates(unlimited):
            client = Client()
            served = [timed(request, client) for _ in range(samples)]
        if any(status == 429 or status >= 500 for status, _ in served):  # a wrong guess: 400
            raise SystemExit(f"{what}: a served request answered {served}")
        cpu = statistics.mean(c for _, c in served)
        cache.clear()
        with rates({**unlimited, scope: "1/min"}):
            client = Client()
            timed(request, client)  # the one allowed
            refused = [timed(request, client) for _ in range(refusals)]
        if any(status != 429 for status, _ in refused):
            raise SystemExit(f"{what}: a request past the rate answered {refused}")
        refused_cpu = statistics.mean(c for _, c in refused)
        pace = 60 / cpu  # requests a minute, back to back, on a core of its own
        before = pace * cpu
        allowed = min(pace, per_minute(defaults[scope]))
        work = allowed * cpu
        after = min(60.0, work + (pace - allowed) * refused_cpu)  # one busy process at most
        total_before, total_work = total_before + before, total_work + work
        print(
            f"  {what}: {cpu * 1000:.0f} ms a request served, {refused_cpu * 1000:.1f} ms "
            f"refused. Before: {before:.0f} CPU-s a minute ({pace:.0f} requests back to back). "
            f"After: {work:.1f} CPU-s of work let through ({defaults[scope]} `{scope}`); "
            f"{after:.1f} CPU-s with the refusals at the same pace"
        )
    print(
        f"  the five together: before {total_before:.0f} CPU-s a minute (a web process kept "
        f"busy by each); after {total_work:.1f} CPU-s of work a minute, whatever the pace; "
        "the refusals cost what the table says (a flood of them is the proxy's to stop)"
    )
    pbkdf2.disable()


def bench_offline(writes: int = 30, runs: int = 3) -> None:
    """The outbox (static/js/outbox.js): a player marks `writes` turns on the battle sheet with
    the connection off, then it comes back; the time from its return to an empty outbox (every
    write sent in order, each with its Idempotency-Key and If-Match, and answered), in Debian's
    Chromium against a live server of this process (SQLite). Target: under 5 s for 30."""
    django_ready()
    import shutil

    from django.conf import settings
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.test.testcases import LiveServerThread
    from playwright.sync_api import sync_playwright

    from campaign.models import Battle
    from campaign.services import battles as battle_services
    from tests.browser.conftest import CHROMIUM_ARGS
    from tests.browser.helpers import PASSWORD
    from tests.campaign.games_support import foot_patrol
    from tests.conftest import CHROMIUM
    from tests.factories import CampaignFactory, UserFactory, founded_war_party, member

    if not shutil.which(CHROMIUM):
        print(f"offline: not measured, no Chromium at {CHROMIUM}")
        return
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "localhost"]  # as LiveServerTestCase
    server = LiveServerThread("localhost", StaticFilesHandler)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    base = f"http://localhost:{server.port}"
    campaign = CampaignFactory(name="Bench hall")
    player = member(campaign, UserFactory(username="offline-bench"))
    war_party = founded_war_party(campaign, player)
    patrol = foot_patrol(campaign, member(campaign, UserFactory(username="offline-other")))
    timings = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(runs):
            battle = battle_services.battle_start(
                campaign=campaign, actor=player, warband_a=war_party.id, warband_b=patrol.id
            )
            context = browser.new_context(base_url=base, viewport={"width": 390, "height": 844})
            page = context.new_page()
            page.goto("/accounts/login/")
            page.fill("#id_username", player.username)
            page.fill("#id_password", PASSWORD)
            page.click("main button[type=submit]")
            page.wait_for_selector(".topbar >> text=Log out")
            page.goto(f"/battles/{battle.id}/")
            page.wait_for_function("() => window.htmx && window.frontierOutbox")
            context.set_offline(True)
            for count in range(1, writes + 1):
                page.click("#next-turn")
                page.wait_for_function(
                    "n => document.getElementById('outbox-badge').dataset.count === String(n)",
                    arg=count,
                )
            started = time.perf_counter()
            context.set_offline(False)
            page.wait_for_function(
                "() => document.getElementById('outbox-badge').dataset.count === '0'",
                timeout=120_000,
            )
            timings.append(time.perf_counter() - started)
            turn = Battle.objects.get(pk=battle.pk).turn
            assert turn == 1 + writes, f"the server is at turn {turn}, not {1 + writes}"
            context.close()
            battle_services.battle_abandon(battle=battle, actor=player)  # the next run's
        browser.close()
    server.terminate()
    listed = ", ".join(f"{t:.2f}" for t in timings)
    print(
        f"offline: {writes} writes queued with no connection, sent in order once it returns: "
        f"{statistics.median(timings):.2f} s median to an empty outbox ({runs} runs: {listed} s;"
        f" {1000 * statistics.median(timings) / writes:.0f} ms a write; target under 5 s)"
    )


def finished_pelts_game():
    """A solo Pelts game played to its end by the computer at every seat (its replay steps are
    new positions for the odds)."""
    from chase.games import get_engine
    from chase.models import GameSession
    from chase.services import sessions as services

    session = services.session_create(
        kind="pelts", mode="solo", options={}, user=None, play_as="trapper"
    )
    engine = get_engine("pelts")
    while session.status != GameSession.Status.FINISHED:
        seat = next(s for s in session.seats.all() if engine.legal_actions(session.state, s.role))
        action = engine.computer_action(session.state, seat.role, services.new_chance())
        services.session_act(
            session_id=session.pk, token=seat.token, version=session.version, action=action
        )
        session.refresh_from_db()
    return session


def bench_book(games: int = 20) -> None:
    """The campaign book of a campaign of `games` games played through the services (eight
    warbands, both post-games of each game committed): the seconds its worker takes from
    asking to the PDF kept (target under 30 s), its pages and size."""
    django_ready()
    from campaign.services import book
    from tests.campaign_data import played_campaign

    campaign = played_campaign(games=games)
    started = time.perf_counter()
    made = book.book_make(campaign_id=campaign.pk)
    seconds = time.perf_counter() - started
    print(
        f"  the book of {made.games} games: {seconds:.2f} s (target < 30 s), "
        f"{made.pages} pages, {len(made.pdf) / 1024:.0f} KiB"
    )


def run_script(name: str, *args: str) -> None:
    """Game-engine benchmarks are plain scripts beside this one (no database)."""
    script = ROOT / "bench" / name
    if script.exists():
        subprocess.run([sys.executable, str(script), *args], check=True)


def bench_club() -> None:
    """The club night (bench/club_night.py) takes minutes and its own servers: run by
    `make bench-club`, or here with BENCH_CLUB=1."""
    if os.environ.get("BENCH_CLUB") != "1":
        print("club night: not run here (minutes of load): `make bench-club`, or BENCH_CLUB=1")
        return
    run_script("club_night.py", "--clubs", "1", "10", "50")


SECTIONS = {
    "pages": lambda: run_script("bench_pages.py"),
    "roster": bench_roster,
    "pelts": lambda: run_script("bench_pelts.py", "--games", "2000", "--duel-games", "500"),
    "race": lambda: run_script("bench_race.py", "--races", "2000"),
    "odds": lambda: run_script("bench_odds.py"),
    "proposals": lambda: run_script("bench_proposals.py"),
    # Hard against normal per game, to ±3% or 20 CPU minutes a game (the interval reached is
    # printed); `bench/bench_hard.py --minutes 90` for the full ±3% everywhere.
    "hard": lambda: run_script("bench_hard.py", "--minutes", "20"),
    # The most a search of one step over the normal computer could gain in the race, with
    # perfect information (docs/speed.md: why the race's 60% is out of reach).
    "hard-bound": lambda: run_script("bench_hard_bound.py", "--only", "race"),
    "odds-budget": bench_odds_budget,
    "visitor-cpu": bench_visitor_cpu,
    "moosehead": lambda: run_script("bench_moosehead.py"),
    "recalculation": lambda: run_script("bench_ratings.py", "recalculation"),
    "rankings": lambda: run_script("bench_ratings.py", "rankings"),
    "canoe-ratings": lambda: run_script("bench_canoe_ratings.py", "--games", "2000"),
    "club-requests": lambda: run_script("bench_club_requests.py"),
    # uvicorn on PostgreSQL and Redis (CLUB_DATABASE_URL, CLUB_REDIS_URL, CLUB_EVENTS_PORT).
    "event-process": lambda: run_script("bench_event_process.py"),
    # The campaign's kinds of a club night, warm, after a post-game answer, after a change.
    "club-pages": lambda: run_script("bench_club_pages.py"),
    "book": bench_book,
    "offline": bench_offline,
    "club": bench_club,
}

if __name__ == "__main__":
    chosen = sys.argv[1:] or list(SECTIONS)
    for name in chosen:
        print(f"== {name}", flush=True)
        SECTIONS[name]()
