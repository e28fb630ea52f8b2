"""Small helpers for the sentences players read."""

from __future__ import annotations


def possessive(name: str) -> str:
    """ "Magalakutway's", but "Rogers Boys'": a name ending in s takes the apostrophe alone."""
    name = str(name)
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"
