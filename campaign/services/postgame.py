"""Driving one warband's post-game sequence (C12-C22), committing it once, and settling
captives (C16).

A sequence is stored as the sheet and report given at confirmation plus the list of answers;
the rules (campaign.rules.postgame) replay them on every request. Answering, trading and undo
only change the answers: nothing touches the roster before commit. Commit applies the rules'
final sheet to the rows in one transaction, exactly once (C22).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F, Max
from django.urls import reverse
from django.utils import timezone

from accounts.inbox import Item
from campaign.access import is_organiser, may_drive
from campaign.errors import ConflictError, DiceError, PostGameConflict, ReportError
from campaign.inbox import SETTLE_CAPTIVE, captive_url, dice_change_item, game_words
from campaign.models import (
    Activity,
    EquipmentPiece,
    Figure,
    GameReport,
    PostGame,
    RollRecord,
    Warband,
)
from campaign.rules import postgame as rules
from campaign.rules.dice import Dice
from campaign.rules.postgame import prompts
from campaign.rules.postgame.answers import check_faces
from campaign.rules.words import possessive
from campaign.selectors.games import captor_of, postgame_keep_run, postgame_run, warband_sheet
from campaign.services import dice as dice_source
from campaign.services.activity import activity_record
from campaign.services.campaigns import require_open
from campaign.services.jobs import ratings_queue_recalculation
from campaign.services.notify import players_notify
from campaign.services.warbands import treasury_change
from campaign.services.webhooks import webhook_queue_entry
from core.events import clock_version, publish
from core.text import require_plain_name

WITHDRAWN = (
    "The organiser withdrew this game report meanwhile: its post-game sequences are gone and "
    "nothing was changed."
)


def _locked(postgame: PostGame) -> PostGame:
    """Lock the sequence for a write. Rows are always locked in one order, game report first,
    then its post-game rows, then warbands by id (services.games.game_withdraw too), so a
    commit and a withdraw at the same moment queue up instead of deadlocking; whoever comes
    second finds the other's result and gets a ConflictError (409) or the committed row."""
    # One row each (by pk): no ORDER BY to compile.
    list(GameReport.objects.select_for_update().filter(pk=postgame.game_id).order_by().values("id"))
    locked = (
        PostGame.objects.select_for_update(of=("self",))
        .select_related("warband__campaign", "game__warband_a", "game__warband_b")
        .filter(pk=postgame.pk)
        .order_by()
    )
    row = next(iter(locked[:1]), None)
    if row is None:
        raise ConflictError(WITHDRAWN, field="status")
    return row


def _check_open(row: PostGame, actor, position: int | None, version: int | None = None) -> None:
    require_open(row.warband.campaign)
    if not may_drive(row, actor):
        raise PermissionDenied("Only the warband's owner or the organiser may drive its sequence.")
    if row.status == PostGame.Status.COMMITTED:
        raise ReportError(
            "This post-game sequence is committed: nothing in it changes any more.",
            field="status",
            rule="C22",
        )
    # A write made on an older version (an offline queue sending late, another tab): nothing
    # is done, and the player sees theirs beside what is there now.
    if version is not None and version != row.version:
        raise PostGameConflict(started=version, version=row.version)
    # A double click or a second tab must not answer the next prompt by accident.
    if position is not None and position != len(row.answers):
        raise ReportError(
            f"The sequence has moved on since you read it ({len(row.answers)} answers now, "
            f"{position} when you read it): nothing changed. Reload it and try again.",
            field="position",
        )


def _save(row: PostGame, run: rules.PostGameRun) -> PostGame:
    row.answers = run.answers_to_list()
    row.undone = run.undone_to_list()
    row.version += 1
    row.save(update_fields=["answers", "undone", "version", "updated_at"])
    postgame_keep_run(row, run)  # the answer to this request shows it: no second replay
    publish(postgame_channel(row.pk), clock_version())  # whoever watches it, once committed
    return row


def postgame_channel(postgame_id: int) -> str:
    """The live channel of one post-game sequence (campaign.streams)."""
    return f"postgame:{postgame_id}"


