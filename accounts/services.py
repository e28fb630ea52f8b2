"""Writes of the accounts app: a player's profile, and the password-reset request limits."""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Iterable

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from accounts.inbox import emailed_kinds
from accounts.models import Profile
from core.text import require_plain_name


@transaction.atomic
def profile_update(
    *,
    user,
    display_name: str,
    email: str,
    email_kinds: Iterable[str],
    turn_alerts: str | None = None,
) -> Profile:
    """Save the display name, the e-mail address and the e-mail choices: every e-mailed kind
    not chosen is turned off (so a kind added later is sent until turned off); `turn_alerts`,
    when given, is when a canoe game's turn is e-mailed (chase.services.alerts)."""
    require_plain_name(display_name, field="display_name")  # finding 5
    profile, _ = Profile.objects.select_for_update().get_or_create(user=user)
    chosen = set(email_kinds)
    profile.display_name = display_name.strip()
    profile.email_off = sorted(k.key for k in emailed_kinds() if k.key not in chosen)
    if turn_alerts is not None:
        profile.turn_alerts = turn_alerts
    profile.save()
    if user.email != email:
        user.email = email
        user.save(update_fields=["email"])
    return profile


def password_reset_permit(*, address: str, email: str) -> str:
    """Count a password-reset request against two limits in the cache, per hour.

    Returns "ok" (send the mail), "address" (this network asked PASSWORD_RESET_PER_ADDRESS times
    this hour: say so, it reveals nothing about accounts) or "email" (this address was mailed
    PASSWORD_RESET_PER_EMAIL times this hour: send nothing and answer as usual, so nobody can
    flood a player's inbox nor learn whether the address has an account). The counts live in the
    shared cache (Redis on a club server; per process otherwise, so a limit is per worker there).
    """
    hour = int(time.time() // 3600)
    if _over(f"pwreset:addr:{address}:{hour}", settings.PASSWORD_RESET_PER_ADDRESS):
        return "address"
    digest = hashlib.sha256(email.strip().lower().encode()).hexdigest()[:32]
    if _over(f"pwreset:email:{digest}:{hour}", settings.PASSWORD_RESET_PER_EMAIL):
        return "email"
    return "ok"


def password_reset_wait_minutes() -> int:
    """Minutes until the hourly counts of `password_reset_permit` start again."""
    return max(1, math.ceil((3600 - time.time() % 3600) / 60))


def _over(key: str, limit: int) -> bool:
    """Count one more request under `key` (kept for an hour); True once past `limit`."""
    cache.add(key, 0, timeout=3600)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=3600)
        count = 1
    return count > limit
