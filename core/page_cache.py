"""Cached page fragments and API answers, keyed by the versions of what they show
(core.content_version).

`cached(name, *vary, scopes=[...], request=..., render=...)` gives what is cached under the
name, the values it varies on and the current tokens of its scopes (and of everything, `all`),
or renders it. Everything a fragment shows must be in its key: the object's id, and anything of
the viewer it shows (their role, their id); never a CSRF token, a form or a user's name unless
the key holds that user. Its scopes are everything it reads: a campaign's pages `c:<id>`, a
player's top bar `u:<id>`, their inbox badge `i:<id>` (core.content_version). The tokens are
added here, so no caller can forget them: a write changes the key of every part that shows it,
and of no other.

A fragment is stored the second time it is rendered, not the first: a page read only once
(most pages of a busy club, after a write) would cost a cache write and its memory for nothing;
a mark that it was seen is kept instead (a "doorkeeper"), whatever the version, so a page read
again after a write is stored at once. What every page reads (the inbox badge) is stored at
once (`at_once`).

A new release of the templates is a new key too (`templates_release`): a deploy never serves
the fragments the old templates drew (a top bar without a link the new one has).

Every answer that used a cached part says so: `X-Frontier-Cache: hit` when every part came from
the cache, `miss` when one was rendered (PageCacheMiddleware).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import TypeVar

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.core.cache import caches
from django.core.cache.utils import make_template_fragment_key
from django.db import DatabaseError, connection
from django.template.utils import get_app_template_dirs
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from core import content_version
from core.content_version import (
    campaign_scope,
    game_scope,
    inbox_scope,
    uncommitted_writes,
    user_scope,
    versions,
    warband_scope,
)

T = TypeVar("T")
HEADER = "X-Frontier-Cache"
# Scopes a signed-in user's every page reads besides their account's and inbox's (registered by
# the apps: the campaign's part of the inbox badge, accounts.inbox.COUNT_SCOPES): user id ->
# scope, hinted with those (PageCacheMiddleware), so they cost no query of their own.
USER_SCOPES: list[Callable[[object], str]] = []


def register_user_scope(scope: Callable[[object], str]) -> None:
    if scope not in USER_SCOPES:
        USER_SCOPES.append(scope)


@cache
def templates_release() -> str:
    """A digest of every template this server renders from: the same on every instance running
    the same code, another after a deploy that changed one. Read once per process."""
    digest = hashlib.blake2b(digest_size=8)
    dirs = [Path(d) for engine in settings.TEMPLATES for d in engine.get("DIRS", ())]
    for folder in [*dirs, *get_app_template_dirs("templates")]:
        for path in sorted(Path(folder).rglob("*")):
            if path.is_file():
                digest.update(str(path.relative_to(folder)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def fragment_key(name: str, *vary, scopes: Iterable[str], request=None) -> str:
    scopes = sorted(set(scopes))
    if not scopes:
        raise ValueError(f"The cached part {name!r} names no scope: what it shows is unknown.")
    tokens = versions(scopes)
    parts = [f"{scope}={tokens[scope]}" for scope in scopes]
    release = templates_release()
    return make_template_fragment_key(name, [*vary, *parts, tokens["all"], get_language(), release])


# A cached form's CSRF field: the part is rendered with this in the place of the token (its
# `csrf_token` in the context), and each answer puts the viewer's own token there, so a cached
# form still posts and no token is ever shared.
CSRF_SLOT = "csrf-token-of-the-viewer"  # not a token: a real one is 64 letters and digits


def csrf_input(token) -> str:
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token)


CSRF_SLOT_INPUT = csrf_input(CSRF_SLOT)


def csrf_filled(html: str, token) -> SafeString:
    """A cached part with the viewer's CSRF `token` in each form's slot (none: the field is
    left out, as `{% csrf_token %}` leaves it without a token)."""
    if CSRF_SLOT_INPUT in html:
        mine = csrf_input(token) if token and str(token) != "NOTPROVIDED" else ""
        html = html.replace(CSRF_SLOT_INPUT, mine)
    return mark_safe(html)  # noqa: S308 -- rendered by a template; the token is letters and digits


def _outcome(hit: bool, alias: str) -> None:
    """What X-Frontier-Cache says: the parts of the answer, not the signed-in user (kept in
    each process's memory for every request, core.auth)."""
    if alias != "users" and getattr(connection, "frontier_cache", None) != "miss":
        connection.frontier_cache = "hit" if hit else "miss"


def cached(
    name: str,
    *vary,
    scopes: Iterable[str],
    request=None,
    render: Callable[[], T],
    at_once: bool = False,
    alias: str = "template_fragments",
) -> T:
    """`scopes`: what the part shows (at least one). `at_once`: stored the first time (what
    every page reads, such as the inbox badge). `alias`: another cache than the pages' (see
    core.auth.CachedModelBackend)."""
    if uncommitted_writes():
        _outcome(False, alias)
        return render()  # the transaction may write more: its tokens are not final
    try:
        key = fragment_key(name, *vary, scopes=scopes, request=request)
    except DatabaseError:
        _outcome(False, alias)
        return render()  # no version to key by (an error page while the database is down)
    cache = caches[alias]
    seen = f"{make_template_fragment_key(name, list(vary))}:seen"
    found = cache.get_many([key, seen])
    if key in found:
        _outcome(True, alias)
        return found[key]
    _outcome(False, alias)
    value = render()
    if at_once or seen in found:
        cache.set(key, value, settings.FRONTIER_PAGE_CACHE_SECONDS)
    if not at_once and seen not in found:
        cache.set(seen, True, settings.FRONTIER_PAGE_CACHE_SECONDS)
    return value


def cached_many(
    name: str,
    parts: Sequence[tuple[tuple, Iterable[str]]],
    *,
    request=None,
    render: Callable[[list[int]], list[T]],
    alias: str = "template_fragments",
) -> list[T]:
    """`cached` for the rows of a list, read together in one round trip to the cache: each
    part is (the values it varies on, its scopes). `render(indices)` draws the parts not found,
    in that order; they are stored at once (every reader of the list reads each row). A list
    that changed by one row draws that row alone."""
    everything = list(range(len(parts)))
    if uncommitted_writes():
        _outcome(False, alias)
        return render(everything)
    try:
        keys = [fragment_key(name, *vary, scopes=scopes, request=request) for vary, scopes in parts]
    except DatabaseError:
        _outcome(False, alias)
        return render(everything)
    cache = caches[alias]
    found = cache.get_many(keys) if keys else {}
    missing = [i for i, key in enumerate(keys) if key not in found]
    _outcome(not missing, alias)
    if not missing:
        return [found[key] for key in keys]
    drawn = render(missing)
    if len(drawn) != len(missing):
        raise ValueError(f"{name}: asked to draw {len(missing)} parts, drew {len(drawn)}.")
    fresh = dict(zip((keys[i] for i in missing), drawn, strict=True))
    cache.set_many(fresh, settings.FRONTIER_PAGE_CACHE_SECONDS)
    return [found[key] if key in found else fresh[key] for key in keys]


def campaign_of_warband(warband_id: int) -> int | None:
    """The campaign a warband is in (None: no such warband), read with this request's tokens
    (the same query, see core.content_version.read_tokens)."""
    scope = warband_scope(warband_id)
    place = versions([scope])[scope]
    return None if place is None else int(place[2:])


class PageCacheMiddleware:
    """Before the view: the scopes its URL and its signed-in user will need, read together in
    one query with the first token read. After: `X-Frontier-Cache` on an answer that used the
    cache."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        connection.frontier_cache = None
        response = self.get_response(request)
        outcome = getattr(connection, "frontier_cache", None)
        if outcome is not None:
            response[HEADER] = outcome
        connection.frontier_cache = None
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        scopes = []
        session = getattr(request, "session", None)
        user_id = session.get(SESSION_KEY) if session is not None else None
        if user_id is not None:
            scopes += [user_scope(user_id), inbox_scope(user_id)]
            scopes += [scope(user_id) for scope in USER_SCOPES]
        if "campaign_id" in view_kwargs:
            scopes.append(campaign_scope(view_kwargs["campaign_id"]))
        if "warband_id" in view_kwargs:
            scopes.append(warband_scope(view_kwargs["warband_id"]))
        if "session_id" in view_kwargs:
            scopes.append(game_scope(view_kwargs["session_id"]))
        content_version.hint(scopes)
        return None
