"""The one CSV writer every export uses (issue 25, finding 4): a cell a spreadsheet would run as
a formula is handed over as text.

defusedcsv (a drop-in for the standard `csv` module) prefixes a `'` to a cell that begins with
`=`, `+`, `-`, `@`, `|` or `%` (a plain number such as -3 is left alone). A leading tab or
carriage return, which some spreadsheets skip before reading a formula, gets the same `'` here.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from typing import Any

from defusedcsv import csv

BLANK_STARTS = ("\t", "\r")  # defusedcsv leaves these; a spreadsheet may skip them


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(BLANK_STARTS):
        return "'" + value
    return value


def csv_text(rows: Iterable[Mapping[str, Any]], columns: list[str]) -> str:
    """A header line and one line per row (its `columns`, in order), formula cells defused."""
    buffer = io.StringIO()
    # Lines end in CRLF (RFC 4180): a carriage return inside a cell is then quoted too.
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows({key: _cell(value) for key, value in row.items()} for row in rows)
    return buffer.getvalue()
