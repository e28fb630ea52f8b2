"""The top bar's inbox badge: computed only when a page shows it, and only for a player."""

from __future__ import annotations

from django.utils.functional import SimpleLazyObject

from accounts.inbox import inbox_of


def inbox(request) -> dict:
    if not request.user.is_authenticated:
        return {}
    return {"inbox_count": SimpleLazyObject(lambda: len(inbox_of(request)))}
