"""The table calculators' API (C23, C24): the same services as the battle sheet.

    POST /api/tables/shooting/    {shooter, target?, weapon?, range, cover?, volley?, dice?}
    POST /api/tables/melee/       {attacker, defender, attacker_factors, defender_factors, dice?}
    POST /api/tables/morale/      {figure, modifiers, dice?}
    POST /api/tables/rally/       {figure, modifiers, dice?}
    POST /api/tables/last-wound/  {dice?, figure?}
    GET  /api/rules/tables/       every factor and modifier key with its value and words

Figures are ids of a campaign the caller plays in (a stranger to a private campaign gets 404,
a reader of a public one who is not a member 403: issue 25, finding 9). The figures'
rosters supply reputation, kit, skills, injuries and advancement, and the battle they are
playing now (if any) their wounds and state. `dice` omitted: the app rolls; typed in only where
the campaign allows it (C12). Every roll is logged (campaign.models.TableLog).
"""

from __future__ import annotations

from collections.abc import Mapping

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.decorators import (
    api_view,
    permission_classes,
    throttle_classes,
    throttle_scope,
)
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from campaign.access import figure_readable, figure_to_roll
from campaign.api.common import BAD_REQUEST, MAX_ID, NOT_FOUND
from campaign.rules.table import (
    MELEE_RESULTS,
    PLAYER_FACTORS,
    PLAYER_MODIFIERS,
    RANGES,
    WEAPONS,
    tables,
)
from campaign.rules.table.last_wound import RESULTS as LAST_WOUND_RESULTS
from campaign.rules.table.morale import RESULTS as MORALE_RESULTS
from campaign.rules.table.shooting import MAX_VOLLEY
from campaign.services import tables as calculators
from core.throttles import ScopedThrottle

# --- serializers: they bound and check the request (unknown fields and keys, faces that are not
# 1-6: a 400 naming the field) and shape the answers ---------------------------------------------

SHOOTING_WEAPONS = tuple(k for k, w in WEAPONS.items() if w.shoots)


class StrictSerializer(serializers.Serializer):
    """A request with a field this endpoint does not know is a 400 naming that field."""

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            unknown = sorted(str(key) for key in data if key not in self.fields)
            if unknown:
                raise serializers.ValidationError({key: ["Unknown field."] for key in unknown})
        return super().to_internal_value(data)


def _faces_schema(counts: tuple[int, ...]) -> dict:
    return {
        "type": "array",
        "items": {"type": "integer", "minimum": 1, "maximum": 6},
        "minItems": min(counts),
        "maxItems": max(counts),
    }


class DiceField(serializers.Field):
    """Faces typed in from real dice, in order. Omitted: the app rolls (C12)."""

    default_error_messages = {
        "invalid": "Faces are a list of whole numbers, e.g. [3, 5].",
        "count": "{expected}: {given} given.",
        "face": "A die face is a whole number 1 to 6, not {value}.",
    }

    def __init__(self, *, counts: tuple[int, ...] = (2,), words: str = "Two faces", **kwargs):
        self.counts, self.words = counts, words
        super().__init__(**kwargs)

    def to_internal_value(self, data) -> list[int]:
        if not isinstance(data, list):
            self.fail("invalid")
        if len(data) not in self.counts:
            self.fail("count", expected=self.words, given=len(data))
        for face in data:
            if type(face) is not int or not 1 <= face <= 6:  # JSON true is not a face
                self.fail("face", value=repr(face)[:12])
        return list(data)

    def to_representation(self, value):
        return list(value)


TwoDice = extend_schema_field(_faces_schema((2,)))(DiceField)
MoraleDice = extend_schema_field(_faces_schema((2, 4)))(DiceField)
OneDie = extend_schema_field(_faces_schema((1,)))(DiceField)
FIGURE = {"min_value": 1, "max_value": MAX_ID}


@extend_schema_field(
    {"type": "array", "items": {"type": "string"}, "description": " | ".join(PLAYER_FACTORS)}
)
class FactorKeys(serializers.ListField):
    """Melee factor keys for one side (GET /api/rules/tables/: melee.factors whose given_by is
    "player"); an unknown key is a 400 naming its place, e.g. attacker_factors[1]."""

    def __init__(self, **kwargs):
        kwargs.setdefault("default", list)
        super().__init__(
            child=serializers.ChoiceField(choices=PLAYER_FACTORS),
            max_length=len(PLAYER_FACTORS),
            **kwargs,
        )


def _result(choices, **kwargs):
    """An answer's result: a plain string in the schema, its values listed in words."""
    return serializers.CharField(help_text=" | ".join(choices), **kwargs)


# --- requests ----------------------------------------------------------------------------------


