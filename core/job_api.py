"""A background job's API body (`Job`: the campaign's jobs and the canoe games' lab runs answer
it; `GET /api/jobs/{id}/` reads it). The error bodies every API shares are core.openapi's.

The component name comes from the class name (`Job`): it is part of the published schema, so the
class is never renamed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

if TYPE_CHECKING:
    from core.models import Job


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
