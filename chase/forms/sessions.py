"""Forms of the game pages: a new game (its kind, mode and options) and one posted action."""

from __future__ import annotations

import contextlib
import functools
import json
from typing import Any

from django import forms
from django.urls import reverse
from django.utils.text import capfirst

from chase.engines.base import OptionsError
from chase.games import game_for, get_engine, kinds, role_words, titles
from chase.hooks import Crew, crews_for
from chase.models import GameSession
from chase.services.sessions import MAX_ACTION_DEPTH
from core.parsers import depth_exceeds

# A line on each way to play, under its radio button in the lobby.
MODE_HELP = {
    GameSession.Mode.SOLO: "You against the computer, which answers at once.",
    GameSession.Mode.HOTSEAT: "One phone or computer passed round the table.",
    GameSession.Mode.MULTI: "Each player on their own device, joining by an invite link.",
}


# The lobby's words for each computer level (chase.engines.levels).
LEVEL_LABELS = {
    GameSession.ComputerLevel.EASY: "Easy: makes a mistake now and then",
    GameSession.ComputerLevel.NORMAL: "Normal",
    GameSession.ComputerLevel.HARD: "Hard: thinks each move ahead",
}


class NewGameForm(forms.Form):
    kind = forms.ChoiceField(
        label="Game",
        choices=lambda: list(titles().items()),
        help_text="Each game has a How to play page: the link is beside this list.",
    )
    mode = forms.ChoiceField(
        label="How you play",
        choices=GameSession.Mode.choices,
        initial=GameSession.Mode.SOLO,
        widget=forms.RadioSelect,
    )

    pace = forms.ChoiceField(
        label="Pace",
        choices=GameSession.Pace.choices,
        initial=GameSession.Pace.LIVE,
        required=False,
        help_text="Several browsers: daily or weekly gives each player that long a move, with "
        "a reminder by e-mail; a seat that misses it may be handed to the computer.",
    )

    computer_level = forms.ChoiceField(
        label="Computer",
        choices=[(value, LEVEL_LABELS[value]) for value in GameSession.ComputerLevel.values],
        initial=GameSession.ComputerLevel.NORMAL,
        required=False,
        help_text="How well the computer plays its seats. Hard plays each move out many "
        "times from what its seat can see (never what it may not), and takes up to a second.",
    )

    def clean(self):
        """The pace only counts across several browsers (the other modes are played live)."""
        cleaned = super().clean()
        if cleaned.get("mode") != GameSession.Mode.MULTI or not cleaned.get("pace"):
            cleaned["pace"] = GameSession.Pace.LIVE
        if not cleaned.get("computer_level"):
            cleaned["computer_level"] = GameSession.ComputerLevel.NORMAL
        return cleaned

    def modes(self) -> list[tuple[Any, str]]:
        """Each radio button of the mode with its line of help."""
        return [(radio, MODE_HELP.get(radio.data["value"], "")) for radio in self["mode"]]


