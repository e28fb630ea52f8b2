"""The API for post-game sequences (C8-C22) and captives (C16): the same services as the pages.

Reading follows the campaign (a stranger gets 404 for a private one); only the warband's owner
and the organiser drive its sequence (403 for anyone else). Faces typed in are checked by the
rules, which name the problem ("A D66 roll is two faces, tens then units: 3 given.").
"""

from __future__ import annotations

from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from campaign import services
from campaign.access import POSTGAME_STATE_RELATED, figure_for_captive, postgame_for
from campaign.api.common import BAD_REQUEST, FORBIDDEN, NOT_FOUND, represent
from campaign.errors import PostGameConflict
from campaign.rules.postgame.prompts import PROMPTS
from campaign.rules.postgame.trading import ACTIONS
from campaign.selectors import games
from campaign.selectors.games import PUBLIC_STEPS
from core.api_errors import error_body
from core.conditional import etag, if_match_version
from core.openapi import ErrorItemSerializer

# --- serializers ----------------------------------------------------------------------------------


MAX_FACES_TYPED = 4  # a roll is 1 or 2 faces; a few more are refused by the rules, in words


class MadeRollSerializer(serializers.Serializer):
    faces = serializers.ListField(child=serializers.IntegerField())
    typed = serializers.BooleanField(help_text="Typed in (true) or the app's dice (false).")


class PromptSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["roll", "choice"])
    dice = serializers.ChoiceField(choices=["D6", "2D6", "D66"], required=False)
    purpose = serializers.ChoiceField(choices=tuple(PROMPTS))
    figure = serializers.IntegerField(required=False)
    options = serializers.ListField(child=serializers.CharField(), required=False)
    made = MadeRollSerializer(
        required=False,
        help_text="C22: this roll was answered before an undo. Advancing without `dice` gives "
        "these faces again; other faces are refused when the app made the roll, and are a "
        "change shown to the opponent when they were typed in.",
    )


class TakenBackSerializer(serializers.Serializer):
    text = serializers.CharField()
    by = serializers.CharField(allow_null=True)
    typed = serializers.BooleanField()
    faces = serializers.ListField(child=serializers.IntegerField(), required=False)


class LogEntrySerializer(serializers.Serializer):
    step = serializers.CharField()
    purpose = serializers.CharField(
        help_text='"undo": an answer taken back (C22); its faces, choice or action are the '
        'undone answer\'s, `by` who undid it. "restart": the organiser started the sequence '
        "again (every answer before it set aside)."
    )
    figure = serializers.IntegerField(required=False)
    faces = serializers.ListField(child=serializers.IntegerField(), required=False)
    choice = serializers.CharField(required=False)
    action = serializers.DictField(required=False, help_text="A trade action as sent.")
    by = serializers.CharField(allow_null=True, help_text="The username; null: the sequence.")
    typed = serializers.BooleanField(help_text="Faces typed in from real dice (C12).")
    text = serializers.CharField()
    when = serializers.CharField(required=False, help_text="An undo: when it was made (ISO).")
    changed_from = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="C22: typed faces changed after an undo; the faces they replace.",
    )
    position = serializers.IntegerField(
        required=False, help_text="An undo: the place in the answers of the answer taken back."
    )
    answered = serializers.CharField(
        required=False, help_text="An undo: the purpose of the prompt it had answered."
    )
    taken_back = TakenBackSerializer(
        many=True, required=False, help_text="An undo: the log entries it took back."
    )


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
    bonus_ended = serializers.BooleanField()


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
    version = serializers.IntegerField(
        help_text='Moves on with every step (also the ETag). Send it as `If-Match: "7"` with a '
        "step: a step made on an older version is a 409 and nothing is done."
    )
    manual_dice = serializers.BooleanField(help_text="Faces may be typed in (C12).")
    committed_at = serializers.DateTimeField(allow_null=True)


