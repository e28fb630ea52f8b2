"""Every answer of the API is in its schema: schemathesis generates requests for every
operation of the schema (valid ones and broken ones) and sends them to the app in-process, as
the demo's organiser; a status code or a content type the operation does not list fails.

A few examples per operation, derandomized (the same requests every run). `make fuzz-api`
runs the same checks with many more examples against a running server.
"""

from __future__ import annotations

import json
import re

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from drf_spectacular.generators import EndpointEnumerator, SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from hypothesis import HealthCheck
from hypothesis import settings as examples
from rest_framework.authentication import SessionAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient
from schemathesis.specs.openapi.checks import content_type_conformance, status_code_conformance

from campaign.api.campaigns import CampaignsView
from campaign.demo import load_demo

CHECKS = [status_code_conformance, content_type_conformance]


def _schema():
    """The schema /api/schema/ serves, as a dict (generated here: collection has no server)."""
    document = SchemaGenerator().get_schema(request=None, public=True)
    schema = schemathesis.openapi.from_dict(json.loads(OpenApiJsonRenderer().render(document)))
    schema.app = get_wsgi_application()
    return schema


schema = _schema()


@pytest.fixture(scope="module")
def demo_token(django_db_setup, django_db_blocker):
    """The demo campaign, loaded once for the module in a transaction rolled back at its end
    (each test runs in a savepoint inside it), and a token of its organiser. As Django's test
    client does, the connection stays open between requests: it holds the transaction."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        with django_db_blocker.unblock(), transaction.atomic():
            campaign = load_demo()
            yield Token.objects.get_or_create(user=campaign.organiser)[0].key
            transaction.set_rollback(True)
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def organiser_token(db, settings, demo_token):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "localhost"]  # schemathesis's host
    return demo_token


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


# --- what the fuzzing does not reach: each answer as a client meets it, and the schema lists it


def documented(method: str, path: str) -> dict:
    """The responses the schema lists for an operation."""
    return schema.raw_schema["paths"][path][method]["responses"]


def test_every_operation_lists_the_answers_of_its_views_plumbing():
    """Read from the views themselves: authentication (401), session authentication on a
    write (the CSRF 403), throttles (429), a path parameter (404), a POST (413)."""
    missing = []
    for path, _, method, view in EndpointEnumerator().get_api_endpoints():
        path = re.sub(r"\{(\w+)\}", r"{\1}", path)
        view = getattr(view, "cls", view)
        if view.__module__.startswith("drf_spectacular"):
            continue  # the schema and its docs page, not in the schema
        wanted = {"400"}
        if view.authentication_classes:
            wanted.add("401")
        if method != "GET" and SessionAuthentication in view.authentication_classes:
            wanted.add("403")
        if view.throttle_classes:
            wanted.add("429")
        if "{" in path:
            wanted.add("404")
        if method == "POST":
            wanted.add("413")
        codes = set(documented(method.lower(), path))
        missing += [f"{method} {path}: {code}" for code in sorted(wanted - codes)]
    assert missing == []


def test_every_429_and_503_says_when_to_ask_again():
    without = [
        f"{method.upper()} {path}: {code}"
        for path, operations in schema.raw_schema["paths"].items()
        for method, operation in operations.items()
        for code, response in operation["responses"].items()
        if code in ("429", "503") and "Retry-After" not in response.get("headers", {})
    ]
    assert without == []


def test_no_answer_of_the_api_is_a_web_page():
    types = {
        content_type
        for operations in schema.raw_schema["paths"].values()
        for operation in operations.values()
        for response in operation["responses"].values()
        for content_type in response.get("content", {})
    }
    assert types == {"application/json", "text/csv"}


def test_a_browser_asking_for_html_gets_json(organiser_token):
    client = APIClient(HTTP_AUTHORIZATION=f"Token {organiser_token}")
    response = client.get("/api/campaigns/", HTTP_ACCEPT="text/html")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"


def test_a_script_asking_the_csv_export_for_csv_gets_it(organiser_token):
    client = APIClient(HTTP_AUTHORIZATION=f"Token {organiser_token}")
    campaign_id = client.get("/api/campaigns/").json()[0]["id"]
    response = client.get(f"/api/campaigns/{campaign_id}/export/league.csv", HTTP_ACCEPT="text/csv")
    assert response.status_code == 200  # was a 406: no renderer of DRF's matched text/csv
    assert response["Content-Type"].startswith("text/csv")


def test_a_body_over_the_limit_is_a_413_in_json(organiser_token, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    client = APIClient(HTTP_AUTHORIZATION=f"Token {organiser_token}")
    response = client.post("/api/campaigns/", {"name": "x" * 2000}, format="json")
    assert response.status_code == 413
    assert response.json()["errors"][0]["message"] == "The request body is too large."
    assert "413" in documented("post", "/api/campaigns/")


def test_a_signed_in_post_without_the_csrf_token_is_a_403_in_json(organiser_token):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(Token.objects.get(key=organiser_token).user)
    response = client.post("/api/campaigns/", {"name": "Lake George 1758"}, format="json")
    assert response.status_code == 403
    assert response.json()["detail"].startswith("CSRF Failed")
    assert "403" in documented("post", "/api/campaigns/")


def test_a_throttled_client_gets_a_429_with_retry_after(db, settings):
    rates = dict.fromkeys(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "100000/min")
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": rates | {"session_create": "1/min"},
    }
    client = APIClient()
    assert client.post("/api/sessions/", {}, format="json").status_code == 400  # counted
    refused = client.post("/api/sessions/", {}, format="json")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "Retry-After" in documented("post", "/api/sessions/")["429"]["headers"]


def test_a_server_error_under_the_api_is_json(organiser_token, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(CampaignsView, "get", broken)
    client = APIClient(HTTP_AUTHORIZATION=f"Token {organiser_token}")
    client.raise_request_exception = False
    response = client.get("/api/campaigns/")
    assert response.status_code == 500
    assert response.json() == {"detail": "Server error."}


def test_the_schema_is_valid_openapi_3_0():
    """What a client's generator reads: pydantic's `{"type": "null"}` and `patternProperties`
    (the house-rules documents) are turned into OpenAPI 3.0's words (core.openapi.openapi_30)."""
    from drf_spectacular.validation import validate_schema

    schema = SchemaGenerator().get_schema(request=None, public=True)
    validate_schema(schema)
    text = json.dumps(schema)
    assert '"type": "null"' not in text
    assert "patternProperties" not in text