class ShootingSerializer(StrictSerializer):
    shooter = serializers.IntegerField(**FIGURE, help_text="A figure id you may read.")
    target = serializers.IntegerField(**FIGURE, required=False, allow_null=True)
    weapon = serializers.ChoiceField(
        choices=SHOOTING_WEAPONS,
        required=False,
        allow_null=True,
        help_text="A piece of the shooter's kit; omitted: the best it carries.",
    )
    range = serializers.ChoiceField(choices=RANGES)
    cover = serializers.BooleanField(default=False)
    volley = serializers.IntegerField(
        min_value=1,
        max_value=MAX_VOLLEY,
        default=1,
        help_text="Models firing the volley, the shooter included (Regulars only).",
    )
    dice = TwoDice(required=False, allow_null=True, help_text="Omitted: the app rolls.")


class MeleeDiceSerializer(StrictSerializer):
    attacker = TwoDice()
    defender = TwoDice()


class MeleeSerializer(StrictSerializer):
    attacker = serializers.IntegerField(**FIGURE)
    defender = serializers.IntegerField(**FIGURE)
    attacker_factors = FactorKeys()
    defender_factors = FactorKeys()
    dice = MeleeDiceSerializer(required=False, allow_null=True)


class MoraleSerializer(StrictSerializer):
    figure = serializers.IntegerField(**FIGURE)
    modifiers = serializers.ListField(
        child=serializers.ChoiceField(choices=PLAYER_MODIFIERS),
        default=list,
        max_length=len(PLAYER_MODIFIERS),
    )
    dice = MoraleDice(
        counts=(2, 4),
        words="Two faces, or four for a Brave figure (the re-roll's after)",
        required=False,
        allow_null=True,
    )


class RallySerializer(StrictSerializer):
    figure = serializers.IntegerField(**FIGURE)
    modifiers = serializers.ListField(
        child=serializers.ChoiceField(choices=PLAYER_MODIFIERS),
        default=list,
        max_length=len(PLAYER_MODIFIERS),
    )
    dice = TwoDice(required=False, allow_null=True)


class LastWoundSerializer(StrictSerializer):
    dice = OneDie(counts=(1,), words="One face", required=False, allow_null=True)
    figure = serializers.IntegerField(
        **FIGURE, required=False, allow_null=True, help_text="Optional: logged with the roll."
    )


# --- answers -----------------------------------------------------------------------------------


class ModifierSerializer(serializers.Serializer):
    reason = serializers.CharField()
    value = serializers.IntegerField()


class SideModifierSerializer(ModifierSerializer):
    side = serializers.ChoiceField(choices=["attacker", "defender"])


class ShotRollSerializer(serializers.Serializer):
    dice = serializers.ListField(child=serializers.IntegerField())
    total = serializers.IntegerField()
    hit = serializers.BooleanField()


class ShootingAnswerSerializer(serializers.Serializer):
    needed = serializers.IntegerField(help_text="2D6 total needed; 13 or more: cannot hit.")
    modifiers = ModifierSerializer(many=True)
    chance = serializers.FloatField(help_text="Percent; 0 when it cannot hit.")
    roll = ShotRollSerializer(required=False, help_text="Absent when the shot cannot hit.")
    cannot_hit = serializers.BooleanField()
    weapon = serializers.CharField()
    range = serializers.CharField()
    counts_as = serializers.CharField(help_text="The range it counts as (Marksman: short).")
    notes = serializers.ListField(child=serializers.CharField())
    words = serializers.CharField()
    log = serializers.IntegerField(help_text="The roll's id in the table log.")


class MeleeDiceAnswerSerializer(serializers.Serializer):
    attacker = serializers.ListField(child=serializers.IntegerField())
    defender = serializers.ListField(child=serializers.IntegerField())


class MeleeAnswerSerializer(serializers.Serializer):
    attacker_score = serializers.IntegerField()
    defender_score = serializers.IntegerField()
    margin = serializers.IntegerField(help_text="By how much the higher score beat the lower.")
    victory_margin = serializers.IntegerField(
        allow_null=True, help_text="What the higher score had to beat the loser by; null if equal."
    )
    result = _result(MELEE_RESULTS)
    modifiers = SideModifierSerializer(many=True)
    dice = MeleeDiceAnswerSerializer()
    chances = serializers.DictField(child=serializers.FloatField())
    notes = serializers.ListField(child=serializers.CharField())
    words = serializers.CharField()
    log = serializers.IntegerField()


class MoraleRollSerializer(serializers.Serializer):
    dice = serializers.ListField(child=serializers.IntegerField())
    total = serializers.IntegerField()
    column = serializers.IntegerField()
    result = _result(MORALE_RESULTS)


