"""Template filters for the words players read: money in the campaign's currency."""

from __future__ import annotations

from django import template

from campaign.rules.words import possessive

register = template.Library()


@register.filter
def money(amount, campaign) -> str:
    """`{{ warband.treasury|money:campaign }}` → "£20"; a negative amount "−£72" (a minus
    sign before the currency, never "£-72"); a signed ledger amount uses `signed_money`."""
    if amount is None or amount == "":
        return ""
    return campaign.money(int(amount))


@register.filter
def signed_money(amount, campaign) -> str:
    """A ledger movement: "+£20", "−£72", "£0"."""
    amount = int(amount)
    return f"+{campaign.money(amount)}" if amount > 0 else campaign.money(amount)


@register.filter(name="possessive")
def possessive_filter(name) -> str:
    """{{ name|possessive }}: "Grey Wolf's", "Rogers Boys'"."""
    return possessive(name)
