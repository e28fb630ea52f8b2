"""`If-Match` and `ETag` with a whole-number version (a battle sheet's, a post-game sequence's,
the house rules'): a write may say which version it was made on, and every write's answer says
the version it left.

    If-Match: "7"      the write was made on version 7 (W/"7" is taken too)
    ETag: "8"          the version now

An absent, `*` or malformed If-Match is no condition: the write goes ahead as without one.
"""

from __future__ import annotations


def if_match_version(request) -> int | None:
    """The version a write was made on, from its If-Match header, or None."""
    header = request.headers.get("If-Match", "").strip().removeprefix("W/").strip('"')
    return int(header) if header.isascii() and header.isdigit() and len(header) < 10 else None


def etag(version: int) -> str:
    return f'"{version}"'
