"""The content version, read, and the page fragments cached under it (see
campaign.services.content for why no stale fragment can be served)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.db import connections
from django.db.models import QuerySet, Subquery
from django.db.models.functions import Coalesce

from campaign.models import ContentVersion

T = TypeVar("T")
KEEP_SECONDS = 24 * 3600  # a fragment's key changes with every write; this only frees memory


def content_version(using: str = "default") -> int:
    """The current content version (0 while the row is missing, until the next write)."""
    connection = connections[using]
    number = ContentVersion.objects.using(using).filter(pk=1).values_list("number", flat=True)
    connection.content_version_read = True  # a write after this bumps again (see services)
    return number.first() or 0


def with_version(queryset: QuerySet) -> QuerySet:
    """The queryset's rows with the content version as `content_version`, read in the same
    query (a page's object and the key of its cached fragment in one round trip)."""
    connections[queryset.db].content_version_read = True  # see content_version
    number = ContentVersion.objects.filter(pk=1).values("number")[:1]
    return queryset.annotate(content_version=Coalesce(Subquery(number), 0))


def cached(key: str, compute: Callable[[], T]) -> T:
    """What `compute` returns, from the cache when it is there. Kept only once the same key is
    asked for a second time: a page read once between two writes does not fill the cache."""
    found = cache.get(key)
    if found is not None:
        return found
    value = compute()
    if not cache.add(f"{key}:asked", True, KEEP_SECONDS):
        cache.set(key, value, KEEP_SECONDS)
    return value
