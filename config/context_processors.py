"""What every page's frame (base.html) needs, worked out once a process."""

from __future__ import annotations

from functools import cache

from django.urls import get_script_prefix, reverse

NAV = ("home", "chase:lobby", "campaign-join", "campaign-create", "login", "logout", "signup")


def nav(request) -> dict:
    """The top bar's links, reversed once (per URL prefix) rather than on every page."""
    return {"nav": _nav(get_script_prefix())}


@cache
def _nav(prefix: str) -> dict[str, str]:
    return {name.replace("chase:", "").replace("-", "_"): reverse(name) for name in NAV}
