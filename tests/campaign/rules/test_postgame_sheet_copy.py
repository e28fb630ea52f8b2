"""A sheet's own copy (`WarbandSheet.copy`), which every replay of a post-game sequence makes of
the warband it starts from: what copy.deepcopy gives, sharing nothing a step could change. A
field added to a sheet that the copy would share fails here."""

from __future__ import annotations

import copy
import dataclasses

from campaign.rules.postgame import Piece, WarbandSheet


def shared(a, b, where="sheet") -> list[str]:
    """The changeable objects `a` and `b` share, by where they are."""
    found = []
    if (isinstance(a, list | dict | set) or dataclasses.is_dataclass(a)) and a is b:
        found.append(where)
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            found += shared(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    elif isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found += shared(x, y, f"{where}[{i}]")
    elif isinstance(a, dict):
        for key in a:
            found += shared(a[key], b[key], f"{where}[{key!r}]")
    return found


def test_a_sheets_copy_is_its_deep_copy_and_shares_nothing(wolves):
    wolves.storage.append(Piece("musket", 10))
    wolves.figures[0].skills.append("crack_shot")
    wolves.figures[0].injuries.append("leg_wound")
    duplicate = wolves.copy()
    assert duplicate == copy.deepcopy(wolves) == wolves
    assert shared(wolves, duplicate) == []


def test_changing_the_copy_leaves_the_sheet_as_it_was(wolves):
    before = copy.deepcopy(wolves)
    duplicate = wolves.copy()
    duplicate.treasury += 5
    duplicate.figures[0].increases["melee"] = 1
    duplicate.figures[0].equipment.append(Piece("club", 2))
    duplicate.figures[0].equipment[0].price = 99
    duplicate.storage.append(Piece("knife", 1))
    assert wolves == before
    assert isinstance(duplicate, WarbandSheet)
