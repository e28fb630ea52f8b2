"""The last wound (C23): D6, 6 out of action, 2-5 down, 1 flesh wound."""

from __future__ import annotations

import pytest

from campaign.rules.dice import TypedDice
from campaign.rules.errors import DiceError
from campaign.rules.table import last_wound
from campaign.rules.table.last_wound import chances


@pytest.mark.parametrize(
    ("face", "result"),
    [pytest.param(1, "flesh_wound", id="C23-1-flesh-wound")]
    + [pytest.param(f, "down", id=f"C23-{f}-down") for f in (2, 3, 4, 5)]
    + [pytest.param(6, "out_of_action", id="C23-6-out-of-action")],
)
def test_each_face_of_the_d6(face, result):
    wound = last_wound(TypedDice([face]))
    assert (wound.face, wound.result) == (face, result)
    assert wound.words


def test_a_face_that_is_no_d6_face_is_refused():
    with pytest.raises(DiceError) as error:
        last_wound(TypedDice([0]))
    assert error.value.field == "dice"


def test_the_chances_are_one_sixth_four_sixths_and_one_sixth():
    assert chances() == {"out_of_action": 16.7, "down": 66.7, "flesh_wound": 16.7}
