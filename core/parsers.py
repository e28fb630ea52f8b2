"""The API's JSON parser: DRF's, with a bound on nesting.

Python's json module recurses once per level: 5,000 nested lists raise RecursionError, which
DRF does not catch (a 500), and a body just under the interpreter's limit would still make every
recursive walk over it (validation, the error handler) fragile. No request of this API nests
deeper than a handful of levels, so anything deeper than MAX_DEPTH is a 400.
"""

from __future__ import annotations

import json

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32


def depth_exceeds(data, limit: int = MAX_DEPTH) -> bool:
    """True if lists/dicts nest deeper than `limit` (an iterative walk: no recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        elif not isinstance(value, list):
            continue
        if depth > limit:
            return True
        stack.extend((item, depth + 1) for item in value if isinstance(item, dict | list))
    return False


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def safe_json_loads(text: str):
    """json.loads for text from outside the API (an uploaded file): nesting bounded as the
    parser bounds it, and NaN/Infinity refused (JSON has neither). Raises ValueError in words."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError(f"The file is nested deeper than {MAX_DEPTH} levels.") from None
    except ValueError as error:  # json.JSONDecodeError is one
        raise ValueError(f"The file is not JSON: {error}") from None
    if depth_exceeds(data):
        raise ValueError(f"The file is nested deeper than {MAX_DEPTH} levels.")
    return data


class SafeJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(f"JSON parse error - nested deeper than {MAX_DEPTH} levels.") from None
        if depth_exceeds(data):
            raise ParseError(f"JSON parse error - nested deeper than {MAX_DEPTH} levels.")
        return data