class PostGameConflictSerializer(serializers.Serializer):
    """A 409: the step was made on an older version (If-Match), or the report was withdrawn."""

    detail = serializers.CharField()
    errors = ErrorItemSerializer(many=True)
    version = serializers.IntegerField(
        required=False, help_text="The sequence's version now (a stale If-Match)."
    )
    current = PostGameSerializer(
        required=False, help_text="The sequence now, as GET gives it (a stale If-Match)."
    )


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
        required=False,
        min_value=0,
        max_value=100_000,
        help_text="The `position` read with the prompt: if the sequence moved on since, 400.",
    )


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
        required=False,
        min_value=1,
        max_value=100_000,
        help_text="The offer you accept, as you read it: a changed offer is a 409.",
    )


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


# --- views ----------------------------------------------------------------------------------------


ANSWERS = {200: PostGameSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND}
STALE = OpenApiResponse(
    PostGameConflictSerializer,
    description="The step was made on an older version (If-Match) and nothing was done: the "
    "body holds the version now and the sequence as it is. Or the report was withdrawn "
    "meanwhile (services.postgame._locked).",
)
STEP_ANSWERS = ANSWERS | {409: STALE}
IF_MATCH = OpenApiParameter(
    "If-Match",
    location=OpenApiParameter.HEADER,
    required=False,
    description="The sequence's version the step was made on, as GET's ETag or `version` gives "
    'it ("7"). Without it the step is taken on whatever version there is.',
)


def _postgame_response(postgame_id: int, user, postgame=None) -> Response:
    """The sequence and its version as ETag: `postgame`, or the row read for `user`."""
    postgame = postgame or postgame_for(user, postgame_id, related=POSTGAME_STATE_RELATED)
    body = represent(PostGameSerializer, games.postgame_state(postgame))
    return Response(body, headers={"ETag": etag(body["version"])})


def _step(request, postgame_id: int, step) -> Response:
    """Take one step, `step(version)` (the If-Match version or None), and answer the sequence
    with its version as ETag; a stale If-Match is a 409 with the version and sequence now.
    The answer is drawn from the row the step wrote (the caller was let in before it) and the
    run the step saved it from (selectors.games.postgame_keep_run): not read nor replayed
    again."""
    try:
        row = step(if_match_version(request))
    except PostGameConflict as error:
        current = represent(
            PostGameSerializer,
            games.postgame_state(
                postgame_for(request.user, postgame_id, related=POSTGAME_STATE_RELATED)
            ),
        )
        body = {**error_body(error), "version": error.version, "current": current}
        return Response(body, status=409, headers={"ETag": etag(error.version)})
    return _postgame_response(postgame_id, request.user, row)


@extend_schema(
    operation_id="postgames_retrieve", responses={200: PostGameSerializer, 404: NOT_FOUND}
)
@api_view(["GET"])
def postgame_detail(request, postgame_id: int):
    """The sequence: its step, what it waits for, every roll and choice so far, and the roster
    as it would be after commit."""
    return _postgame_response(postgame_id, request.user)


@extend_schema(
    operation_id="postgames_advance",
    request=AdvanceSerializer,
    parameters=[IF_MATCH],
    responses=STEP_ANSWERS,
)
@api_view(["POST"])
def postgame_advance(request, postgame_id: int):
    """Answer the prompt: `dice` typed in (checked against the roll: a bad face is a 400 and
    nothing changes), a `choice` among the options, or neither for the app to roll."""
    postgame = postgame_for(request.user, postgame_id, drive=True, related=POSTGAME_STATE_RELATED)
    serializer = AdvanceSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    return _step(
        request,
        postgame_id,
        lambda version: services.postgame_answer(
            postgame=postgame, actor=request.user, version=version, **serializer.validated_data
        ),
    )


@extend_schema(
    operation_id="postgames_trade",
    request=TradeSerializer,
    parameters=[IF_MATCH],
    responses=STEP_ANSWERS,
)
@api_view(["POST"])
def postgame_trade(request, postgame_id: int):
    """One trading action while the step is `trading`; {"action": "done"} ends trading."""
    postgame = postgame_for(request.user, postgame_id, drive=True, related=POSTGAME_STATE_RELATED)
    serializer = TradeSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    return _step(
        request,
        postgame_id,
        lambda version: services.postgame_trade(
            postgame=postgame,
            actor=request.user,
            action=serializer.action_dict(),
            position=serializer.validated_data.get("position"),
            version=version,
        ),
    )


