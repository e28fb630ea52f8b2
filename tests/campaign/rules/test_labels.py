"""Every value of the house rules has a label in a player's words (C31, issue 33): the preview,
the activity feed and the messages name a change by it, never by its path."""

from __future__ import annotations

import re

import pytest

from campaign.rules.book import leaves, seed_document
from campaign.rules.labels import UnknownPath, label, said, words_for

SEED_PATHS = [path for path, _ in leaves(seed_document())]


@pytest.mark.parametrize(
    "path, words",
    [
        ("injuries.table.dead.high", "Injury table: Dead, highest roll"),
        ("injuries.table.multiple_injuries.low", "Injury table: Multiple injuries, lowest roll"),
        ("injuries.effects.leg_wound.movement", "Lasting injuries: Leg wound, movement lost"),
        ("factions.rangers.equipment.musket.price", "Rangers equipment: Musket, price"),
        ("factions.rangers.limits.hero.max", "Rangers limits: Heroes, at most"),
        ("experience.underdog.0.bonus", "Experience: underdog band 1, bonus"),
        ("advancement.mere_mortal.6", "Advancement table, others: a roll of 6"),
        ("income.won", "Income: roll for a won game"),
        ("specialists.hire_limit", "Specialists: how many may be hired"),
        ("budget", "Starting budget"),
    ],
)
def test_a_path_reads_as_words(path, words):
    assert label(path) == words


@pytest.mark.parametrize("path", SEED_PATHS)
def test_every_value_of_the_seed_rules_has_a_label_without_keys(path):
    words = label(path)

    assert not re.search(r"[a-z]_[a-z]|\.\w", words), words
    assert words[0].isupper(), words


def test_no_two_values_share_a_label():
    assert len({label(path) for path in SEED_PATHS}) == len(SEED_PATHS)


def test_an_undeclared_path_is_refused_by_label_and_spelt_out_by_words_for():
    with pytest.raises(UnknownPath):
        label("injuries.table.gout.high")

    assert words_for("injuries.table.gout.high") == "Injuries › table › gout › high"


def test_a_long_list_of_changes_is_cut_short():
    paths = ["income.won", "income.lost", "income.drew", "budget", "income.earner"]

    assert said(paths) == (
        "Income: roll for a won game; Income: roll for a lost game; "
        "Income: roll for a drawn game and 2 more"
    )
