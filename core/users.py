"""An account read by its id with a query built once per process (core.compiled): what a
process's first sight of each signed-in account reads (core.auth.CachedModelBackend, and the
API's tokens, core.token_auth). Its own module: core.token_auth may not import core.auth."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from core.compiled import CompiledQuery

# Every field, as `get()` reads them; built at its first use, when the user model is ready.
_USER_BY_ID = CompiledQuery(lambda pk: get_user_model()._default_manager.filter(pk=pk))


def user_by_id(user_id):
    """The account with this id, or None."""
    found = _USER_BY_ID.objects(user_id)
    return found[0] if found else None
