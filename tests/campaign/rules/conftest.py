"""Fixtures for the campaign rules: a small Indian war party, game reports, and a driver that
answers the post-game sequence's prompts from a script of typed faces, choices and trades."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from campaign.rules.dice import TypedDice
from campaign.rules.factions import FACTIONS, SPECIALISTS
from campaign.rules.postgame import (
    CaptiveReport,
    FigureReport,
    FigureSheet,
    Piece,
    PostGameRun,
    ReportSheet,
    WarbandSheet,
)

OPPONENT = "Rogers' Rangers"


class AppDice(TypedDice):
    """Fixed faces that the sequence takes for the app's own dice (typed_in False)."""

    typed_in = False


def new_figure(
    figure_id: int, name: str, status: str = "trooper", *, faction: str = "indians", **fields
) -> FigureSheet:
    """A figure at its starting level (its cost, C8) unless `experience` is given."""
    profile = next(p for p in FACTIONS[faction].profiles if p.status == status)
    fields.setdefault("experience_start", profile.cost)
    fields.setdefault("experience", fields["experience_start"])
    fields.setdefault("reputation", profile.reputation)
    return FigureSheet(id=figure_id, name=name, profile=profile.key, status=status, **fields)


def new_specialist(figure_id: int, name: str, key: str, *, faction: str = "indians", **fields):
    kind = SPECIALISTS[key]
    fields.setdefault("equipment", [Piece(k, 0, kit=True) for k in kind.equipment])
    return new_figure(
        figure_id,
        name,
        kind.counts_as,
        faction=faction,
        specialist=key,
        experience_start=kind.retainer,
        **fields,
    )


@pytest.fixture
def app_dice() -> type[AppDice]:
    return AppDice


@pytest.fixture
def make_figure() -> Callable[..., FigureSheet]:
    return new_figure


@pytest.fixture
def make_specialist() -> Callable[..., FigureSheet]:
    return new_specialist


@pytest.fixture
def wolves() -> WarbandSheet:
    """Magalakutway's war party: a Chief, two Veteran Braves, two Braves and a Young blood."""
    return WarbandSheet(
        id=7,
        name="Magalakutway",
        faction="indians",
        treasury=20,
        games_played=3,
        figures=[
            new_figure(1, "Black Kettle", "hero", equipment=[Piece("bow", 5), Piece("shield", 3)]),
            new_figure(2, "Grey Wolf", "veteran", equipment=[Piece("bow", 5)]),
            new_figure(3, "Red Hawk", "veteran", equipment=[Piece("bow", 5)]),
            new_figure(4, "Running Elk", equipment=[Piece("bow", 5), Piece("tomahawk", 1)]),
            new_figure(5, "Tall Tree", equipment=[Piece("musket", 10)]),
            new_figure(6, "Little Crow", "green"),
        ],
        storage=[Piece("lance", 4)],
    )


def new_report(
    sheet: WarbandSheet,
    *,
    won: bool | None = True,
    down: Iterable[int] = (),
    out: Iterable[int] = (),
    absent: Iterable[int] = (),
    wounds: dict[int, int] | None = None,
    scalps: dict[int, int] | None = None,
    crack_shot: dict[int, str] | None = None,
    rating: int = 150,
    opponent_rating: int = 150,
    captives: Iterable[CaptiveReport] = (),
) -> ReportSheet:
    """Every figure on the roster took part and ended the game standing, unless told."""
    down, out, absent = set(down), set(out), set(absent)
    wounds, scalps, crack_shot = wounds or {}, scalps or {}, crack_shot or {}
    figures = []
    for figure in sheet.roster:
        if figure.state != "active":
            continue
        outcome = "down" if figure.id in down else "out_of_action" if figure.id in out else "ok"
        figures.append(
            FigureReport(
                figure=figure.id,
                took_part=figure.id not in absent,
                outcome=outcome,
                wounds_inflicted=wounds.get(figure.id, 0),
                scalps=scalps.get(figure.id, 0),
                crack_shot_by=crack_shot.get(figure.id),
            )
        )
    return ReportSheet(
        won=won,
        opponent=OPPONENT,
        rating_before=rating,
        opponent_rating_before=opponent_rating,
        figures=figures,
        captives=list(captives),
    )


@pytest.fixture
def make_report() -> Callable[..., ReportSheet]:
    return new_report


def play_script(start: PostGameRun | tuple[WarbandSheet, ReportSheet], *script) -> PostGameRun:
    """Answer prompts in order: a list is faces typed in, a str a choice, a dict a trade."""
    game = start if isinstance(start, PostGameRun) else PostGameRun(*start)
    for item in script:
        if isinstance(item, list):
            game = game.answer(dice=item, by="owner")
        elif isinstance(item, dict):
            game = game.trade(item, by="owner")
        else:
            game = game.answer(choice=item, by="owner")
    return game


@pytest.fixture
def play() -> Callable[..., PostGameRun]:
    return play_script


def entries(game: PostGameRun, purpose: str, figure: int | None = None) -> list[dict]:
    return [
        e
        for e in game.log
        if e["purpose"] == purpose and (figure is None or e.get("figure") == figure)
    ]


def texts(game: PostGameRun, purpose: str, figure: int | None = None) -> list[str]:
    return [e["text"] for e in entries(game, purpose, figure)]


def preview_figure(game: PostGameRun, figure_id: int) -> FigureSheet:
    return game.preview_sheet().figure(figure_id)


@pytest.fixture
def log_texts() -> Callable[..., list[str]]:
    return texts


@pytest.fixture
def log_entries() -> Callable[..., list[dict]]:
    return entries


@pytest.fixture
def after() -> Callable[..., FigureSheet]:
    """The figure as the preview shows it: `after(game, 4)`."""
    return preview_figure
