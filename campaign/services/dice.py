"""Where the app's own dice come from (C12). One place, so a test can seed them."""

from campaign.rules.dice import Dice


def app_dice() -> Dice:
    """Fresh dice for one roll the app makes."""
    return Dice()