@transaction.atomic
def postgame_answer(
    *,
    postgame: PostGame,
    actor,
    dice: list[Any] | None = None,
    choice: str | None = None,
    position: int | None = None,
    version: int | None = None,
    roller: Dice | None = None,
) -> PostGame:
    """Answer the prompt: faces typed in from real dice, a choice, or neither (the app rolls
    with `roller`, default the sequence's own dice, C22: from the place in its stream the kept
    answers reached, so a roll undone and asked again shows the same faces). Bad faces raise
    DiceError; nothing is saved then. `version`, when given, must be the sequence's version
    (else PostGameConflict, 409)."""
    row = _locked(postgame)
    _check_open(row, actor, position, version)
    if dice is not None and choice is not None:
        raise ReportError("Send dice or a choice, not both.", field="dice")
    if dice is not None and not row.warband.campaign.manual_dice:
        raise DiceError(
            "This campaign does not allow dice typed in: leave the faces out and the app rolls.",
            field="dice",
            rule="C12",
        )
    run = postgame_run(row)
    roller = roller or dice_source.stream_dice(row.dice_secret, run.stream_position)
    after = run.answer(dice=dice, choice=choice, by=actor.username, roller=roller)
    _save(row, after)
    if after.answers[-1].was is not None:
        _tell_dice_change(row, after, actor)
    return row


def _tell_dice_change(row: PostGame, run: rules.PostGameRun, actor) -> None:
    """C22, C30: typed faces changed after an undo are a correction in the open: a line in the
    activity feed, and the opponent's inbox (and e-mail) with the old and new faces."""
    entry = run.log[-1]
    answer = run.answers[-1]
    old, new = "".join(map(str, answer.was)), "".join(map(str, answer.dice))
    warband, game = row.warband, row.game
    text = (
        f"{actor} changed typed dice after an undo in {possessive(warband.name)} post-game "
        f"after {game_words(game)}: {old} → {new} ({entry['text']})"
    )
    url = reverse("postgame", args=[row.id])
    activity_record(
        campaign=warband.campaign_id, kind=Activity.Kind.CORRECTION, text=text, url=url, actor=actor
    )
    opponent = game.warband_b if game.warband_a_id == warband.id else game.warband_a
    item = dice_change_item(row, answer.to_dict(), timezone.now())
    players_notify(user_ids=[opponent.owner_id, warband.owner_id], item=item, actor=actor)


@transaction.atomic
def postgame_trade(
    *,
    postgame: PostGame,
    actor,
    action: dict[str, Any],
    position: int | None = None,
    version: int | None = None,
) -> PostGame:
    """One trading action (C20, C21) while the sequence is trading; {"action": "done"} ends
    trading."""
    require_plain_name(action.get("name"))  # a recruit's or a hired man's name (finding 5)
    row = _locked(postgame)
    _check_open(row, actor, position, version)
    return _save(row, postgame_run(row).trade(action, by=actor.username))


@transaction.atomic
def postgame_undo(
    *, postgame: PostGame, actor, position: int | None = None, version: int | None = None
) -> PostGame:
    """Take back the last answer (C22): a choice, never a die; the undo is logged for both
    players, with who made it and when."""
    row = _locked(postgame)
    _check_open(row, actor, position, version)
    when = timezone.now().isoformat(timespec="seconds")
    return _save(row, postgame_run(row).undo(by=actor.username, when=when))


# --- commit ------------------------------------------------------------------------------------


@transaction.atomic
def postgame_commit(*, postgame: PostGame, actor, version: int | None = None) -> PostGame:
    """Apply the sequence to the roster once (C22). A second commit, at once or later, changes
    nothing and returns the committed sequence.

    The guard is a conditional UPDATE ... WHERE status = 'open' after locking the rows (game
    report, then the sequence), which holds on PostgreSQL and SQLite alike: SQLite transactions
    begin IMMEDIATE (settings), so a concurrent writer waits its turn instead of failing.
    """
    row = _locked(postgame)
    if row.status == PostGame.Status.COMMITTED:
        return row
    require_open(row.warband.campaign)
    if not may_drive(row, actor):
        raise PermissionDenied("Only the warband's owner or the organiser may commit it.")
    if version is not None and version != row.version:  # a commit of what the player saw only
        raise PostGameConflict(started=version, version=row.version)
    claimed = PostGame.objects.filter(pk=row.pk, status=PostGame.Status.OPEN).update(
        status=PostGame.Status.COMMITTED,
        committed_at=timezone.now(),
        committed_by=actor,
        version=F("version") + 1,
    )
    if not claimed:
        row.refresh_from_db()
        return row
    run = postgame_run(row)
    final = run.final_sheet()  # RulesError unless ready: the UPDATE above rolls back
    new_ids = _apply_figures(row.warband, run.sheet, final)
    _apply_equipment(row.warband, run.sheet, final, new_ids)
    _apply_treasury(row, run, final, actor)
    Warband.objects.filter(pk=row.warband_id).update(games_played=F("games_played") + 1)
    row.refresh_from_db()
    row.result = _result(run, new_ids)
    row.save(update_fields=["result", "updated_at"])
    publish(postgame_channel(row.pk), clock_version())
    _tell_commit(row, run, final, new_ids, actor)
    ratings_queue_recalculation(warband_ids=[row.warband_id])
    webhook_queue_entry(game=row.game)  # the last side's commit completes the chronicle entry
    return row


