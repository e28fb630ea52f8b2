"""Game reports: filing, editing, confirming and withdrawing them.

Confirmation opens one post-game sequence per warband (services/postgame.py drives them): it
stores the team ratings before the game (C9) and, for each side, the warband as it stands (the
rules' WarbandSheet) and that side's view of the game (the rules' ReportSheet).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from campaign.access import is_organiser, may_confirm, may_edit, may_withdraw
from campaign.errors import ConflictError, ReportError
from campaign.inbox import confirm_report_item, game_words, run_postgame_item
from campaign.models import Activity, Campaign, Figure, GameFigure, GameReport, PostGame, Warband
from campaign.rules import postgame as rules
from campaign.rules.postgame.sheet import OUTCOMES
from campaign.rules.report import ImpossibleReport, ReportedFigure, check_report
from campaign.selectors.games import warband_sheet as build_sheet
from campaign.selectors.house_rules import house_rules_version, rulebook_for_game
from campaign.services import dice as dice_source
from campaign.services.activity import activity_record
from campaign.services.campaigns import require_open
from campaign.services.jobs import rankings_queue_rebuild
from campaign.services.notify import players_notify

MAX_TALLY = 50  # wounds or scalps by one figure in one game: far beyond any real game
STATE_WORDS = {
    Figure.State.DEAD: "dead",
    Figure.State.CAPTURED: "held captive",
    Figure.State.MISSES_NEXT_GAME: "missing this game",
    Figure.State.SOLD: "sold",
    Figure.State.DEPARTED: "gone",
}


@dataclass(frozen=True)
class GameLine:
    """One figure's part in a game, as reported."""

    figure: int
    took_part: bool = True
    outcome: str = GameFigure.Outcome.OK
    wounds_inflicted: int = 0
    scalps: int = 0
    put_down_by: int | None = None  # C17: the enemy figure that put it down or out


@dataclass(frozen=True)
class _Checked:
    warband_a: Warband
    warband_b: Warband
    winner: Warband | None
    lines: list[tuple[Figure, GameLine]]


def _check(
    campaign: Campaign, actor, warbands: Sequence[int], winner: int | None, played_on, figures
) -> _Checked:
    """Every rule a report must meet; raises ReportError naming the first broken one."""
    require_open(campaign)
    if len(warbands) != 2 or warbands[0] == warbands[1]:
        raise ReportError(
            "A game is played by two different warbands. A warband never plays itself.",
            field="warbands",
            rule="C29",
        )
    found = {w.id: w for w in Warband.objects.filter(pk__in=warbands, campaign=campaign)}
    for warband_id in warbands:
        if warband_id not in found:
            raise ReportError(f"There is no warband {warband_id} in {campaign}.", field="warbands")
        if found[warband_id].state != Warband.State.FOUNDED:
            name = found[warband_id].name
            raise ReportError(f"{name} is not a founded warband: it cannot play.", field="warbands")
    a, b = found[warbands[0]], found[warbands[1]]
    if not (is_organiser(campaign, actor) or actor.id in (a.owner_id, b.owner_id)):
        raise PermissionDenied("Only the two players or the organiser may report a game.")
    if winner is not None and winner not in found:
        raise ReportError(
            "The winner is one of the two warbands, or null for a draw.", field="winner"
        )
    if played_on > timezone.localdate():
        raise ReportError(f"A game on {played_on} has not been played yet.", field="played_on")
    return _Checked(a, b, found.get(winner), _check_lines(a, b, figures))


def _check_lines(a: Warband, b: Warband, figures: Sequence[GameLine]):
    ids = [line.figure for line in figures]
    if len(ids) != len(set(ids)):
        raise ReportError("Each figure is reported once.", field="figures")
    rows = {f.id: f for f in Figure.objects.filter(pk__in=ids, warband__in=[a, b])}
    lines = []
    for line in figures:
        figure = rows.get(line.figure)
        if figure is None:
            raise ReportError(
                f"Figure {line.figure} is in neither {a.name} nor {b.name}.", field="figures"
            )
        if line.outcome not in OUTCOMES:
            raise ReportError(f"{figure.name}: unknown outcome {line.outcome!r}.", field="outcome")
        for tally in (line.wounds_inflicted, line.scalps):
            if not 0 <= tally <= MAX_TALLY:
                raise ReportError(f"{figure.name}: wounds and scalps are 0 to {MAX_TALLY}.")
        if line.took_part and figure.state != Figure.State.ACTIVE:
            raise ReportError(
                f"{figure.name} is {STATE_WORDS[figure.state]} and cannot take part.",
                field="figures",
                rule="C14",
            )
        if not line.took_part and (line.outcome != "ok" or line.wounds_inflicted or line.scalps):
            raise ReportError(
                f"{figure.name} did not take part: it cannot end the game down or out of "
                "action, nor inflict wounds or take scalps.",
                field="figures",
            )
        lines.append((figure, line))
    for warband in (a, b):
        if not any(f.warband_id == warband.id and line.took_part for f, line in lines):
            raise ReportError(f"No figure of {warband.name} took part.", field="figures")
    names = {a.id: a, b.id: b}
    reported = [
        ReportedFigure(
            id=f.id,
            name=f.name,
            warband=names[f.warband_id].name,
            faction=names[f.warband_id].faction,
            put_down_by=line.put_down_by,
            **_tallies(line),
        )
        for f, line in lines
    ]
    try:
        check_report(reported)  # C17, C25, C29
    except ImpossibleReport as error:
        raise ReportError(error.message, field=error.field, rule=error.rule) from None
    return lines


