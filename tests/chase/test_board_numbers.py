"""A board's drawing is machine numbers (SVG coordinates, angles, sizes): they are written as
SVG reads them whatever the site's language, never in a language's number format (a French
"12,5" in a `transform` moves nothing). Found while cutting a table's CPU (issue 35): each of a
board's hundreds of numbers went through Django's localisation, a third of drawing it."""

from __future__ import annotations

import random

import pytest

from chase.games import kinds
from chase.models import GameSession
from tests.chase.conftest import play_randomly
from tests.svg import svg_numbers


@pytest.mark.parametrize("kind", kinds())
def test_a_board_writes_its_numbers_as_svg_reads_them_in_any_language(kind, client, settings, db):
    created = client.post("/play/new/", {"kind": kind, "mode": "hotseat"})
    assert created.status_code == 302
    session = GameSession.objects.get(pk=int(created.url.rstrip("/").split("/")[-1]))
    play_randomly(session, random.Random(7), steps=12)
    english = svg_numbers(client.get(f"/play/{session.pk}/").content.decode())
    settings.LANGUAGE_CODE = "fr"  # French formats: a decimal comma, a space between thousands
    settings.USE_THOUSAND_SEPARATOR = True
    french = svg_numbers(client.get(f"/play/{session.pk}/").content.decode())
    assert len(english) > 20 and any("." in value for value in english)  # fractions drawn
    assert french == english
