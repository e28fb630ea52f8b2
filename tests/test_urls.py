"""The URL patterns' order: every named pattern is reached by its own paths.

Django tries the patterns in order and the first that matches wins, so moving a group ahead
(config/urls.py puts the canoe games' API first, issue 35) is safe only when no path of one
pattern is also matched by a pattern tried before it. Each named pattern is reversed with
sample values of its converters and resolved again: it must come back to itself."""

from __future__ import annotations

import itertools
import re

import pytest
from django.urls import NoReverseMatch, URLResolver, get_resolver, resolve, reverse

# Sample values per converter: ones that could also be read as a word of another pattern
# ("new", "join") besides plain ones.
SAMPLES = {
    "int": [1, 12345],
    "str": ["x", "new", "join", "events", "1"],
    "slug": ["x", "a-b"],
    "path": ["x/y"],
}
CONVERTER = re.compile(r"<(?:(\w+):)?(\w+)>")


def named_patterns(resolver=None, prefix="", namespace=""):
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from named_patterns(pattern, prefix + str(pattern.pattern), inner)
        elif pattern.name:
            yield namespace + pattern.name, prefix + str(pattern.pattern)


def samples(route: str):
    """Keyword arguments for every mix of sample values of the route's converters."""
    converters = CONVERTER.findall(route)
    names = [name for _, name in converters]
    values = [SAMPLES.get(kind or "str", ["x"]) for kind, _ in converters]
    for combo in itertools.product(*values):
        yield dict(zip(names, combo, strict=True))


def test_the_canoe_games_api_is_tried_first():
    """What the order is for: a seat's view and a move are found by the first include."""
    first = get_resolver().url_patterns[0]
    assert isinstance(first, URLResolver)
    assert first.urlconf_module.__name__ == "chase.api.urls"
    assert resolve("/api/sessions/1/view/").url_name == "api-session-view"
    assert resolve("/api/sessions/1/actions/").url_name == "api-session-actions"


# Patterns written as regular expressions (the admin's, and the API's catch-all) have no
# converters to sample.
ROUTES = sorted({(n, r) for n, r in named_patterns() if "^" not in r and "(?P" not in r})


def test_the_routes_are_many():
    assert len(ROUTES) > 150  # the walk found the project's patterns, not an empty list


@pytest.mark.parametrize("name,route", ROUTES)
def test_each_named_pattern_resolves_to_itself(name, route):
    reached = 0
    for kwargs in samples(route):
        try:
            path = reverse(name, kwargs=kwargs)
        except NoReverseMatch:  # a sample its converter refuses: not a path of it
            continue
        reached += 1
        found = resolve(path)
        full = f"{found.namespace}:{found.url_name}" if found.namespace else found.url_name
        assert full == name, f"{path} is taken by {full}, tried before {name}"
    assert reached