def _tallies(line: GameLine | GameFigure) -> dict:
    """What a report says of one figure, as GameLine, GameFigure and the rules all name it."""
    return {
        "took_part": line.took_part,
        "outcome": line.outcome,
        "wounds_inflicted": line.wounds_inflicted,
        "scalps": line.scalps,
    }


def _write_lines(game: GameReport, checked: _Checked) -> None:
    game.figures.all().delete()
    GameFigure.objects.bulk_create(
        GameFigure(report=game, figure=figure, put_down_by_id=line.put_down_by, **_tallies(line))
        for figure, line in checked.lines
    )


@transaction.atomic
def game_file(
    *,
    campaign: Campaign,
    actor,
    warbands: Sequence[int],
    winner: int | None,
    played_on: datetime.date,
    figures: Sequence[GameLine],
) -> GameReport:
    """File a report. It counts at once when the organiser files it or the campaign does not
    ask the opponent to confirm (setting `report_confirmation`); else it waits for them."""
    checked = _check(campaign, actor, warbands, winner, played_on, figures)
    game = GameReport.objects.create(
        campaign=campaign,
        warband_a=checked.warband_a,
        warband_b=checked.warband_b,
        winner=checked.winner,
        played_on=played_on,
        filed_by=actor,
        rules_version=house_rules_version(campaign),  # C31: the rules in force now, kept
    )
    _write_lines(game, checked)
    activity_record(
        campaign=campaign,
        kind=Activity.Kind.REPORT,
        text=f"{actor} reported {game_words(game)}: {_outcome(game)}",
        url=reverse("game", args=[game.id]),
        actor=actor,
    )
    if is_organiser(campaign, actor) or not campaign.report_confirmation:
        return _confirm(game, actor)
    players_notify(
        user_ids=[game.warband_a.owner_id, game.warband_b.owner_id],
        item=confirm_report_item(game),
        actor=actor,
    )
    return game


def _outcome(game: GameReport) -> str:
    return f"{game.winner.name} won" if game.winner else "a draw"


def _locked(game: GameReport) -> GameReport:
    return (
        GameReport.objects.select_for_update(of=("self",))
        .select_related("campaign", "warband_a", "warband_b")
        .get(pk=game.pk)
    )


@transaction.atomic
def game_edit(
    *,
    game: GameReport,
    actor,
    warbands: Sequence[int],
    winner: int | None,
    played_on: datetime.date,
    figures: Sequence[GameLine],
) -> GameReport:
    """Replace a pending report's content. A confirmed report is not edited: the organiser
    may withdraw it while neither sequence is committed, and a new one is filed."""
    game = _locked(game)
    require_open(game.campaign)
    if game.status != GameReport.Status.PENDING:
        raise ReportError(
            f"This report is {game.get_status_display().lower()}: it can no longer be edited. "
            "The organiser may withdraw it while neither post-game is committed; then file "
            "it again.",
            field="status",
        )
    if not may_edit(game, actor):
        raise PermissionDenied("Only the player who filed it or the organiser may edit it.")
    checked = _check(game.campaign, actor, warbands, winner, played_on, figures)
    game.warband_a, game.warband_b, game.winner = (
        checked.warband_a,
        checked.warband_b,
        checked.winner,
    )
    game.played_on = played_on
    game.save(update_fields=["warband_a", "warband_b", "winner", "played_on", "updated_at"])
    _write_lines(game, checked)
    return game


@transaction.atomic
def game_confirm(*, game: GameReport, actor) -> GameReport:
    """The opponent (or the organiser) confirms: both sequences open. Confirming a confirmed
    report again changes nothing."""
    game = _locked(game)
    require_open(game.campaign)
    if game.status == GameReport.Status.CONFIRMED:
        return game
    if game.status == GameReport.Status.WITHDRAWN:
        raise ReportError("This report was withdrawn: file a new one.", field="status")
    if not may_confirm(game, actor):
        raise PermissionDenied("Only the opponent or the organiser may confirm this report.")
    return _confirm(game, actor)


