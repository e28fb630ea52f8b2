"""The event process's CPU (uvicorn, config/asgi.py): per open stream while nothing moves, and
per event delivered when the games move (`make bench`'s `event-process`).

    .venv/bin/python bench/bench_event_process.py [--streams 200] [--moves 200] [--idle 20]
                                                   [--database URL] [--redis URL] [--port N]

One uvicorn process (one worker: its CPU is read from /proc) on PostgreSQL and Redis, as a club
server runs it. `--streams` streams are opened as the club night's programs hold them (`GET
/api/sessions/<id>/events/?seat=TOKEN`, two seats of each game, each game a race across two
browsers with the computer at the other canoes); then nothing moves for `--idle` seconds (the
keep-alives, the open streams' counts renewed, the seats marked at the table); then `--moves`
moves are posted one after another through the API in this process (as gunicorn would take
them: each publishes its event and stores the mover's view), each waited for until both of its
game's streams have it. Printed: the event process's CPU in all and per stream-second idle,
per move and per event delivered. Linux only (/proc).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process (/proc/<pid>/stat), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


class Streams(threading.Thread):
    """The streams, read in an event loop of their own: the newest id each has heard."""

    def __init__(self, base: str, paths: list[str]):
        super().__init__(daemon=True)
        self.base, self.paths = base, paths
        self.heard = [-1] * len(paths)
        self.opened = 0
        self.stop = False
        self.start()

    def run(self):
        asyncio.run(self._all())

    async def _all(self):
        import httpx

        limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
        timeout = httpx.Timeout(30.0, read=None)
        # Opened a few at a time (each opening holds a database connection for a moment, and
        # the database is shared), each let go once its first event came.
        opening = asyncio.Semaphore(8)
        async with httpx.AsyncClient(base_url=self.base, limits=limits, timeout=timeout) as http:
            await asyncio.gather(
                *(self._one(http, i, p, opening) for i, p in enumerate(self.paths))
            )

    async def _one(self, http, index: int, path: str, opening):
        await opening.acquire()
        held = True
        try:
            async with http.stream("GET", path, headers={"Accept": "text/event-stream"}) as answer:
                assert answer.status_code == 200, (answer.status_code, await answer.aread())
                self.opened += 1
                async for line in answer.aiter_lines():
                    if line.startswith("id:"):
                        self.heard[index] = int(line[3:])
                        if held:
                            opening.release()
                            held = False
                    if self.stop:
                        return
        finally:
            if held:
                opening.release()

    def wait(self, condition, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                raise SystemExit("the streams did not hear in time")
            time.sleep(0.005)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--idle", type=float, default=20.0)
    parser.add_argument(
        "--database",
        default=os.environ.get("CLUB_DATABASE_URL", "postgres://root@127.0.0.1:5432/bench"),
    )
    parser.add_argument(
        "--redis", default=os.environ.get("CLUB_REDIS_URL", "redis://127.0.0.1:6379/8")
    )
    parser.add_argument("--port", type=int, default=int(os.environ.get("CLUB_EVENTS_PORT", 8109)))
    args = parser.parse_args()

    import subprocess

    import redis
    from bench_pages import server_env
    from club_night import ensure_database

    redis.Redis.from_url(args.redis).flushdb()
    static_root = tempfile.mkdtemp(prefix="frontier-events-static-")
    env = server_env(args.database, static_root, args.redis)
    env["THROTTLE_SESSION_ACTION_RATE"] = "1000000/min"  # one address posts every move here
    env["EVENTS_PER_ADDRESS"] = "100000"
    ensure_database(args.database)
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], env=env, check=True, cwd=ROOT)
    os.environ.update(env)  # this process: the same settings, database and Redis

    import django

    django.setup()
    from django.test import Client

    from chase.games import get_engine
    from chase.models import GameSession
    from chase.services import sessions as services

    engine = get_engine("race")
    computers = engine.roles(engine.clean_options({}))[2:]
    games = []
    for _ in range(max(1, args.streams // 2)):
        game = services.session_create(
            kind="race", mode="multi", options={}, computer_seats=computers, creator_sits=True
        )
        seats = [s for s in game.seats.all() if not s.is_computer]
        for seat in seats:
            if not seat.is_taken:
                services.seat_take(seat=seat)
        game.refresh_from_db()
        games.append((game.pk, [s.token for s in seats[:2]]))
    paths = [f"/api/sessions/{g}/events/?seat={t}" for g, tokens in games for t in tokens]

    bin_dir = Path(sys.executable).parent
    uvicorn = subprocess.Popen(
        [str(bin_dir / "uvicorn"), "config.asgi:application", "--host", "127.0.0.1",
         "--port", str(args.port), "--log-level", "warning", "--timeout-graceful-shutdown", "2"],
        env=env, cwd=ROOT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{args.port}"
    try:
        import httpx

        for _ in range(300):
            try:
                httpx.get(base + "/healthz", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        streams = Streams(base, paths)
        streams.wait(lambda: streams.opened == len(paths) and min(streams.heard) >= 0)
        time.sleep(1.0)
        before = cpu_seconds(uvicorn.pid)
        time.sleep(args.idle)
        idle = cpu_seconds(uvicorn.pid) - before

        client = Client(HTTP_HOST="127.0.0.1")
        moved, busy, index = 0, 0.0, 0
        while moved < args.moves:
            game_id, tokens = games[index % len(games)]
            index += 1
            game = GameSession.objects.get(pk=game_id)
            if game.is_finished:
                continue
            for token in tokens:
                seat = game.seats.get(token=token)
                actions = engine.legal_actions(game.state, seat.role)
                if not actions:
                    continue
                before = cpu_seconds(uvicorn.pid)
                answer = client.post(
                    f"/api/sessions/{game_id}/actions/",
                    json.dumps({"seat": token, "version": game.version, "action": actions[0]}),
                    content_type="application/json",
                )
                assert answer.status_code == 200, answer.content
                version = answer.json()["version"]
                mine = [paths.index(f"/api/sessions/{game_id}/events/?seat={t}") for t in tokens]
                streams.wait(lambda mine=mine, v=version: all(streams.heard[i] >= v for i in mine))
                busy += cpu_seconds(uvicorn.pid) - before
                moved += 1
                break
        streams.stop = True
        print(f"the event process, {len(paths)} open streams ({len(games)} games, two seats each):")
        print(
            f"  idle {args.idle:g} s: {idle * 1000:.0f} ms of CPU, "
            f"{idle * 1e6 / len(paths) / args.idle:.1f} us a stream a second"
        )
        print(
            f"  {moved} moves, each heard by its game's two streams: {busy * 1000:.0f} ms of CPU, "
            f"{busy * 1000 / moved:.2f} ms a move, {busy * 1000 / moved / 2:.2f} ms an event"
        )
    finally:
        uvicorn.terminate()
        uvicorn.wait(timeout=30)


if __name__ == "__main__":
    main()