def _tell_commit(
    row: PostGame, run: rules.PostGameRun, final, new_ids: dict[int, int], actor
) -> None:
    """The activity feed's lines for a commit (the commit, recruits, deaths, captures), and an
    e-mail to the owner for each figure captured when someone else committed."""
    warband, game = row.warband, row.game
    campaign_id = warband.campaign_id
    url = reverse("postgame", args=[row.id])
    activity_record(
        campaign=campaign_id,
        kind=Activity.Kind.COMMIT,
        text=f"{actor} committed {possessive(warband.name)} post-game after {game_words(game)}",
        url=url,
        actor=actor,
    )
    roster = reverse("warband", args=[warband.id])
    before = {f.id: f.state for f in run.sheet.figures}
    captor = game.warband_b if game.warband_a_id == warband.id else game.warband_a
    for figure in final.figures:
        if figure.id < 0:
            words = "hired" if figure.specialist else "recruited"
            kind, text = Activity.Kind.RECRUIT, f"{warband.name} {words} {figure.name}"
        elif figure.state == "dead" and before.get(figure.id) != "dead":
            kind = Activity.Kind.DEATH
            text = f"{figure.name} of {warband.name} died after {game_words(game)}"
        elif figure.state == "captured" and before.get(figure.id) != "captured":
            kind = Activity.Kind.CAPTIVE
            text = f"{figure.name} of {warband.name} is held captive by {captor.name}"
        else:
            continue
        activity_record(campaign=campaign_id, kind=kind, text=text, url=roster, actor=actor)
        if kind == Activity.Kind.CAPTIVE:
            item = Item(
                kind=SETTLE_CAPTIVE.key,
                title=f"Offer a ransom for {figure.name} of {warband.name}, held by {captor.name}",
                url=captive_url(warband.id, f"captive-{figure.id}"),
                since=timezone.now(),
            )
            players_notify(user_ids=[warband.owner_id], item=item, actor=actor)


# Rules sheet field -> Figure field, for the fields a sequence may change.
FIGURE_FIELDS = {
    "status": "status",
    "reputation": "reputation",
    "experience": "experience",
    "skills": "skills",
    "injuries": "injuries",
    "state": "state",
    "rolls_since_gain": "advancement_rolls",
    "reputation_gained_as": "reputation_gained_as",
    "bonus_ended": "advancement_bonus_ended",
}


def _figure_values(sheet: rules.FigureSheet) -> dict[str, Any]:
    values = {field: getattr(sheet, key) for key, field in FIGURE_FIELDS.items()}
    values["reputation_gained_as"] = values["reputation_gained_as"] or ""
    for attribute in ("melee", "shooting", "morale"):
        values[f"{attribute}_increase"] = sheet.increases.get(attribute, 0)
    return values


def _apply_figures(warband: Warband, start: rules.WarbandSheet, final: rules.WarbandSheet):
    """Write what changed on each figure, and create recruits and hires. Only the fields the
    sequence changed are written, so a ransom settled meanwhile is not undone. Returns the
    rules' negative ids of new figures -> the new rows' ids."""
    rows = {f.id: f for f in warband.figures.all()}
    position = (warband.figures.aggregate(Max("position"))["position__max"] or 0) + 1
    new_ids: dict[int, int] = {}
    for figure in final.figures:
        values = _figure_values(figure)
        if figure.id < 0:
            row = Figure.objects.create(
                warband=warband,
                name=figure.name[:80],
                profile=figure.profile,
                experience_start=figure.experience_start,
                specialist=figure.specialist or "",
                position=position,
                **values,
            )
            position += 1
            new_ids[figure.id] = row.id
            continue
        before = _figure_values(start.figure(figure.id))
        changed = {field: value for field, value in values.items() if before[field] != value}
        row = rows.get(figure.id)
        if row is None:
            raise ReportError(f"{figure.name} is no longer on {possessive(warband.name)} books.")
        if changed:
            for field, value in changed.items():
                setattr(row, field, value)
            row.save(update_fields=list(changed))
    return new_ids


def _holdings(sheet: rules.WarbandSheet, new_ids: dict[int, int]) -> Counter:
    """(figure id or None for storage, key, price) for every piece."""
    held: Counter = Counter()
    for figure in sheet.figures:
        for piece in figure.equipment:
            held[(new_ids.get(figure.id, figure.id), piece.key, piece.price)] += 1
    for piece in sheet.storage:
        held[(None, piece.key, piece.price)] += 1
    return held