class MoraleAnswerSerializer(serializers.Serializer):
    total = serializers.IntegerField(allow_null=True, help_text="Null: no test (Hardened).")
    column = serializers.IntegerField(allow_null=True)
    row = serializers.IntegerField(help_text="The figure's reputation.")
    result = _result(MORALE_RESULTS)
    modifiers = ModifierSerializer(many=True)
    rolls = MoraleRollSerializer(many=True, help_text="Two when Brave re-rolled a failure.")
    ignored = serializers.CharField(allow_null=True, help_text="Why no test was needed.")
    chances = serializers.DictField(child=serializers.FloatField())
    words = serializers.CharField()
    log = serializers.IntegerField()


class RallyAnswerSerializer(serializers.Serializer):
    total = serializers.IntegerField(allow_null=True, help_text="Null: no roll (Hardened).")
    row = serializers.IntegerField()
    range = serializers.ListField(child=serializers.IntegerField(), help_text="e.g. [7, 12]")
    rallied = serializers.BooleanField()
    modifiers = ModifierSerializer(many=True)
    dice = serializers.ListField(child=serializers.IntegerField())
    ignored = serializers.CharField(allow_null=True)
    chance = serializers.FloatField()
    words = serializers.CharField()
    log = serializers.IntegerField()


class LastWoundAnswerSerializer(serializers.Serializer):
    result = _result(LAST_WOUND_RESULTS)
    face = serializers.IntegerField()
    words = serializers.CharField()
    log = serializers.IntegerField()


def shooting_answer(rolled) -> dict:
    shot = rolled.calc
    answer = {
        "needed": shot.needed,
        "modifiers": [m.to_dict() for m in shot.modifiers],
        "chance": shot.chance,
        "cannot_hit": shot.cannot_hit,
        "weapon": shot.weapon.key,
        "range": shot.at_range,
        "counts_as": shot.counts_as,
        "notes": list(shot.notes),
        "words": rolled.words,
        "log": rolled.entry.id,
    }
    if rolled.roll is not None:
        answer["roll"] = rolled.roll.to_dict()
    return answer


def melee_answer(rolled) -> dict:
    fight, thrown = rolled.calc, rolled.roll
    return {
        "attacker_score": thrown.attacker_score,
        "defender_score": thrown.defender_score,
        "margin": thrown.margin,
        "victory_margin": fight.victory_margin(thrown),
        "result": thrown.result,
        "modifiers": [
            {"side": side.role, **m.to_dict()}
            for side in (fight.attacker, fight.defender)
            for m in side.modifiers
        ],
        "dice": {"attacker": list(thrown.attacker_dice), "defender": list(thrown.defender_dice)},
        "chances": fight.chances,
        "notes": fight.notes(thrown),
        "words": rolled.words,
        "log": rolled.entry.id,
    }


def morale_answer(rolled) -> dict:
    test, outcome = rolled.calc, rolled.roll
    final = outcome.final
    return {
        "total": final.total if final else None,
        "column": final.column if final else None,
        "row": outcome.row,
        "result": outcome.result,
        "modifiers": [m.to_dict() for m in test.modifiers],
        "rolls": [r.to_dict() for r in outcome.rolls],
        "ignored": outcome.ignored,
        "chances": test.chances,
        "words": rolled.words,
        "log": rolled.entry.id,
    }


def rally_answer(rolled) -> dict:
    test, outcome = rolled.calc, rolled.roll
    return {
        "total": outcome.total,
        "row": test.row,
        "range": list(test.range),
        "rallied": outcome.rallied,
        "modifiers": [m.to_dict() for m in test.modifiers],
        "dice": list(outcome.dice),
        "ignored": outcome.ignored,
        "chance": test.chance,
        "words": rolled.words,
        "log": rolled.entry.id,
    }


def last_wound_answer(rolled) -> dict:
    wound = rolled.roll
    return {
        "result": wound.result,
        "face": wound.face,
        "words": rolled.words,
        "log": rolled.entry.id,
    }


# --- the reference (GET /api/rules/tables/) ----------------------------------------------------


class FactorSerializer(serializers.Serializer):
    key = serializers.CharField()
    value = serializers.IntegerField()
    words = serializers.CharField()
    given_by = serializers.ChoiceField(
        choices=["player", "roster"],
        help_text="player: a key the request may send; roster: applied from the figure.",
    )
    rule = serializers.CharField()


class TablesSerializer(serializers.Serializer):
    """campaign.rules.table.tables(): every key, value and its words (C23, C24)."""

    shooting = serializers.DictField()
    melee = serializers.DictField()
    morale = serializers.DictField()
    last_wound = serializers.DictField()


# --- the views -----------------------------------------------------------------------------------


def _answers(serializer) -> dict:
    return {200: serializer, 400: BAD_REQUEST, 404: NOT_FOUND}


