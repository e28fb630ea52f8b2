"""What the tests read of a page's SVG drawings (boards, charts)."""

from __future__ import annotations

import re

# An SVG attribute made of numbers only (a coordinate, a size, a list of them, a path's data).
NUMERIC_ATTRIBUTE = re.compile(
    r'\s(x|y|x1|x2|y1|y2|cx|cy|r|rx|width|height|dy|viewBox|transform|d|points)="([^"]*)"'
)
SVG = re.compile(r"<svg\b.*?</svg>", re.S)


def svg_numbers(html: str) -> list[str]:
    """Every numeric attribute of the page's drawings, as written."""
    return [
        value for drawing in SVG.findall(html) for _, value in NUMERIC_ATTRIBUTE.findall(drawing)
    ]
