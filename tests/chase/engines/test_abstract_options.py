"""The chase's options: templates, participants given one by one, and refusals that name the
field at fault; campaign figures as participants."""

from __future__ import annotations

import pytest

from chase.engines.abstract import ENGINE, ChaseOptionsError, figure_participant, trait_die_for
from chase.engines.base import OptionsError
from chase.engines.chance import RandomChance
from tests.chase.engines.abstract_helpers import group, person


def test_no_options_give_the_canoe_chase_template():
    options = ENGINE.clean_options({})

    assert options["template"] == "canoe"
    assert options["length"] == "extended" and options["terrain"] == "difficult"
    assert options["prey"] == "trappers"
    assert [p["name"] for p in options["participants"]] == [
        "Pierre",
        "Marie",
        "Grey Wolf",
        "War canoe",
    ]
    assert options["participants"][0]["passengers"] == [
        {"name": "Jean-Baptiste", "trait_die": "d6", "wild_card": False}
    ]
    assert ENGINE.roles(options) == ["gm", "p1", "p2", "p3", "p4"]


def test_the_road_chase_template_and_an_override_of_its_length():
    options = ENGINE.clean_options({"template": "road", "length": "dogfight"})

    assert options["length"] == "dogfight"
    assert options["prey"] == "courier"
    assert {p["side"] for p in options["participants"]} == {"courier", "dragoons"}


def test_participants_given_one_by_one_are_cleaned():
    options = ENGINE.clean_options(
        {
            "length": "standard",
            "terrain": "open",
            "participants": [
                {"name": "  Spad  ", "side": "allies", "trait_die": 10, "top_speed": 120,
                 "climb": 2},
                {"name": "Jasta", "side": "axis", "trait_die": "D6", "wild_card": False,
                 "top_speed": 110, "extras": 3},
            ],
        }
    )  # fmt: skip

    assert options["template"] is None
    assert options["prey"] == "allies"  # the first side, unless `prey` says otherwise
    assert options["participants"] == [
        {"name": "Spad", "side": "allies", "trait_die": "d10", "wild_card": False,
         "top_speed": 120, "climb": 2, "passengers": [], "extras": None},
        {"name": "Jasta", "side": "axis", "trait_die": "d6", "wild_card": False,
         "top_speed": 110, "climb": None, "passengers": [], "extras": 3},
    ]  # fmt: skip
    assert ENGINE.clean_options(options) == options


TWO = [person("Pierre", "trappers"), person("Grey Wolf", "Indians")]


def with_participant(index: int, **changes):
    participants = [dict(p) for p in TWO]
    participants[index] = {**participants[index], **changes}
    return {"participants": participants}


