"""The inbox: what waits for a player, gathered from every app by a small registry.

An app registers a source, a function `(user) -> iterable of Item`, with `@source(...)`, naming
the kinds it yields and whether those kinds are also sent by e-mail; its AppConfig.ready()
imports the module that holds it. Each source reads with one or two queries; the inbox of a
request is built once and kept on the request (`inbox_of`), so the top bar's badge and the
dashboard share it.
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


def source(*kinds: Kind) -> Callable[[Source], Source]:
    """Register an inbox source yielding items of these kinds."""

    def register(function: Source) -> Source:
        for kind in kinds:
            KINDS[kind.key] = kind
        if function not in SOURCES:
            SOURCES.append(function)
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


def inbox_of(request) -> list[Item]:
    """The request's user's inbox, built once per request."""
    if not hasattr(request, "_inbox"):
        request._inbox = inbox_for(request.user)
    return request._inbox
