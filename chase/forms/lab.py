"""The balance lab's option fields (issue 33): a club's variant is made from the game's declared
options table (`engine.options`), each option a labelled field with its help, never typed as
JSON. A field left on "As the seed" keeps the seed's value, so only the options changed are
sent on; the engine cleans them as it cleans a new game's. Options the lobby does not offer
(`lobby=False`) and the names of each seat (`per_seat`, which a computer-only run never shows)
are left out; the API still takes any option as JSON."""

from __future__ import annotations

from typing import Any

from django import forms

from chase.engines.base import Option
from chase.games import get_engine

SEED = "As the seed"


def lab_options(kind: str) -> list[Option]:
    """The options of `kind` the lab offers as fields."""
    return [o for o in get_engine(kind).options if o.lobby and not o.per_seat]


class LabOptionsForm(forms.Form):
    """One game's options for one side of the lab (or a variant to save): every field optional,
    empty meaning the seed's value."""

    def __init__(self, data=None, *, kind: str, prefix: str, **kwargs):
        super().__init__(data, prefix=prefix, **kwargs)
        self.kind = kind
        defaults = get_engine(kind).clean_options({})
        self.options = {o.name: o for o in lab_options(kind)}
        for name, option in self.options.items():
            self.fields[name] = _field(option, defaults[name])

    def changes(self) -> dict[str, Any]:
        """The options given a value (the engine checks them), after `is_valid()`."""
        found = {}
        for name, option in self.options.items():
            value = self.cleaned_data.get(name)
            if value in (None, ""):
                continue
            if option.kind == "list":
                value = [_item(option, part.strip()) for part in value.split(",") if part.strip()]
            found[name] = value
        return found


def _field(option: Option, default: Any) -> forms.Field:
    seed = f"{SEED} ({option.value_words(default)})"
    common = {"label": option.heading(), "required": False, "help_text": option.help}
    if option.kind == "bool":
        return forms.TypedChoiceField(
            choices=[("", seed), ("yes", "Yes"), ("no", "No")],
            coerce=lambda text: text == "yes",
            empty_value="",
            **common,
        )
    if option.kind == "choice":
        return forms.TypedChoiceField(
            choices=[("", seed), *((str(v), w) for v, w in option.choice_list())],
            coerce=lambda text, option=option: _item(option, text),
            empty_value="",
            **common,
        )
    if option.kind == "int":
        return forms.IntegerField(
            widget=forms.NumberInput(attrs={"placeholder": seed, "inputmode": "numeric"}),
            **common,
        )
    if option.kind == "list":
        common["help_text"] = f"{option.help} Separate them with commas.".lstrip()
    return forms.CharField(
        max_length=200, widget=forms.TextInput(attrs={"placeholder": seed}), **common
    )


def _item(option: Option, text: str) -> Any:
    """A choice (or a list's entry) as the table has it, from the words or value typed."""
    source = option.item if option.kind == "list" and option.item else option
    for value, words in source.choice_list():
        if text in (str(value), words) or text.lower() == str(words).lower():
            return value
    return text
