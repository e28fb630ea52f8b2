"""Where the app's own dice come from (C12). One place, so a test can seed them."""

from campaign.models.games import new_dice_secret
from campaign.rules.dice import Dice, StreamDice


def app_dice() -> Dice:
    """Fresh dice for one roll the app makes."""
    return Dice()


def stream_secret() -> str:
    """The secret of a new post-game sequence's own dice (C22), kept on the server: the
    model's default, made here so that tests can fix it."""
    return new_dice_secret()


def stream_dice(secret: str, position: int) -> Dice:
    """The sequence's own dice from `position` in its stream on (C22)."""
    return StreamDice(secret, position)
