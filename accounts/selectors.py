"""Reads of the accounts app."""

from __future__ import annotations

from accounts.models import Profile


def profile_of(user) -> Profile:
    """The player's profile, or an unsaved default one (nothing is written by reading)."""
    return Profile.objects.filter(user=user).first() or Profile(user=user)
