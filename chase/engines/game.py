"""What a canoe game registers (`Game`: its engine and what the pages need to show it), and what
every game's `chase/engines/<kind>/game.py` may use."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from chase.engines.base import Engine

View = dict[str, Any]
Drawing = Callable[
    [View, list[dict]], dict[str, Any]
]  # (seat view, legal actions) -> what it draws
Results = Callable[[Any, View], list[dict[str, Any]]]  # (session, view) -> the end screen
SeatNames = Callable[[Mapping[str, Any], str], str | None]  # (options, role) -> its name
# (cleaned options, figures [{name, reputation, status}], side "prey"/"pursuers") -> options
Figures = Callable[[dict[str, Any], list[dict[str, Any]], str], dict[str, Any]]


@dataclass(frozen=True)
class Game:
    """One canoe game, the one object chase/games.py registers: its engine and what the pages
    need to show it. Its `kind` and `title` are the engine's; its options are the engine's
    table (`engine.options`): the lobby and the API read them there.

    engine       its `ENGINE` (`chase.engines.base.GameEngine`); its `kind` ("moosehead") is
                 the sessions' `kind`, the API's and the template's file name
    roles        a role in words, {"trapper": "the trappers"}; a role left out is shown as
                 itself with spaces ("canoe-3" -> "canoe 3")
    draw         the drawing of the table (`draw_<kind>`: templates cannot do geometry), given
                 to the template as `drawing`, or None: the template gets `view` and `actions`
                 alone
    results      the end screen beside the winner (`results` in the template), or None
    seat_names   a seat's name chosen in the options (the race's canoes), or None
    how_to_play  the template of its "How to play" page (the rules in the app's words), by
                 default `chase/how_to_play/<kind>.html`; every game has one
    hidden_hands whether a seat holds something the others must not see (cards in hand): then
                 hot-seat shows "Pass the device" between players; the race has none, so one
                 player simply follows another
    figures      a game whose participants may be a campaign warband's figures (a lobby
                 option for the campaign's members): puts them into the options, or None
    groups       the balance lab's groups in words where they are not seats (the race's
                 starting tracks, {"inside": "inside starters (R3)"}); a seat is its role's
                 words
    """

    engine: Engine
    roles: Mapping[str, str] = field(default_factory=dict)
    draw: Drawing | None = None
    results: Results | None = None
    seat_names: SeatNames | None = None
    how_to_play: str = ""
    hidden_hands: bool = True
    figures: Figures | None = None
    groups: Mapping[str, str] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return self.engine.kind

    @property
    def title(self) -> str:
        return self.engine.title

    @property
    def template(self) -> str:
        """The table's template (the generic one stands in while it is missing)."""
        return f"chase/boards/{self.kind}.html"

    @property
    def how_to_play_template(self) -> str:
        return self.how_to_play or f"chase/how_to_play/{self.kind}.html"

    def role_words(self, options: Mapping[str, Any], role: str | None) -> str:
        """A role in words: "the trappers", "Virginia (Swift Otter)", "canoe 3"."""
        if role is None:
            return "the setup"
        named = self.seat_names(options, role) if self.seat_names else None
        return named or self.roles.get(role) or role.replace("-", " ")

    def group_words(self, options: Mapping[str, Any], group: str) -> str:
        """A balance lab's group in words: its own words, or its seat's."""
        return self.groups.get(group) or self.role_words(options, group)


def action_choices(actions: list[dict]) -> list[dict]:
    """Legal actions as the page posts them back: each with its JSON and its label."""
    return [{"json": json.dumps(a), "label": a.get("label", a.get("type")), **a} for a in actions]
