"""A web worker compiles its templates before its first request (core.warmup, run by
gunicorn's post_worker_init in deploy/gunicorn.py)."""

from __future__ import annotations

import runpy
from pathlib import Path
from unittest import mock

import pytest
from django.forms.renderers import get_default_renderer
from django.template import engines
from django.template.loaders.filesystem import Loader as FilesystemLoader

from core import warmup

ROOT = Path(__file__).resolve().parents[2]


def _cached_loaders():
    """The compiled-template caches of the project's engine and of the form renderer's."""
    for engine in (engines["django"].engine, get_default_renderer().engine.engine):
        yield from (loader for loader in engine.template_loaders if hasattr(loader, "reset"))


def _cold() -> None:
    for loader in _cached_loaders():
        loader.reset()


DISK = mock.patch.object(
    FilesystemLoader, "get_contents", side_effect=AssertionError("a template read from disk")
)


def test_every_template_compiles():
    names = warmup.template_names()
    assert "chase/lobby.html" in names and "base.html" in names
    done = warmup.warm()
    assert done["failed"] == []
    assert done["templates"] == len(names) + len(warmup.form_template_names())


def test_a_broken_template_is_named_not_fatal(tmp_path, settings):
    (tmp_path / "broken.html").write_text("{% if %}")
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], tmp_path]}
    ]
    assert warmup.warm()["failed"] == ["broken.html"]


@pytest.mark.django_db
def test_a_warm_worker_reads_no_template_from_disk_for_its_first_pages(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("newcomer"))
    _cold()
    warmup.warm()
    with DISK:
        assert client.get("/play/").status_code == 200
        assert client.get("/").status_code == 200


@pytest.mark.django_db
def test_a_cold_worker_would(client, django_user_model):
    """The check above can fail: without the warm-up the first lobby reads its templates."""
    client.force_login(django_user_model.objects.create_user("newcomer"))
    _cold()
    with DISK, pytest.raises(AssertionError, match="read from disk"):
        client.get("/play/")


def test_gunicorn_warms_each_worker_and_survives_a_failed_warm_up():
    hooks = runpy.run_path(str(ROOT / "deploy" / "gunicorn.py"))
    worker = mock.Mock()
    order = mock.Mock()
    with mock.patch.object(warmup, "warm", order.warm), mock.patch("gc.freeze", order.freeze):
        hooks["post_worker_init"](worker)
    # warmed, then what it holds left out of the collector's full passes
    assert order.mock_calls == [mock.call.warm(), mock.call.freeze()]
    with (
        mock.patch.object(warmup, "warm", side_effect=RuntimeError("no database")),
        mock.patch("gc.freeze") as freeze,
    ):
        hooks["post_worker_init"](worker)  # logged, the worker starts cold
    worker.log.exception.assert_called_once()
    freeze.assert_called_once_with()


def test_the_event_process_is_warmed_before_its_first_stream():
    """config/asgi.py, as uvicorn imports it in each of its workers: the migrations checked,
    then the warm-up (the URLs' table: the first stream no longer imports every view), then
    what the process holds left out of the collector's full passes."""
    order = mock.Mock()
    with (
        mock.patch("core.schema.refuse_unapplied_migrations", order.check),
        mock.patch.object(warmup, "warm", order.warm),
        mock.patch("gc.freeze", order.freeze),
    ):
        runpy.run_path(str(ROOT / "config" / "asgi.py"))
    assert order.mock_calls == [mock.call.check(), mock.call.warm(), mock.call.freeze()]
