"""Forms of the battle sheet: starting a battle, the calculators' situation (range, cover,
factors, modifiers), faces typed in, corrections by hand, and the end of the game. They parse;
the rules and the services judge (and name what is wrong)."""

from __future__ import annotations

from django import forms

from campaign.models import Warband
from campaign.rules.table import PLAYER_FACTORS, PLAYER_MODIFIERS, RANGES, STATE_NAMES, STATES
from campaign.rules.table.melee import TACTICAL_FACTORS
from campaign.rules.table.morale import MORALE_FACTORS
from campaign.rules.table.shooting import MAX_VOLLEY
from campaign.services.games import MAX_TALLY

DRAW = "draw"
KINDS = ("shooting", "melee", "morale", "rally", "last_wound", "initiative", "figure", "end")


def typed_faces(data, most: int) -> list[int] | None:
    """The faces typed in the `dice` inputs: None when all are blank (the app rolls)."""
    raw = [value.strip() for value in data.getlist("dice")][:most]
    if not any(raw):
        return None
    if not all(raw):
        raise forms.ValidationError("Type in every die, or leave them all blank for the app.")
    if not all(v.isascii() and v.isdigit() and 1 <= int(v) <= 6 for v in raw):
        raise forms.ValidationError("A die face is a whole number 1 to 6.")
    return [int(v) for v in raw]


def _figure_field(label: str, required: bool = True) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(coerce=int, label=label, required=required, empty_value=None)


class StartForm(forms.Form):
    warband_a = forms.ModelChoiceField(queryset=Warband.objects.none(), label="Your warband")
    warband_b = forms.ModelChoiceField(queryset=Warband.objects.none(), label="Opponent")

    def __init__(self, *args, mine, opponents, **kwargs):
        super().__init__(*args, **kwargs)
        a, b = self.fields["warband_a"], self.fields["warband_b"]
        a.queryset, a.empty_label = mine, None
        b.queryset = opponents
        b.label_from_instance = lambda w: f"{w.name} ({w.owner})"
        first = mine.first()
        if first is not None:  # the first opponent that is not one of your own warbands
            self.initial.setdefault("warband_a", first.pk)
            other = opponents.exclude(owner_id=first.owner_id).first()
            self.initial.setdefault("warband_b", other.pk if other else None)


class CalcForm(forms.Form):
    """A calculator's inputs: its figure selects get the battle's figures as choices."""

    figure_fields: tuple[str, ...] = ()
    dice_count = 2

    def __init__(self, *args, figures: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        for name in self.figure_fields:
            self.fields[name].choices = [("", "—"), *figures]

    def clean(self):
        data = super().clean()
        typed = self.is_bound and self.data.get("how") != "app"  # "Roll": the app's dice
        data["dice"] = typed_faces(self.data, self.dice_count) if typed else None
        if self.data.get("how") == "typed" and data["dice"] is None:
            raise forms.ValidationError("Type in the dice, or press Roll for the app's dice.")
        return data


class ShootingForm(CalcForm):
    figure_fields = ("shooter", "target")
    shooter = _figure_field("Shooter")
    target = _figure_field("Target", required=False)
    weapon = forms.CharField(required=False, max_length=30, label="Weapon")
    range = forms.ChoiceField(
        choices=[(r, r.capitalize()) for r in RANGES],
        initial="short",
        widget=forms.RadioSelect,
        label="Range",
    )
    cover = forms.BooleanField(required=False, label="Target in cover (−2)")
    volley = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_VOLLEY, label="Models in the volley (Regulars)"
    )


# Short labels for the chips on a phone; the words in full are the rules' (GET /api/rules/tables/).
SHORT_LABELS = {
    "charging": "Charging",
    "flank": "Flank",
    "rear": "Rear",
    "uphill": "Uphill",
    "obstacle": "Obstacle",
    "hard_cover": "Hard cover",
    "formed_bayonets": "Formed bayonets",
    "free_strike": "Free strike (outnumbered)",
    "civilian": "Woman, child or animal",
    "losses_20": "20% losses",
    "losses_40": "40% losses",
    "sees_scalping": "Sees scalping",
    "hero_lost": "Hero killed/captured",
    "hero_in_combat": "Hero in combat",
    "leader_near": 'Leader within 4"',
    "formation": "In formation",
    "sees_coup": "Saw a coup",
    "sermon": "Sermon / chant",
}


def _label(key: str, value: int) -> str:
    sign = f" +{value}" if value > 0 else f" −{-value}" if value < 0 else ""
    return f"{SHORT_LABELS.get(key, key)}{sign}"


FACTOR_CHOICES = [(k, _label(k, TACTICAL_FACTORS[k].value)) for k in PLAYER_FACTORS]
MODIFIER_CHOICES = [(k, _label(k, MORALE_FACTORS[k].value)) for k in PLAYER_MODIFIERS]


class MeleeForm(CalcForm):
    figure_fields = ("attacker", "defender")
    dice_count = 4
    attacker = _figure_field("Attacker")
    defender = _figure_field("Defender")
    attacker_factors = forms.MultipleChoiceField(
        choices=FACTOR_CHOICES, required=False, widget=forms.CheckboxSelectMultiple
    )
    defender_factors = forms.MultipleChoiceField(
        choices=FACTOR_CHOICES, required=False, widget=forms.CheckboxSelectMultiple
    )


class MoraleForm(CalcForm):
    figure_fields = ("figure",)
    dice_count = 4  # a Brave figure's re-roll follows the first two
    figure = _figure_field("Figure")
    modifiers = forms.MultipleChoiceField(
        choices=MODIFIER_CHOICES, required=False, widget=forms.CheckboxSelectMultiple
    )
    check = forms.TypedChoiceField(
        choices=[("", ""), ("20", "20%"), ("40", "40%")],
        coerce=int,
        required=False,
        empty_value=None,
        widget=forms.HiddenInput,
    )


class LastWoundForm(CalcForm):
    figure_fields = ("figure",)
    dice_count = 1
    figure = _figure_field("Figure")


class InitiativeForm(CalcForm):
    dice_count = 2


class FigureForm(CalcForm):
    figure_fields = ("figure", "put_down_by")
    dice_count = 0
    figure = _figure_field("Figure")
    took_part = forms.BooleanField(required=False, label="Takes part")
    state = forms.ChoiceField(choices=[(s, STATE_NAMES[s].capitalize()) for s in STATES])
    wounds_taken = forms.IntegerField(min_value=0, max_value=MAX_TALLY, label="Wounds taken")
    wounds_inflicted = forms.IntegerField(
        min_value=0, max_value=MAX_TALLY, label="Wounds inflicted"
    )
    scalps = forms.IntegerField(min_value=0, max_value=MAX_TALLY, required=False, label="Scalps")
    put_down_by = _figure_field("Put down by", required=False)


class EndForm(forms.Form):
    winner = forms.ChoiceField(widget=forms.RadioSelect, label="Result")

    def __init__(self, *args, battle, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winner"].choices = [
            (str(battle.warband_a_id), f"{battle.warband_a.name} won"),
            (str(battle.warband_b_id), f"{battle.warband_b.name} won"),
            (DRAW, "A draw"),
        ]

    def winner_id(self) -> int | None:
        value = self.cleaned_data["winner"]
        return None if value == DRAW else int(value)
