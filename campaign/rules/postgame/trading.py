"""Step 5, trading (C20, C21): one action per answer, until {"action": "done"}.

Actions (figure ids may be ints or numeric strings; "storage" names the warband's storage):
  {"action": "buy", "item": key, "to": figure id | "storage"}
  {"action": "sell", "item": key, "from": figure id | "storage", "price"?: paid}
  {"action": "store", "item": key, "from": figure id}
  {"action": "give", "item": key, "from": figure id | "storage", "to": figure id, "price"?: paid}
  {"action": "recruit", "profile": key, "name": str}
  {"action": "hire", "specialist": key, "name": str}
  {"action": "done"}  ends trading: the sequence is then ready to commit.
`price` picks one of several pieces of the same kind at different prices (default: the first).
"""

from __future__ import annotations

from typing import Any

from campaign.rules.errors import RosterError
from campaign.rules.factions import (
    HERO,
    MAX_COPIES,
    STARTING_SKILL_ROLLS,
    STATUS_NAMES,
    VETERAN,
    item_name,
)
from campaign.rules.injuries import ARM_AMPUTATED
from campaign.rules.postgame.advancement import new_skill, veterans_on_roster
from campaign.rules.postgame.answers import TRADING_PROMPT, Answer
from campaign.rules.postgame.injuries_step import TWO_HANDED
from campaign.rules.postgame.run import TRADING, Run, Steps
from campaign.rules.postgame.sheet import CAPTURED, FigureSheet, Piece

STORAGE = "storage"
DONE = "done"
ACTIONS = ("buy", "sell", "store", "give", "recruit", "hire", DONE)
# C21 "hired only after the warband's first game": trading only happens after a game, so the
# post-game of game 1 (games_played 0 before it) may hire. A club that wants the second
# post-game sets this to 2.
SPECIALISTS_FROM_GAME = 1
SALE_DIVISOR = 2  # C20: sold back for half the price paid, rounded down


def trading_step(run: Run) -> Steps:
    run.step = TRADING
    while True:
        answer = yield TRADING_PROMPT
        action = answer.trade
        kind = action.get("action") if isinstance(action, dict) else None
        if kind not in ACTIONS:
            raise RosterError(
                f"Unknown trade action {kind!r}: one of {', '.join(ACTIONS)}.", field="action"
            )
        if kind == DONE:
            run.note(
                DONE,
                f"Trading done: treasury {run.money(run.sheet.treasury)}",
                answer=answer,
            )
            return
        if kind in ROLLING_TRADES:
            yield from ROLLING_TRADES[kind](run, action, answer)
        else:
            TRADES[kind](run, action, answer)


def _text(action: dict[str, Any], key: str) -> str:
    value = action.get(key)
    if not isinstance(value, str) or not value.strip():
        raise RosterError(f"The {action['action']} action needs a {key}.", field=key)
    return value.strip()


def _figure(run: Run, value: Any, field: str) -> FigureSheet:
    """A figure on the roster, not held captive, named by id in an action."""
    try:
        figure_id = int(value)
    except (TypeError, ValueError):
        raise RosterError(
            f"{field} must be a figure id or 'storage', not {value!r}.", field=field
        ) from None
    figure = next((f for f in run.sheet.figures if f.id == figure_id), None)
    if figure is None or not figure.on_roster:
        raise RosterError(f"{run.sheet.name} has no figure {figure_id} on the roster.", field=field)
    if figure.state == CAPTURED:
        raise RosterError(f"{figure.name} is held by {figure.held_by}.", field=field, rule="C16")
    return figure


def _pieces(run: Run, where: Any, field: str) -> tuple[list[Piece], str]:
    if where == STORAGE:
        return run.sheet.storage, "storage"
    figure = _figure(run, where, field)
    return figure.equipment, figure.name


def _take(run: Run, action: dict[str, Any]) -> tuple[Piece, str]:
    """Remove the piece an action names from where it is; raise if it is not there."""
    item = _text(action, "item")
    pieces, holder = _pieces(run, action.get("from"), "from")
    price = action.get("price")
    piece = next((p for p in pieces if p.key == item and price in (None, p.price)), None)
    if piece is None:
        raise RosterError(
            f"There is no {item_name(item)} in {holder}"
            f"{'' if price is None else f' bought for {run.money(price)}'}.",
            field="item",
        )
    if piece.kit:
        raise RosterError(
            f"The {item_name(item)} is {holder}'s own kit: it stays with him.",
            field="item",
            rule="C21",
        )
    pieces.remove(piece)
    return piece, holder


