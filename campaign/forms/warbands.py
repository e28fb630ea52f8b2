"""Forms of the warband builder, founding a warband, and the organiser's treasury correction.
They parse and check input; they never write (services do)."""

from __future__ import annotations

from django import forms

from campaign.forms.dice import parse_faces
from campaign.models import FACTION_CHOICES
from campaign.rules.book import RuleBook
from campaign.rules.factions import FACTIONS, MAX_COPIES, STATUS_NAMES
from campaign.rules.skills import SKILL_LIST_NAMES
from campaign.rules.warband import default_skill_lists, faction_or_error
from campaign.services import SkillRoll


class WarbandForm(forms.Form):
    name = forms.CharField(max_length=80)
    faction = forms.ChoiceField(choices=FACTION_CHOICES)


class RenameForm(forms.Form):
    name = forms.CharField(max_length=80, label="New name")


class AddFigureForm(forms.Form):
    name = forms.CharField(max_length=80, required=False, help_text="Blank: the profile's name.")
    profile = forms.ChoiceField()

    def __init__(self, *args, faction: str, book: RuleBook | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["profile"].choices = [
            (p.key, f"{p.name} ({STATUS_NAMES[p.status]}, rep {p.reputation}, {p.cost})")
            for p in faction_or_error(faction, book).profiles  # C31: the campaign's costs
        ]


class EquipmentForm(forms.Form):
    """One field per item the faction sells: a tick box, or a count where C5 allows more."""

    def __init__(
        self,
        *args,
        faction: str,
        status: str | None = None,
        book: RuleBook | None = None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        for item in faction_or_error(faction, book).equipment:  # C31: the campaign's prices
            # C4: Troopers and Greens may not carry Veteran/Hero kit, so it is not offered to
            # them at all (`status` given); a Hero or Veteran sees why it is marked.
            if item.veteran_and_hero_only and status and status not in ("hero", "veteran"):
                continue
            only = " · Heroes and Veterans only" if item.veteran_and_hero_only else ""
            label = f"{item.name} ({item.price}){only}"
            most = MAX_COPIES.get(item.key, 1)
            if most == 1:
                self.fields[item.key] = forms.BooleanField(required=False, label=label)
            else:
                # Not required: a count left out means none, as an unticked box does.
                self.fields[item.key] = forms.TypedChoiceField(
                    choices=[(n, n) for n in range(most + 1)],
                    coerce=int,
                    initial=0,
                    label=label,
                    required=False,
                    empty_value=0,
                )

    def keys(self) -> list[str]:
        chosen: list[str] = []
        for key, value in self.cleaned_data.items():
            chosen += [key] * (int(value) if not isinstance(value, bool) else int(value))
        # An item the faction does not sell has no field, so the form alone would drop it
        # without a word; keep it so the rules refuse it and say who sells it (C4).
        if self.prefix:
            head = self.add_prefix("")
            known = {self.add_prefix(name) for name in self.fields}
            chosen += [
                posted[len(head) :]
                for posted in self.data
                if posted.startswith(head) and posted not in known and self.data[posted]
            ]
        return chosen


class FoundForm(forms.Form):
    """For each Hero and Veteran, the skill list of each starting roll (C6) and typed faces."""

    def __init__(self, *args, warband, figures, manual_dice: bool, **kwargs):
        super().__init__(*args, **kwargs)
        lists = [(k, SKILL_LIST_NAMES[k]) for k in FACTIONS[warband.faction].skill_lists]
        self.rolls: list[tuple[object, str, str]] = []  # figure, list field, faces field
        for figure in figures:
            for n, default in enumerate(default_skill_lists(warband.faction, figure.status)):
                list_field, faces_field = f"list_{figure.id}_{n}", f"faces_{figure.id}_{n}"
                self.fields[list_field] = forms.ChoiceField(
                    choices=lists, label=f"{figure.name}: skill roll {n + 1}", initial=default
                )
                if manual_dice:
                    self.fields[faces_field] = forms.CharField(
                        required=False,
                        label="Die typed in (blank: the app rolls)",
                        widget=forms.TextInput(attrs={"inputmode": "numeric", "size": 4}),
                    )
                self.rolls.append((figure, list_field, faces_field))

    def clean(self):
        data = super().clean()
        for _, _, faces_field in self.rolls:
            if faces_field in self.fields:
                try:
                    data[faces_field] = parse_faces(data.get(faces_field) or "")
                except forms.ValidationError as error:
                    self.add_error(faces_field, error)
        return data

    def skill_rolls(self):

        result: dict[int, list] = {}
        for figure, list_field, faces_field in self.rolls:
            faces = self.cleaned_data.get(faces_field, ())
            result.setdefault(figure.id, []).append(SkillRoll(self.cleaned_data[list_field], faces))
        return result


class TreasuryForm(forms.Form):
    """The organiser's correction of a treasury, always with a reason for the ledger."""

    amount = forms.IntegerField(min_value=-100_000, max_value=100_000)
    reason = forms.CharField(max_length=150)
