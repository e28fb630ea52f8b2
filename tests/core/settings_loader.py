"""The club's settings module (config/settings/base.py) loaded afresh with some variables set,
to test what the settings read from the environment without touching the running settings."""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path
from types import ModuleType

BASE = Path(__file__).resolve().parents[2] / "config" / "settings" / "base.py"
_count = itertools.count()


def load_base_settings(monkeypatch, **variables: str) -> ModuleType:
    monkeypatch.setenv("DJANGO_SECRET_KEY", "settings-loader-test-key-0123456789abcdef")
    monkeypatch.delenv("SENTRY_DSN", raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    spec = importlib.util.spec_from_file_location(f"_settings_{next(_count)}", BASE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
