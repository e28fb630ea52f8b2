"""The campaign's inbox sources: reports to confirm, post-games to run, captives to settle,
corrections to confirm, typed dice changed after an undo.

Registered with accounts.inbox by CampaignConfig.ready(). Each source is one or two queries;
the same kinds are e-mailed by the services (campaign.services.notify) when they appear. Each
source reads the rows of a queryset below (by the user's id), and the probe asks, in one query,
whether any of them has a row: most players have nothing waiting in a campaign.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Exists, Q
from django.urls import reverse

from accounts.inbox import Item, Kind, probe, source
from campaign.content_scopes import campaign_inbox_scope
from campaign.models import Correction, Figure, GameReport, PostGame, Warband
from campaign.rules.postgame.prompts import PROMPTS
from core.compiled import CompiledQuery

CONFIRM_REPORT = Kind("confirm_report", "Reports to confirm", email=True)
RUN_POSTGAME = Kind("run_postgame", "Post-game sequences to run", email=True)
SETTLE_CAPTIVE = Kind("settle_captive", "Captives to settle", email=True)
CONFIRM_CORRECTION = Kind("confirm_correction", "Corrections to confirm", email=False)
DICE_CHANGED = Kind("dice_changed", "Dice changed after an undo in an opponent's post-game", True)


def game_words(game: GameReport) -> str:
    """ "Magalakutway v The 44th Foot Patrol (1 May 2025)"."""
    day = game.played_on
    return f"{game.warband_a.name} v {game.warband_b.name} ({day.day} {day:%b %Y})"


def confirm_report_item(game: GameReport) -> Item:
    return Item(
        kind=CONFIRM_REPORT.key,
        title=f"{game_words(game)} in {game.campaign.name}, filed by {game.filed_by}",
        url=reverse("game", args=[game.id]),
        since=game.created_at,
        action="Review and confirm",
    )


def captive_url(warband_id: int, anchor: str) -> str:
    """The warband's games page, at the captive's panel (offer, accept or sell there)."""
    return reverse("warband-games", args=[warband_id]) + f"#{anchor}"


def run_postgame_item(postgame: PostGame) -> Item:
    return Item(
        kind=RUN_POSTGAME.key,
        title=f"{postgame.warband.name} after {game_words(postgame.game)}",
        url=reverse("postgame", args=[postgame.id]),
        since=postgame.created_at,
        action="Continue the post-game",
    )


# What each source reads, by the user's id (the sources and the probe share them).


def pending_reports(user_id: int):
    """Reports of the player's games filed by someone else and not yet confirmed."""
    mine = Q(warband_a__owner=user_id) | Q(warband_b__owner=user_id)
    return GameReport.objects.filter(mine, status=GameReport.Status.PENDING).exclude(
        filed_by=user_id
    )


def open_postgames(user_id: int):
    """The open post-game sequences of the player's warbands."""
    return PostGame.objects.filter(warband__owner=user_id, status=PostGame.Status.OPEN)


def own_captives(user_id: int):
    """The player's captured figures with no ransom offered yet."""
    return Figure.objects.filter(
        state=Figure.State.CAPTURED, warband__owner=user_id, ransom_offer__isnull=True
    )


def offered_captives(user_id: int):
    """Captured figures of others in the player's campaigns with a ransom offered (those the
    player's warbands hold are settled by the player: `captives` keeps those)."""
    return Figure.objects.filter(
        state=Figure.State.CAPTURED,
        warband__campaign__warbands__owner=user_id,
        ransom_offer__isnull=False,
    ).exclude(warband__owner=user_id)


def awaiting_corrections(user_id: int):
    """C30: corrections of figures in the campaigns the player organises, awaiting them."""
    return Correction.objects.filter(
        state=Correction.State.AWAITING, figure__warband__campaign__organiser=user_id
    )


def opponents_postgames(user_id: int):
    """The open post-game sequences of the player's opponents in the player's games."""
    return (
        PostGame.objects.filter(status=PostGame.Status.OPEN)
        .filter(Q(game__warband_a__owner=user_id) | Q(game__warband_b__owner=user_id))
        .exclude(warband__owner=user_id)
    )


READS = (
    pending_reports, open_postgames, own_captives, offered_captives, awaiting_corrections,
    opponents_postgames,
)  # fmt: skip


def _any_read_has_a_row(user_id: int):
    """The user's row if any of READS has a row for them: their EXISTS in one query."""
    anything = Q(*(Q(Exists(read(user_id))) for read in READS), _connector=Q.OR)
    return get_user_model().objects.filter(anything, pk=user_id).values_list("pk")[:1]


_ANYTHING = CompiledQuery(_any_read_has_a_row)


@probe(campaign_inbox_scope)
def anything_waiting(user) -> bool:
    """Whether any source below may yield an item for `user`: one query, its SQL built once
    per process (core.compiled). True when a read has a row, even one a source then drops."""
    return bool(_ANYTHING.rows(user.pk))


