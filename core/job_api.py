"""A background job's API: its body (`Job`: the campaign's jobs and the canoe games' lab runs
answer it) and `GET /api/jobs/{id}/`, which reads it. Who may read a job, and its result, are
its kind's app's to say (core.jobs). The error bodies every API shares are core.openapi's.

The component name comes from the class name (`Job`): it is part of the published schema, so the
class is never renamed.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from core.content_version import CAMPAIGN_SCOPE, scope_id
from core.jobs import job_for, job_result
from core.models import Job
from core.openapi import NOT_FOUND


class ScopeIdField(serializers.IntegerField):
    """The id in the job's scope when it is of one kind (`c:12` gives 12 for "c"), or null."""

    def __init__(self, prefix: str, **kwargs):
        self.prefix = prefix
        super().__init__(source="scope", **kwargs)

    def to_representation(self, value):
        return scope_id(value, self.prefix)


class JobSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField(
        help_text='"recalculate", "rankings", "book" (a campaign book) or "balance" (a lab run)'
    )
    campaign = ScopeIdField(
        CAMPAIGN_SCOPE, allow_null=True, help_text="null for a balance-lab run and a book"
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
        return job_result(job)


@extend_schema(operation_id="job_retrieve", responses={200: JobSerializer, 404: NOT_FOUND})
@api_view(["GET"])
def job_detail(request, job_id: int):
    """A background job's progress (poll it): `done` of `total` steps, `percent`, `state`."""
    return Response(JobSerializer(job_for(request.user, job_id)).data)
