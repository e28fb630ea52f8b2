"""The operator's docs (docs/club-server/, CHANGELOG.md, the Procfile) name only what exists:
every queue, Celery task, setting or environment variable and management command they quote.
(tests/test_docs.py checks their links and `make` targets.)"""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from celery import current_app
from django.conf import settings
from django.core.management import get_commands

from core.health import queue_names

ROOT = Path(__file__).resolve().parents[1]
DOCS = [*sorted((ROOT / "docs" / "club-server").glob("*.md")), ROOT / "CHANGELOG.md",
        ROOT / "Procfile"]  # fmt: skip
SOURCES = ["config", "core", "accounts", "campaign", "chase", "guide", "bench", "deploy",
           "tests/conftest.py", "Makefile", "frontier"]  # fmt: skip

SPAN = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
VARIABLE = re.compile(r"^[A-Z][A-Z0-9_]{2,}$")
ASSIGNED = re.compile(r"(?<![\w-])([A-Z][A-Z0-9_]{2,})=")
TASK_NAME = re.compile(r"^(?:accounts|campaign|chase|core)\.[a-z_]+$")
QUEUE_FLAG = re.compile(r"-Q\s+([a-z_,]+)")
QUEUE_WORDS = re.compile(r"`([a-z_]+)` queue|queue `([a-z_]+)`|LLEN ([a-z_]+)")
COMMAND = re.compile(r"manage\.py\s+([a-z_]+)")
# Words in capitals the docs quote that are not settings: SQL, Redis and HTTP words.
NOT_SETTINGS = {
    "LLEN",
    "GET",
    "POST",
    "HEAD",
    "SET",
    "LISTEN",
    "SIGSTOP",
    "SIGTERM",
}  # commands, signals


def texts() -> dict[str, str]:
    return {path.name: path.read_text() for path in DOCS}


@cache
def source_text() -> str:
    parts = []
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else sorted(path.rglob("*.py"))
        parts += [f.read_text() for f in files if "migrations" not in f.parts]
    return "\n".join(parts)


@cache
def makefile() -> str:
    return (ROOT / "Makefile").read_text()


def quoted(text: str) -> list[str]:
    return [span.strip() for span in SPAN.findall(text)]


def test_the_docs_are_there():
    for path in DOCS:
        assert path.exists(), path


def test_every_variable_or_setting_the_docs_name_is_read_or_set():
    missing = []
    for name, text in texts().items():
        names = {q for q in quoted(text) if VARIABLE.match(q)}
        names |= set(ASSIGNED.findall("\n".join(FENCE.findall(text))))
        names |= {n for q in quoted(text) for n in ASSIGNED.findall(q)}
        for variable in sorted(names - NOT_SETTINGS):
            if hasattr(settings, variable) or f'"{variable}"' in source_text():
                continue
            if re.search(rf"^{variable} = ", source_text(), re.M):  # a module's constant
                continue
            if re.search(rf"^{variable}\s*\??=|\$\({variable}\)", makefile(), re.M):
                continue
            missing.append(f"{name}: {variable}")
    assert missing == []


def test_every_task_the_docs_name_is_registered():
    current_app.autodiscover_tasks(force=True)
    importlib.import_module("campaign.tasks")
    importlib.import_module("chase.tasks")
    registered = set(current_app.tasks)
    functions = {
        attr
        for module in ("campaign.tasks", "chase.tasks")
        for attr in dir(importlib.import_module(module))
        if attr.endswith("_task")
    }
    missing = []
    for name, text in texts().items():
        for word in quoted(text):
            if TASK_NAME.match(word) and not _importable(word) and word not in registered:
                missing.append(f"{name}: task {word}")
            if re.fullmatch(r"[a-z_]+_task", word) and word not in functions:
                missing.append(f"{name}: task function {word}")
    assert missing == []


def _importable(dotted: str) -> bool:
    try:
        importlib.import_module(dotted)
    except ImportError:
        module, _, attr = dotted.rpartition(".")
        try:
            return hasattr(importlib.import_module(module), attr)
        except ImportError:
            return False
    return True


def test_every_queue_the_docs_name_has_tasks_routed_to_it_or_is_the_default():
    queues = set(queue_names())
    missing = []
    for name, text in texts().items():
        for flags in QUEUE_FLAG.findall(text):
            missing += [f"{name}: -Q {q}" for q in flags.split(",") if q and q not in queues]
        for match in QUEUE_WORDS.findall(text):
            missing += [f"{name}: queue {q}" for q in match if q and q not in queues]
    assert missing == []


def test_every_queue_has_a_worker_in_the_procfile_and_the_setup_steps():
    for doc in ("Procfile", "README.md"):
        served = {q for flags in QUEUE_FLAG.findall(texts()[doc]) for q in flags.split(",")}
        assert set(queue_names()) <= served, doc


def test_every_management_command_the_docs_name_exists():
    commands = set(get_commands())
    missing = [
        f"{name}: manage.py {command}"
        for name, text in texts().items()
        for command in COMMAND.findall(text)
        if command not in commands
    ]
    assert missing == []


def test_the_changelog_has_this_releases_steps():
    from frontier import __version__

    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert f"## {__version__}" in changelog
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert f'version = "{__version__}"' in pyproject


@pytest.mark.slow
def test_check_deploy_is_clean_with_the_documented_settings(tmp_path):
    """The setup steps say `manage.py check --deploy` is clean: no warning at all."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.base",
        "DJANGO_SECRET_KEY": "a-long-random-secret-key-for-the-check-0123456789abcdef",
        "DJANGO_ALLOWED_HOSTS": "frontier.myclub.org",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'check.sqlite3'}",
    }
    for variable in ("DJANGO_DEBUG", "REDIS_URL", "SENTRY_DSN", "DJANGO_ALLOW_ASYNC_UNSAFE"):
        env.pop(variable, None)
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
