"""The form that starts a campaign chase (P14): the two warbands and sides, how it is played,
the river, and each side's rowers from its roster, two per canoe."""

from __future__ import annotations

from django import forms

from campaign.models import Figure, Warband
from campaign.selectors.chases import SIDE_NAMES, SIDES
from campaign.services.chases import CANOES
from chase.models import GameSession

MODES = [
    (GameSession.Mode.SOLO, "Solo: the computer plays the other side"),
    (GameSession.Mode.HOTSEAT, "Hot-seat: one device passed between the two players"),
    (GameSession.Mode.MULTI, "Two browsers: the opponent joins by an invite link"),
]
RIVER_CHOICES = [
    ("short", 'A short river: straight, bend, straight (72")'),
    ("standard", 'The standard river: straight, bend, straight, bend (96")'),
]


class ChaseForm(forms.Form):
    play_as = forms.ChoiceField(
        choices=[(s, SIDE_NAMES[s].capitalize()) for s in SIDES],
        initial="trapper",
        label="You play",
        widget=forms.RadioSelect,
    )
    mine = forms.TypedChoiceField(coerce=int, label="Your warband")
    opponent = forms.TypedChoiceField(coerce=int, label="Opponent")
    mode = forms.ChoiceField(choices=MODES, initial=GameSession.Mode.SOLO, label="How you play")
    river = forms.ChoiceField(choices=RIVER_CHOICES, initial="standard", label="River")
    trapper_canoes = forms.TypedChoiceField(
        coerce=int,
        choices=[(n, n) for n in range(1, CANOES["trapper"][1] + 1)],
        initial=1,
        label="Trapper canoes",
    )
    indian_canoes = forms.TypedChoiceField(
        coerce=int,
        choices=[(n, n) for n in range(1, CANOES["indian"][1] + 1)],
        initial=2,
        label="Indian canoes",
    )

    def __init__(self, *args, mine, opponents, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["mine"].choices = [(w.id, w.name) for w in mine]
        self.fields["opponent"].choices = [(w.id, f"{w.name} ({w.owner})") for w in opponents]
        by_id = {w.id: w for w in [*mine, *opponents]}
        first = mine[0] if mine else None
        other = next((w for w in opponents if first and w.owner_id != first.owner_id), None)
        self.initial.setdefault("mine", first.id if first else None)
        self.initial.setdefault("opponent", other.id if other else None)
        side = self._value("play_as")
        warbands = {
            side: by_id.get(self._int("mine")),
            "indian" if side == "trapper" else "trapper": by_id.get(self._int("opponent")),
        }
        self.canoes = []  # [(side, warband, [(canoe number, [bound fields])])]
        for s in SIDES:
            count = self._int(f"{s}_canoes") or 1
            self.canoes.append((s, warbands.get(s), self._rower_fields(s, warbands.get(s), count)))

    def _value(self, name):
        return (self.data.get(name) if self.is_bound else None) or self.initial.get(
            name, self.fields[name].initial
        )

    def _int(self, name) -> int | None:
        try:
            return int(self._value(name))
        except (TypeError, ValueError):
            return None

    def _rower_fields(self, side: str, warband: Warband | None, count: int) -> list:
        if warband is None:
            return []
        figures = list(warband.figures.filter(state=Figure.State.ACTIVE))
        choices = [(f.id, f.name) for f in figures]
        rows = []
        for canoe in range(1, count + 1):
            names = []
            for seat in (1, 2):
                name = f"rower-{side}-{canoe}-{seat}"
                index = (canoe - 1) * 2 + seat - 1
                self.fields[name] = forms.TypedChoiceField(
                    coerce=int,
                    choices=choices,
                    label=f"Canoe {canoe}, rower {seat}",
                    initial=figures[index].id if index < len(figures) else None,
                )
                names.append(self[name])
            rows.append((canoe, names))
        return rows

    def chase(self) -> dict:
        """What services.chase_start takes, from the cleaned data."""
        data = self.cleaned_data
        side = data["play_as"]
        other = "indian" if side == "trapper" else "trapper"
        ids = {side: data["mine"], other: data["opponent"]}
        rowers = {
            s: [
                [data[f"rower-{s}-{canoe}-{seat}"] for seat in (1, 2)]
                for canoe in range(1, data[f"{s}_canoes"] + 1)
            ]
            for s in SIDES
        }
        return {
            "trappers": ids["trapper"],
            "indians": ids["indian"],
            "rowers": rowers,
            "mode": data["mode"],
            "play_as": side,
            "river": data["river"],
        }