def _check_carry(run: Run, figure: FigureSheet, item: str) -> None:
    """C4 "(Veteran and hero only)", C5 copies and C26 (an amputee), for a piece about to
    reach a figure."""
    if item in TWO_HANDED and figure.has_injury(ARM_AMPUTATED):
        raise RosterError(
            f"{figure.name} has lost an arm and may carry no musket, rifle or bow.",
            field="to",
            rule="C26",
        )
    sold = run.faction.item(item)
    if sold and sold.veteran_and_hero_only and figure.status not in (HERO, VETERAN):
        raise RosterError(
            f"The {sold.name} is for Veterans and Heroes only: {figure.name} is "
            f"a {STATUS_NAMES[figure.status]}.",
            field="to",
            rule="C4",
        )
    allowed = MAX_COPIES.get(item, 1)
    if figure.carried(item) >= allowed:
        times = "once" if allowed == 1 else f"{allowed} times"
        raise RosterError(
            f"{figure.name} may carry the {item_name(item)} {times} only.", field="to", rule="C5"
        )


def _pay(run: Run, price: int, what: str) -> int:
    """C20: nothing takes the treasury below 0."""
    if price > run.sheet.treasury:
        raise RosterError(
            f"{what} costs {run.money(price)}: the treasury holds {run.money(run.sheet.treasury)}.",
            field="treasury",
            rule="C20",
        )
    before = run.sheet.treasury
    run.sheet.treasury -= price
    return before


def buy(run: Run, action: dict[str, Any], answer: Answer) -> None:
    item = _text(action, "item")
    sold = run.faction.item(item)
    if sold is None:
        raise RosterError(f"The {run.faction.name} cannot buy {item!r}.", field="item", rule="C4")
    where = action.get("to")
    figure = None if where == STORAGE else _figure(run, where, "to")
    if figure:
        _check_carry(run, figure, item)
    before = _pay(run, sold.price, f"A {sold.name}")
    (figure.equipment if figure else run.sheet.storage).append(Piece(item, sold.price))
    holder = figure.name if figure else "storage"
    run.note(
        "buy",
        f"Bought a {sold.name} for {holder}: {run.money(sold.price)} "
        f"(treasury {run.money(before)} → {run.money(run.sheet.treasury)})",
        figure=figure,
        answer=answer,
    )
    if figure:
        run.change(figure, f"bought a {sold.name}")


def sell(run: Run, action: dict[str, Any], answer: Answer) -> None:
    piece, holder = _take(run, action)
    price = piece.price // SALE_DIVISOR
    before = run.sheet.treasury
    run.sheet.treasury += price
    run.note(
        "sell",
        f"Sold {holder}'s {item_name(piece.key)} (paid {run.money(piece.price)}) "
        f"for {run.money(price)} (treasury {run.money(before)} → {run.money(run.sheet.treasury)})",
        answer=answer,
    )


def store(run: Run, action: dict[str, Any], answer: Answer) -> None:
    if action.get("from") == STORAGE:
        raise RosterError("Store moves a piece from a figure to storage.", field="from")
    piece, holder = _take(run, action)
    run.sheet.storage.append(piece)
    run.note("store", f"{holder}'s {item_name(piece.key)} goes to storage", answer=answer)


def give(run: Run, action: dict[str, Any], answer: Answer) -> None:
    figure = _figure(run, action.get("to"), "to")
    if str(action.get("from")) == str(figure.id):
        raise RosterError(f"{figure.name} already carries it.", field="to")
    item = _text(action, "item")
    _pieces(run, action.get("from"), "from")  # the giver must exist before the checks
    _check_carry(run, figure, item)
    piece, holder = _take(run, action)
    figure.equipment.append(piece)
    run.note(
        "give",
        f"{item_name(piece.key)} from {holder} to {figure.name}",
        figure=figure,
        answer=answer,
    )
    run.change(figure, f"given a {item_name(piece.key)}")


def _check_room(run: Run) -> None:
    most = run.book.max_figures(run.faction.key)  # C3 as the campaign plays it (C31)
    if len(run.sheet.roster) >= most:
        raise RosterError(
            f"A warband holds at most {most} figures, specialists included.",
            field="action",
            rule="C3",
        )


