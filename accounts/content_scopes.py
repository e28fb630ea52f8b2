"""Which content scopes a write to an account's tables belongs to (core.content_version): the
account's own (`u:<id>`: the user's row, profile and top bar). Registered when the app is
ready (accounts.apps); the campaign app adds the campaigns a new name shows in."""

from __future__ import annotations

from core.content_version import Part

_USER = ("SELECT 'u:' || R.user_id AS scope", None)

SCOPES: dict[str, list[Part]] = {
    "accounts_profile": [_USER],
    # A sign-in (last_login) is the account's own.
    "auth_user": [("SELECT 'u:' || R.id AS scope", None)],
    "auth_user_groups": [_USER],
    "auth_user_user_permissions": [_USER],
}

# An API token made or deleted is a write to its account: the account's requests read it again
# (core.token_auth.CachedTokenAuthentication keeps a token under its account's scope).
TOKEN_SCOPES: dict[str, list[Part]] = {"authtoken_token": [_USER]}