@extend_schema(
    operation_id="postgames_undo",
    request=PositionSerializer,
    parameters=[IF_MATCH],
    responses=STEP_ANSWERS,
)
@api_view(["POST"])
def postgame_undo(request, postgame_id: int):
    """Drop the last answer (C22)."""
    postgame = postgame_for(request.user, postgame_id, drive=True, related=POSTGAME_STATE_RELATED)
    serializer = PositionSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    return _step(
        request,
        postgame_id,
        lambda version: services.postgame_undo(
            postgame=postgame, actor=request.user, version=version, **serializer.validated_data
        ),
    )


@extend_schema(
    operation_id="postgames_commit", request=None, parameters=[IF_MATCH], responses=STEP_ANSWERS
)
@api_view(["POST"])
def postgame_commit(request, postgame_id: int):
    """Apply the sequence to the roster in one transaction, once (C22). A second commit (a
    retry, a double click) answers 200 with the committed sequence and changes nothing."""
    postgame = postgame_for(request.user, postgame_id, drive=True, related=POSTGAME_STATE_RELATED)
    return _step(
        request,
        postgame_id,
        lambda version: services.postgame_commit(
            postgame=postgame, actor=request.user, version=version
        ),
    )


@extend_schema(operation_id="postgames_restart", request=None, responses=STEP_ANSWERS)
@api_view(["POST"])
def postgame_restart(request, postgame_id: int):
    """The organiser's way out of a stuck sequence: its answers are set aside (one "restart"
    line in its log) and it starts again under the house rules in force now; its own dice stay
    the same (C22). Written in the activity feed. A committed sequence is a 400."""
    postgame = postgame_for(request.user, postgame_id, drive=True, related=POSTGAME_STATE_RELATED)
    services.postgame_restart(postgame=postgame, actor=request.user)
    return _postgame_response(postgame_id, request.user)


CAPTIVE_ANSWERS = ANSWERS | {200: FigureStateSerializer}


@extend_schema(operation_id="captives_ransom", request=RansomSerializer, responses=CAPTIVE_ANSWERS)
@api_view(["POST"])
def captive_ransom(request, figure_id: int):
    """C16: the captive's owner (or the organiser) offers a ransom, at least 1 and within the
    treasury. Nothing is paid until the captor's owner accepts; a new offer replaces the last."""
    figure = figure_for_captive(request.user, figure_id)
    serializer = RansomSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    figure = services.captive_ransom_offer(
        figure=figure, actor=request.user, **serializer.validated_data
    )
    return Response(FigureStateSerializer(figure).data)


@extend_schema(
    operation_id="captives_ransom_accept",
    request=RansomAcceptSerializer,
    responses=CAPTIVE_ANSWERS | {409: BAD_REQUEST},
)
@api_view(["POST"])
def captive_ransom_accept(request, figure_id: int):
    """C16: the captor's owner (or the organiser) accepts the owner's offer: the price moves
    between the treasuries and the figure returns without its equipment. Send the `price` you
    read to be sure the offer did not change meanwhile (409 if it did)."""
    figure = figure_for_captive(request.user, figure_id)
    serializer = RansomAcceptSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    figure = services.captive_ransom_accept(
        figure=figure, actor=request.user, price=serializer.validated_data.get("price")
    )
    return Response(FigureStateSerializer(figure).data)


@extend_schema(
    operation_id="captives_sell", request=SellCaptiveSerializer, responses=CAPTIVE_ANSWERS
)
@api_view(["POST"])
def captive_sell(request, figure_id: int):
    """C16: not ransomed, the captor sells the captive for D6 × 5; it leaves its owner's roster."""
    figure = figure_for_captive(request.user, figure_id)
    serializer = SellCaptiveSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    figure = services.captive_sell(figure=figure, actor=request.user, **serializer.validated_data)
    return Response(FigureStateSerializer(figure).data)
