"""The pages under load, each beside a bare Django view served the same way, in one run.

    .venv/bin/python bench/bench_pages.py [--duration S] [--postgres URL|none] [--no-sqlite]
                                          [--redis URL]

For each database (a fresh SQLite file; then PostgreSQL: --postgres, else a postgres
DATABASE_URL, else BENCH_DATABASE_URL, else postgres://root@127.0.0.1:5432/bench, whose database
gets migrated and the demo loaded into it; "not measured" and why when it cannot be reached),
and again with Redis as the cache and session store when --redis or BENCH_REDIS_URL is given,
the app is served by gunicorn (2 sync workers, DJANGO_DEBUG=0) and so is the bare view
(bench/bare_app.py: one 15-row template; session, CSRF and authentication middleware; no
query). wrk (2 threads, 16 connections) then loads, logged in as its owner, the roster page of
the demo's largest warband, GET /api/warbands/{id}/ with a token, the campaign page and the
league page, and the bare view before and after each of them. Each page is printed as requests
per second and as its share of the bare view's rate around it (the mean of the two); the bare
view as its mean and range.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
SECRET = "bench-secret-key-not-for-production-0123456789abcdefghijkl"
WORKERS = 2
THREADS = 2
CONNECTIONS = 16


DEFAULT_BENCH_DATABASE_URL = "postgres://root@127.0.0.1:5432/bench"


def postgres_unreachable(url: str) -> str | None:
    """Why this PostgreSQL cannot be used, or None."""
    import dj_database_url
    import psycopg

    db = dj_database_url.parse(url)
    try:
        psycopg.connect(
            host=db["HOST"] or None, port=db["PORT"] or None, user=db["USER"] or None,
            password=db["PASSWORD"] or None, dbname=db["NAME"], connect_timeout=3,
        ).close()  # fmt: skip
    except psycopg.Error as error:
        lines = str(error).strip().splitlines()
        return lines[0] if lines else type(error).__name__
    return None


def server_env(database_url: str, static_root: str, redis_url: str = "") -> dict[str, str]:
    """Production settings on plain HTTP at 127.0.0.1: what a club server runs behind a proxy."""
    env = dict(os.environ)
    for name in ("DJANGO_SETTINGS_MODULE", "REDIS_URL"):
        env.pop(name, None)
    env.update(
        DATABASE_URL=database_url,
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=SECRET,
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_SECURE_COOKIES="0",
        DJANGO_HSTS_SECONDS="0",
        DJANGO_LOG_LEVEL="ERROR",
        DJANGO_SETTINGS_MODULE="settings_bench",
        BENCH_STATIC_ROOT=static_root,
        PYTHONPATH=os.pathsep.join([str(BENCH), str(ROOT)]),
    )
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


def prepare() -> None:
    """In the server's settings: migrate, collect static files, load the demo; print the targets."""
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db.models import Count
    from django.test import Client
    from rest_framework.authtoken.models import Token

    from campaign.demo import load_demo
    from campaign.models import Warband

    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)
    campaign = load_demo()
    warband = (
        Warband.objects.filter(campaign=campaign)
        .annotate(size=Count("figures"))
        .order_by("-size", "pk")
        .select_related("owner")
        .first()
    )
    client = Client()
    client.force_login(warband.owner)
    token, _ = Token.objects.get_or_create(user=warband.owner)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    targets = [
        ("roster page of the largest warband", f"/warbands/{warband.pk}/", cookie),
        ("GET /api/warbands/{id}/ (token)", f"/api/warbands/{warband.pk}/",
         f"Authorization: Token {token.key}"),
        ("campaign page", f"/campaigns/{campaign.pk}/", cookie),
        ("league page", f"/campaigns/{campaign.pk}/league/", cookie),
    ]  # fmt: skip
    print(json.dumps({"warband": warband.name, "figures": warband.size, "targets": targets}))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def header(raw: str) -> tuple[str, str]:
    """'Authorization: Token x' as a header; a bare 'sessionid=...' as a Cookie."""
    if ": " in raw:
        name, value = raw.split(": ", 1)
        return name, value
    return "Cookie", raw


def fetch(url: str, raw_header: str | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url)
    if raw_header:
        request.add_header(*header(raw_header))
    try:
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310 (local)
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@contextlib.contextmanager
def gunicorn(app: str, env: dict[str, str]):
    """The same gunicorn settings for the app and the bare view; yields the base URL."""
    port = free_port()
    command = [
        str(ROOT / ".venv" / "bin" / "gunicorn"),
        "--workers", str(WORKERS),
        "--bind", f"127.0.0.1:{port}",
        "--log-level", "warning",
        "--chdir", str(ROOT),
        "--pythonpath", f"{BENCH},{ROOT}",
        app,
    ]  # fmt: skip
    process = subprocess.Popen(command, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn {app} exited with {process.returncode}")
            with contextlib.suppress(OSError):
                fetch(base + "/")
                break
            time.sleep(0.1)
        else:
            raise RuntimeError(f"gunicorn {app} did not answer in 30 s")
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)


