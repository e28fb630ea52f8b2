"""The club night's split of the machine's cores by part of the server (bench/process_cpu.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import process_cpu  # noqa: E402 (bench/ is not a package)

TABLE = {
    1: (0, 0.0, "/sbin/init"),
    100: (1, 5.0, "gunicorn: master"),
    101: (100, 40.0, "gunicorn: worker"),
    200: (1, 3.0, "uvicorn config.asgi:application"),
    201: (200, 9.0, "python -c from multiprocessing.spawn import spawn_main"),
    300: (1, 1.0, "/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main"),
    301: (300, 7.0, "postgres: 15/main: root frontier_cache 127.0.0.1(40000) idle"),
    302: (300, 6.0, "postgres: 15/main: root someone_else 127.0.0.1(40001) idle"),
    303: (300, 2.0, "postgres: 15/main: walwriter "),
    400: (1, 0.5, "/usr/bin/redis-server 127.0.0.1:6379"),
    500: (1, 9.0, "python -m pytest"),
}
ROOTS = {100: "web workers", 200: "event process"}


def part(pid):
    return process_cpu._part(pid, TABLE, ROOTS, "frontier_cache")


def test_each_process_is_given_to_its_part():
    assert part(101) == part(100) == "web workers"
    assert part(201) == "event process"  # a child of the process the bench started
    assert part(301) == "PostgreSQL, the bench's database"
    assert part(302) is None  # another database's backend: someone else's
    assert part(303) == part(300) == "PostgreSQL's shared processes"
    assert part(400) == "Redis"
    assert part(500) is None


def test_the_shares_count_from_the_first_snapshot_and_the_rest_is_anything_else():
    before = {101: ("web workers", 40.0), 301: ("PostgreSQL, the bench's database", 7.0)}
    after = {
        101: ("web workers", 50.0),
        301: ("PostgreSQL, the bench's database", 9.0),
        102: ("web workers", 2.0),  # started between the snapshots: all of its time
    }
    shares = process_cpu.shares(before, after, busy=20.0, wall=10.0)
    assert shares["web workers"] == 1.2
    assert shares["PostgreSQL, the bench's database"] == 0.2
    assert shares["anything else"] == 0.6  # 20 CPU-seconds busy, 14 of them the parts'
    assert shares["the load generator"] == 0.0


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="Linux's /proc only")
def test_a_snapshot_of_this_machine_finds_this_process():
    found = process_cpu.snapshot({}, "frontier_cache")
    assert found[os.getpid()][0] == "the load generator"


def test_the_backends_that_ended_are_read_from_the_postmaster():
    """A backend that ends during the run is gone from /proc at the second snapshot: its time
    is the growth of the postmaster's collected children's time, not "anything else"."""
    ended = process_cpu.ENDED
    before = {"300:ended": (ended, 4.0), 301: ("PostgreSQL, the bench's database", 7.0)}
    # 301 ended meanwhile after 2 s more: the postmaster collected its 9 s, and a backend
    # started and ended in the run its 1.5 s
    after = {"300:ended": (ended, 4.0 + 9.0 + 1.5)}
    shares = process_cpu.shares(before, after, busy=5.0, wall=10.0)
    assert shares[ended] == pytest.approx(0.35)  # 2 + 1.5 CPU-seconds in the run
    assert shares["anything else"] == pytest.approx(0.15)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="Linux's /proc only")
def test_a_process_children_time_is_read_from_proc():
    assert process_cpu._children_time(os.getpid()) >= 0.0
    assert process_cpu._is_postmaster("/usr/lib/postgresql/15/bin/postgres -D /x")
    assert not process_cpu._is_postmaster("postgres: 15/main: walwriter ")