def _apply_equipment(warband, start, final, new_ids) -> None:
    """Pieces that left a place and reached another were moved (give, store, a dead figure's
    kit to storage); pieces that only arrived were bought (with the price paid, pinned);
    pieces that only left were sold or lost."""
    before, after = _holdings(start, {}), _holdings(final, new_ids)
    left: dict[tuple[str, int], list[EquipmentPiece]] = defaultdict(list)
    for (holder, key, price), count in (before - after).items():
        rows = EquipmentPiece.objects.filter(
            warband=warband, figure_id=holder, key=key, price=price
        )
        left[(key, price)] += list(rows.order_by("-id")[:count])
    for (holder, key, price), count in (after - before).items():
        for _ in range(count):
            if left[(key, price)]:
                piece = left[(key, price)].pop(0)
                piece.figure_id = holder
                piece.save(update_fields=["figure"])
            else:
                EquipmentPiece.objects.create(
                    warband=warband, figure_id=holder, key=key, price=price
                )
    gone = [piece.id for pieces in left.values() for piece in pieces]
    EquipmentPiece.objects.filter(pk__in=gone).delete()


def _apply_treasury(row: PostGame, run: rules.PostGameRun, final, actor) -> None:
    game = row.game
    opponent = game.warband_b if game.warband_a_id == row.warband_id else game.warband_a
    where = f"Post-game v {opponent.name} ({game.played_on:%d %b %Y})"
    treasury = run.sheet.treasury
    for entry in run.log:  # one ledger line per log entry that moved money
        after = entry["treasury"]
        if after != treasury:
            treasury_change(
                warband=row.warband,
                amount=after - treasury,
                actor=actor,
                reason=f"{where}: {entry['text']}",
            )
        treasury = after
    if treasury != final.treasury:  # never expected: keeps the ledger whole all the same
        treasury_change(
            warband=row.warband,
            amount=final.treasury - treasury,
            actor=actor,
            reason=f"{where}: other changes",
        )


def _result(run: rules.PostGameRun, new_ids: dict[int, int]) -> dict:
    """The preview that was applied, recruits under their new ids, and the figures captured
    in this sequence (read by selectors.games.captor_of)."""
    preview = run.preview
    for figure in preview["warband"]["figures"]:
        figure["id"] = new_ids.get(figure["id"], figure["id"])
    for change in preview["changes"]:
        change["figure"] = new_ids.get(change["figure"], change["figure"])
    start = {f.id: f.state for f in run.sheet.figures}
    preview["captives"] = [
        f["id"]
        for f in preview["warband"]["figures"]
        if f["state"] == "captured" and start.get(f["id"]) != "captured"
    ]
    preview["new_figures"] = {str(old): new for old, new in new_ids.items()}
    return preview


# --- captives (C16) ----------------------------------------------------------------------------


def _lock_warbands(*ids: int) -> None:
    """Lock warband rows in one order (by id), so two settlements never wait on each other."""
    list(Warband.objects.select_for_update().filter(pk__in=ids).order_by("id").values("id"))


def _captive(figure: Figure) -> tuple[Figure, Warband]:
    figure = (
        Figure.objects.select_for_update(of=("self",))
        .select_related("warband__campaign", "warband__owner")
        .get(pk=figure.pk)
    )
    require_open(figure.warband.campaign)
    captor = captor_of(figure)
    if captor is None:
        raise ReportError(f"{figure.name} is not held captive.", field="figure", rule="C16")
    return figure, captor


@transaction.atomic
def captive_ransom_offer(*, figure: Figure, price: int, actor) -> Figure:
    """C16: the owner (or the organiser) offers a ransom of `price` (at least 1, within the
    treasury). Nothing moves until the captor's owner accepts; a new offer replaces the last,
    and the captor may still sell the figure meanwhile."""
    figure, captor = _captive(figure)
    owner = figure.warband
    if not (actor.id == owner.owner_id or is_organiser(owner.campaign, actor)):
        raise PermissionDenied(
            f"Only {possessive(owner.name)} owner or the organiser offers a ransom."
        )
    # checks the price and the treasury
    rules.ransom_captive(warband_sheet(owner), figure.id, price, currency=owner.campaign.currency)
    figure.ransom_offer, figure.ransom_offered_at = price, timezone.now()
    figure.save(update_fields=["ransom_offer", "ransom_offered_at"])
    item = Item(
        kind=SETTLE_CAPTIVE.key,
        title=f"{owner.owner} offers {owner.campaign.money(price)} for {figure.name}, held by "
        f"{captor.name}",
        url=captive_url(captor.id, f"held-{figure.id}"),
        since=figure.ransom_offered_at,
    )
    players_notify(user_ids=[captor.owner_id], item=item, actor=actor)
    return figure


