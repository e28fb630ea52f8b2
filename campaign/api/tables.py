"""The table calculators' API (C23, C24): the same services as the battle sheet.

    POST /api/tables/shooting/    {shooter, target?, weapon?, range, cover?, volley?, dice?}
    POST /api/tables/melee/       {attacker, defender, attacker_factors, defender_factors, dice?}
    POST /api/tables/morale/      {figure, modifiers, dice?}
    POST /api/tables/rally/       {figure, modifiers, dice?}
    POST /api/tables/last-wound/  {dice?, figure?}
    GET  /api/rules/tables/       every factor and modifier key with its value and words

Figures are ids the caller may read (a stranger to a private campaign gets 404). The figures'
rosters supply reputation, kit, skills, injuries and advancement, and the battle they are
playing now (if any) their wounds and state. `dice` omitted: the app rolls; typed in only where
the campaign allows it (C12). Every roll is logged (campaign.models.TableLog).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from campaign.api.tables_serializers import (
    LastWoundAnswerSerializer,
    LastWoundSerializer,
    MeleeAnswerSerializer,
    MeleeSerializer,
    MoraleAnswerSerializer,
    MoraleSerializer,
    RallyAnswerSerializer,
    RallySerializer,
    ShootingAnswerSerializer,
    ShootingSerializer,
    TablesSerializer,
    last_wound_answer,
    melee_answer,
    morale_answer,
    rally_answer,
    shooting_answer,
)
from campaign.api.views import BAD_REQUEST, NOT_FOUND
from campaign.rules.table import tables
from campaign.selectors.battles import figure_readable
from campaign.services import tables as calculators


def _answers(serializer) -> dict:
    return {200: serializer, 400: BAD_REQUEST, 404: NOT_FOUND}


def _parsed(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _figure(request, figure_id: int | None):
    return None if figure_id is None else figure_readable(request.user, figure_id)


@extend_schema(
    operation_id="tables_shooting", request=ShootingSerializer,
    responses=_answers(ShootingAnswerSerializer),
)  # fmt: skip
@api_view(["POST"])
def shooting(request):
    """C23: the number needed on 2D6 after every modifier (in words), the chance, and the roll.
    13 or more cannot hit: `chance` is 0 and nothing is rolled."""
    data = _parsed(ShootingSerializer, request)
    rolled = calculators.table_shoot(
        actor=request.user, shooter=_figure(request, data["shooter"]),
        target=_figure(request, data.get("target")), weapon=data.get("weapon"),
        at_range=data["range"], cover=data["cover"], volley=data["volley"],
        dice=data.get("dice"),
    )  # fmt: skip
    return Response(shooting_answer(rolled))


@extend_schema(
    operation_id="tables_melee", request=MeleeSerializer, responses=_answers(MeleeAnswerSerializer)
)
@api_view(["POST"])
def melee(request):
    """C23: both sides' 2D6 + reputation + weapon + factors, and who takes a wound."""
    data = _parsed(MeleeSerializer, request)
    dice = data.get("dice")
    rolled = calculators.table_melee(
        actor=request.user, attacker=_figure(request, data["attacker"]),
        defender=_figure(request, data["defender"]),
        attacker_factors=data["attacker_factors"], defender_factors=data["defender_factors"],
        dice=[*dice["attacker"], *dice["defender"]] if dice else None,
    )  # fmt: skip
    return Response(melee_answer(rolled))


@extend_schema(
    operation_id="tables_morale", request=MoraleSerializer,
    responses=_answers(MoraleAnswerSerializer),
)  # fmt: skip
@api_view(["POST"])
def morale(request):
    """C24: 2D6 + modifiers; column = total − 5 clamped to 1..7, row = reputation. Brave
    re-rolls a failure (typed in: four faces); Hardened ignores morale (nothing is rolled)."""
    data = _parsed(MoraleSerializer, request)
    rolled = calculators.table_morale(
        actor=request.user, figure=_figure(request, data["figure"]),
        modifiers=data["modifiers"], dice=data.get("dice"),
    )  # fmt: skip
    return Response(morale_answer(rolled))


@extend_schema(
    operation_id="tables_rally", request=RallySerializer, responses=_answers(RallyAnswerSerializer)
)
@api_view(["POST"])
def rally(request):
    """C24: a routing figure rallies when 2D6 + the modifiers reach its row's printed range
    (reputation 1: 9-12 … reputation 5: 3-12)."""
    data = _parsed(RallySerializer, request)
    rolled = calculators.table_morale(
        actor=request.user, figure=_figure(request, data["figure"]),
        modifiers=data["modifiers"], dice=data.get("dice"), rally=True,
    )  # fmt: skip
    return Response(rally_answer(rolled))


@extend_schema(
    operation_id="tables_last_wound", request=LastWoundSerializer,
    responses=_answers(LastWoundAnswerSerializer),
)  # fmt: skip
@api_view(["POST"])
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
