"""The board is data (M1): the bundled board holds every place the seed names, and the checker
refuses a broken board with a message naming the space, route or section at fault."""

from __future__ import annotations

import copy
import json

import pytest

from chase.engines.base import OptionsError
from chase.engines.chance import RandomChance
from chase.engines.moosehead import ENGINE, BoardError, board_names, load_board, register_board
from chase.engines.moosehead import board as board_module
from chase.engines.moosehead.board import board_data, board_of, checked, validate
from chase.engines.moosehead.tables import ATTRACTIONS
from tests.chase.engines.moosehead_helpers import named


def standard() -> dict:
    data = copy.deepcopy(board_data("standard"))
    del data["digest"]
    return data


def space(data: dict, space_id: int) -> dict:
    return next(s for s in data["spaces"] if s["id"] == space_id)


def route(data: dict, name: str) -> dict:
    return next(r for r in data["routes"] if r["name"] == name)


# --- the bundled board --------------------------------------------------------------------------


def test_the_standard_board_is_bundled_and_checked():
    assert "standard" in board_names()
    validate(standard())


def test_the_standard_board_holds_every_place_m1_names():
    board = board_of(board_data("standard"))
    lakes = {lake["name"] for lake in board.lakes.values()}
    assert {"Moosehead Lake", "Indian Pond"} <= lakes and len(lakes) >= 3
    sugar = board.spaces[board.places["sugar_island"]]
    assert sugar["kind"] == "island" and sugar["lake"] == "moosehead" and "campsite" in sugar
    pond_sites = [s for s in board.campsites if board.lake_of(s) == "indianpond"]
    assert len(pond_sites) >= 2
    assert board.spaces[board.places["solitude_point"]]["campsite"]["name"] == "Solitude Point"
    assert board.spaces[board.summit]["name"] == "Raven Rock Peak"
    assert board.raven_base == named("Kineo, foot of Raven Rock")
    assert len(board.shelters) == 2
    assert board.spaces[board.landing]["name"] == "Great Falls landing"
    assert board.portages["northern"]["name"] == "Northern Portage"
    assert len(board.entries) >= 2 and board.data["unmapped"]["name"] == "The Unmapped Region"
    assert len(board.campsites) >= 6
    assert sorted(board.attractions) == sorted(ATTRACTIONS)
    assert len(board.eddy) == 4 and board.spaces[board.dock]["kind"] == "dock"


def test_the_standard_board_has_loops_and_a_short_dash_beside_a_long_trip():
    board = board_of(board_data("standard"))
    links = {frozenset((a, link.to)) for a, outs in board.out.items() for link in outs}
    loops = len(links) - len(board.spaces) + 1  # independent cycles of a connected graph
    distances = board.distances()
    assert loops >= 6
    assert distances[board.dock][board.places["sugar_island"]] <= 8
    assert distances[board.dock][named("Chesuncook Village")] >= 20


# --- reading files -------------------------------------------------------------------------------


def test_a_club_can_load_its_own_board_file_and_play_on_it(tmp_path, monkeypatch):
    monkeypatch.setattr(board_module, "_REGISTERED", {})
    monkeypatch.setattr(board_module, "_BY_NAME", {})
    monkeypatch.setattr(board_module, "_DEFAULT", {"name": "standard"})
    data = standard()
    data["name"] = "club"
    data["title"] = "The Club's Lakes"
    path = tmp_path / "club.json"
    path.write_text(json.dumps(data))

    register_board(path)
    options = ENGINE.clean_options({"board": "club"})
    state = ENGINE.new_game(options, RandomChance(1)).state

    assert options["board"] == "club"
    assert "club" in board_names()
    assert state["board"]["title"] == "The Club's Lakes"
    assert load_board(path)["digest"] == state["board"]["digest"]
    assert ENGINE.clean_options({})["board"] == "standard"


def test_a_clubs_board_file_can_be_the_default_board(tmp_path, monkeypatch):
    monkeypatch.setattr(board_module, "_REGISTERED", {})
    monkeypatch.setattr(board_module, "_BY_NAME", {})
    monkeypatch.setattr(board_module, "_DEFAULT", {"name": "standard"})
    data = standard()
    data["name"] = "lakeside"
    path = tmp_path / "lakes.json"
    path.write_text(json.dumps(data))

    register_board(path, default=True)

    assert ENGINE.clean_options({})["board"] == "lakeside"
    assert ENGINE.clean_options({"board": "standard"})["board"] == "standard"


def test_a_board_file_that_is_not_json_is_refused_with_its_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"name": "broken",\n  "title": }')

    with pytest.raises(BoardError, match=r"broken.json is not JSON \(line 2"):
        load_board(path)


def test_a_missing_board_file_is_refused(tmp_path):
    with pytest.raises(BoardError, match="nowhere.json cannot be read"):
        load_board(tmp_path / "nowhere.json")


def test_an_unknown_board_name_is_refused_naming_the_option():
    with pytest.raises(OptionsError, match="Option 'board' must be one of standard"):
        ENGINE.clean_options({"board": "atlantis"})


