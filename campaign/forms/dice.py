"""Dice typed in from a real die (C12), as the forms read them."""

from __future__ import annotations

from django import forms


def parse_faces(raw: str) -> tuple[int, ...]:
    """'4' or '4 2' (re-rolls after a duplicate) typed in from real dice; blank = app rolls."""
    parts = raw.replace(",", " ").split()
    faces = []
    for part in parts:
        # isascii: "²" and other Unicode digits pass isdigit() but int() refuses them.
        if not (part.isascii() and part.isdigit()) or not 1 <= int(part) <= 6:
            raise forms.ValidationError(f"{part!r} is not a D6 face (1-6).")
        faces.append(int(part))
    return tuple(faces)
