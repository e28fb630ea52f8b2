"""Names people type (warbands, figures, campaigns, display names) are one line of printable
text (issue 25, finding 5): a control character (a line break, a tab, an escape, NUL), a line
or paragraph separator, or a lone surrogate is refused, naming the field. Such a name broke an
e-mail's headers and a CSV's rows; a canoe's name is checked the same way by the games.

`no_control_characters` is a Django validator for forms; `require_plain_name` the services'
check, raising a domain error (400 naming the field) whichever page or endpoint wrote.
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError

from core.domain_errors import DomainError

REFUSED_CATEGORIES = {"Cc", "Cs", "Zl", "Zp"}  # controls, surrogates, line/paragraph separators
MESSAGE = "No line breaks, tabs or other control characters, please: one line of text."


class NameRefused(DomainError):
    """A name with a character that is not printable text."""


def has_control_characters(text: str) -> bool:
    return any(unicodedata.category(c) in REFUSED_CATEGORIES for c in text)


def no_control_characters(value) -> None:
    """A form field's validator."""
    if isinstance(value, str) and has_control_characters(value):
        raise ValidationError(MESSAGE, code="control_characters")


def require_plain_name(value, *, field: str = "name") -> None:
    """The services' check: a NameRefused naming `field`."""
    if isinstance(value, str) and has_control_characters(value):
        raise NameRefused(f"{field}: {MESSAGE}", field=field)
