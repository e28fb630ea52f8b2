"""Forms of the game pages: a new game (its kind, mode and options) and one posted action."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.urls import reverse

from chase.engines.base import OptionsError
from chase.games import game_for, get_engine, kinds, role_words, titles
from chase.models import GameSession
from chase.services import MAX_ACTION_DEPTH
from config.parsers import depth_exceeds


class NewGameForm(forms.Form):
    kind = forms.ChoiceField(label="Game", choices=lambda: list(titles().items()))
    mode = forms.ChoiceField(
        label="How you play",
        choices=GameSession.Mode.choices,
        initial=GameSession.Mode.SOLO,
        widget=forms.RadioSelect,
    )


class OptionsForm(forms.Form):
    """One game's options as fields, made from the engine's own defaults: whole numbers, yes/no
    and lists of words (typed with commas). The engine checks the values (a field left empty
    takes its default); options with no plain default (hand-set currents) are left to the API.

    Then one row per seat: a text field for each part of a per-seat option (the race's
    `names`: canoe and colony; left empty, the engine's name for that seat) and a "computer"
    box (`computer_seats`, for hot-seat and several browsers). The seats follow the options
    typed so far: a number that changes how many seats there are (the race's `canoes`)
    redraws the fieldset (`reshaping`)."""

    def __init__(self, data=None, *, kind: str, shown=None, **kwargs):
        super().__init__(data, prefix=kind, **kwargs)
        self.kind = kind
        engine = get_engine(kind)
        defaults = engine.clean_options({})
        typed = self.data if self.is_bound else self._typed(shown)
        seated = self._seated(engine, defaults, typed)
        self.roles = engine.roles(seated)
        self.lists: set[str] = set()
        self.per_seat: dict[str, list[dict[str, str]]] = {}  # option -> the default per seat
        self.reshaping: set[str] = set()
        self.seat_fields: set[str] = {"computer_seats"}
        self.fields["play_as"] = forms.ChoiceField(
            label="You play",
            choices=[(r, role_words(kind, {}, r).capitalize()) for r in self.roles],
            required=False,
            help_text="Solo, or several browsers: your seat. Hot-seat plays every human seat.",
        )
        for name, value in defaults.items():
            label = name.replace("_", " ").capitalize()
            help_text = game_for(kind).option_help.get(name, "")
            if isinstance(value, bool):
                self.fields[name] = forms.BooleanField(
                    label=label, required=False, initial=value, help_text=help_text
                )
            elif isinstance(value, int):
                self.fields[name] = forms.IntegerField(
                    label=label, initial=value, required=False, help_text=help_text
                )
                if self._reshapes(engine, name, value):
                    self.reshaping.add(name)
                    self.fields[name].widget.attrs.update(self._redraw_attrs())
            elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                self.lists.add(name)
                self.fields[name] = forms.CharField(
                    label=label,
                    initial=", ".join(value),
                    max_length=200,
                    required=False,
                    help_text="Separate them with commas.",
                )
            elif _one_per_seat(value, engine.roles(defaults)):
                self.per_seat[name] = seated[name]
                for number, default in enumerate(seated[name], start=1):
                    for key, text in default.items():
                        self.fields[f"{name}-{number}-{key}"] = _seat_text(key, text)
                        self.seat_fields.add(f"{name}-{number}-{key}")
        self.fields["computer_seats"] = forms.MultipleChoiceField(
            label="Computer",
            choices=[(r, role_words(kind, {}, r).capitalize()) for r in self.roles],
            required=False,
            widget=forms.CheckboxSelectMultiple,
            help_text="Hot-seat or several browsers: the computer plays the ticked seats and "
            "moves at once. Solo: the computer plays every seat but yours.",
        )
        if typed and not self.is_bound:
            self.initial = self._initial(typed)

    # --- which seats there are --------------------------------------------------------------

    def _typed(self, shown) -> dict | None:
        """The lobby's values when it redraws the options, if they are this game's."""
        if shown is None or not any(key.startswith(f"{self.prefix}-") for key in shown):
            return None
        return shown

    def _seated(self, engine, defaults: dict[str, Any], typed) -> dict[str, Any]:
        """Cleaned options with the whole numbers typed so far that the engine accepts (the
        others are the engine's to refuse when the game is started)."""
        if not typed:
            return defaults
        chosen: dict[str, Any] = {}
        seated = defaults
        for name, value in defaults.items():
            if not isinstance(value, int) or isinstance(value, bool):
                continue
            try:
                number = int(typed.get(f"{self.prefix}-{name}") or "")
                seated = engine.clean_options({**chosen, name: number})
            except (TypeError, ValueError, OptionsError):
                continue
            chosen[name] = number
        return seated

    def _reshapes(self, engine, name: str, value: int) -> bool:
        """Whether another value of this number changes the seats (the race's canoes)."""
        seats = len(engine.roles(engine.clean_options({})))
        for other in (value + 1, value - 1):
            try:
                if len(engine.roles(engine.clean_options({name: other}))) != seats:
                    return True
            except OptionsError:
                continue
        return False

    def _redraw_attrs(self) -> dict[str, str]:
        return {
            "hx-get": reverse("chase:lobby"),
            "hx-trigger": "change",
            "hx-target": "#options",
            "hx-swap": "outerHTML",
            "hx-include": "closest form",
        }

    def _initial(self, typed) -> dict[str, Any]:
        """What the lobby had typed, kept when the options are redrawn."""
        initial = {}
        for name, field in self.fields.items():
            key = f"{self.prefix}-{name}"
            if isinstance(field, forms.BooleanField):
                initial[name] = key in typed
            elif isinstance(field, forms.MultipleChoiceField):
                initial[name] = typed.getlist(key) if hasattr(typed, "getlist") else []
            elif key in typed:
                initial[name] = typed.get(key)
        return initial

    # --- what the template draws -----------------------------------------------------------

    def option_fields(self) -> list:
        return [self[name] for name in self.fields if name not in self.seat_fields]

    def seat_rows(self) -> list[dict[str, Any]]:
        """One row per seat: its title, its per-seat text fields and its computer box."""
        boxes = list(self["computer_seats"])
        return [
            {
                "role": role,
                "title": role_words(self.kind, {}, role).capitalize(),
                "fields": [
                    self[f"{name}-{number}-{key}"]
                    for name, seats in self.per_seat.items()
                    for key in seats[number - 1]
                ],
                "computer": box,
            }
            for number, (role, box) in enumerate(zip(self.roles, boxes, strict=True), start=1)
        ]

    # --- what the service gets -------------------------------------------------------------

    def options(self) -> dict[str, Any]:
        options = {}
        for name in self.fields:
            if name == "play_as" or name in self.seat_fields:
                continue
            value = self.cleaned_data.get(name)
            if value in (None, ""):
                continue  # left empty: the engine's default
            if name in self.lists:
                value = [part.strip() for part in value.split(",") if part.strip()]
            options[name] = value
        for name, seats in self.per_seat.items():
            rows = [
                {
                    key: (self.cleaned_data.get(f"{name}-{number}-{key}") or "").strip()
                    for key in default
                }
                for number, default in enumerate(seats, start=1)
            ]
            if any(text for row in rows for text in row.values()):  # else the engine's own
                options[name] = [
                    {key: row[key] or seats[number][key] for key in row}
                    for number, row in enumerate(rows)
                ]
        return options

    def computer_seats(self) -> list[str]:
        return list(self.cleaned_data.get("computer_seats") or [])


SEAT_TEXT_LENGTH = 40  # a canoe's or a colony's name; the engine has the last word


def _seat_text(key: str, default: str) -> forms.CharField:
    """A seat's name part; its placeholder is the name the seat gets when it is left empty."""
    return forms.CharField(
        label=key.capitalize(),
        max_length=SEAT_TEXT_LENGTH,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": default, "autocomplete": "off"}),
    )


def _one_per_seat(value: Any, roles: list[str]) -> bool:
    """An option that gives each seat a few words: a list of {part: text}, one per seat."""
    return (
        isinstance(value, list)
        and len(value) == len(roles)
        and all(isinstance(v, dict) and all(isinstance(t, str) for t in v.values()) for v in value)
    )


def options_form(data=None, *, kind: str | None, shown=None) -> OptionsForm:
    return OptionsForm(data, kind=kind if kind in kinds() else kinds()[0], shown=shown)


class ActForm(forms.Form):
    """An action from the table page: the seat's role, the version it was chosen from, and one
    of the legal actions exactly as the page offered it (JSON)."""

    role = forms.CharField(max_length=40)
    version = forms.IntegerField(min_value=0)
    action = forms.CharField(max_length=2000)

    def clean_action(self) -> dict[str, Any]:
        try:
            action = json.loads(self.cleaned_data["action"])
        except (ValueError, RecursionError):  # a thousand nested brackets is not an action
            raise forms.ValidationError("That action could not be read.") from None
        if not isinstance(action, dict) or depth_exceeds(action, MAX_ACTION_DEPTH):
            raise forms.ValidationError("That action could not be read.")
        return action