def recruit(run: Run, action: dict[str, Any], answer: Answer) -> Steps:
    """C20: C3 limits apply; the recruit starts at level = its cost. A recruited Hero or
    Veteran rolls its starting skills as at founding (C6)."""
    name = _text(action, "name")
    profile = run.faction.profile(action.get("profile"))
    if profile is None:
        raise RosterError(
            f"The {run.faction.name} have no profile {action.get('profile')!r}.",
            field="profile",
            rule="C4",
        )
    _check_room(run)
    heroes = sum(1 for f in run.sheet.roster if f.status == HERO and not f.specialist)
    if profile.status == HERO and heroes:
        raise RosterError("A warband has exactly one Hero, its leader.", field="profile", rule="C3")
    most_veterans = run.book.status_limits(run.faction.key)[VETERAN][1]
    if (
        profile.status == VETERAN
        and most_veterans is not None
        and veterans_on_roster(run) >= most_veterans
    ):
        raise RosterError(
            f"A warband may have at most {most_veterans} Veterans.", field="profile", rule="C3"
        )
    before = _pay(run, profile.cost, f"A {profile.name}")
    figure = FigureSheet(
        id=run.new_figure_id(),
        name=name,
        profile=profile.key,
        status=profile.status,
        reputation=profile.reputation,
        experience_start=profile.cost,
        experience=profile.cost,
    )
    run.sheet.figures.append(figure)
    run.note(
        "recruit",
        f"Recruited {profile.name} {name}: {run.money(profile.cost)} (treasury {run.money(before)} "
        f"→ {run.money(run.sheet.treasury)}), level {profile.cost}",
        figure=figure,
        answer=answer,
    )
    run.change(figure, f"recruited as {profile.name}, level {profile.cost}")
    for _ in range(STARTING_SKILL_ROLLS[profile.status]):
        effect = yield from new_skill(run, figure, reroll_duplicates=True)
        run.change(figure, effect)


def hire(run: Run, action: dict[str, Any], answer: Answer) -> Steps:
    """C21: after the first game, at most two, each kind once; a veteran-type rolls a skill."""
    name = _text(action, "name")
    kinds = run.book.specialists  # C21's prices and profiles as the campaign plays them (C31)
    kind = kinds.get(action.get("specialist"))
    if kind is None:
        raise RosterError(
            f"Unknown specialist {action.get('specialist')!r}: one of {', '.join(kinds)}.",
            field="specialist",
        )
    if run.sheet.games_played + 1 < SPECIALISTS_FROM_GAME:
        raise RosterError(
            f"Specialists are hired after the warband's game {SPECIALISTS_FROM_GAME} on: "
            f"this was its game {run.sheet.games_played + 1}.",
            field="specialist",
            rule="C21",
        )
    hired = [f for f in run.sheet.roster if f.specialist]
    if any(f.specialist == kind.key for f in hired):
        raise RosterError(
            f"The warband already has a {kind.name}: each kind once.",
            field="specialist",
            rule="C21",
        )
    if len(hired) >= run.book.specialist_limit:
        raise RosterError(
            f"A warband may have at most {run.book.specialist_limit} specialists.",
            field="specialist",
            rule="C21",
        )
    _check_room(run)
    before = _pay(run, kind.hire, f"Hiring the {kind.name}")
    profile = next(p for p in run.faction.profiles if p.status == kind.counts_as)
    figure = FigureSheet(
        id=run.new_figure_id(),
        name=name,
        profile=profile.key,
        status=kind.counts_as,
        reputation=profile.reputation,
        experience_start=kind.retainer,
        experience=kind.retainer,
        equipment=[Piece(k, 0, kit=True) for k in kind.equipment],
        specialist=kind.key,
    )
    run.sheet.figures.append(figure)
    run.note(
        "hire",
        f"Hired the {kind.name} {name}: {run.money(kind.hire)} (treasury {run.money(before)} → "
        f"{run.money(run.sheet.treasury)}), retainer {run.money(kind.retainer)}",
        figure=figure,
        answer=answer,
    )
    run.change(figure, f"hired as {kind.name}, level {kind.retainer}")
    for _ in range(kind.skill_rolls):
        effect = yield from new_skill(run, figure, reroll_duplicates=True)
        run.change(figure, effect)


TRADES = {"buy": buy, "sell": sell, "store": store, "give": give}
ROLLING_TRADES = {"recruit": recruit, "hire": hire}  # these may roll starting skills
