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
