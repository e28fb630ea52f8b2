"""A web worker made ready before its first request: the URLs' table built (which imports every
view), every template compiled (the form widgets' too) and the templates' digest worked out
(core.page_cache). Run by gunicorn's `post_worker_init` (deploy/gunicorn.py): without it each
new worker's first pages pay for all of that (some 0.3 s of CPU for its first lobby), and after
a restart the club's first requests queue behind the workers' first pages."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import django.forms
from django.conf import settings
from django.forms.renderers import get_default_renderer
from django.template import TemplateDoesNotExist, engines
from django.template.utils import get_app_template_dirs
from django.urls import reverse

from core.page_cache import templates_release

logger = logging.getLogger(__name__)
SUFFIXES = (".html", ".txt", ".js")


def template_names() -> list[str]:
    """Every template of the project's and the apps' template folders, by its loader name."""
    folders = [Path(d) for engine in settings.TEMPLATES for d in engine.get("DIRS", ())]
    folders += [Path(d) for d in get_app_template_dirs("templates")]
    names = set()
    for folder in folders:
        for path in folder.rglob("*"):
            if path.is_file() and path.suffix in SUFFIXES:
                names.add(path.relative_to(folder).as_posix())
    return sorted(names)


def form_template_names() -> list[str]:
    """The form widgets' templates Django ships (what the default form renderer draws with)."""
    folder = Path(django.forms.__file__).parent / "templates"
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.html"))


def warm() -> dict:
    """Compile what the first requests would. Returns the templates compiled, those that
    failed (named in the log: a broken template is found at the worker's start, not by a
    player) and the seconds it took."""
    started = time.perf_counter()
    reverse("home")  # imports every view module and builds the URL names' table
    templates_release()  # the digest every cached part's key holds
    compiled, failed = 0, []
    for engine in engines.all():
        for name in template_names():
            try:
                engine.get_template(name)
            except TemplateDoesNotExist:
                continue  # another engine's
            except Exception as error:  # noqa: BLE001 (a worker starts whatever a template says)
                failed.append(name)
                logger.warning("warm-up: the template %s does not compile: %s", name, error)
                continue
            compiled += 1
    renderer = get_default_renderer()  # its own engine: the lobby's option forms use it
    for name in form_template_names():
        renderer.get_template(name)
        compiled += 1
    seconds = time.perf_counter() - started
    logger.info("warm-up: %d templates compiled in %.2f s", compiled, seconds)
    return {"templates": compiled, "failed": failed, "seconds": seconds}
