"""The installable app: its manifest, its service worker and the page it shows offline.

The service worker (`templates/pwa/sw.js`, served at `/sw.js` so that its scope is the whole
site) keeps the shell (the static files every kept page needs, and `/offline/`) and, network
first, every page whose view is marked `@keep_offline` as a player opens it: opened with no
connection, such a page shows what was last seen, with a banner saying when. Its text carries
`static_version()`, a hash of the static files, so a change to any of them is a new service
worker, which the browser installs in place of the old one (and with it a fresh shell).

The writes those pages make go through the outbox (`static/js/outbox.js`); see
docs/development/offline.md.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

# The header by which a view asks the service worker to keep its answer for offline reading.
KEEP_HEADER = "X-Frontier-Offline"

# The shell: what the kept pages load, fetched when the service worker installs and served from
# its cache (they are what `static_version()` covers, with every file of static/).
SHELL_STATIC = (
    "css/frontier.css",
    "css/club.css",
    "css/battle.css",
    "css/postgame.css",
    "css/conflict.css",
    "django_htmx/htmx-2.min.js",
    "js/frontier.js",
    "js/club.js",
    "js/battle.js",
    "js/outbox.js",
    "img/favicon.svg",
    "img/logo.svg",
    "img/icon-192.png",
    "img/icon-512.png",
)

MANIFEST = {
    "name": "Frontier",
    "short_name": "Frontier",
    "description": "A wargaming club's campaigns, battle sheet, post-game and canoe games.",
    "start_url": "/",
    "scope": "/",
    "display": "standalone",
    "background_color": "#f6f3ec",
    "theme_color": "#2f5d50",
}


# Sent by the outbox with a queued write whose answer it will not draw (a later write of the
# queue goes to the same place): the view may answer 204, with no page to render.
UNSEEN_HEADER = "X-Frontier-Outbox"


def answer_unseen(request) -> bool:
    """The outbox will not draw this write's answer: a later one of its queue replaces it."""
    return request.headers.get(UNSEEN_HEADER) == "superseded"


def keep_offline(view: Callable | None = None, *, fragments: bool = False) -> Callable:
    """Mark a GET view's successful answers for the service worker to keep (network first):
    the page then opens with no connection as it was last seen. Its HTMX answers too with
    `fragments=True` (a calculator's panel), else only the whole page (a poll's fresh sheet is
    not worth keeping: the page is)."""

    def decorate(view: Callable) -> Callable:
        @functools.wraps(view)
        def wrapped(request, *args, **kwargs):
            response = view(request, *args, **kwargs)
            is_fragment = request.headers.get("HX-Request") == "true"
            if (
                request.method == "GET"
                and response.status_code == 200
                and (fragments or not is_fragment)
            ):
                response[KEEP_HEADER] = "keep"
            return response

        return wrapped

    return decorate(view) if view is not None else decorate


def _static_files() -> list[tuple[str, Path]]:
    """(name, file) of the shell's files and of every file under STATICFILES_DIRS, sorted."""
    found: dict[str, Path] = {}
    for name in SHELL_STATIC:
        path = finders.find(name)
        if path:
            found[name] = Path(path)
    for folder in settings.STATICFILES_DIRS:
        root = Path(folder)
        for path in root.rglob("*"):
            if path.is_file():
                found[path.relative_to(root).as_posix()] = path
    return sorted(found.items())


def _compute_static_version() -> str:
    digest = hashlib.sha256()
    for name, path in _static_files():
        digest.update(name.encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


@functools.cache
def _cached_static_version() -> str:
    return _compute_static_version()


def static_version() -> str:
    """A hash of the static files' names and contents. A server's files change only with a
    release (worked out once per process); with DEBUG on, on every request, so an edit to a
    static file gives the browser a new service worker at once."""
    if settings.DEBUG:
        return _compute_static_version()
    return _cached_static_version()


@require_safe
def manifest(request):
    body = dict(MANIFEST)
    body["icons"] = [
        {"src": static(f"img/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png"}
        for size in (192, 512)
    ] + [
        {
            "src": static("img/icon-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        }
    ]
    return HttpResponse(json.dumps(body, indent=2), content_type="application/manifest+json")


@require_safe
@never_cache
def service_worker(request):
    """The service worker, from the root so that it may control every page
    (Service-Worker-Allowed: /), never cached by the browser's HTTP cache, so that a new
    version of the static files reaches it on the next check."""
    shell = [reverse("offline")] + [static(name) for name in SHELL_STATIC]
    text = render_to_string(
        "pwa/sw.js",
        {
            "version": json.dumps(static_version()),
            "shell": json.dumps(shell),
            "keep_header": json.dumps(KEEP_HEADER),
            "static_prefix": json.dumps(static("")),
        },
    )
    response = HttpResponse(text, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def offline(request):
    """What the service worker shows for a page that was never opened, with no connection."""
    return render(request, "pwa/offline.html")
