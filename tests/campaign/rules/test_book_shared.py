"""A rule book is built once a process for each set of house rules (`RuleBook.shared`) and
shared by every request that plays by them (C31): nobody can change a shared book's tables,
and a book is found by the rules' content, never by the dict a caller still holds."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from campaign.rules import book as books
from campaign.rules.book import RuleBook, seed_book, seed_document, write_path

MUSKET = "factions.rangers.equipment.musket.price"
OVERRIDES = {"factions": {"rangers": {"equipment": {"musket": {"price": 11}}}}}


def musket(book: RuleBook) -> int:
    return books.read_path(book.document, MUSKET)


def test_the_same_house_rules_give_the_same_book():
    first = RuleBook.shared(copy.deepcopy(OVERRIDES), budget=200)
    again = RuleBook.shared(json.loads(json.dumps(OVERRIDES)), budget=200)
    assert again is first
    assert musket(first) == 11


def test_another_budget_or_rule_gives_another_book():
    first = RuleBook.shared(OVERRIDES, budget=200)
    assert RuleBook.shared(OVERRIDES, budget=300) is not first
    assert RuleBook.shared(OVERRIDES, budget=300).budget == 300
    other = {"factions": {"rangers": {"equipment": {"musket": {"price": 12}}}}}
    assert musket(RuleBook.shared(other, budget=200)) == 12


def test_a_dict_changed_after_the_call_names_another_book_and_the_first_is_untouched():
    """The preview of typed, unsaved rules: the same dict changed between two calls."""
    typed = copy.deepcopy(OVERRIDES)
    first = RuleBook.shared(typed, budget=200)
    typed["factions"]["rangers"]["equipment"]["musket"]["price"] = 13
    second = RuleBook.shared(typed, budget=200)
    assert (musket(first), musket(second)) == (11, 13)
    assert RuleBook.shared(OVERRIDES, budget=200) is first


@pytest.mark.parametrize(
    "change",
    [
        lambda d: write_path(d, MUSKET, 99),
        lambda d: d["factions"]["rangers"].update(limits={}),
        lambda d: d["factions"].pop("rangers"),
        lambda d: d.setdefault("new", 1),
        lambda d: d.clear(),
        lambda d: d["experience"]["underdog"].append({"low": 0}),
        lambda d: d["experience"]["underdog"].__setitem__(0, {}),
        lambda d: d["experience"]["underdog"].sort(key=str),
        lambda d: d["experience"]["underdog"].__delitem__(0),
    ],
    ids=["write_path", "update", "pop", "setdefault", "clear", "append", "setitem", "sort", "del"],
)
def test_nobody_changes_a_shared_books_tables(change):
    book = RuleBook.shared(OVERRIDES, budget=200)
    for document in (book.document, book.base, seed_book().document):
        with pytest.raises(TypeError, match="shared"):
            change(document)
    assert musket(RuleBook.shared(OVERRIDES, budget=200)) == 11
    assert seed_book().document == seed_document()


def test_nobody_changes_a_books_factions_or_specialists():
    book = RuleBook.shared(OVERRIDES, budget=200)
    with pytest.raises(TypeError):
        book.factions["rangers"] = None
    with pytest.raises(TypeError):
        book.specialists.pop("prospector")
    assert book.faction("rangers").item("musket").price == 11


def test_a_deep_copy_is_plain_data_to_change_and_leaves_the_book_as_it_was():
    book = RuleBook.shared(OVERRIDES, budget=200)
    document = copy.deepcopy(book.document)
    assert type(document) is dict and type(document["experience"]["underdog"]) is list
    write_path(document, MUSKET, 99)
    document["experience"]["underdog"].append({"low": 0})
    assert musket(book) == 11
    assert document != book.document


def test_the_callers_overrides_stay_theirs_to_change():
    mine = copy.deepcopy(OVERRIDES)
    book = RuleBook(mine, budget=200)
    mine["factions"]["rangers"]["equipment"]["musket"]["price"] = 50
    assert musket(book) == 11


def test_a_books_tables_read_as_json_and_pickle_as_a_dict_does():
    book = RuleBook.shared(OVERRIDES, budget=200)
    assert json.loads(json.dumps(book.document)) == book.document
    assert pickle.loads(pickle.dumps(book.document)) == book.document


def test_the_process_keeps_a_bounded_number_of_books(monkeypatch):
    monkeypatch.setattr(books, "SHARED_BOOKS", 3)
    for price in range(20, 30):
        rules = {"factions": {"rangers": {"equipment": {"musket": {"price": price}}}}}
        RuleBook.shared(rules, budget=200)
    assert len(books._SHARED_BOOKS) <= 3
