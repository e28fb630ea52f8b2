"""Log lines an operator can read: time, level, process, request id (core.logs), and error
reports to Sentry only when SENTRY_DSN is set (config.sentry)."""

from __future__ import annotations

import io
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from core import logs, sentry

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(
    r"time=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d{4} level=(?P<level>\w+) "
    r"process=(?P<process>\d+) request=(?P<request>\S+) logger=(?P<logger>\S+) msg=(?P<msg>\".*\")"
)


@pytest.fixture
def console():
    """What the configured console handler (settings.LOGGING) writes, in a buffer."""
    handler = next(
        h
        for h in logging.getLogger().handlers
        if isinstance(getattr(h, "formatter", None), logs.KeyValueFormatter)
    )
    buffer = io.StringIO()
    previous = handler.setStream(buffer)
    yield buffer
    handler.setStream(previous)


@pytest.mark.django_db
def test_a_request_is_answered_with_a_new_id(client):
    response = client.get("/healthz")
    assert re.fullmatch(r"[0-9a-f]{32}", response["X-Request-ID"])
    assert client.get("/healthz")["X-Request-ID"] != response["X-Request-ID"]


@pytest.mark.django_db
def test_a_sane_incoming_request_id_is_kept(client):
    response = client.get("/healthz", HTTP_X_REQUEST_ID="proxy-7f3a.42")
    assert response["X-Request-ID"] == "proxy-7f3a.42"


@pytest.mark.parametrize(
    "sent", ["two words", "x" * 65, 'a"b', "line\nbreak", "key=value", ""], ids=repr
)
def test_an_insane_incoming_request_id_is_replaced(sent):
    assert re.fullmatch(r"[0-9a-f]{32}", logs.incoming_id(sent))


@pytest.mark.django_db
def test_a_requests_log_line_has_time_level_process_and_its_id(client, console):
    client.get("/no-such-page/", HTTP_X_REQUEST_ID="req-1234")

    lines = [LINE.fullmatch(line) for line in console.getvalue().splitlines()]
    found = [m for m in lines if m and m["logger"] == "django.request"]
    assert found, console.getvalue()
    assert found[0]["level"] == "WARNING"
    assert found[0]["request"] == "req-1234"
    assert int(found[0]["process"]) == os.getpid()
    assert found[0]["msg"] == '"Not Found: /no-such-page/"'


def test_a_line_outside_a_request_has_a_dash_and_a_message_stays_on_one_line(console):
    logging.getLogger("frontier.test").warning("first\nsecond")

    match = LINE.fullmatch(console.getvalue().splitlines()[0])
    assert match and match["request"] == "-"
    assert match["msg"] == '"first\\nsecond"'


def test_a_tasks_lines_carry_its_task_id_and_a_request_keeps_its_own():
    logs.on_task_prerun(task_id="abc")
    assert logs.request_id.get() == "task:abc"
    logs.on_task_postrun(task_id="abc")
    assert logs.request_id.get() == "-"

    token = logs.request_id.set("req-9")  # a task run in-process inside a request
    logs.on_task_prerun(task_id="def")
    assert logs.request_id.get() == "req-9"
    logs.on_task_postrun(task_id="def")
    logs.request_id.reset(token)


def test_sentry_is_not_started_without_a_dsn(monkeypatch):
    import sentry_sdk

    calls = []
    monkeypatch.setattr(sentry_sdk, "init", lambda **kwargs: calls.append(kwargs))

    assert sentry.sentry_init("", environment="production") is False
    assert sentry.sentry_init(None, environment="production") is False
    assert calls == []


def test_sentry_is_started_with_the_django_and_celery_integrations(monkeypatch):
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    from frontier import __version__

    calls = []
    monkeypatch.setattr(sentry_sdk, "init", lambda **kwargs: calls.append(kwargs))

    assert sentry.sentry_init("https://key@sentry.example/1", environment="club") is True
    (options,) = calls
    assert options["dsn"] == "https://key@sentry.example/1"
    kinds = {type(integration) for integration in options["integrations"]}
    assert {DjangoIntegration, CeleryIntegration} <= kinds
    assert options["release"] == f"frontier@{__version__}"
    assert options["send_default_pii"] is False


@pytest.mark.slow
@pytest.mark.parametrize("dsn, active", [("", "False"), ("http://key@127.0.0.1:9/1", "True")])
def test_the_settings_start_sentry_only_when_sentry_dsn_is_set(dsn, active, tmp_path):
    """The settings a club runs, in a process of their own."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.base",
        "DJANGO_DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}",
        "SENTRY_DSN": dsn,
    }
    script = "import django, sentry_sdk; django.setup(); print(sentry_sdk.get_client().is_active())"
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == active
