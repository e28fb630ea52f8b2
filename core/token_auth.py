"""The API's `Authorization: Token <key>`, read from each process's memory (issue 35).

Its own module, not core.auth: DRF's settings import the authentication classes while DRF's
views (which core.auth imports) are still being imported."""

from __future__ import annotations

import hashlib

from django.core.cache import caches
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from core.compiled import TEXT_STAND_IN, CompiledQuery
from core.content_version import user_scope
from core.page_cache import cached
from core.users import user_by_id


class CachedTokenAuthentication(TokenAuthentication):
    """DRF's TokenAuthentication (`Authorization: Token <key>`, the same answers and words),
    but the token and its account are read from this process's memory, under the account's
    version (core.content_version), as CachedModelBackend does for a session's user.

    Which account a key is for is kept in memory as it is first read (under a digest of the
    key, never the key), and the token with its account under that account's scope `u:<id>`,
    whose token is read with the request's others in its one query. A token made, deleted or
    given to another account (accounts.content_scopes) and any change of the account (made
    inactive, renamed) is a write to that scope, so the next request reads the row again: a
    deleted token or an inactive account is refused at once, a token given to another account
    signs that account in and is kept under its scope from then on.
    Saves the API's every request a query and the ORM's work on it (13% of the web workers'
    CPU at a club night, issue 35)."""

    def authenticate_credentials(self, key):
        digest = hashlib.sha256(key.encode()).hexdigest()
        memory = caches["users"]
        owner = memory.get(f"token-owner:{digest}")
        token = None
        if owner is not None:
            token = cached(
                "api-token", digest, scopes=[user_scope(owner)], alias="users", at_once=True,
                render=lambda: self._read(key),
            )  # fmt: skip
        if token is None or token.user_id != owner:
            # First sight; or gone; or given to another account (in the admin): read afresh,
            # and kept from now on under the account it belongs to.
            token = self._read(key)
            if token is not None:
                memory.set(f"token-owner:{digest}", token.user_id, None)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return (token.user, token)

    def _read(self, key):
        """The token with its account, or None: two reads built once per process (core.compiled;
        the ORM built its SQL afresh at each process's first sight of each token)."""
        found = _TOKEN_BY_KEY.objects(key)
        if not found:
            return None
        token = found[0]
        user = user_by_id(token.user_id)
        if user is None:
            return None  # the account went between the two reads
        token.user = user
        return token


# An API token by its key (a text column: a text stand-in); built at its first use.
_TOKEN_BY_KEY = CompiledQuery(
    lambda key: CachedTokenAuthentication().get_model().objects.filter(key=key),
    stand_in=TEXT_STAND_IN,
)