@transaction.atomic
def captive_ransom_accept(*, figure: Figure, actor, price: int | None = None) -> Figure:
    """C16: the captor's owner (or the organiser) accepts the owner's offer: the price moves
    from the owner's treasury to the captor's and the figure returns without its equipment.
    `price`, when given, is the offer the accepting player saw: a different offer is a 409."""
    figure, captor = _captive(figure)
    owner = figure.warband
    if not (actor.id == captor.owner_id or is_organiser(owner.campaign, actor)):
        raise PermissionDenied(
            f"Only {possessive(captor.name)} owner or the organiser accepts a ransom."
        )
    if figure.ransom_offer is None:
        raise ReportError(
            f"{owner.name} has offered no ransom for {figure.name}.", field="figure", rule="C16"
        )
    if price is not None and price != figure.ransom_offer:
        raise ConflictError(
            f"The offer for {figure.name} changed to "
            f"{owner.campaign.money(figure.ransom_offer)} since you read it: nothing was paid. "
            "Reload and look again.",
            field="price",
            rule="C16",
        )
    price = figure.ransom_offer
    _lock_warbands(owner.id, captor.id)
    rules.ransom_captive(warband_sheet(owner), figure.id, price, currency=owner.campaign.currency)
    treasury_change(
        warband=owner,
        amount=-price,
        actor=actor,
        reason=f"Ransom for {figure.name} paid to {captor.name}",
    )
    treasury_change(
        warband=captor,
        amount=price,
        actor=actor,
        reason=f"Ransom for {figure.name} of {owner.name} received",
    )
    figure.equipment.all().delete()
    figure.state = Figure.State.ACTIVE
    figure.ransom_offer = figure.ransom_offered_at = None
    figure.save(update_fields=["state", "ransom_offer", "ransom_offered_at"])
    activity_record(
        campaign=owner.campaign_id,
        kind=Activity.Kind.CAPTIVE,
        text=f"{owner.name} ransomed {figure.name} from {captor.name} for "
        f"{owner.campaign.money(price)}",
        url=reverse("warband", args=[owner.id]),
        actor=actor,
    )
    ratings_queue_recalculation(warband_ids=[owner.id, captor.id])
    return figure


@transaction.atomic
def captive_sell(*, figure: Figure, actor, dice: list[Any] | None = None) -> Figure:
    """C16: not ransomed, the captor sells the captive for D6 × 5 and it leaves its owner's
    roster. The captor's owner (or the organiser) rolls: the app's die, or one typed in."""
    figure, captor = _captive(figure)
    campaign = captor.campaign
    if not (actor.id == captor.owner_id or is_organiser(campaign, actor)):
        raise PermissionDenied(
            f"Only {possessive(captor.name)} owner or the organiser sells a captive."
        )
    if dice is not None and not campaign.manual_dice:
        raise DiceError("This campaign does not allow dice typed in.", field="dice", rule="C12")
    face = check_faces("D6", dice)[0] if dice is not None else dice_source.app_dice().d6()
    price = rules.captive_sale_price(face)
    owner = figure.warband
    _lock_warbands(owner.id, captor.id)
    rules.release_for_sale(warband_sheet(owner), figure.id)
    treasury_change(
        warband=captor,
        amount=price,
        actor=actor,
        reason=f"Sold the captive {figure.name} of {owner.name}: {face} × 5",
    )
    RollRecord.objects.create(
        warband=captor,
        figure=figure,
        purpose=prompts.CAPTIVE_SALE,
        faces=[face],
        typed_in=dice is not None,
        actor=actor,
        result=f"{figure.name} sold for {captor.campaign.money(price)}",
    )
    figure.equipment.all().delete()
    figure.state = Figure.State.SOLD
    figure.ransom_offer = figure.ransom_offered_at = None  # an offer not accepted lapses (C16)
    figure.save(update_fields=["state", "ransom_offer", "ransom_offered_at"])
    activity_record(
        campaign=campaign.id,
        kind=Activity.Kind.CAPTIVE,
        text=f"{captor.name} sold the captive {figure.name} of {owner.name} for "
        f"{campaign.money(price)}",
        url=reverse("warband", args=[captor.id]),
        actor=actor,
    )
    ratings_queue_recalculation(warband_ids=[owner.id, captor.id])
    return figure