class OptionsForm(forms.Form):
    """One game's options as fields, made from the engine's options table (`engine.options`,
    see `chase.engines.base.Option`): a whole number, a yes/no box, a choice to pick from
    (with the table's `blank` first when the default follows another option), a text, or a
    list of words typed with commas. The engine checks the values (a field left empty takes
    its default); options the table keeps out of the lobby (`lobby=False`: the race's hand-set
    currents) are left to the API.

    Then one row per seat: a text field for each part of a per-seat option (`per_seat`: the
    race's `names`, canoe and colony; the Moosehead trip's `names`, one word each; left empty,
    the engine's name for that seat) and a "computer" box (`computer_seats`, for hot-seat and
    several browsers). The seats follow the options typed so far: a number or a choice that
    changes how many seats there are (the race's `canoes`) redraws the fieldset (`reshaping`)."""

    def __init__(self, data=None, *, kind: str, shown=None, user=None, **kwargs):
        super().__init__(data, prefix=kind, **kwargs)
        self.kind = kind
        self.game = game_for(kind)
        engine = self.engine = get_engine(kind)
        defaults = engine.clean_options({})
        # A game that takes a campaign's figures offers the warbands of the user's campaigns:
        # crews the campaign app hands in (chase.hooks), keyed as the form posts them.
        self.warbands = {
            crew.key: crew for crew in (crews_for(user) if self.game.figures and user else [])
        }
        typed = self.data if self.is_bound else self._typed(shown)
        seated = self.seated = self._seated(engine, defaults, typed)
        self.roles = engine.roles(seated)
        self.lists: set[str] = set()
        # option -> the default per seat, in parts ({None: text} for a plain word per seat)
        self.per_seat: dict[str, list[dict[str | None, str]]] = {}
        self.plain_seats: set[str] = set()  # per-seat options that are a plain list of words
        self.reshaping: set[str] = set()
        self.seat_fields: set[str] = {"computer_seats"}
        self.fields["play_as"] = forms.ChoiceField(
            label="You play",
            choices=[(r, capfirst(role_words(kind, seated, r))) for r in self.roles],
            required=False,
            help_text="Solo, or several browsers: your seat. Hot-seat plays every human seat.",
        )
        for option in engine.options:
            if option.lobby:
                self._option_field(option, defaults[option.name], seated)
        if self.game.figures:
            self._figure_fields()
        self.fields["computer_seats"] = forms.MultipleChoiceField(
            label="Computer",
            choices=[(r, capfirst(role_words(kind, seated, r))) for r in self.roles],
            required=False,
            widget=forms.CheckboxSelectMultiple,
            help_text="The computer plays the ticked seats and moves at once.",
        )
        if typed and not self.is_bound:
            self.initial = self._initial(typed)

    def _option_field(self, option, value: Any, seated: dict[str, Any]) -> None:
        """The field(s) of one option of the table, by its kind."""
        name = option.name
        label = option.heading()
        if option.kind == "choice":
            choices = option.choice_list()
            if option.blank:
                choices = [("", option.blank), *choices]
            self.fields[name] = forms.TypedChoiceField(
                label=label,
                choices=choices,
                coerce=lambda text, option=option: _choice_value(option, text),
                empty_value="",
                initial="" if option.blank else value,
                required=False,
                help_text=option.help,
            )
            if self._choice_reshapes(self.engine, name, choices):
                self.reshaping.add(name)
                self.fields[name].widget.attrs.update(self._redraw_attrs())
        elif option.kind == "list" and option.per_seat and option.item.kind == "record":
            self.per_seat[name] = seated[name]
            for number, default in enumerate(seated[name], start=1):
                for key, text in default.items():
                    self.fields[_seat_key(name, number, key)] = _seat_text(key, text)
                    self.seat_fields.add(_seat_key(name, number, key))
        elif option.kind == "list" and option.per_seat:
            self.plain_seats.add(name)
            self.per_seat[name] = [{None: text} for text in seated[name]]
            for number, text in enumerate(seated[name], start=1):
                self.fields[_seat_key(name, number, None)] = _seat_text(None, text)
                self.seat_fields.add(_seat_key(name, number, None))
        elif option.kind == "bool":
            self.fields[name] = forms.BooleanField(
                label=label, required=False, initial=value, help_text=option.help
            )
        elif option.kind == "int":
            self.fields[name] = forms.IntegerField(
                label=label, initial=value, required=False, help_text=option.help
            )
            if self._reshapes(self.engine, name, value):
                self.reshaping.add(name)
                self.fields[name].widget.attrs.update(self._redraw_attrs())
        elif option.kind == "list":
            self.lists.add(name)
            self.fields[name] = forms.CharField(
                label=label,
                initial=", ".join(str(v) for v in value),
                max_length=200,
                required=False,
                help_text=f"{option.help} Separate them with commas.".lstrip(),
            )
        else:
            self.fields[name] = forms.CharField(
                label=label, initial=value, required=False, help_text=option.help
            )

    # --- which seats there are --------------------------------------------------------------

    def _typed(self, shown) -> dict | None:
        """The lobby's values when it redraws the options, if they are this game's."""
        if shown is None or not any(key.startswith(f"{self.prefix}-") for key in shown):
            return None
        return shown

    def _seated(self, engine, defaults: dict[str, Any], typed) -> dict[str, Any]:
        """Cleaned options with the whole numbers and choices typed so far that the engine
        accepts (the others are the engine's to refuse when the game is started), and the
        warband's figures when one is chosen."""
        if not typed:
            return defaults
        chosen: dict[str, Any] = {}
        seated = defaults
        for option in engine.options:
            name, choice = option.name, option.kind == "choice"
            if not option.lobby or option.kind not in ("choice", "int"):
                continue
            try:
                text = typed.get(f"{self.prefix}-{name}") or ""
                wanted = _choice_value(option, text) if choice else int(text)
                if choice and not wanted:
                    continue  # the default
                seated = engine.clean_options({**chosen, name: wanted})
            except (TypeError, ValueError, OptionsError):
                continue
            chosen[name] = wanted
        warband = self.warbands.get(typed.get(f"{self.prefix}-warband") or "")
        if warband is not None:
            side = typed.get(f"{self.prefix}-warband_side") or FIGURE_SIDES[0][0]
            with contextlib.suppress(OptionsError):  # refused when the game is started
                seated = self._with_figures(seated, warband, side)
        return seated

    def _choice_reshapes(self, engine, name: str, choices) -> bool:
        values = tuple(value for value, _label in choices)
        try:
            return _choice_reshapes(engine, name, values)
        except TypeError:  # a value that cannot be a key (a list): worked out each time
            return _choice_reshapes.__wrapped__(engine, name, values)

    # --- a campaign's figures --------------------------------------------------------------

    def _figure_fields(self) -> None:
        self.fields["warband"] = forms.ChoiceField(
            label="Warband",
            choices=[("", "None: the template's participants")]
            + [(key, crew.label) for key, crew in self.warbands.items()],
            required=False,
            help_text="Your campaign's figures take part: reputation 1 to 5 is a d4 to d12 "
            "trait die, a Hero is a wild card.",
        )
        self.fields["warband_side"] = forms.ChoiceField(
            label="The warband plays", choices=FIGURE_SIDES, required=False
        )
        for name in ("warband", "warband_side"):
            self.reshaping.add(name)
            self.fields[name].widget.attrs.update(self._redraw_attrs())

    def _with_figures(self, options: dict[str, Any], crew: Crew, side: str) -> dict[str, Any]:
        if side not in dict(FIGURE_SIDES):
            side = FIGURE_SIDES[0][0]
        figured = self.game.figures(options, crew.figures(), side)
        return self.engine.clean_options(figured)

    def clean(self):
        cleaned = super().clean()
        warband = self.warbands.get(cleaned.get("warband") or "")
        self.figured = None
        if warband is not None and not self.errors:
            try:
                base = self.engine.clean_options(self._typed_options())
                self.figured = self._with_figures(base, warband, cleaned.get("warband_side"))
            except OptionsError as error:
                self.add_error("warband", str(error))
        return cleaned

    def _reshapes(self, engine, name: str, value: int) -> bool:
        return _number_reshapes(engine, name, value)

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
        hidden = set() if self.warbands else {"warband", "warband_side"}  # none to choose from
        return [self[name] for name in self.fields if name not in self.seat_fields | hidden]

    def seat_rows(self) -> list[dict[str, Any]]:
        """One row per seat: its title, its per-seat text fields and its computer box."""
        boxes = list(self["computer_seats"])
        return [
            {
                "role": role,
                "title": capfirst(role_words(self.kind, self.seated, role)),
                "fields": [
                    self[_seat_key(name, number, key)]
                    for name, seats in self.per_seat.items()
                    for key in seats[number - 1]
                ],
                "computer": box,
            }
            for number, (role, box) in enumerate(zip(self.roles, boxes, strict=True), start=1)
        ]

    # --- what the service gets -------------------------------------------------------------

    def options(self) -> dict[str, Any]:
        if getattr(self, "figured", None) is not None:
            return self.figured
        return self._typed_options()

    def _typed_options(self) -> dict[str, Any]:
        options = {}
        for name in self.fields:
            if name in ("play_as", "warband", "warband_side") or name in self.seat_fields:
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
                    key: (self.cleaned_data.get(_seat_key(name, number, key)) or "").strip()
                    for key in default
                }
                for number, default in enumerate(seats, start=1)
            ]
            if any(text for row in rows for text in row.values()):  # else the engine's own
                filled = [
                    {key: row[key] or seats[number][key] for key in row}
                    for number, row in enumerate(rows)
                ]
                plain = name in self.plain_seats
                options[name] = [row[None] for row in filled] if plain else filled
        return options

    def computer_seats(self) -> list[str]:
        return list(self.cleaned_data.get("computer_seats") or [])


