"""Where the app's own dice come from (C12). One place, so a test can seed them."""

import secrets

from campaign.rules.dice import Dice, StreamDice


def app_dice() -> Dice:
    """Fresh dice for one roll the app makes."""
    return Dice()


def stream_secret() -> str:
    """The secret of a new post-game sequence's own dice (C22), kept on the server."""
    return secrets.token_hex(16)


def stream_dice(secret: str, position: int) -> Dice:
    """The sequence's own dice from `position` in its stream on (C22)."""
    return StreamDice(secret, position)