@source(CONFIRM_REPORT, RUN_POSTGAME, count_scope=campaign_inbox_scope)
def reports_and_postgames(user):
    """Reports of this player's games filed by someone else and not yet confirmed, and the
    open post-game sequences of this player's warbands."""
    pending = pending_reports(user.pk).select_related(
        "campaign", "warband_a", "warband_b", "filed_by"
    )
    for game in pending:
        yield confirm_report_item(game)
    open_ = open_postgames(user.pk).select_related("warband", "game__warband_a", "game__warband_b")
    for postgame in open_:
        yield run_postgame_item(postgame)


def captures(warband_ids) -> dict[int, tuple[Warband, PostGame]]:
    """Captured figure id -> (the captor, the committed sequence that lost it), for the
    figures of these warbands (C16: the owner's commit records its captives)."""
    found: dict[int, tuple[Warband, PostGame]] = {}
    committed = (
        PostGame.objects.filter(warband_id__in=warband_ids, status=PostGame.Status.COMMITTED)
        .select_related("game__warband_a", "game__warband_b")
        .order_by("committed_at", "id")
    )
    for postgame in committed:
        game = postgame.game
        captor = game.warband_b if game.warband_a_id == postgame.warband_id else game.warband_a
        for figure_id in (postgame.result or {}).get("captives", []):
            found[figure_id] = (captor, postgame)
    return found


@source(SETTLE_CAPTIVE, count_scope=campaign_inbox_scope)
def captives(user):
    """The owner's captured figures with no ransom offered yet (offer one), and the captives
    this player's warbands hold with a ransom offered (accept it, or sell)."""
    related = ("warband__campaign", "warband__owner")
    own = list(own_captives(user.pk).select_related(*related))
    offered = list(offered_captives(user.pk).select_related(*related).distinct())
    if not own and not offered:
        return
    held = captures({f.warband_id for f in own + offered})
    for figure in own:
        captor, postgame = held.get(figure.id, (None, None))
        by = f", held by {captor.name}" if captor else ""
        yield Item(
            kind=SETTLE_CAPTIVE.key,
            title=f"Offer a ransom for {figure.name} of {figure.warband.name}{by}",
            url=captive_url(figure.warband_id, f"captive-{figure.id}"),
            since=postgame.committed_at if postgame else figure.created_at,
            action="Offer a ransom",
        )
    for figure in offered:
        captor, _ = held.get(figure.id, (None, None))
        if captor is None or captor.owner_id != user.id:
            continue
        money = figure.warband.campaign.money(figure.ransom_offer)
        yield Item(
            kind=SETTLE_CAPTIVE.key,
            title=f"{figure.warband.owner} offers {money} for {figure.name}, held by {captor.name}",
            url=captive_url(captor.id, f"held-{figure.id}"),
            since=figure.ransom_offered_at,
            action="Accept or sell",
        )


@source(CONFIRM_CORRECTION, count_scope=campaign_inbox_scope)
def corrections_to_confirm(user):
    """C30: owners' corrections of figures awaiting this organiser's confirmation."""
    waiting = awaiting_corrections(user.pk).select_related("figure__warband", "by")
    for correction in waiting.order_by("created_at", "id"):
        figure = correction.figure
        yield Item(
            kind=CONFIRM_CORRECTION.key,
            title=f"{correction.by} asks to correct {figure.name} of {figure.warband.name}: "
            f"{correction.words}",
            url=reverse("warband", args=[figure.warband_id]) + f"#correction-{correction.id}",
            since=correction.created_at,
            action="Confirm the correction",
        )


def dice_change_item(postgame: PostGame, answer: dict, since) -> Item:
    """C22: typed faces changed after an undo, old and new side by side, for the other side."""
    names = {f["id"]: f["name"] for f in postgame.sheet.get("figures", [])}
    figure = answer.get("figure")
    purpose = PROMPTS.get(answer.get("purpose") or "")
    name = names.get(figure, "the warband")
    roll = purpose.text(name, about_warband=figure is None) if purpose else "a roll"
    old, new = ("".join(map(str, answer[key])) for key in ("was", "dice"))
    return Item(
        kind=DICE_CHANGED.key,
        title=f"{answer.get('by') or 'Someone'} changed typed dice after an undo: {roll}, "
        f"{old} → {new} ({postgame.warband.name} after {game_words(postgame.game)})",
        url=reverse("postgame", args=[postgame.id]),
        since=since,
        action="Read the post-game log",
    )


@source(DICE_CHANGED, count_scope=campaign_inbox_scope)
def dice_changes(user):
    """C22: typed faces changed after an undo in the open post-game of this player's opponent;
    shown until that sequence is committed (the activity feed keeps it for good)."""
    theirs = opponents_postgames(user.pk).select_related(
        "warband", "game__warband_a", "game__warband_b"
    )
    for postgame in theirs:
        for answer in postgame.answers:
            if answer.get("was") is not None and answer.get("dice") is not None:
                yield dice_change_item(postgame, answer, postgame.updated_at)
