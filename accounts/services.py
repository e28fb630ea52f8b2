"""Writes of the accounts app: a player's profile."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from accounts.inbox import emailed_kinds
from accounts.models import Profile


@transaction.atomic
def profile_update(*, user, display_name: str, email: str, email_kinds: Iterable[str]) -> Profile:
    """Save the display name, the e-mail address and the e-mail choices: every e-mailed kind
    not chosen is turned off (so a kind added later is sent until turned off)."""
    profile, _ = Profile.objects.select_for_update().get_or_create(user=user)
    chosen = set(email_kinds)
    profile.display_name = display_name.strip()
    profile.email_off = sorted(k.key for k in emailed_kinds() if k.key not in chosen)
    profile.save()
    if user.email != email:
        user.email = email
        user.save(update_fields=["email"])
    return profile
