"""Forms for game reports, the post-game sequence's answers and trades, and captives.

They parse and check input; the services and the rules judge it (and name what is wrong).
"""

from __future__ import annotations

from django import forms
from django.utils import timezone

from campaign.forms.dice import parse_faces
from campaign.models import Figure, GameFigure, Warband
from campaign.rules.postgame.trading import ACTIONS
from campaign.services.games import MAX_TALLY, GameLine

DRAW = "draw"


class GameReportForm(forms.Form):
    """The report: the two warbands, the result, the date, and a row per active figure of
    both warbands (took part, outcome, wounds inflicted, scalps)."""

    warband_a = forms.TypedChoiceField(coerce=int, label="Your warband")
    warband_b = forms.TypedChoiceField(coerce=int, label="Opponent")
    result = forms.ChoiceField(widget=forms.RadioSelect, label="Result")
    played_on = forms.DateField(
        label="Played on", widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )

    def __init__(self, *args, campaign, user, organiser: bool, lines=None, **kwargs):
        super().__init__(*args, **kwargs)
        founded = list(campaign.warbands.filter(state=Warband.State.FOUNDED).order_by("name"))
        mine = founded if organiser else [w for w in founded if w.owner_id == user.id]
        # A player's opponent is someone else's warband; the organiser may pair any two.
        theirs = founded if organiser else [w for w in founded if w.owner_id != user.id]
        self.fields["warband_a"].choices = [(w.id, w.name) for w in mine]
        self.fields["warband_b"].choices = [(w.id, f"{w.name} ({w.owner})") for w in theirs]
        if organiser:
            self.fields["warband_a"].label = "First warband"
        self.initial.setdefault("played_on", timezone.localdate())
        self.warbands = self._chosen(founded, mine, theirs)
        a, b = self.warbands
        self.fields["result"].choices = [
            ("a", f"{a.name} won" if a else "First warband won"),
            ("b", f"{b.name} won" if b else "Opponent won"),
            (DRAW, "A draw"),
        ]
        self.rows = self._figure_fields(lines or {})

    def _chosen(self, founded, mine, theirs) -> tuple[Warband | None, Warband | None]:
        """The warbands picked so far (posted, or asked for in the query string), or the
        first sensible pair."""
        by_id = {w.id: w for w in founded}

        def pick(name, allowed, exclude=None):
            raw = self.data.get(name) if self.is_bound else self.initial.get(name)
            try:
                chosen = by_id.get(int(raw))
            except (TypeError, ValueError):
                chosen = None
            if chosen in allowed:
                return chosen
            return next((w for w in allowed if w != exclude), None)

        a = pick("warband_a", mine)
        b = pick("warband_b", theirs, exclude=a)
        self.initial.update(warband_a=a.id if a else None, warband_b=b.id if b else None)
        return a, b

    def _figure_fields(self, lines: dict[int, GameFigure]) -> list[tuple[Warband, list]]:
        """Four fields per figure free to play (C14, C16: not dead, captured or missing)."""
        rows = []
        for warband in self.warbands:
            if warband is None:
                continue
            figures = warband.figures.filter(state=Figure.State.ACTIVE)
            enemies = [
                (str(e.id), e.name)
                for other in self.warbands
                if other is not None and other != warband
                for e in other.figures.filter(state=Figure.State.ACTIVE)
            ]
            row = []
            for figure in figures:
                line = lines.get(figure.id)
                prefix = f"f{figure.id}"
                self.fields[f"{prefix}_took_part"] = forms.BooleanField(
                    required=False, initial=line.took_part if line else True, label="Took part"
                )
                self.fields[f"{prefix}_outcome"] = forms.ChoiceField(
                    choices=GameFigure.Outcome.choices,
                    label="Ended",
                    initial=line.outcome if line else GameFigure.Outcome.OK,
                )
                for name, label in (("wounds_inflicted", "Wounds"), ("scalps", "Scalps")):
                    self.fields[f"{prefix}_{name}"] = forms.IntegerField(
                        min_value=0,
                        max_value=MAX_TALLY,
                        label=label,
                        initial=getattr(line, name) if line else 0,
                        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                    )
                # C17, optional: who put it down or out (offers that figure's Crack shot).
                self.fields[f"{prefix}_put_down_by"] = forms.TypedChoiceField(
                    choices=[("", "—"), *enemies],
                    coerce=int,
                    empty_value=None,
                    required=False,
                    label="Put down by",
                    initial=line.put_down_by_id if line else None,
                )
                names = ("took_part", "outcome", "wounds_inflicted", "scalps", "put_down_by")
                row.append((figure, [self[f"{prefix}_{name}"] for name in names]))
            rows.append((warband, row))
        return rows

    def clean(self):
        data = super().clean()
        if data.get("warband_a") and data.get("warband_a") == data.get("warband_b"):
            self.add_error("warband_b", "Pick the opponent: a warband does not play itself.")
        return data

    def report(self) -> dict:
        """Keyword arguments for services.game_file / game_edit."""
        data = self.cleaned_data
        result = data["result"]
        winner = None if result == DRAW else data["warband_a" if result == "a" else "warband_b"]
        lines = []
        for _, figures in self.rows:
            for figure, _ in figures:
                took_part = data.get(f"f{figure.id}_took_part", False)
                # A figure that sat out has nothing else to report, whatever the row shows.
                lines.append(
                    GameLine(
                        figure=figure.id,
                        took_part=took_part,
                        outcome=data[f"f{figure.id}_outcome"] if took_part else "ok",
                        wounds_inflicted=data[f"f{figure.id}_wounds_inflicted"] if took_part else 0,
                        scalps=data[f"f{figure.id}_scalps"] if took_part else 0,
                        put_down_by=data.get(f"f{figure.id}_put_down_by") if took_part else None,
                    )
                )
        return {
            "warbands": [data["warband_a"], data["warband_b"]],
            "winner": winner,
            "played_on": data["played_on"],
            "figures": lines,
        }