def test_the_digest_changes_with_the_board():
    data = standard()
    other = standard()
    space(other, 1)["x"] += 1

    assert checked(data)["digest"] != checked(other)["digest"]
    assert checked(data)["digest"] == board_data("standard")["digest"]


# --- refusals ------------------------------------------------------------------------------------


def _broken_link(data):
    route(data, "Moose River")["spaces"].append(999)


def _no_dock(data):
    del data["dock"]


def _dock_not_a_dock(data):
    data["dock"] = named("Sugar Island")


def _unreachable(data):
    data["spaces"].append({"id": 500, "kind": "lake", "lake": "moosehead", "x": 1, "y": 1})


def _a_trap(data):
    data["spaces"].append(
        {"id": 501, "kind": "lake", "lake": "moosehead", "x": 1, "y": 1, "reverse": True}
    )
    data["routes"].append(
        {
            "kind": "lake",
            "name": "Into the trap",
            "spaces": [named("Lily Bay"), 501],
            "one_way": True,
        }
    )


def _campsite_without_score(data):
    del space(data, named("Sugar Island"))["campsite"]["score"]


def _dead_end(data):
    del space(data, named("Solitude Point"))["reverse"]


def _unknown_lake(data):
    space(data, named("Rockwood"))["lake"] = "loch ness"


def _space_twice(data):
    data["spaces"].append(dict(data["spaces"][5]))


def _linked_twice(data):
    data["routes"].append(
        {"kind": "lake", "name": "Again", "spaces": route(data, "Moose River")["spaces"][:2]}
    )


def _line_not_a_link(data):
    next(a for a in data["attractions"] if a["id"] == "moose")["lines"] = [[1, 48]]


def _no_rainbow(data):
    data["attractions"] = [a for a in data["attractions"] if a["id"] != "rainbow"]


def _exit_not_an_entry(data):
    data["unmapped"]["entries"][0]["exits"]["3"] = named("Sugar Island")


def _exit_missing(data):
    del data["unmapped"]["entries"][0]["exits"]["6"]


def _few_campsites(data):
    for name in ("Brassua Beach", "Falls Pool"):
        del space(data, named(name))["campsite"]


def _eddy_both_ways(data):
    route(data, "The finishing eddy")["one_way"] = False


def _summit_not_rock(data):
    data["raven_rock"]["summit"] = named("Spencer Bay")


def _shelter_unmarked(data):
    data["dangerous_point"]["shelters"] = [named("Spencer Bay")]


def _sugar_not_an_island(data):
    data["places"]["sugar_island"] = named("Solitude Point")


def _portage_without_boots(data):
    route(data, "Northern Portage")["boots"] = []


def _few_lakes(data):
    data["lakes"] = data["lakes"][:2]


REFUSALS = [
    (_broken_link, "Route 'Moose River' links to space 999, which is not on the board.", "link"),
    (_no_dock, "The board has no dock.", "no-dock"),
    (_dock_not_a_dock, "'dock' must name a space of kind \"dock\"", "dock-kind"),
    (_unreachable, "Space 500 cannot be reached from the dock.", "unreachable-space"),
    (_a_trap, "The dock cannot be reached from space 501.", "trap"),
    (_campsite_without_score, "Space 48 (Sugar Island) is a campsite without a score.", "score"),
    (
        _dead_end,
        "Space 39 (Solitude Point) is a dead end for a canoe coming from space 38",
        "dead-end",
    ),
    (_unknown_lake, "Space 12 (Rockwood) is on lake 'loch ness'", "lake"),
    (_space_twice, "Space 6 is listed twice.", "space-twice"),
    (_linked_twice, "Spaces 80 and 79 are linked twice", "linked-twice"),
    (_line_not_a_link, "Attraction 'moose' has a line across [1, 48]", "line"),
    (_no_rainbow, "The board has no attraction 'rainbow'", "attraction-missing"),
    (_exit_not_an_entry, "the exit for 3 must be one of the entry points", "exit"),
    (_exit_missing, "needs an exit for each die face", "exit-faces"),
    (_few_campsites, "The board has 5 campsites; a trip needs at least 6.", "campsites"),
    (_eddy_both_ways, "The finishing eddy must go round one way", "eddy"),
    (_summit_not_rock, "must be rock spaces, not space 31", "raven"),
    (_shelter_unmarked, "waiting space 31 must be a space marked 'shelter'", "shelter"),
    (_sugar_not_an_island, "'sugar_island' must be an island campsite", "sugar"),
    (_portage_without_boots, "Route 'Northern Portage' needs boot marks", "boots"),
    (_few_lakes, "The board has 2 lakes; a trip needs at least 3.", "lakes"),
]


@pytest.mark.parametrize(
    ("breaking", "message"),
    [pytest.param(breaking, message, id=f"M1-{name}") for breaking, message, name in REFUSALS],
)
def test_a_broken_board_is_refused_naming_what_is_wrong(breaking, message):
    data = standard()
    breaking(data)

    with pytest.raises(BoardError) as refused:
        validate(data)

    assert message in str(refused.value)
