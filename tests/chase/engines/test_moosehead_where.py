"""The Moosehead map numbers no space, so a move and a log line name a space as a player finds
it on the map (issue 33): its name, or the water it lies on and how many spaces it is from the
nearest named space, which way."""

from __future__ import annotations

import re

import pytest

from chase.engines.moosehead.board import board_data, board_of

BOARD = board_of(board_data("standard"))
NAMED = {BOARD.name_of(s) for s in BOARD.spaces if BOARD.name_of(s)}


@pytest.mark.parametrize("space", sorted(BOARD.spaces))
def test_every_space_is_named_by_what_the_map_shows(space):
    words = BOARD.where(space)

    assert f"space {space}" not in words
    if BOARD.name_of(space):
        assert words == BOARD.name_of(space)
    else:
        found = re.fullmatch(r"(.+), (\d+) spaces? ([a-z-]+) of (.+)", words)
        assert found, words
        assert found.group(4) in NAMED
        assert found.group(3) in ("north", "south", "east", "west", "north-east", "north-west",
                                  "south-east", "south-west")  # fmt: skip


def test_no_two_spaces_read_alike():
    words = [BOARD.where(space) for space in BOARD.spaces]

    assert len(set(words)) == len(words)


def test_a_lake_space_is_placed_from_its_nearest_named_space():
    words = {BOARD.where(space) for space in BOARD.spaces}

    assert "Moosehead Lake, 1 space north of Sugar Island" in words