def _parsed(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _figure(request, figure_id: int | None, *, rolls: bool = True):
    """The figure a roll is made for (`rolls`: its campaign's log gets the roll, so a member's
    only, finding 9), or the other side's, which need only be readable: a figure of another
    campaign is then the service's 400 naming the field."""
    if figure_id is None:
        return None
    if rolls:
        return figure_to_roll(request.user, figure_id)
    return figure_readable(request.user, figure_id)


@extend_schema(
    operation_id="tables_shooting",
    request=ShootingSerializer,
    responses=_answers(ShootingAnswerSerializer),
)
@api_view(["POST"])
@throttle_classes([ScopedThrottle])  # per account: rolls and writes a log row
@throttle_scope("tables")
def shooting(request):
    """C23: the number needed on 2D6 after every modifier (in words), the chance, and the roll.
    13 or more cannot hit: `chance` is 0 and nothing is rolled."""
    data = _parsed(ShootingSerializer, request)
    rolled = calculators.table_shoot(
        actor=request.user,
        shooter=_figure(request, data["shooter"]),
        target=_figure(request, data.get("target"), rolls=False),
        weapon=data.get("weapon"),
        at_range=data["range"],
        cover=data["cover"],
        volley=data["volley"],
        dice=data.get("dice"),
    )
    return Response(shooting_answer(rolled))


@extend_schema(
    operation_id="tables_melee", request=MeleeSerializer, responses=_answers(MeleeAnswerSerializer)
)
@api_view(["POST"])
@throttle_classes([ScopedThrottle])  # per account: rolls and writes a log row
@throttle_scope("tables")
def melee(request):
    """C23: both sides' 2D6 + reputation + weapon + factors, and who takes a wound."""
    data = _parsed(MeleeSerializer, request)
    dice = data.get("dice")
    rolled = calculators.table_melee(
        actor=request.user,
        attacker=_figure(request, data["attacker"]),
        defender=_figure(request, data["defender"], rolls=False),
        attacker_factors=data["attacker_factors"],
        defender_factors=data["defender_factors"],
        dice=[*dice["attacker"], *dice["defender"]] if dice else None,
    )
    return Response(melee_answer(rolled))


@extend_schema(
    operation_id="tables_morale",
    request=MoraleSerializer,
    responses=_answers(MoraleAnswerSerializer),
)
@api_view(["POST"])
@throttle_classes([ScopedThrottle])  # per account: rolls and writes a log row
@throttle_scope("tables")
def morale(request):
    """C24: 2D6 + modifiers; column = total − 5 clamped to 1..7, row = reputation. Brave
    re-rolls a failure (typed in: four faces); Hardened ignores morale (nothing is rolled)."""
    data = _parsed(MoraleSerializer, request)
    rolled = calculators.table_morale(
        actor=request.user,
        figure=_figure(request, data["figure"]),
        modifiers=data["modifiers"],
        dice=data.get("dice"),
    )
    return Response(morale_answer(rolled))


@extend_schema(
    operation_id="tables_rally", request=RallySerializer, responses=_answers(RallyAnswerSerializer)
)
@api_view(["POST"])
@throttle_classes([ScopedThrottle])  # per account: rolls and writes a log row
@throttle_scope("tables")
def rally(request):
    """C24: a routing figure rallies when 2D6 + the modifiers reach its row's printed range
    (reputation 1: 9-12 … reputation 5: 3-12)."""
    data = _parsed(RallySerializer, request)
    rolled = calculators.table_morale(
        actor=request.user,
        figure=_figure(request, data["figure"]),
        modifiers=data["modifiers"],
        dice=data.get("dice"),
        rally=True,
    )
    return Response(rally_answer(rolled))


@extend_schema(
    operation_id="tables_last_wound",
    request=LastWoundSerializer,
    responses=_answers(LastWoundAnswerSerializer),
)
@api_view(["POST"])
@throttle_classes([ScopedThrottle])  # per account: rolls and writes a log row
@throttle_scope("tables")
def last_wound(request):
    """C23: D6 on the last wound: 6 out of action, 2-5 down, 1 flesh wound."""
    data = _parsed(LastWoundSerializer, request)
    rolled = calculators.table_last_wound(
        actor=request.user, figure=_figure(request, data.get("figure")), dice=data.get("dice")
    )
    return Response(last_wound_answer(rolled))


@extend_schema(operation_id="rules_tables", responses=TablesSerializer, auth=[])
@api_view(["GET"])
@permission_classes([AllowAny])
def rules_tables(request):
    """The skirmish turn's tables (C23, C24): shooting modifiers and weapons, melee factors and
    victory margins, the morale modifiers, chart and rally ranges, the last wound. `given_by`
    "player" marks the keys a request may send."""
    return Response(tables())
