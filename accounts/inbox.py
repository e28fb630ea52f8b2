"""The inbox: what waits for a player, gathered from every app by a small registry.

An app registers a source, a function `(user) -> iterable of Item`, with `@source(...)`, naming
the kinds it yields and whether those kinds are also sent by e-mail; its AppConfig.ready()
imports the module that holds it. Each source reads with one or two queries; the inbox of a
request is built once, from the cache where it can be, and kept on the request
(accounts.selectors.inbox_listed), so the top bar's badge and the dashboard share it.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Item:
    kind: str
    title: str
    url: str
    since: datetime.datetime
    action: str = "Open"  # the words on the button that goes there

    def as_dict(self) -> dict:
        return asdict(self)

    @property
    def label(self) -> str:
        kind = KINDS.get(self.kind)
        return kind.label if kind else self.kind


@dataclass(frozen=True)
class Kind:
    key: str
    label: str  # for the profile's e-mail choices: "Reports to confirm"
    email: bool  # whether this kind is also sent by e-mail


Source = Callable[[object], Iterable[Item]]
SOURCES: list[Source] = []
KINDS: dict[str, Kind] = {}
# A source's own scope for the top bar's count (accounts.context_processors): user id -> a
# content scope (core.content_version) whose token every write that changes how many items the
# source yields for that user draws, and that no other write draws; such a source's count
# depends on nothing else (not on the clock). The other sources are counted under the inbox's
# scope and the minute.
COUNT_SCOPES: dict[Source, Callable[[int], str]] = {}


def source(*kinds: Kind, count_scope: Callable[[int], str] | None = None):
    """Register an inbox source yielding items of these kinds; `count_scope`: see COUNT_SCOPES."""

    def register(function: Source) -> Source:
        for kind in kinds:
            KINDS[kind.key] = kind
        if function not in SOURCES:
            SOURCES.append(function)
        if count_scope is not None:
            from core.page_cache import register_user_scope  # read on every page: hinted

            COUNT_SCOPES[function] = count_scope
            register_user_scope(count_scope)
        return function

    return register


# A group's probe (by its count scope): `(user) -> bool`, False only when no source counted under
# that scope yields an item for the user. Most players have nothing waiting in a campaign: the
# probe's one query (accounts.selectors.group_items) spares them the sources' six, with their
# joins, at their first page (14% of the web workers' CPU at a club night's start, issue 35).
# It may say True for nothing (a source's own Python filters drop the rest): never the other way.
PROBES: dict[Callable[[int], str], Callable[[object], bool]] = {}


def probe(count_scope: Callable[[int], str]):
    """Register the probe of the sources counted under `count_scope` (see PROBES)."""

    def register(function: Callable[[object], bool]) -> Callable[[object], bool]:
        PROBES[count_scope] = function
        return function

    return register


def emailed_kinds() -> list[Kind]:
    return [kind for kind in KINDS.values() if kind.email]


def inbox_for(user) -> list[Item]:
    """Everything waiting for `user`, oldest first (what has waited longest is on top)."""
    if not user.is_authenticated:
        return []
    items = [item for function in SOURCES for item in function(user)]
    return sorted(items, key=lambda item: (item.since, item.kind, item.url))
