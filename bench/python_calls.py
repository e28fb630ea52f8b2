"""How many Python functions one request calls: a count of the interpreter's work that does
not drift with the machine's speed (this box's CPU time for the same request varies by half
between runs), for `bench_club_requests.py` and `bench_club_pages.py` to print beside the
times. The same request on the same data calls the same functions, so a change that saves work
shows here on any box, however noisy its clock."""

from __future__ import annotations

import sys


def python_calls(send, *args) -> int:
    """Call `send(*args)` and count the Python function calls it made (C functions apart)."""
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(count)
    try:
        send(*args)
    finally:
        sys.setprofile(None)
    return calls


def call_tree(send, *args, depth: int = 80, floor: int = 10) -> list[tuple[int, int, str]]:
    """Call `send(*args)` and give the Python calls made under each function, inclusive, as
    (depth, calls, name) rows in call order (a function called again from the same place is
    one row): where a request's calls go, layer by layer (middleware, view, renderer). Rows
    deeper than `depth` or with fewer than `floor` calls are left out."""
    totals: dict[tuple[str, ...], int] = {}
    order: list[tuple[str, ...]] = []
    stack: list[tuple[str, ...]] = [()]

    def name(frame) -> str:
        code = frame.f_code
        module = frame.f_globals.get("__name__", "?")
        return f"{module}.{getattr(code, 'co_qualname', code.co_name)}"

    def track(frame, event, arg):
        if event == "call":
            path = (*stack[-1], name(frame))[: depth + 1]
            for i in range(1, len(path) + 1):
                key = path[:i]
                if key not in totals:
                    totals[key] = 0
                    order.append(key)
                totals[key] += 1
            stack.append(path)
        elif event == "return" and len(stack) > 1:
            stack.pop()

    sys.setprofile(track)
    try:
        send(*args)
    finally:
        sys.setprofile(None)
    return [(len(k), totals[k], k[-1]) for k in order if totals[k] >= floor and len(k) <= depth]


# The caches that are Redis on a club server (config/settings/base.py): each call of one of
# their methods is a round trip there. "users" is each process's own memory everywhere.
SHARED_CACHES = ("default", "template_fragments", "versions", "sessions")
CACHE_METHODS = (
    "get", "set", "add", "delete", "get_many", "set_many", "delete_many", "incr", "decr",
    "touch", "has_key", "get_or_set",
)  # fmt: skip


def cache_trips(send, *args) -> int:
    """Call `send(*args)` and count the calls it made to the shared caches (one Redis round
    trip each on a club server; a method that calls another of the same cache counts once)."""
    from django.core.cache import caches

    shared = {id(caches[alias]) for alias in SHARED_CACHES}
    classes = {type(caches[alias]) for alias in SHARED_CACHES}
    trips, depth, saved = 0, 0, []

    def counted(function):
        def call(self, *a, **k):
            nonlocal trips, depth
            if id(self) in shared and depth == 0:
                trips += 1
            depth += 1
            try:
                return function(self, *a, **k)
            finally:
                depth -= 1

        return call

    for cls in classes:
        for name in CACHE_METHODS:
            saved.append((cls, name, cls.__dict__.get(name)))
            setattr(cls, name, counted(getattr(cls, name)))
    try:
        send(*args)
    finally:
        for cls, name, original in saved:
            if original is None:
                delattr(cls, name)
            else:
                setattr(cls, name, original)
    return trips
