"""The installable app (core.pwa): the manifest, the service worker at the root and its version,
the offline page, and which pages are kept for reading offline."""

from __future__ import annotations

import re

import pytest
from django.http import HttpResponse

from core import pwa


def sw_version(client) -> str:
    text = client.get("/sw.js").content.decode()
    return re.search(r'^const VERSION = "([0-9a-f]+)";$', text, re.M).group(1)


def test_the_manifest_is_served_as_a_web_app_manifest(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    body = response.json()
    assert (body["start_url"], body["scope"], body["display"]) == ("/", "/", "standalone")
    sizes = {icon["sizes"] for icon in body["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in body["icons"]:
        assert client.get(icon["src"]).status_code == 200


@pytest.mark.django_db
def test_every_page_links_the_manifest_and_loads_the_outbox(client):
    html = client.get("/help/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert "/static/js/outbox.js" in html
    assert "<!--offline-banner-->" in html


def test_the_service_worker_is_script_from_the_root_never_cached(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    text = response.content.decode()
    assert "{%" not in text and "{{" not in text
    assert '"/offline/"' in text and '"/static/js/outbox.js"' in text


def test_the_service_worker_changes_when_a_static_file_changes(client, settings, tmp_path):
    (tmp_path / "site.css").write_text("body { color: black; }")
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, tmp_path]
    pwa._cached_static_version.cache_clear()
    before = sw_version(client)
    assert sw_version(client) == before  # the same files: the same worker, byte for byte

    (tmp_path / "site.css").write_text("body { color: navy; }")
    pwa._cached_static_version.cache_clear()  # a server's files change with a restart
    assert sw_version(client) != before

    settings.DEBUG = True  # `make run`: an edit shows without a restart
    (tmp_path / "site.css").write_text("body { color: teal; }")
    changed = sw_version(client)
    (tmp_path / "site.css").write_text("body { color: red; }")
    assert sw_version(client) != changed
    pwa._cached_static_version.cache_clear()


@pytest.mark.django_db
def test_the_offline_page_says_what_can_be_read_without_a_connection(client):
    response = client.get("/offline/")
    assert response.status_code == 200
    assert "not opened on this phone before" in response.content.decode()


@pytest.mark.django_db
def test_a_how_to_play_page_is_kept_and_a_sign_up_page_is_not(client):
    assert client.get("/help/")[pwa.KEEP_HEADER] == "keep"
    assert pwa.KEEP_HEADER not in client.get("/accounts/login/")


def test_the_sheets_poll_is_not_kept_but_a_calculator_panel_is(rf):
    @pwa.keep_offline
    def page(request):
        return HttpResponse("sheet")

    @pwa.keep_offline(fragments=True)
    def panel(request):
        return HttpResponse("panel")

    htmx = {"HTTP_HX_REQUEST": "true"}
    assert page(rf.get("/"))[pwa.KEEP_HEADER] == "keep"
    assert pwa.KEEP_HEADER not in page(rf.get("/", **htmx))
    assert panel(rf.get("/", **htmx))[pwa.KEEP_HEADER] == "keep"
    assert pwa.KEEP_HEADER not in panel(rf.post("/"))