def wrk(url: str, duration: float, raw_header: str | None = None) -> dict[str, float]:
    command = ["wrk", "-t", str(THREADS), "-c", str(CONNECTIONS), "-d", f"{duration:g}s"]
    if raw_header:
        name, value = header(raw_header)
        command += ["-H", f"{name}: {value}"]
    out = subprocess.run([*command, url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: (.*)", out)
    return {"rate": rate, "bad": int(bad.group(1)) if bad else 0,
            "errors": errors.group(1) if errors else ""}  # fmt: skip


def warm_up(targets: list[tuple[str, str | None]], duration: float) -> None:
    """Every page answers 200, and both workers have imported, compiled and cached what each
    page needs before any is measured (else the first page measured pays for all)."""
    for url, raw_header in targets:
        for _ in range(2 * WORKERS):
            status, body = fetch(url, raw_header)
            if status != 200:
                raise RuntimeError(f"{url} answered {status}: {body[:300]!r}")
    for url, raw_header in targets:
        wrk(url, min(1.0, duration), raw_header)


def measure(url: str, duration: float, raw_header: str | None = None) -> dict[str, float]:
    return wrk(url, duration, raw_header)


def flush_redis(url: str) -> None:
    """The bench's Redis database starts empty (no page cached by an earlier run)."""
    import redis

    redis.Redis.from_url(url).flushdb()


def bench_database(label: str, database_url: str, duration: float, redis_url: str = "") -> None:
    static_root = tempfile.mkdtemp(prefix="frontier-bench-static-")
    try:
        env = server_env(database_url, static_root, redis_url)
        if redis_url:
            flush_redis(redis_url)
        prepared = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--prepare"],
            env=env, capture_output=True, text=True, check=False,
        )  # fmt: skip
        if prepared.returncode:
            raise RuntimeError(f"preparing {label} failed:\n{prepared.stderr}")
        plan = json.loads(prepared.stdout.strip().splitlines()[-1])
        # Both servers run at once; only the one under load uses the CPU. The bare view is
        # measured before and after each page and the page's share is of the mean of the two,
        # so a change in the machine's load during the run moves both alike.
        with (
            gunicorn("bare_app:application", env) as bare_base,
            gunicorn("config.wsgi:application", env) as base,
        ):
            pages = [(name, base + path, raw) for name, path, raw in plan["targets"]]
            warm_up([(bare_base + "/", None)] + [(url, raw) for _, url, raw in pages], duration)
            bares = [measure(bare_base + "/", duration)]
            rows = []
            for name, url, raw in pages:
                result = measure(url, duration, raw)
                bares.append(measure(bare_base + "/", duration))
                result["share"] = result["rate"] / ((bares[-2]["rate"] + bares[-1]["rate"]) / 2)
                rows.append((name, result))
        bare = {"rate": sum(b["rate"] for b in bares) / len(bares)}
    finally:
        shutil.rmtree(static_root, ignore_errors=True)
    cache = f"Redis cache and sessions ({redis_url})" if redis_url else "local-memory cache"
    print(
        f"{label}, {cache}: wrk {THREADS} threads x {CONNECTIONS} connections, "
        f"{duration:g} s each; gunicorn {WORKERS} sync workers, DJANGO_DEBUG=0; largest warband "
        f"{plan['warband']!r} ({plan['figures']} figures)"
    )
    print(f"  {'page':44} {'req/s':>8} {'share':>6}")
    low, high = min(b["rate"] for b in bares), max(b["rate"] for b in bares)
    print(f"  {'bare Django view':44} {bare['rate']:8.0f} {100:5.0f}%  ({low:.0f}-{high:.0f})")
    for name, result in rows:
        share = result["share"] * 100
        note = ""
        if result["bad"]:
            note += f"  ({result['bad']} non-2xx answers!)"
        if result["errors"]:
            note += f"  (socket errors: {result['errors']})"
        print(f"  {name:44} {result['rate']:8.0f} {share:5.0f}%{note}")
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--duration", type=float, default=float(os.environ.get("BENCH_SECONDS", "3")),
        help="seconds of load per page (default 3, or BENCH_SECONDS)",
    )  # fmt: skip
    default_pg = os.environ.get("DATABASE_URL", "")
    if not default_pg.startswith("postgres"):
        default_pg = os.environ.get("BENCH_DATABASE_URL", DEFAULT_BENCH_DATABASE_URL)
    parser.add_argument(
        "--postgres", default=default_pg,
        help="the PostgreSQL to measure too (default: DATABASE_URL when it is PostgreSQL, else "
        f"BENCH_DATABASE_URL, else {DEFAULT_BENCH_DATABASE_URL}); its database is migrated and "
        "the demo loaded into it; 'none' to skip",
    )  # fmt: skip
    parser.add_argument(
        "--redis", default=os.environ.get("BENCH_REDIS_URL", ""),
        help="measure each database again with this Redis as the cache and the session store "
        "(default BENCH_REDIS_URL; its database is emptied)",
    )  # fmt: skip
    parser.add_argument("--no-sqlite", action="store_true", help="PostgreSQL only")
    parser.add_argument("--prepare", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.prepare:
        prepare()
        return
    if shutil.which("wrk") is None:
        print("wrk is not installed (apt-get install wrk): page benchmark skipped")
        return
    variants = [""] + ([args.redis] if args.redis else [])
    if not args.no_sqlite:
        for redis_url in variants:
            folder = tempfile.mkdtemp(prefix="frontier-bench-db-")
            try:
                url = f"sqlite:///{folder}/bench.sqlite3"
                bench_database("SQLite", url, args.duration, redis_url)
            finally:
                shutil.rmtree(folder, ignore_errors=True)
    if not args.postgres or args.postgres == "none":
        print("PostgreSQL: not measured (--postgres none)")
        return
    why = postgres_unreachable(args.postgres)
    if why:
        print(f"PostgreSQL: not measured ({args.postgres}: {why})")
        return
    for redis_url in variants:
        bench_database("PostgreSQL", args.postgres, args.duration, redis_url)


if __name__ == "__main__":
    main()
