"""Trait rolls (A3): dice that ace, the wild die, modifiers, successes and raises; cooperative
rolls (A2). Every face comes from the `Chance` given, and each roll says itself in words:
"d8 7 and wild d6 6→ace 6+2: 8".
"""

from __future__ import annotations

from typing import Any

from chase.engines.abstract.tables import COOPERATION, RAISE, SUCCESS, WILD_DIE
from chase.engines.chance import Chance

Roll = dict[str, Any]


def ace(sides: int, chance: Chance) -> list[int]:
    """A3: a die that shows its top face is rolled again and added, as often as it aces."""
    faces = [chance.roll(sides)]
    while faces[-1] == sides:
        faces.append(chance.roll(sides))
    return faces


def die_text(sides: int, faces: list[int]) -> str:
    """ "d8 7", "d6 6→ace 6+2", "d4 4→ace 4+4+1"."""
    text = f"d{sides} {faces[0]}"
    if len(faces) > 1:
        text += "→ace " + "+".join(str(face) for face in faces)
    return text


def trait_roll(sides: int, wild: bool, chance: Chance) -> Roll:
    """The trait die and, for a wild card, the wild die; the better of the two counts (A2)."""
    faces, wild_faces, best = _trait_dice(sides, wild, chance)
    return _trait_told(sides, faces, wild_faces, best)


def _trait_dice(sides: int, wild: bool, chance: Chance) -> tuple[list[int], list[int] | None, int]:
    """A trait roll's dice, without words: the trait die's faces, the wild die's (None for
    a figure that is not a wild card), and the better total."""
    faces = ace(sides, chance)
    best = sum(faces)
    wild_faces = None
    if wild:
        wild_faces = ace(WILD_DIE, chance)
        best = max(best, sum(wild_faces))
    return faces, wild_faces, best


def _trait_told(sides: int, faces: list[int], wild_faces: list[int] | None, best: int) -> Roll:
    roll: Roll = {"die": sides, "faces": faces, "wild_faces": wild_faces}
    text = die_text(sides, faces)
    if wild_faces is not None:
        text += f" and wild {die_text(WILD_DIE, wild_faces)}"
    roll["best"] = best
    roll["text"] = f"{text}: {best}"
    return roll


def successes(total: int) -> int:
    """A3: 4 is a success and each full 4 over it a raise; the count of both (0: a failure)."""
    if total < SUCCESS:
        return 0
    return 1 + (total - SUCCESS) // RAISE


def result_words(count: int) -> str:
    if count == 0:
        return "no success"
    if count == 1:
        return "a success"
    if count == 2:
        return "a success and a raise"
    return f"a success and {count - 1} raises"


def modifiers_text(modifiers: list[tuple[int, str]]) -> str:
    """ " +2 faster −2 difficult terrain" (a real minus sign)."""
    return "".join(f" {_signed(value)} {why}" for value, why in modifiers)


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def signed(value: int) -> str:
    return _signed(value)


def cooperate(helper: dict[str, Any], chance: Chance) -> Roll:
    """A2: a passenger's cooperative roll adds +2 for each success and raise to the driver's."""
    return _cooperation_told(
        helper["name"], helper["die"], *_trait_dice(helper["die"], helper["wild"], chance)
    )


def _cooperation_told(
    name: str, sides: int, faces: list[int], wild_faces: list[int] | None, best: int
) -> Roll:
    roll = _trait_told(sides, faces, wild_faces, best)
    count = successes(best)
    roll["bonus"] = COOPERATION * count
    roll["name"] = name
    roll["text"] = f"{name} helps with {roll['text']}, {result_words(count)}"
    if count:
        roll["text"] += f": {_signed(roll['bonus'])}"
    return roll


Thrown = tuple[Any, ...]  # what `thrown` keeps of a roll, for `told` to say it later


def thrown(
    sides: int,
    wild: bool,
    modifiers: list[tuple[int, str]],
    chance: Chance,
    helpers: list[dict[str, Any]] | None = None,
) -> tuple[int, Thrown]:
    """`modified_roll`'s total without its words, the dice thrown in the same order, and what
    its words need (`told`): the playout, which reads only the total, says a roll only if it
    is the last one kept in the state (`chase.engines.abstract.odds`)."""
    faces, wild_faces, best = _trait_dice(sides, wild, chance)
    total = best
    helps = []
    for helper in helpers or []:
        help_dice = _trait_dice(helper["die"], helper["wild"], chance)
        helps.append((helper["name"], helper["die"], *help_dice))
        total += COOPERATION * successes(help_dice[2])
    mods = tuple((value, why) for value, why in modifiers if value)
    total += sum(value for value, _ in mods)
    return total, (sides, faces, wild_faces, best, tuple(helps), mods, total)


def told(dice: Thrown) -> Roll:
    """A roll `thrown` gave, totalled and told, as `modified_roll` gives it."""
    sides, faces, wild_faces, best, helps, mods, total = dice
    roll = _trait_told(sides, faces, wild_faces, best)
    parts = [roll["text"]]
    roll["helps"] = []
    for help_ in helps:
        help_roll = _cooperation_told(*help_)
        roll["helps"].append(help_roll)
        parts.append(help_roll["text"])
    roll["modifiers"] = [[value, why] for value, why in mods]
    roll["total"] = total
    roll["successes"] = successes(total)
    text = "; ".join(parts)
    if mods or any(h["bonus"] for h in roll["helps"]):
        text += f";{modifiers_text(list(mods))} = {total}" if mods else f" = {total}"
    roll["text"] = text
    return roll


def modified_roll(
    sides: int,
    wild: bool,
    modifiers: list[tuple[int, str]],
    chance: Chance,
    helpers: list[dict[str, Any]] | None = None,
) -> Roll:
    """A trait roll with its helpers' cooperative bonuses and its modifiers, totalled and told."""
    return told(thrown(sides, wild, modifiers, chance, helpers)[1])
