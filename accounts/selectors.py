"""Reads of the accounts app."""

from __future__ import annotations

import time

from accounts import inbox as inbox_module
from accounts.inbox import Item
from accounts.models import Profile
from core.content_version import inbox_scope
from core.page_cache import cached


def profile_of(user) -> Profile:
    """The player's profile, or an unsaved default one (nothing is written by reading)."""
    return Profile.objects.filter(user=user).first() or Profile(user=user)


def sources(functions=None) -> str:
    """The registered sources: the count is theirs (fixed once the apps are loaded)."""
    functions = inbox_module.SOURCES if functions is None else functions
    return ",".join(f"{f.__module__}.{f.__qualname__}" for f in functions)


def minute() -> int:
    """A key part that changes every minute: an idle canoe game leaves the inbox on time."""
    return int(time.time() // 60)


RENAME_SECONDS = 300


def rename_window() -> int:
    """A key part that changes every five minutes: the words of the items counted under a scope
    of their own (the campaign's: their count is exact at once, by that scope) name warbands,
    campaigns, figures and players, whose renames draw no such scope; a new name shows in them
    within five minutes. Not the minute: a member reads their home page every few minutes, so
    a list keyed by the minute was drawn afresh at every reading (its four queries were most of
    the home page's cost at a club night, issue 35)."""
    return int(time.time() // RENAME_SECONDS)


def source_groups() -> tuple[list, dict]:
    """The sources read under the inbox's scope and the minute, and those with a scope of their
    own (accounts.inbox.COUNT_SCOPES), by that scope."""
    apart = inbox_module.COUNT_SCOPES
    rest = [f for f in inbox_module.SOURCES if f not in apart]
    groups: dict = {}
    for function, scope in apart.items():
        groups.setdefault(scope, []).append(function)
    return rest, groups


def inbox_listed(request) -> list[Item]:
    """The request's user's inbox, oldest first, as accounts.inbox.inbox_for lists it, kept on
    the request (the top bar's badge counts it then) and each group of sources kept in the cache
    under the keys its count is kept by (accounts.context_processors), the inbox's own sources
    with the minute (an idle canoe game leaves on time), those of a scope of their own with
    `rename_window` and stored at once: a player's home page read again, with nothing new for
    them, reads no source. An item that comes or goes shows at once (its scope's token); a name
    in an item's words that changes without that (a campaign or a warband renamed) shows within
    the minute, or the five minutes of `rename_window`."""
    if hasattr(request, "_inbox"):
        return request._inbox
    user = request.user
    if not user.is_authenticated:
        request._inbox = []
        return request._inbox
    rest, groups = source_groups()
    items = cached(
        "inbox-items", user.id, minute(), sources(rest),
        scopes=[inbox_scope(user.id)], request=request,
        render=lambda: [item for f in rest for item in f(user)],
    )  # fmt: skip
    for scope, functions in groups.items():
        items = items + group_items(request, scope, functions)
    request._inbox = sorted(items, key=lambda item: (item.since, item.kind, item.url))
    return request._inbox


def group_items(request, scope, functions) -> list[Item]:
    """The items of sources counted under a scope of their own (`source_groups`), kept under
    that scope and `rename_window`, stored at once: the top bar's count of them is their number
    (accounts.context_processors), so a player's first page draws them once for both. The
    group's probe (accounts.inbox.PROBES), if it has one, is asked first."""
    user = request.user
    probe = inbox_module.PROBES.get(scope)

    def render() -> list[Item]:
        if probe is not None and not probe(user):  # nothing waits: the sources are not read
            return []
        return [item for f in functions for item in f(user)]

    return cached(
        "inbox-source-items", user.id, rename_window(), sources(functions),
        scopes=[scope(user.id)], request=request, at_once=True, render=render,
    )  # fmt: skip
