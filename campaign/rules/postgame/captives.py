"""Captives (C16), the owner's side, settled outside the sequence by a service once the two
owners have decided: ransom it back without its equipment, or leave it to be sold.

The captor's side is in its own sequence: `ReportSheet.captives` lists each captive with the
ransom agreed (paid in) or None (a "captive_sale" roll, D6 x 5).
"""

from __future__ import annotations

import copy

from campaign.rules.errors import RosterError
from campaign.rules.postgame.income import captive_sale_price
from campaign.rules.postgame.sheet import ACTIVE, CAPTURED, SOLD, WarbandSheet

__all__ = ["captive_sale_price", "ransom_captive", "release_for_sale"]


def _captive(sheet: WarbandSheet, figure_id: int):
    figure = sheet.figure(figure_id)
    if figure.state != CAPTURED:
        raise RosterError(f"{figure.name} is not held captive.", field="figure", rule="C16")
    return figure


def ransom_captive(
    sheet: WarbandSheet, figure_id: int, price: int, *, currency: str = "£"
) -> WarbandSheet:
    """C16: the owner pays `price` and gets the figure back without its equipment. A ransom is
    a price the owner offers and the captor accepts: at least 1, or it is no ransom."""
    sheet = copy.deepcopy(sheet)
    figure = _captive(sheet, figure_id)
    if price < 1:
        raise RosterError(
            f"A ransom is an offer of at least {currency}1.", field="price", rule="C16"
        )
    if price > sheet.treasury:
        raise RosterError(
            f"The ransom is {currency}{price}: the treasury holds {currency}{sheet.treasury}.",
            field="price",
            rule="C16",
        )
    sheet.treasury -= price
    figure.state, figure.held_by, figure.equipment = ACTIVE, None, []
    return sheet


def release_for_sale(sheet: WarbandSheet, figure_id: int) -> WarbandSheet:
    """C16: not ransomed, the captive is sold by its captor and leaves the owner's roster."""
    sheet = copy.deepcopy(sheet)
    figure = _captive(sheet, figure_id)
    figure.state, figure.equipment = SOLD, []
    return sheet
