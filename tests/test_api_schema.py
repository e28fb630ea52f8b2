"""Every answer of the API is in its schema: schemathesis generates requests for every
operation of the schema (valid ones and broken ones) and sends them to the app in-process, as
the demo's organiser; a status code or a content type the operation does not list fails.

A few examples per operation, derandomized (the same requests every run). `make fuzz-api`
runs the same checks with many more examples against a running server.
"""

from __future__ import annotations

import json

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from hypothesis import HealthCheck
from hypothesis import settings as examples
from rest_framework.authtoken.models import Token
from schemathesis.specs.openapi.checks import content_type_conformance, status_code_conformance

from campaign.demo import load_demo

CHECKS = [status_code_conformance, content_type_conformance]


def _schema():
    """The schema /api/schema/ serves, as a dict (generated here: collection has no server)."""
    document = SchemaGenerator().get_schema(request=None, public=True)
    schema = schemathesis.openapi.from_dict(json.loads(OpenApiJsonRenderer().render(document)))
    schema.app = get_wsgi_application()
    return schema


schema = _schema()


@pytest.fixture
def organiser_token(db, settings):
    """The demo campaign, and a token of its organiser. As Django's test client does, the
    test's connection stays open between requests (it holds the test's transaction)."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "localhost"]  # schemathesis's host
    campaign = load_demo()
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield Token.objects.get_or_create(user=campaign.organiser)[0].key
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@schema.parametrize()
@examples(
    max_examples=3,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_answer_of_every_operation_is_in_the_schema(case, organiser_token):
    response = case.call(headers={"Authorization": f"Token {organiser_token}"})
    case.validate_response(response, checks=CHECKS)
