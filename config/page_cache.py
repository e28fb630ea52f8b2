"""Cached page fragments and API answers, keyed by the content version (config.content_version).

`cached(name, *vary, request=..., render=...)` gives what is cached under the name, the values
it varies on and the current content version, or renders it. Everything a fragment shows must be
in its key: the object's id, and anything of the viewer it shows (their role, their id); never a
CSRF token, a form or a user's name unless the key holds that user. The version is added here,
so no caller can forget it: a write to the content changes every key at once.

A fragment is stored the second time it is rendered at a version, not the first: after a write
every page is rendered again, and one read only once before the next write (most pages of a
busy club) would cost a cache write and its memory for nothing; a mark that it was seen is
kept instead (a "doorkeeper"). Pages read again are cached from their second reading on. What
every page reads (the inbox badge) is stored at once (`at_once`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.conf import settings
from django.core.cache import caches
from django.core.cache.utils import make_template_fragment_key
from django.db import DatabaseError

from config.content_version import content_version, uncommitted_writes

T = TypeVar("T")


def fragment_key(name: str, *vary, request=None) -> str:
    return make_template_fragment_key(name, [*vary, content_version(request)])


def cached(
    name: str,
    *vary,
    request=None,
    render: Callable[[], T],
    at_once: bool = False,
    alias: str = "template_fragments",
) -> T:
    """`at_once`: stored the first time (what every page reads, such as the inbox badge).
    `alias`: another cache than the pages' (see config.auth.CachedModelBackend)."""
    if uncommitted_writes():
        return render()  # the transaction may write more under the token it drew
    try:
        key = fragment_key(name, *vary, request=request)
    except DatabaseError:
        return render()  # no version to key by (an error page while the database is down)
    cache = caches[alias]
    seen = f"{key}:seen"
    found = cache.get_many([key, seen])
    if key in found:
        return found[key]
    value = render()
    if at_once or seen in found:
        cache.set(key, value, settings.FRONTIER_PAGE_CACHE_SECONDS)
    else:
        cache.set(seen, True, settings.FRONTIER_PAGE_CACHE_SECONDS)
    return value