def _confirm(game: GameReport, actor) -> GameReport:
    sides = list(
        Warband.objects.select_for_update()
        .filter(pk__in=[game.warband_a_id, game.warband_b_id])
        .order_by("pk")
    )
    open_ones = PostGame.objects.filter(warband__in=sides, status=PostGame.Status.OPEN)
    first_open = {}  # each side's first open sequence (by id), read in one query
    for postgame in open_ones.order_by("id"):
        first_open.setdefault(postgame.warband_id, postgame)
    for warband in sides:
        earlier = first_open.get(warband.id)
        if earlier is not None:
            raise ReportError(
                f"{warband.name} has not committed the post-game of an earlier game "
                f"({earlier.game}): games count in order, so commit that one first.",
                field="warbands",
            )
    by_id = {w.id: w for w in sides}
    a, b = by_id[game.warband_a_id], by_id[game.warband_b_id]
    sheets = {a.id: build_sheet(a), b.id: build_sheet(b)}
    ratings = {key: rules.rating(sheet) for key, sheet in sheets.items()}  # C11, before (C9)
    lines = list(game.figures.select_related("figure", "put_down_by"))
    for warband, opponent in ((a, b), (b, a)):
        report = _side_report(game, warband, opponent, ratings, lines)
        sheet = sheets[warband.id].to_dict()
        # The rules check the report fits the roster, by the rules the game keeps (C31).
        rules.PostGameRun.from_dicts(sheet, report, book=rulebook_for_game(game))
        postgame = PostGame.objects.create(
            game=game,
            warband=warband,
            sheet=sheet,
            report=report,
            dice_secret=dice_source.stream_secret(),  # C22: the sequence's own dice
        )
        players_notify(user_ids=[warband.owner_id], item=run_postgame_item(postgame), actor=actor)
    game.status = GameReport.Status.CONFIRMED
    game.confirmed_by, game.confirmed_at = actor, timezone.now()
    game.rating_a_before, game.rating_b_before = ratings[a.id], ratings[b.id]
    game.save()
    at_once = "counted at once" if game.filed_by_id == actor.id else "confirmed"
    activity_record(
        campaign=game.campaign_id,
        kind=Activity.Kind.CONFIRMATION,
        text=f"{actor} {at_once} {game_words(game)}: both post-game sequences are open",
        url=reverse("game", args=[game.id]),
        actor=actor,
    )
    rankings_queue_rebuild(campaign_id=game.campaign_id)
    return game


def _side_report(game, warband, opponent, ratings, lines) -> dict:
    """One side's view of the game for the rules (sheet.ReportSheet).

    `crack_shot_by` (C17) names the enemy figure the report says put this one down or out, when
    that figure has Crack shot: the injured side's sequence then offers the forced re-roll,
    and the injured side's owner records the opponent's decision. `captives` stays empty:
    a capture is rolled in the owner's own sequence, after both sequences opened, and is
    settled by ransom or sale outside the sequences (services.captive_ransom/captive_sell).
    """
    won = None if game.winner_id is None else game.winner_id == warband.id
    return rules.ReportSheet(
        won=won,
        opponent=opponent.name,
        rating_before=ratings[warband.id],
        opponent_rating_before=ratings[opponent.id],
        figures=[
            rules.FigureReport(
                figure=line.figure_id,
                crack_shot_by=_crack_shot(line.put_down_by),
                **_tallies(line),
            )
            for line in lines
            if line.figure.warband_id == warband.id
        ],
        currency=game.campaign.currency,
    ).to_dict()


def _crack_shot(figure: Figure | None) -> str | None:
    """C17: the name of the enemy figure that put this one down, if it has Crack shot."""
    if figure is not None and "crack_shot" in (figure.skills or []):
        return figure.name
    return None


@transaction.atomic
def game_withdraw(*, game: GameReport, actor) -> GameReport:
    """Withdraw a report. A pending one: either player or the organiser. A confirmed one: the
    organiser only, and only while neither sequence is committed (both are discarded, and the
    rankings rebuilt). Withdrawing a withdrawn report again changes nothing."""
    game = _locked(game)
    require_open(game.campaign)
    if game.status == GameReport.Status.WITHDRAWN:
        return game
    if not may_withdraw(game, actor):
        raise PermissionDenied("You may not withdraw this report.")
    confirmed = game.status == GameReport.Status.CONFIRMED
    if confirmed:
        # The lock order of services.postgame: the report (above), then its sequences by id.
        postgames = list(
            game.postgames.select_for_update(of=("self",)).select_related("warband").order_by("id")
        )
        committed = [p for p in postgames if p.status == PostGame.Status.COMMITTED]
        names = ", ".join(p.warband.name for p in committed)
        if names:
            raise ConflictError(
                f"The post-game of {names} is committed: the rosters have changed, so this "
                "report can no longer be withdrawn this way. If the other post-game is stuck, "
                "the organiser may withdraw the game keeping the committed side, or restart "
                "the stuck post-game (the game's page).",
                field="status",
            )
        game.postgames.all().delete()
    game.status = GameReport.Status.WITHDRAWN
    game.save(update_fields=["status", "updated_at"])
    if confirmed:
        rankings_queue_rebuild(campaign_id=game.campaign_id)
    return game
