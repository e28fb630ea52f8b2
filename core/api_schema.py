"""What the apps' API modules share for the schema: the error bodies core.api_errors writes, the
responses that carry them, and a background job's body (`Job`: the campaign's jobs and the
canoe games' lab runs answer it; `GET /api/jobs/{id}/` reads it).

Component names come from the class names (`Error`, `ErrorItem`, `Detail`, `Job`): they are
part of the published schema, so a class here is never renamed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from drf_spectacular.utils import OpenApiResponse, extend_schema_field
from rest_framework import serializers

if TYPE_CHECKING:
    from core.models import Job


class ErrorItemSerializer(serializers.Serializer):
    rule = serializers.CharField(allow_null=True, help_text="The ruling broken, e.g. C3.")
    field = serializers.CharField(allow_null=True, help_text="e.g. figures[0].equipment")
    message = serializers.CharField()


class ErrorSerializer(serializers.Serializer):
    """Every 400 (see core.api_errors); serializer errors also keep DRF's field dict."""

    detail = serializers.CharField()
    errors = ErrorItemSerializer(many=True)


class DetailSerializer(serializers.Serializer):
    detail = serializers.CharField()


BAD_REQUEST = OpenApiResponse(ErrorSerializer, description="Names each broken rule and field.")


NOT_FOUND = OpenApiResponse(DetailSerializer, description="No such thing, or not yours to see.")


FORBIDDEN = OpenApiResponse(DetailSerializer, description="Signed in, but not allowed.")


# kind -> the job's result once done (or None): an app whose jobs have one registers it when
# ready (chase: a lab run's), so that core reads no app's tables.
JobResult = Callable[["Job"], dict[str, Any] | None]
_JOB_RESULTS: dict[str, JobResult] = {}


def register_job_result(kind: str, result: JobResult) -> None:
    _JOB_RESULTS[kind] = result


class JobSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField(help_text='"recalculate", "rankings" or "balance" (a lab run)')
    campaign = serializers.IntegerField(
        source="campaign_id", allow_null=True, help_text="null for a balance-lab run"
    )
    state = serializers.CharField(help_text="queued, running, done or failed")
    done = serializers.IntegerField()
    total = serializers.IntegerField()
    percent = serializers.IntegerField()
    message = serializers.CharField()
    updated_at = serializers.DateTimeField()
    result = serializers.SerializerMethodField(
        help_text="A balance-lab run's result once done (as POST /api/canoe-games/balance/ "
        "answers it with 200); null otherwise"
    )

    @extend_schema_field(serializers.DictField(allow_null=True))
    def get_result(self, job: Job) -> dict | None:
        result = _JOB_RESULTS.get(job.kind)
        return result(job) if result is not None else None