@pytest.mark.parametrize(
    ("options", "field"),
    [
        pytest.param({"speed": 3}, "speed", id="unknown-option"),
        pytest.param({"length": "long"}, "length", id="A1-unknown-length"),
        pytest.param({"terrain": "swamp"}, "terrain", id="A3-unknown-terrain"),
        pytest.param({"template": "sea"}, "template", id="unknown-template"),
        pytest.param({"participants": TWO, "prey": "Hurons"}, "prey", id="A1-prey-not-a-side"),
        pytest.param({"participants": TWO[:1]}, "participants", id="A2-one-participant"),
        pytest.param({"participants": "Pierre"}, "participants", id="A2-not-a-list"),
        pytest.param(
            {"participants": [person("A", "x"), person("B", "x")]},
            "participants",
            id="A2-one-side-only",
        ),
        pytest.param(
            {"participants": [person("A", "x"), person("B", "y"), person("C", "z")]},
            "participants",
            id="A2-three-sides",
        ),
        pytest.param(
            with_participant(1, trait_die="d7"), "participants[1].trait_die", id="A2-a-d7"
        ),
        pytest.param(
            with_participant(0, trait_die="d20"), "participants[0].trait_die", id="A2-a-d20"
        ),
        pytest.param(
            with_participant(0, trait_die=True), "participants[0].trait_die", id="A2-die-flag"
        ),
        pytest.param(
            with_participant(0, wild_card="yes"), "participants[0].wild_card", id="A2-wild-text"
        ),
        pytest.param(
            with_participant(1, top_speed=0), "participants[1].top_speed", id="A3-no-speed"
        ),
        pytest.param(
            with_participant(1, top_speed=None), "participants[1].top_speed", id="A3-speed-none"
        ),
        pytest.param(
            with_participant(0, climb=2.5), "participants[0].climb", id="A3-climb-not-whole"
        ),
        pytest.param(with_participant(0, name=" "), "participants[0].name", id="blank-name"),
        pytest.param(with_participant(1, name="pierre"), "participants[1].name", id="same-name"),
        pytest.param(with_participant(0, side=""), "participants[0].side", id="blank-side"),
        pytest.param(with_participant(0, colour="red"), "participants[0].colour", id="unknown"),
        pytest.param(with_participant(1, extras=1), "participants[1].extras", id="A2-group-of-one"),
        pytest.param(
            with_participant(1, extras=4, wild_card=True),
            "participants[1].wild_card",
            id="A2-a-wild-group",
        ),
        pytest.param(
            with_participant(
                1, extras=4, wild_card=False, passengers=[{"name": "X", "trait_die": "d6"}]
            ),
            "participants[1].passengers",
            id="A2-a-group-with-passengers",
        ),  # fmt: skip
        pytest.param(
            with_participant(0, passengers=[{"name": "Jean", "trait_die": "d5"}]),
            "participants[0].passengers[0].trait_die",
            id="A2-a-passengers-bad-die",
        ),
        pytest.param(
            with_participant(0, passengers=[{"trait_die": "d6"}]),
            "participants[0].passengers[0].name",
            id="A2-a-nameless-passenger",
        ),
    ],
)
def test_bad_options_are_refused_naming_the_field(options, field):
    with pytest.raises(ChaseOptionsError) as refused:
        ENGINE.clean_options(options)

    assert refused.value.field == field
    assert str(refused.value).startswith(field + " ")
    assert isinstance(refused.value, OptionsError)


def test_the_example_field_of_the_issue_is_named_in_the_message():
    participants = TWO + [group("Braves", "Indians", 5, die="d3")]

    with pytest.raises(OptionsError, match=r"^participants\[2\]\.trait_die must be one of d4"):
        ENGINE.new_game({"participants": participants}, RandomChance(1))


# --- campaign figures ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reputation", "die"),
    [
        pytest.param(1, "d4", id="reputation-1-d4"),
        pytest.param(2, "d6", id="reputation-2-d6"),
        pytest.param(3, "d8", id="reputation-3-d8"),
        pytest.param(4, "d10", id="reputation-4-d10"),
        pytest.param(5, "d12", id="reputation-5-d12"),
        pytest.param(0, "d4", id="reputation-below-1-held-at-d4"),
        pytest.param(7, "d12", id="reputation-above-5-held-at-d12"),
    ],
)
def test_a_figures_reputation_becomes_its_trait_die(reputation, die):
    assert trait_die_for(reputation) == die


def test_a_hero_figure_is_a_wild_card_and_the_others_are_not():
    hero = figure_participant(
        name="Hunt leader Roux", reputation=5, status="hero", side="trappers", top_speed=5
    )
    veteran = figure_participant(
        name="Old Jacques", reputation=3, status="veteran", side="trappers", top_speed=5
    )

    options = ENGINE.clean_options(
        {"participants": [hero, veteran, person("Grey Wolf", "Indians")]}
    )

    assert options["participants"][0]["trait_die"] == "d12"
    assert options["participants"][0]["wild_card"] is True
    assert options["participants"][1]["trait_die"] == "d8"
    assert options["participants"][1]["wild_card"] is False
