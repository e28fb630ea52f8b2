"""Serializers for game reports and post-game sequences: they parse and bound input, shape
output, and never write. Faces typed in are checked by the rules, which name the problem
("A D66 roll is two faces, tens then units: 3 given.")."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from campaign.api.serializers import MAX_ID, UserSerializer
from campaign.rules.postgame.sheet import OUTCOMES
from campaign.rules.postgame.trading import ACTIONS
from campaign.selectors.games import PUBLIC_STEPS, postgame_step
from campaign.services.games import MAX_TALLY, GameLine

MAX_LINES = 40  # two warbands of at most 15 figures (C3), with room for a mistake to be named
MAX_FACES_TYPED = 4  # a roll is 1 or 2 faces; a few more are refused by the rules, in words
PURPOSES = (
    "injury", "injury_count", "arm_wound", "snake_oil", "nimble", "advance", "skill", "income",
    "captive_sale", "doctor", "nimble_use", "attribute", "skill_list", "crack_shot",
)  # fmt: skip


# --- reports -----------------------------------------------------------------------------------


class GameLineSerializer(serializers.Serializer):
    figure = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    took_part = serializers.BooleanField(default=True)
    outcome = serializers.ChoiceField(choices=OUTCOMES, default="ok")
    wounds_inflicted = serializers.IntegerField(min_value=0, max_value=MAX_TALLY, default=0)
    scalps = serializers.IntegerField(min_value=0, max_value=MAX_TALLY, default=0)


class GameWriteSerializer(serializers.Serializer):
    """A report, as filed (POST /api/games/) or replaced while pending (PUT)."""

    campaign = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    warbands = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID), min_length=2, max_length=2,
        help_text="The two warbands' ids: [a, b].",
    )  # fmt: skip
    winner = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, allow_null=True, help_text="a or b; null for a draw."
    )
    played_on = serializers.DateField()
    figures = GameLineSerializer(
        many=True, max_length=MAX_LINES,
        help_text="A line per figure of either warband; a figure left out did not take part.",
    )  # fmt: skip

    def report(self) -> dict:
        data = self.validated_data
        return {
            "warbands": list(data["warbands"]),
            "winner": data["winner"],
            "played_on": data["played_on"],
            "figures": [GameLine(**line) for line in data["figures"]],
        }


class GameFigureSerializer(serializers.Serializer):
    figure = serializers.IntegerField(source="figure_id")
    warband = serializers.IntegerField(source="figure.warband_id")
    name = serializers.CharField(source="figure.name")
    took_part = serializers.BooleanField()
    outcome = serializers.CharField()
    wounds_inflicted = serializers.IntegerField()
    scalps = serializers.IntegerField()


class GamePostGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    warband = serializers.IntegerField(source="warband_id")
    step = serializers.SerializerMethodField()
    status = serializers.CharField()

    @extend_schema_field(serializers.ChoiceField(choices=PUBLIC_STEPS))
    def get_step(self, postgame) -> str:
        return postgame_step(postgame)


class GameSerializer(serializers.Serializer):
    """A report (from selectors.games.games_queryset: constant queries)."""

    id = serializers.IntegerField()
    campaign = serializers.IntegerField(source="campaign_id")
    warbands = serializers.SerializerMethodField()
    winner = serializers.IntegerField(source="winner_id", allow_null=True)
    played_on = serializers.DateField()
    status = serializers.ChoiceField(choices=["pending", "confirmed", "withdrawn"])
    filed_by = UserSerializer()
    confirmed_by = UserSerializer(allow_null=True)
    confirmed_at = serializers.DateTimeField(allow_null=True)
    ratings_before = serializers.SerializerMethodField()
    figures = GameFigureSerializer(source="figures.all", many=True)
    postgames = GamePostGameSerializer(source="postgames.all", many=True)
    created_at = serializers.DateTimeField()

    def get_warbands(self, game) -> list[int]:
        return [game.warband_a_id, game.warband_b_id]

    @extend_schema_field(
        serializers.ListField(child=serializers.IntegerField(allow_null=True), help_text="C9")
    )
    def get_ratings_before(self, game) -> list:
        """The team ratings (C11) of [a, b] when the report was confirmed; null before."""
        return [game.rating_a_before, game.rating_b_before]


# --- the sequence ------------------------------------------------------------------------------


class PromptSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["roll", "choice"])
    dice = serializers.ChoiceField(choices=["D6", "2D6", "D66"], required=False)
    purpose = serializers.ChoiceField(choices=PURPOSES)
    figure = serializers.IntegerField(required=False)
    options = serializers.ListField(child=serializers.CharField(), required=False)


class LogEntrySerializer(serializers.Serializer):
    step = serializers.CharField()
    purpose = serializers.CharField()
    figure = serializers.IntegerField(required=False)
    faces = serializers.ListField(child=serializers.IntegerField(), required=False)
    choice = serializers.CharField(required=False)
    action = serializers.DictField(required=False, help_text="A trade action as sent.")
    by = serializers.CharField(allow_null=True, help_text="The username; null: the sequence.")
    typed = serializers.BooleanField(help_text="Faces typed in from real dice (C12).")
    text = serializers.CharField()


class PieceSerializer(serializers.Serializer):
    key = serializers.CharField()
    price = serializers.IntegerField(help_text="As paid (pinned).")
    kit = serializers.BooleanField(help_text="A specialist's own kit (C21).")


class SheetFigureSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="Negative for a recruit until commit.")
    name = serializers.CharField()
    profile = serializers.CharField()
    status = serializers.CharField()
    reputation = serializers.IntegerField()
    experience_start = serializers.IntegerField()
    experience = serializers.IntegerField()
    increases = serializers.DictField(child=serializers.IntegerField())
    skills = serializers.ListField(child=serializers.CharField())
    injuries = serializers.ListField(child=serializers.CharField())
    equipment = PieceSerializer(many=True)
    specialist = serializers.CharField(allow_null=True)
    state = serializers.CharField()
    held_by = serializers.CharField(allow_null=True)
    rolls_since_gain = serializers.IntegerField()
    reputation_gained_as = serializers.CharField(allow_null=True)


class SheetSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    faction = serializers.CharField()
    treasury = serializers.IntegerField()
    figures = SheetFigureSerializer(many=True)
    storage = PieceSerializer(many=True)
    games_played = serializers.IntegerField()


class ChangeSerializer(serializers.Serializer):
    figure = serializers.IntegerField()
    name = serializers.CharField()
    changes = serializers.ListField(child=serializers.CharField())


class PreviewSerializer(serializers.Serializer):
    warband = SheetSerializer(help_text="The roster as it would be (or was made) by commit.")
    rating = serializers.IntegerField(help_text="C11 after commit.")
    rating_before = serializers.IntegerField()
    changes = ChangeSerializer(many=True)
    captives = serializers.ListField(
        child=serializers.IntegerField(), required=False, help_text="Committed only: captured."
    )
    new_figures = serializers.DictField(
        child=serializers.IntegerField(), required=False, help_text="Committed only: -1 -> id."
    )


class PostGameSerializer(serializers.Serializer):
    """What selectors.games.postgame_state returns."""

    id = serializers.IntegerField()
    warband = serializers.IntegerField()
    step = serializers.ChoiceField(choices=PUBLIC_STEPS)
    prompt = PromptSerializer(allow_null=True, help_text="Null while trading and after.")
    log = LogEntrySerializer(many=True)
    preview = PreviewSerializer()
    game = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["open", "committed"])
    position = serializers.IntegerField(help_text="Answers so far; send it back to be safe.")
    manual_dice = serializers.BooleanField(help_text="Faces may be typed in (C12).")
    committed_at = serializers.DateTimeField(allow_null=True)


@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "integer", "minimum": 1, "maximum": 6},
        "maxItems": MAX_FACES_TYPED,
        "nullable": True,
    }
)
class FacesField(serializers.Field):
    """Faces typed in from real dice, in order (a D66: tens then units). Omitted or null: the
    app rolls. Counts and 1-6 are checked against the prompt by the rules."""

    default_error_messages = {
        "invalid": "Faces are a list of whole numbers, e.g. [2, 5].",
        "too_many": f"At most {MAX_FACES_TYPED} faces.",
        "face": "A die face is a whole number 1 to 6, not {value}.",
    }

    def to_internal_value(self, data) -> list[int]:
        if not isinstance(data, list):
            self.fail("invalid")
        if len(data) > MAX_FACES_TYPED:
            self.fail("too_many")
        for face in data:
            if type(face) is not int:  # JSON true is not a face, nor is "3"
                self.fail("face", value=repr(face)[:12])
        return list(data)

    def to_representation(self, value):
        return list(value)


class AdvanceSerializer(serializers.Serializer):
    dice = FacesField(required=False, allow_null=True)
    choice = serializers.CharField(required=False, allow_null=True, max_length=40)
    position = serializers.IntegerField(
        required=False, min_value=0, max_value=100_000,
        help_text="The `position` read with the prompt: if the sequence moved on since, 400.",
    )  # fmt: skip


class PositionSerializer(serializers.Serializer):
    position = serializers.IntegerField(required=False, min_value=0, max_value=100_000)


class TradeSerializer(serializers.Serializer):
    """{action, ...fields} as the rules take it (campaign/rules/postgame/trading.py):
    buy {item, to}, sell {item, from, price?}, store {item, from}, give {item, from, to,
    price?}, recruit {profile, name}, hire {specialist, name}, done. `to`/`from` are a figure id
    or "storage"."""

    action = serializers.ChoiceField(choices=ACTIONS)
    item = serializers.CharField(required=False, max_length=30)
    to = serializers.CharField(required=False, max_length=20)
    price = serializers.IntegerField(required=False, min_value=0, max_value=100_000)
    profile = serializers.CharField(required=False, max_length=40)
    name = serializers.CharField(required=False, max_length=80)
    specialist = serializers.CharField(required=False, max_length=20)
    position = serializers.IntegerField(required=False, min_value=0, max_value=100_000)

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = serializers.CharField(required=False, max_length=20)  # a keyword
        return fields

    def action_dict(self) -> dict:
        return {k: v for k, v in self.validated_data.items() if k != "position"}


class RansomSerializer(serializers.Serializer):
    price = serializers.IntegerField(
        min_value=1, max_value=100_000, help_text="The owner's offer, at least 1 (C16)."
    )


class RansomAcceptSerializer(serializers.Serializer):
    price = serializers.IntegerField(
        required=False, min_value=1, max_value=100_000,
        help_text="The offer you accept, as you read it: a changed offer is a 409.",
    )  # fmt: skip


class SellCaptiveSerializer(serializers.Serializer):
    dice = FacesField(required=False, allow_null=True, help_text="One face; omitted: app rolls.")


class FigureStateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    warband = serializers.IntegerField(source="warband_id")
    name = serializers.CharField()
    state = serializers.CharField()
    ransom_offer = serializers.IntegerField(
        allow_null=True, help_text="The owner's standing ransom offer, until accepted (C16)."
    )
