"""Reads for game reports and post-game sequences (who may see or do what: campaign.access).

A sequence is read by replaying its answers with the rules (campaign.rules.postgame): nothing
about the sequence is stored but the sheet, the report and the answers.
"""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass

from django.db.models import Prefetch, Q, QuerySet

from campaign.models import (
    Campaign,
    EquipmentPiece,
    Figure,
    GameFigure,
    GameReport,
    PostGame,
    Warband,
)
from campaign.rules import postgame as rules
from campaign.rules.factions import SPECIALISTS
from campaign.rules.postgame.run import STEPS
from campaign.selectors.house_rules import rulebook_for_postgame

logger = logging.getLogger(__name__)

COMMITTED = "committed"
PUBLIC_STEPS = (*STEPS, COMMITTED)


def games_queryset() -> QuerySet[GameReport]:
    return GameReport.objects.select_related(
        "campaign", "warband_a__owner", "warband_b__owner", "winner", "filed_by", "confirmed_by"
    ).prefetch_related(
        Prefetch("figures", queryset=GameFigure.objects.select_related("figure")),
        Prefetch("postgames", queryset=PostGame.objects.select_related("warband")),
    )


# --- the sheet the rules work on ---------------------------------------------------------------


def _pieces(figure: Figure | None, pieces) -> list[rules.Piece]:
    """A specialist's printed kit (C21) is stored at price 0; it is told apart from bought
    pieces by that price and the kit list, as the rules need it (it cannot be sold or moved)."""
    kit = list(SPECIALISTS[figure.specialist].equipment) if figure and figure.specialist else []
    result = []
    for piece in pieces:
        is_kit = piece.price == 0 and piece.key in kit
        if is_kit:
            kit.remove(piece.key)
        result.append(rules.Piece(piece.key, piece.price, kit=is_kit))
    return result


def warband_sheet(warband: Warband) -> rules.WarbandSheet:
    """The warband as the rules see it (sheet.py), from its rows: every figure, gone ones
    included, the pieces where they are with the prices paid, storage, treasury, games."""
    figures = list(
        warband.figures.prefetch_related(
            Prefetch("equipment", queryset=EquipmentPiece.objects.order_by("id"))
        )
    )
    held_by = {f.id: captor_of(f) for f in figures if f.state == Figure.State.CAPTURED}
    sheets = [
        rules.FigureSheet(
            id=f.id,
            name=f.name,
            profile=f.profile,
            status=f.status,
            reputation=f.reputation,
            experience_start=f.experience_start,
            experience=f.experience,
            increases=dict(f.increases),
            skills=list(f.skills),
            injuries=list(f.injuries),
            equipment=_pieces(f, f.equipment.all()),
            specialist=f.specialist or None,
            state=f.state,
            held_by=held_by[f.id].name if held_by.get(f.id) else None,
            rolls_since_gain=f.advancement_rolls,
            reputation_gained_as=f.reputation_gained_as or None,
            bonus_ended=f.advancement_bonus_ended,
        )
        for f in figures
    ]
    storage = warband.equipment.filter(figure__isnull=True).order_by("id")
    return rules.WarbandSheet(
        id=warband.id,
        name=warband.name,
        faction=warband.faction,
        treasury=warband.treasury,
        figures=sheets,
        storage=_pieces(None, storage),
        games_played=warband.games_played,
    )


# --- captives (C16) ----------------------------------------------------------------------------


def captor_of(figure: Figure) -> Warband | None:
    """The warband holding a captured figure: the opponent of the game whose committed
    sequence captured it (the commit records its new captives in `result["captives"]`)."""
    if figure.state != Figure.State.CAPTURED:
        return None
    committed = (
        PostGame.objects.filter(warband_id=figure.warband_id, status=PostGame.Status.COMMITTED)
        .select_related("game__warband_a__owner", "game__warband_b__owner")
        .order_by("-committed_at", "-id")
    )
    for postgame in committed:
        if figure.id in (postgame.result or {}).get("captives", []):
            game = postgame.game
            return game.warband_b if game.warband_a_id == figure.warband_id else game.warband_a
    return None


@dataclass(frozen=True)
class Captive:
    figure: Figure
    captor: Warband | None


def captives_of(warband: Warband) -> list[Captive]:
    """This warband's figures held by an enemy, to ransom (C16)."""
    figures = warband.figures.filter(state=Figure.State.CAPTURED).select_related("warband")
    return [Captive(f, captor_of(f)) for f in figures]


