"""The replay says in words what chance decided (issue 21): never a raw "obstacle 61"."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from chase.models import GameSession
from chase.templatetags.chance_words import outcome_words
from tests.chase.conftest import new_game


@pytest.mark.parametrize(
    ("outcome", "words"),
    [
        (
            {"kind": "int", "lo": 12, "hi": 88, "value": 61, "label": "obstacle"},
            "an obstacle at 61 (placed at random from 12 to 88)",
        ),
        ({"kind": "int", "lo": 1, "hi": 6, "value": 4, "label": "D6"}, "a D6 rolled 4"),
        (
            {"kind": "int", "lo": 0, "hi": 6, "value": 2, "label": "random action"},
            "random action: number 3 of 7, at random",
        ),
        (
            {"kind": "int", "lo": 1, "hi": 3, "value": 2, "label": "current"},
            "current: 2 (at random from 1 to 3)",
        ),
        (
            {"kind": "shuffle", "order": [2, 0, 1], "label": "deck"},
            "deck: 3 shuffled into a new order",
        ),
    ],
)
def test_each_kind_of_draw_is_said_in_words(outcome, words):
    assert outcome_words(outcome) == words


@pytest.mark.django_db
def test_the_finished_pelts_replay_places_its_obstacles_in_words(seeded):
    seeded(3)
    session = new_game(kind="pelts")
    GameSession.objects.filter(pk=session.pk).update(status="finished")  # outcomes are told

    html = Client().get(f"/play/{session.pk}/replay/?step=0").content.decode()

    told = re.search(r'<p class="muted small" id="chance-words">(.*?)</p>', html, re.S).group(1)
    assert "an obstacle at " in told and "placed at random from 12 to" in told
    assert not re.search(r"obstacle \d", told)
