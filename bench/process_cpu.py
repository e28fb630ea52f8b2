"""Where the machine's cores went during a club night, by part of the club server (Linux's
/proc): the web workers, the event process and the Celery worker (each the process the bench
started and its children), PostgreSQL's backends of the bench's database and its own shared
processes (the WAL writer, the checkpointer...), Redis, the load generator, and anything else
on the machine (the rest of the machine's busy time).

A process counts from the first snapshot to the second; one started between them counts from
its start. One that exited between them is missed (its time shows as "anything else"), but for
PostgreSQL's backends: a connection is kept 60 s, the length of a run, so many end during it,
and their time is read from the postmaster, which collects it as each ends (its children's
time in /proc), as "PostgreSQL's backends that ended" (of any database: nothing else should
use PostgreSQL during a run).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

# A backend's title: "postgres: [<cluster>: ]<user> <database> <address>(<port>) <state>".
BACKEND = re.compile(
    r"^postgres: (?:\S+: )?(?P<user>\S+) (?P<database>\S+) (?:\S*\(\d+\)|\[local\])"
)
HZ = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
ENDED = "PostgreSQL's backends that ended"
PARTS = (
    "web workers",
    "event process",
    "Celery worker",
    "PostgreSQL, the bench's database",
    "PostgreSQL's shared processes",
    ENDED,
    "Redis",
    "the load generator",
)


def _processes() -> dict[int, tuple[int, float, str]]:
    """pid -> (parent pid, CPU seconds used, command line) of every process now."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue  # exited meanwhile
        fields = stat[stat.rindex(")") + 2 :].split()
        found[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / HZ, command)
    return found


def _part(pid: int, table: dict, roots: dict[int, str], database: str) -> str | None:
    if pid == os.getpid():
        return "the load generator"
    seen, walk = set(), pid
    while walk in table and walk not in seen:  # its ancestors: a process the bench started?
        if walk in roots:
            return roots[walk]
        seen.add(walk)
        walk = table[walk][0]
    command = table[pid][2]
    program = Path(command.split()[0]).name if command.split() else ""
    if command.startswith("postgres:"):
        backend = BACKEND.match(command)
        if backend is None:
            return "PostgreSQL's shared processes"  # the WAL writer, the checkpointer, autovacuum
        return "PostgreSQL, the bench's database" if backend["database"] == database else None
    if _is_postmaster(command):
        return "PostgreSQL's shared processes"
    if program == "redis-server":
        return "Redis"
    return None


def snapshot(roots: dict[int, str], database: str) -> dict:
    """pid -> (part, CPU seconds) of every process of a part, and for PostgreSQL's postmaster
    "<pid>:ended" -> the time of its backends that have ended. `roots`: the pids the bench
    started, by part; `database`: the PostgreSQL database's name."""
    table = _processes()
    out: dict = {}
    for pid, (_, cpu, command) in table.items():
        part = _part(pid, table, roots, database)
        if part is not None:
            out[pid] = (part, cpu)
        if _is_postmaster(command) and (ended := _children_time(pid)) is not None:
            out[f"{pid}:ended"] = (ENDED, ended)
    return out


def _is_postmaster(command: str) -> bool:
    """PostgreSQL's postmaster: its program is `postgres` (its backends are titled `postgres:`)."""
    return bool(command.split()) and Path(command.split()[0]).name == "postgres"


def _children_time(pid: int) -> float | None:
    """CPU seconds of the process's children that have ended and been waited for."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[13]) + int(fields[14])) / HZ


def machine_busy_seconds() -> float:
    """CPU-seconds the machine's cores were busy since boot (everyone's)."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / HZ


def shares(before: dict, after: dict, busy: float, wall: float) -> dict[str, float]:
    """Each part's CPU between the snapshots as a share of one core, and "anything else":
    the machine's busy time `busy` (CPU-seconds over `wall` seconds) left over."""
    used = dict.fromkeys(PARTS, 0.0)
    for pid, (part, cpu) in after.items():
        used[part] += cpu - (before[pid][1] if pid in before else 0.0)
    for pid, (part, cpu) in before.items():
        if pid not in after and part == "PostgreSQL, the bench's database":
            used[ENDED] -= cpu  # ended in the run: the postmaster collected its whole time
    used["anything else"] = max(0.0, busy - sum(used.values()))
    return {part: seconds / wall for part, seconds in used.items()}
