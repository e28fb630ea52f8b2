"""Filters for the battle sheet: modifiers with their sign, a chance in percent."""

from django import template

register = template.Library()


@register.filter
def signed(value) -> str:
    """+1, −2, 0 (a real minus sign, as the seed prints its tables)."""
    try:
        value = int(value)
    except (TypeError, ValueError):
        return ""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


@register.filter
def pct(value) -> str:
    """58.3 → "58.3%", 100.0 → "100%"."""
    try:
        return f"{float(value):g}%"
    except (TypeError, ValueError):
        return ""


@register.filter
def get(mapping, key):
    try:
        return mapping.get(key)
    except AttributeError:
        return None