def captives_held_by(warband: Warband) -> list[Captive]:
    """Enemy figures this warband holds, to sell if not ransomed (C16)."""
    figures = (
        Figure.objects.filter(warband__campaign_id=warband.campaign_id, state="captured")
        .exclude(warband=warband)
        .select_related("warband__owner")
    )
    held = [Captive(f, captor_of(f)) for f in figures]
    return [c for c in held if c.captor and c.captor.id == warband.id]


# --- lists for pages ---------------------------------------------------------------------------


def campaign_games(campaign: Campaign) -> list[GameReport]:
    return list(games_queryset().filter(campaign=campaign).order_by("-played_on", "-id"))


def warband_games(warband: Warband) -> list[GameReport]:
    return list(
        games_queryset()
        .filter(Q(warband_a=warband) | Q(warband_b=warband))
        .order_by("-played_on", "-id")
    )


def open_postgames(warband: Warband) -> list[PostGame]:
    return list(
        warband.postgames.filter(status=PostGame.Status.OPEN).select_related(
            "game__warband_a", "game__warband_b"
        )
    )


def game_sides(game: GameReport) -> list[dict]:
    """Each warband of a game with its figure lines and its sequence, for the game page."""
    lines = list(game.figures.all())
    postgames = {p.warband_id: p for p in game.postgames.all()}
    sides = []
    for warband, rating in (
        (game.warband_a, game.rating_a_before),
        (game.warband_b, game.rating_b_before),
    ):
        postgame = postgames.get(warband.id)
        sides.append(
            {
                "warband": warband,
                "rating_before": rating,
                "lines": [line for line in lines if line.figure.warband_id == warband.id],
                "postgame": postgame,
                "step": _step_or_stuck(postgame) if postgame else None,
                "won": game.winner_id == warband.id,
            }
        )
    return sides


STUCK = "stuck"


def _step_or_stuck(postgame: PostGame) -> str:
    """The sequence's step for the game page, or "stuck" when its answers no longer replay
    (a rule or the code changed under it): the page still opens, and shows the organiser the
    way out (services.postgame_release)."""
    try:
        return postgame_step(postgame)
    except Exception:  # noqa: BLE001 - logged; the page must stay readable
        logger.exception("Post-game %s does not replay", postgame.pk)
        return STUCK


# --- a sequence as the API and the page show it ------------------------------------------------


def postgame_run(postgame: PostGame) -> rules.PostGameRun:
    """The row's sequence as the rules replay it from its stored answers; the run a write just
    saved on this row (`postgame_keep_run`) when its answers are still the row's."""
    kept = getattr(postgame, "_kept_run", None)
    if kept is not None and kept[0] == _run_key(postgame):
        return kept[1]
    return rules.PostGameRun.from_dicts(
        postgame.sheet,
        postgame.report,
        postgame.answers,
        postgame.undone,
        # C31: the rules in force when it was reported (or restarted by the organiser)
        rulebook_for_postgame(postgame),
    )


def _run_key(postgame: PostGame) -> tuple:
    return (postgame.answers, postgame.undone, postgame.rules_version, postgame.game.rules_version)


def postgame_keep_run(postgame: PostGame, run: rules.PostGameRun) -> None:
    """Keep on the row the run (immutable) a write saved it from, so the answer drawn from the
    same row does not replay the sequence again. Keyed on a copy of what the replay reads,
    compared by value: a row changed since (in place or not) replays."""
    postgame._kept_run = (copy.deepcopy(_run_key(postgame)), run)


def postgame_run_kept_from(postgame: PostGame, written: PostGame) -> None:
    """Keep on `postgame` (the same sequence read again, with what its page shows) the run the
    step that wrote `written` saved it from: drawn, it replays nothing while its answers are
    still those (postgame_run compares them)."""
    kept = getattr(written, "_kept_run", None)
    if kept is not None:
        postgame._kept_run = kept


def postgame_step(postgame: PostGame) -> str:
    if postgame.status == PostGame.Status.COMMITTED:
        return COMMITTED
    return postgame_run(postgame).step


def postgame_state(postgame: PostGame, run: rules.PostGameRun | None = None) -> dict:
    """{id, warband, step, prompt, log, preview} and a few more: what GET returns.

    After commit the step is "committed", the prompt null and the preview what was applied
    (recruits with their new ids)."""
    run = run or postgame_run(postgame)
    committed = postgame.status == PostGame.Status.COMMITTED
    return {
        "id": postgame.id,
        "warband": postgame.warband_id,
        "step": COMMITTED if committed else run.step,
        "prompt": None if committed else run.prompt,
        "log": run.log,
        "preview": postgame.result if committed else run.preview,
        "game": postgame.game_id,
        "status": postgame.status,
        "position": len(postgame.answers),
        "version": postgame.version,
        "manual_dice": postgame.warband.campaign.manual_dice,
        "committed_at": postgame.committed_at,
    }