FIGURE_SIDES = [("prey", "the prey"), ("pursuers", "the pursuers")]
SEAT_TEXT_LENGTH = 40  # a canoe's or a colony's name; the engine has the last word


def _seat_key(name: str, number: int, key: str | None) -> str:
    """A per-seat field's name: "names-2-colony", or "names-2" for a plain word per seat."""
    return f"{name}-{number}" if key is None else f"{name}-{number}-{key}"


def _seat_text(key: str | None, default: str) -> forms.CharField:
    """A seat's name part; its placeholder is the name the seat gets when it is left empty."""
    return forms.CharField(
        label="Name" if key is None else key.capitalize(),
        max_length=SEAT_TEXT_LENGTH,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": default, "autocomplete": "off"}),
    )


# Whether an option changes the seats depends on the game and the option alone: worked out once
# per process (each asks the engine for the options of every other value), not at every lobby.
@functools.cache
def _choice_reshapes(engine, name: str, values: tuple) -> bool:
    """Whether another choice changes the seats (the abstract chase's template)."""
    seats = {len(engine.roles(engine.clean_options({})))}
    for value in values:
        try:
            seats.add(len(engine.roles(engine.clean_options({name: value} if value else {}))))
        except OptionsError:
            continue
    return len(seats) > 1


@functools.cache
def _number_reshapes(engine, name: str, value: int) -> bool:
    """Whether another value of this number changes the seats (the race's canoes)."""
    seats = len(engine.roles(engine.clean_options({})))
    for other in (value + 1, value - 1):
        try:
            if len(engine.roles(engine.clean_options({name: other}))) != seats:
                return True
        except OptionsError:
            continue
    return False


def _choice_value(option, text: str) -> Any:
    """A choice as the table has it (a number stays a number), from the text a form posts."""
    return next((value for value in option.values() if str(value) == text), text)


def options_form(data=None, *, kind: str | None, shown=None, user=None) -> OptionsForm:
    return OptionsForm(data, kind=kind if kind in kinds() else kinds()[0], shown=shown, user=user)


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
