"""Forms of the game pages: a new game (its kind, mode and options) and one posted action."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from chase.engines import ENGINES, get_engine, titles
from chase.models import GameSession
from chase.selectors import role_words


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
    takes its default); options with no plain default (the race's crew names, hand-set
    currents) are left to the API."""

    def __init__(self, *args, kind: str, **kwargs):
        super().__init__(*args, prefix=kind, **kwargs)
        self.kind = kind
        engine = get_engine(kind)
        defaults = engine.clean_options({})
        self.lists: set[str] = set()
        roles = engine.roles(defaults)
        self.fields["play_as"] = forms.ChoiceField(
            label="You play",
            choices=[(r, role_words(kind, defaults, r).capitalize()) for r in roles],
            required=False,
            help_text="Solo, or several browsers: your seat. Hot-seat plays every seat.",
        )
        for name, value in defaults.items():
            label = name.replace("_", " ").capitalize()
            if isinstance(value, bool):
                self.fields[name] = forms.BooleanField(label=label, required=False, initial=value)
            elif isinstance(value, int):
                self.fields[name] = forms.IntegerField(label=label, initial=value, required=False)
            elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                self.lists.add(name)
                self.fields[name] = forms.CharField(
                    label=label, initial=", ".join(value), max_length=200, required=False,
                    help_text="Separate them with commas.",
                )  # fmt: skip

    def options(self) -> dict[str, Any]:
        options = {}
        for name, value in self.cleaned_data.items():
            if name == "play_as" or value in (None, ""):
                continue  # left empty: the engine's default
            if name in self.lists:
                value = [part.strip() for part in value.split(",") if part.strip()]
            options[name] = value
        return options


def options_form(data=None, *, kind: str | None) -> OptionsForm:
    return OptionsForm(data, kind=kind if kind in ENGINES else next(iter(ENGINES)))


class ActForm(forms.Form):
    """An action from the table page: the seat's role, the version it was chosen from, and one
    of the legal actions exactly as the page offered it (JSON)."""

    role = forms.CharField(max_length=40)
    version = forms.IntegerField(min_value=0)
    action = forms.CharField(max_length=2000)

    def clean_action(self) -> dict[str, Any]:
        try:
            action = json.loads(self.cleaned_data["action"])
        except ValueError:
            raise forms.ValidationError("That action could not be read.") from None
        if not isinstance(action, dict):
            raise forms.ValidationError("That action could not be read.")
        return action
