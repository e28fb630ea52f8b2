"""A list's rows kept one by one (core.page_cache.cached_many): the rows found come from the
cache in one round trip, only the others are drawn, and a row whose scope was written is drawn
again alone."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.db import transaction

from core.content_version import user_scope
from core.page_cache import cached_many
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)  # tokens as committed writes draw them


@pytest.fixture(autouse=True)
def empty_cache():
    caches["template_fragments"].clear()


def rows_of(users, drawn: list):
    """The rows of these users' list, noting which were drawn."""

    def render(missing: list[int]) -> list[str]:
        drawn.append([users[i].username for i in missing])
        return [f"<li>{users[i].username}</li>" for i in missing]

    parts = [((u.pk,), [user_scope(u.pk)]) for u in users]
    return cached_many("test-rows", parts, render=render)


def test_rows_found_are_not_drawn_again_and_keep_their_order():
    users = [UserFactory(username=name) for name in ("ann", "ben", "cat")]
    drawn: list = []

    first = rows_of(users, drawn)
    again = rows_of(users, drawn)

    assert first == again == ["<li>ann</li>", "<li>ben</li>", "<li>cat</li>"]
    assert drawn == [["ann", "ben", "cat"]]  # stored at once: the second reading drew nothing


def test_a_row_whose_scope_was_written_is_drawn_again_alone():
    users = [UserFactory(username=name) for name in ("ann", "ben", "cat")]
    drawn: list = []
    rows_of(users, drawn)

    users[1].username = "bea"
    users[1].save()  # a write to ben's scope draws its token again
    shown = rows_of(users, drawn)

    assert shown == ["<li>ann</li>", "<li>bea</li>", "<li>cat</li>"]
    assert drawn[-1] == ["bea"]


def test_a_new_row_in_the_list_is_the_only_one_drawn():
    users = [UserFactory(username=name) for name in ("ann", "ben")]
    drawn: list = []
    rows_of(users, drawn)

    shown = rows_of([UserFactory(username="dan"), *users], drawn)

    assert shown == ["<li>dan</li>", "<li>ann</li>", "<li>ben</li>"]
    assert drawn[-1] == ["dan"]


def test_nothing_is_kept_or_read_while_the_transaction_has_written_content():
    users = [UserFactory(username=name) for name in ("ann", "ben")]
    drawn: list = []
    rows_of(users, drawn)
    with transaction.atomic():
        users[0].username = "amy"
        users[0].save()
        assert rows_of(users, drawn) == ["<li>amy</li>", "<li>ben</li>"]
        assert drawn[-1] == ["amy", "ben"]  # every row drawn from what this transaction sees
    assert rows_of(users, drawn) == ["<li>amy</li>", "<li>ben</li>"]
    assert drawn[-1] == ["amy"]  # after the commit: ann's row under her new token, ben's kept


def test_a_render_that_draws_too_few_rows_is_an_error():
    users = [UserFactory(username=name) for name in ("ann", "ben")]
    parts = [((u.pk,), [user_scope(u.pk)]) for u in users]
    with pytest.raises(ValueError, match="asked to draw 2 parts, drew 1"):
        cached_many("test-rows", parts, render=lambda missing: ["<li>one</li>"])
