"""The roster's correction form (C30): a figure's correctable values in words, and the reason.
It parses; the rules check the values and the service writes."""

from __future__ import annotations

from typing import Any

from django import forms

from campaign.models import Figure
from campaign.rules.corrections import INCREASES, STATE_WORDS, STATES
from campaign.rules.factions import FACTIONS, SPECIALISTS
from campaign.rules.injuries import LASTING_INJURIES, injury_key
from campaign.rules.skills import SKILL_LISTS
from campaign.services.corrections import MAX_REASON, figure_values

ATTRIBUTE_LABELS = {
    "melee_increase": "Melee raised (+1)",
    "shooting_increase": "Shooting raised (+1)",
    "morale_increase": "Morale raised (+1)",
}


def _injury_words(entry: str) -> str:
    words = LASTING_INJURIES.get(injury_key(entry), entry)
    if ":" in entry and injury_key(entry) == "bitter_enemy":
        return f"Bitter enemy of {entry.split(':', 1)[1]}"
    return words


class CorrectionForm(forms.Form):
    reputation = forms.TypedChoiceField(coerce=int, choices=[(n, str(n)) for n in range(1, 6)])
    melee_increase = forms.BooleanField(required=False, label=ATTRIBUTE_LABELS["melee_increase"])
    shooting_increase = forms.BooleanField(
        required=False, label=ATTRIBUTE_LABELS["shooting_increase"]
    )
    morale_increase = forms.BooleanField(required=False, label=ATTRIBUTE_LABELS["morale_increase"])
    experience = forms.IntegerField(label="Experience level (current)")
    skills = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)
    injuries = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label="Injuries kept on the card"
    )
    kit = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label="Kit carried"
    )
    state = forms.ChoiceField(
        required=False,  # left out: unchanged
        label="State",
        help_text="A dead figure's kit goes to the warband's storage.",
    )  # C30: alive, dead, captive, missing
    reason = forms.CharField(
        max_length=MAX_REASON,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Shown to everyone in the activity feed and on the figure's card.",
    )

    def __init__(self, *args, figure: Figure, **kwargs):
        self.figure = figure
        self.current = figure_values(figure)
        initial = {**self.current, **{f: bool(self.current[f]) for f in INCREASES}}
        initial["kit"] = sorted(set(self.current["kit"]))
        super().__init__(*args, initial=initial, **kwargs)
        faction = FACTIONS[figure.warband.faction]
        skills = [(s.key, s.name) for lst in faction.skill_lists for s in SKILL_LISTS[lst]]
        self.fields["skills"].choices = skills + [
            (k, k) for k in self.current["skills"] if k not in dict(skills)
        ]
        injuries = [(k, words) for k, words in LASTING_INJURIES.items()]
        self.fields["injuries"].choices = injuries + [
            (e, _injury_words(e)) for e in self.current["injuries"] if e not in dict(injuries)
        ]
        printed = SPECIALISTS[figure.specialist].equipment if figure.specialist else ()
        kit = [(i.key, f"{i.name} ({i.price})") for i in faction.equipment]
        kit += [(k, f"{k.replace('_', ' ')} (printed kit)") for k in printed if k not in dict(kit)]
        self.fields["kit"].choices = kit
        states = [(word, STATE_WORDS[word].capitalize()) for word in STATES]
        if self.current["state"] not in STATES:  # sold or departed: shown, kept unless changed
            states.append((self.current["state"], STATE_WORDS[self.current["state"]].capitalize()))
        self.fields["state"].choices = states
        self.fields["experience"].min_value = figure.experience_start
        self.fields["experience"].help_text = f"Starting level {figure.experience_start}."

    def changes(self) -> dict[str, Any]:
        """The fields whose value differs from the figure's, as the service takes them."""
        data, now, changes = self.cleaned_data, self.current, {}
        for field in ("reputation", "experience"):
            if data[field] != now[field]:
                changes[field] = data[field]
        if data["state"] and data["state"] != now["state"]:
            changes["state"] = data["state"]
        for field in INCREASES:
            if int(data[field]) != now[field]:
                changes[field] = int(data[field])
        for field in ("skills", "injuries"):
            if sorted(set(data[field])) != sorted(set(now[field])):
                kept = [v for v in now[field] if v in data[field]]
                changes[field] = kept + [v for v in data[field] if v not in kept]
        if sorted(set(data["kit"])) != sorted(set(now["kit"])):
            # a piece carried twice (pistols, C5) stays twice while it stays ticked
            changes["kit"] = [k for k in now["kit"] if k in data["kit"]] + [
                k for k in data["kit"] if k not in now["kit"]
            ]
        return changes
