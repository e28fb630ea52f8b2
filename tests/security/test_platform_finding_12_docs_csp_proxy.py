"""Finding 12: /api/docs/ loaded Swagger UI from a CDN, pages had no Content-Security-Policy,
X-Forwarded-Proto was trusted from anyone, and unknown /api/ paths and oversized bodies
answered HTML."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from django.test import Client, override_settings
from rest_framework.test import APIClient

from tests.campaign.games_support import signed_in

EXTERNAL = re.compile(r"""(?:src|href)=["'](?:https?:)?//""", re.I)
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
INLINE_HANDLER = re.compile(r"""\s(?:on[a-z]+|hx-on[:\w-]*)=""", re.I)


def test_finding_12_a_the_api_docs_load_nothing_from_another_origin(player):
    client = Client()
    client.force_login(player)
    page = client.get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    assert not EXTERNAL.search(html), EXTERNAL.search(html)
    assert not INLINE_SCRIPT.search(html)
    assert "swagger-ui-bundle.js" in html
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200
    assert "SwaggerUIBundle" in script.content.decode()


def test_finding_12_b_pages_send_a_csp_and_carry_no_inline_script(
    client, campaign, player, war_party, sequence
):
    from campaign import services

    draft = services.warband_create_draft(
        campaign=campaign, owner=player, name="Rangers", faction="rangers"
    )
    client.force_login(player)
    for path in [
        "/",
        f"/campaigns/{campaign.id}/",
        f"/warbands/{war_party.id}/",
        f"/warbands/{draft.id}/build/",
        f"/warbands/{war_party.id}/print/",
        f"/postgames/{sequence.id}/",
        "/play/",
        "/accounts/login/",
    ]:
        response = client.get(path)
        assert response.status_code == 200, path
        policy = response["Content-Security-Policy"]
        script_src = re.search(r"script-src ([^;]*)", policy).group(1)
        assert script_src.strip() == "'self'", (path, policy)
        assert "frame-ancestors 'none'" in policy
        html = response.content.decode()
        assert not INLINE_SCRIPT.search(html), (path, INLINE_SCRIPT.search(html))
        assert not INLINE_HANDLER.search(html), (path, INLINE_HANDLER.search(html))
        assert not EXTERNAL.search(html), (path, EXTERNAL.search(html))


def _proxy_header(behind_proxy: str | None):
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_BEHIND_PROXY"}
    if behind_proxy is not None:
        env["DJANGO_BEHIND_PROXY"] = behind_proxy
    code = (
        "import django; django.setup(); from django.conf import settings; "
        "print(settings.SECURE_PROXY_SSL_HEADER)"
    )
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return result.stdout.strip()


@pytest.mark.slow
def test_finding_12_c_x_forwarded_proto_is_trusted_only_behind_a_proxy(client):
    assert _proxy_header(None) == "None"
    assert _proxy_header("0") == "None"
    assert _proxy_header("1") == "('HTTP_X_FORWARDED_PROTO', 'https')"
    # in this process (no DJANGO_BEHIND_PROXY) a forged header does not make a request secure
    response = client.get("/accounts/login/", HTTP_X_FORWARDED_PROTO="https")
    assert response.wsgi_request.is_secure() is False


@pytest.mark.parametrize("path", ["/api/nothing-here/", "/api/campaigns/1/nothing/", "/api/x"])
def test_finding_12_d_unknown_api_paths_answer_json(player, path):
    response = signed_in(player).get(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "Not found."}


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=2000)
def test_finding_12_e_an_oversized_api_body_answers_json(player):
    client = APIClient()
    client.raise_request_exception = False
    client.force_authenticate(player)
    response = client.post("/api/campaigns/", {"name": "x" * 5000}, format="json")
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert response.json()["detail"] == "The request body is too large."
