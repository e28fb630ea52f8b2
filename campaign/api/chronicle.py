"""The chronicle API: each confirmed game told from the records (campaign.selectors.chronicle),
and the players' own lines under each.

Access follows the page: whoever may read the campaign reads its chronicle (404 otherwise); a
member adds a line to a confirmed game's entry (403 for a reader who does not play); only its
author deletes a line (403).
"""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.response import Response

from campaign import services
from campaign.access import campaign_for, chronicle_game_for, chronicle_line_for
from campaign.api.common import BAD_REQUEST, FORBIDDEN, NOT_FOUND
from campaign.models.chronicle import LINE_MAX
from campaign.selectors import chronicle as selectors


class ExperienceSerializer(serializers.Serializer):
    figure = serializers.IntegerField()
    gained = serializers.IntegerField()


class LedgerLineSerializer(serializers.Serializer):
    warband = serializers.IntegerField()
    amount = serializers.IntegerField(help_text="Into the treasury; negative: out of it.")


class StatementSerializer(serializers.Serializer):
    text = serializers.CharField()
    url = serializers.CharField(help_text="The page of the record the statement comes from.")
    kind = serializers.ChoiceField(choices=selectors.KINDS)
    figures = serializers.ListField(child=serializers.IntegerField(), help_text="Figure ids.")
    warband = serializers.IntegerField(source="warband_id", allow_null=True)
    amount = serializers.IntegerField(
        allow_null=True, help_text="The money it moved in that warband's treasury."
    )
    ledger = serializers.SerializerMethodField(help_text="Every treasury change it tells.")
    experience = serializers.SerializerMethodField(help_text="Experience each figure gained.")

    @extend_schema_field(LedgerLineSerializer(many=True))
    def get_ledger(self, statement) -> list[dict]:
        lines = [{"warband": w, "amount": a} for w, a in statement.ledger]
        return LedgerLineSerializer(lines, many=True).data

    @extend_schema_field(ExperienceSerializer(many=True))
    def get_experience(self, statement) -> list[dict]:
        gains = [{"figure": f, "gained": g} for f, g in statement.experience]
        return ExperienceSerializer(gains, many=True).data


class SideSerializer(serializers.Serializer):
    warband = serializers.IntegerField(source="warband_id")
    name = serializers.CharField(source="warband_name")
    player = serializers.CharField(source="player_name")
    result = serializers.ChoiceField(choices=["won", "lost", "drew"])
    rating_before = serializers.IntegerField(allow_null=True, help_text="Team rating (C11)")
    rating_after = serializers.IntegerField(allow_null=True)


class PlayerLineSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    author = serializers.CharField()
    text = serializers.CharField()
    when = serializers.DateTimeField()


class LeagueMoveSerializer(serializers.Serializer):
    warband = serializers.IntegerField(source="warband_id")
    name = serializers.CharField(source="warband_name")
    place_before = serializers.IntegerField(allow_null=True, help_text="null: its first game")
    place_after = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    rating_before = serializers.IntegerField(allow_null=True)
    rating_after = serializers.IntegerField(allow_null=True)
    text = serializers.CharField()


class EntrySerializer(serializers.Serializer):
    game = serializers.IntegerField(source="game_id")
    number = serializers.IntegerField(help_text="The game's place in the campaign, from 1.")
    date = serializers.DateField()
    title = serializers.CharField()
    url = serializers.CharField()
    sides = SideSerializer(many=True)
    statements = StatementSerializer(many=True)
    pivotal = StatementSerializer(many=True, help_text="At most a few turning points.")
    pivotal_pending = serializers.BooleanField(
        help_text="A chase's swings are being worked out: ask again in a minute."
    )
    player_lines = PlayerLineSerializer(many=True)
    league_after = LeagueMoveSerializer(many=True)
    text = serializers.CharField(source="as_text", help_text="The entry in plain text.")


class ChronicleSerializer(serializers.Serializer):
    campaign = serializers.IntegerField()
    entries = EntrySerializer(many=True)


class NewLineSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=LINE_MAX, help_text="One line, in your own words.")


@extend_schema(
    operation_id="campaign_chronicle",
    responses={200: ChronicleSerializer, 404: NOT_FOUND},
)
@api_view(["GET"])
def campaign_chronicle(request, campaign_id: int):
    """Every confirmed game, in order, written from the records, each statement with the
    address of its record; the league after each game; the players' own lines."""
    campaign = campaign_for(request.user, campaign_id)
    entries = services.chronicle_worked_out(campaign)
    return Response(ChronicleSerializer({"campaign": campaign.id, "entries": entries}).data)


@extend_schema(
    operation_id="chronicle_line_add",
    request=NewLineSerializer,
    responses={201: PlayerLineSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
)
@api_view(["POST"])
def chronicle_line_add(request, campaign_id: int, game_id: int):
    """A member adds their own line to a confirmed game's entry (at most 500 characters, one
    line of text)."""
    game = chronicle_game_for(request.user, campaign_id, game_id)
    body = NewLineSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    line = services.chronicle_line_add(
        game=game, author=request.user, text=body.validated_data["text"]
    )
    shown = selectors.player_lines(game)
    created = next(item for item in shown if item.id == line.id)
    return Response(PlayerLineSerializer(created).data, status=status.HTTP_201_CREATED)


@extend_schema(
    operation_id="chronicle_line_delete",
    request=None,
    responses={204: None, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
)
@api_view(["DELETE"])
def chronicle_line_delete(request, campaign_id: int, game_id: int, line_id: int):
    """Its author takes a line back."""
    line = chronicle_line_for(request.user, line_id)
    if (line.game.campaign_id, line.game_id) != (campaign_id, game_id):
        raise Http404("No such line.")
    services.chronicle_line_delete(line=line, actor=request.user)
    return Response(status=status.HTTP_204_NO_CONTENT)