def report_initial(game) -> dict:
    winner = {None: DRAW, game.warband_a_id: "a", game.warband_b_id: "b"}
    result = winner[game.winner_id]
    return {
        "warband_a": game.warband_a_id,
        "warband_b": game.warband_b_id,
        "result": result,
        "played_on": game.played_on,
    }


class AnswerForm(forms.Form):
    """An answer to the prompt: faces typed in (one input per die), a choice, or nothing (the
    app rolls). `position` is how many answers the page showed (a double click answers once)."""

    choice = forms.CharField(required=False, max_length=40)
    position = forms.IntegerField(required=False, min_value=0)

    def clean(self):
        data = super().clean()
        raw = [value.strip() for value in self.data.getlist("dice")][:4]
        if not any(raw):
            data["dice"] = None
        elif not all(raw):
            raise forms.ValidationError(
                "Type in every die, or leave them all blank for the app to roll."
            )
        elif not all(value.isascii() and value.isdigit() and len(value) < 3 for value in raw):
            raise forms.ValidationError("A die face is a whole number 1 to 6.")
        else:
            data["dice"] = [int(value) for value in raw]  # 1..6 and the count: the rules (C12)
        return data


class TradeForm(forms.Form):
    """One trading action (C20, C21). A piece is picked as "holder|key|price"."""

    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])
    item = forms.CharField(required=False, max_length=30)
    to = forms.CharField(required=False, max_length=20)
    piece = forms.CharField(required=False, max_length=60)
    profile = forms.CharField(required=False, max_length=40)
    specialist = forms.CharField(required=False, max_length=20)
    name = forms.CharField(required=False, max_length=80)
    position = forms.IntegerField(required=False, min_value=0)

    def clean_piece(self):
        raw = self.cleaned_data["piece"]
        if not raw:
            return None
        parts = raw.split("|")
        if len(parts) != 3 or not parts[2].isdigit():
            raise forms.ValidationError("Pick a piece from the list.")
        return {"from": parts[0], "item": parts[1], "price": int(parts[2])}

    def action_dict(self) -> dict:
        data = self.cleaned_data
        action = {"action": data["action"]}
        for key in ("item", "to", "profile", "specialist", "name"):
            if data.get(key):
                action[key] = data[key]
        if data.get("piece"):
            action.update(data["piece"])
        return action


class RansomForm(forms.Form):
    price = forms.IntegerField(min_value=1, max_value=100_000, label="Ransom offered")


class SellCaptiveForm(forms.Form):
    die = forms.CharField(
        required=False,
        max_length=4,
        label="Die typed in (blank: the app rolls)",
        widget=forms.TextInput(attrs={"inputmode": "numeric", "size": 2}),
    )

    def clean_die(self):
        faces = parse_faces(self.cleaned_data["die"] or "")
        return list(faces) if faces else None
