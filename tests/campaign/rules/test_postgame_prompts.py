"""The post-game prompts' table (campaign.rules.postgame.prompts), which the API's list of
purposes and the page's words both read: every purpose a step can ask has a row with words, so
the page never shows a raw key; no row is left that no step asks; no words name a ruling id."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path
from types import ModuleType

import pytest

from campaign.rules.postgame import prompts
from campaign.rules.postgame.prompts import PROMPTS

RULES = Path(prompts.__file__).parent
ASKS = {"ask_roll", "ask_choice"}
RULING_ID = re.compile(r"\b[CPRMA][0-9]{1,2}\b")


def _called(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _purpose(node: ast.expr, module: ModuleType, where: str) -> str:
    """The purpose a call passes: a literal, or a constant of the module or of a module it
    imported (`prompts.INJURY`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and isinstance(getattr(module, node.id, None), str):
        return getattr(module, node.id)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        value = getattr(getattr(module, node.value.id, None), node.attr, None)
        if isinstance(value, str):
            return value
    raise AssertionError(f"{where}: ask with a constant of campaign.rules.postgame.prompts")


def purposes_asked(source: str, module: ModuleType, name: str) -> dict[str, str]:
    """{purpose: where} for every ask_roll/ask_choice in `source`, and every Prompt(...) built
    there with a purpose other than the helpers' own parameter."""
    found = {}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        where = f"{name}:{node.lineno}"
        called = _called(node)
        if called in ASKS and node.args:
            found[_purpose(node.args[0], module, where)] = where
        purpose = node.args[1] if called == "Prompt" and len(node.args) > 1 else None
        if purpose is not None and not (isinstance(purpose, ast.Name) and purpose.id == "purpose"):
            found[_purpose(purpose, module, where)] = where
    return found


def every_purpose_the_steps_ask() -> dict[str, str]:
    found = {}
    for path in sorted(RULES.glob("*.py")):
        module = importlib.import_module(f"campaign.rules.postgame.{path.stem}")
        found |= purposes_asked(path.read_text(), module, path.name)
    return found


ASKED = every_purpose_the_steps_ask()


def test_the_scan_reads_a_new_purpose_however_it_is_written():
    source = 'ask_roll("new_roll", D6)\nask_choice(prompts.INJURY, [])\nPrompt(ROLL, "raw", D6)'
    assert set(purposes_asked(source, importlib.import_module(__name__), "new.py")) == {
        "new_roll",
        "injury",
        "raw",
    }


def test_the_scan_finds_the_prompts_of_every_step():
    assert {"injury", "advance", "income", "captive_sale", "doctor", "skill_list"} <= set(ASKED)


@pytest.mark.parametrize("purpose", sorted(ASKED))
def test_every_purpose_a_step_asks_has_words_for_the_page(purpose):
    assert purpose in PROMPTS, f"{ASKED[purpose]} asks {purpose!r}: add its row to prompts.py"
    assert PROMPTS[purpose].text("Swift Otter").strip()


def test_every_row_of_the_table_is_asked_by_some_step():
    assert set(PROMPTS) == set(ASKED)


@pytest.mark.parametrize(
    "purpose",
    [pytest.param(key, id=f"{row.ruling or 'no-ruling'}-{key}") for key, row in PROMPTS.items()],
)
def test_a_prompts_words_name_no_ruling_id(purpose):
    row = PROMPTS[purpose]
    for text in (row.words, row.warband_words or ""):
        assert not RULING_ID.search(text)


def test_income_for_the_whole_warband_reads_as_the_games_income():
    assert PROMPTS["income"].text("the warband", about_warband=True) == "Income for the game"
    assert PROMPTS["income"].text("Swift Otter") == "Income for Swift Otter"
    assert (
        PROMPTS["injury"].text("the warband", about_warband=True) == "Injury roll for the warband"
    )
