"""What an app built on the canoe games tells them when it is ready (in its AppConfig.ready),
so that chase imports nothing of it: the dependency runs one way (campaign uses chase; the
architecture test holds it).

- Who may read a game it owns (`register_read_check`): a campaign chase is its campaign's, and
  to a stranger to a private campaign it is the 404 of a missing game (chase.access).
- Who may take a seat of a game it owns (`register_seat_check`): a campaign chase's seat is its
  warband's owner's or the organiser's (chase.services.sessions).
- Which crews a user may bring into a lobby game that takes figures (`register_crews`): the
  warbands of the user's campaigns, each with its figures as plain data (chase.forms.sessions).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

ReadCheck = Callable[[Any, Any], bool]  # (game session, user) -> whether they may read it
SeatCheck = Callable[[Any, Any], str | None]  # (seat, user) -> why they may not take it, or None


@dataclass(frozen=True)
class Crew:
    """A band a user may bring into a lobby game that takes figures (the abstract chase).

    key      the lobby form's value for it (unique among one user's crews)
    label    its words in the form ("Ravens (Autumn league)")
    figures  read when it is chosen: the figures that could take part, in roster order,
             [{name, reputation, status}]
    """

    key: str
    label: str
    figures: Callable[[], list[dict[str, Any]]]


_read_checks: list[ReadCheck] = []
_read_related: list[str] = []
_seat_checks: list[SeatCheck] = []
_crew_sources: list[Callable[[Any], Iterable[Crew]]] = []


def register_read_check(check: ReadCheck, *, related: Iterable[str] = ()) -> None:
    """`check(session, user)` says whether `user` may read that game; `related` are the
    `select_related` paths it reads, fetched with the game. Registering twice is once."""
    if check not in _read_checks:
        _read_checks.append(check)
    _read_related.extend(path for path in related if path not in _read_related)


def read_related() -> tuple[str, ...]:
    return tuple(_read_related)


def may_read(session, user) -> bool:
    """Whether every app that may own this game lets `user` read it."""
    return all(check(session, user) for check in _read_checks)


def register_seat_check(check: SeatCheck) -> None:
    """`check(seat, user)` gives the reason, in words for the player, why `user` may not take
    that seat, or None. Registering twice is once."""
    if check not in _seat_checks:
        _seat_checks.append(check)


def seat_refusal(seat, user) -> str | None:
    """The first reason an app that may own this seat's game gives for refusing it, or None."""
    for check in _seat_checks:
        reason = check(seat, user)
        if reason is not None:
            return reason
    return None


def register_crews(source: Callable[[Any], Iterable[Crew]]) -> None:
    """`source(user)` gives the crews that user may bring. Registering twice is once."""
    if source not in _crew_sources:
        _crew_sources.append(source)


def crews_for(user) -> list[Crew]:
    """Every crew `user` may bring into a lobby game that takes figures, in the sources' order."""
    return [crew for source in _crew_sources for crew in source(user)]
