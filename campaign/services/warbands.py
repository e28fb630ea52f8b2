"""The treasury ledger, building and founding warbands, and the team rating.

Services take keyword-only arguments, run in one transaction, call the plain rules in
`campaign.rules`, and raise the app's errors (nothing is half-written when they do).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from campaign.errors import DiceError, RosterError, WarbandInvalid
from campaign.models import (
    Activity,
    Campaign,
    EquipmentPiece,
    Figure,
    GameReport,
    LedgerEntry,
    PostGame,
    RollRecord,
    Warband,
)
from campaign.rules.dice import Dice, TypedDice
from campaign.rules.factions import MAX_FIGURES, STARTING_SKILL_ROLLS
from campaign.rules.skills import SKILLS
from campaign.rules.warband import (
    FigureDraft,
    check_figure,
    check_warband,
    faction_or_error,
    roll_starting_skills,
)
from campaign.rules.words import possessive
from campaign.selectors.house_rules import rulebook_for
from campaign.services import dice as dice_source
from campaign.services import ratings
from campaign.services.activity import activity_record
from campaign.services.campaigns import require_open
from core.text import require_plain_name

# A draft may break C3's limit while the player works on it, but not without bound.
MAX_DRAFT_FIGURES = MAX_FIGURES + 5


# --- the treasury ledger -----------------------------------------------------------------------


def treasury_change(*, warband: Warband, amount: int, reason: str, actor=None) -> LedgerEntry:
    """Move a warband's treasury by `amount`, never below 0, and write the ledger line.

    The row is locked so two changes at once cannot both read the same "before".
    """
    with transaction.atomic():
        require_open(warband.campaign)
        locked = Warband.objects.select_for_update().get(pk=warband.pk)
        after = locked.treasury + amount
        if after < 0:
            money = locked.campaign.money
            raise RosterError(
                f"{reason}: costs {money(-amount)} but the treasury holds only "
                f"{money(locked.treasury)}.",
                field="treasury",
                rule="C20",
            )
        entry = LedgerEntry.objects.create(
            warband=locked,
            amount=amount,
            before=locked.treasury,
            after=after,
            reason=reason[:200],
            actor=actor,
        )
        Warband.objects.filter(pk=locked.pk).update(treasury=after)
        warband.treasury = after
        return entry


# --- building a warband ------------------------------------------------------------------------


def _require_draft(warband: Warband) -> None:
    require_open(warband.campaign)
    if not warband.is_draft:
        raise RosterError("This warband is founded: its roster changes after games, in trading.")


@transaction.atomic
def warband_create_draft(*, campaign: Campaign, owner, name: str, faction: str) -> Warband:
    require_open(campaign)
    require_plain_name(name)  # finding 5
    faction_or_error(faction)
    warband = Warband(campaign=campaign, owner=owner, name=name.strip(), faction=faction)
    warband.full_clean()
    warband.save()
    return warband


@transaction.atomic
def warband_add_figure(*, warband: Warband, name: str, profile: str) -> Figure:
    _require_draft(warband)
    require_plain_name(name)  # finding 5
    book = rulebook_for(warband.campaign)  # C31: the campaign's costs and limits
    faction = faction_or_error(warband.faction, book)
    rules = faction.profile(profile)
    if rules is None:
        raise RosterError(f"The {faction.name} have no profile {profile!r}.", field="profile")
    count = warband.figures.count()
    most = book.max_figures(faction.key)
    if count >= max(MAX_DRAFT_FIGURES, most + 5):
        raise RosterError(f"A warband holds at most {most} figures.", field="profile")
    figure = Figure(
        warband=warband,
        name=name.strip() or rules.name,
        profile=profile,
        status=rules.status,
        reputation=rules.reputation,
        experience_start=rules.cost,
        experience=rules.cost,  # C8
        position=count,
    )
    figure.full_clean(exclude=["warband"])
    figure.save()
    return figure


@transaction.atomic
def warband_remove_figure(*, figure: Figure) -> None:
    _require_draft(figure.warband)
    figure.delete()


@transaction.atomic
def figure_set_equipment(*, figure: Figure, keys: Sequence[str]) -> list[EquipmentPiece]:
    """Replace what a draft figure carries; prices come from the faction's list (C4, C5)."""
    warband = figure.warband
    _require_draft(warband)
    book = rulebook_for(warband.campaign)  # C31: the campaign's prices, pinned on the piece
    faction = faction_or_error(warband.faction, book)
    draft = FigureDraft(figure.name, figure.profile, tuple(keys))
    _, problems = check_figure(faction, 0, draft, book)
    if problems:
        raise RosterError(problems[0].message, field="equipment", rule=problems[0].rule)
    figure.equipment.all().delete()
    return EquipmentPiece.objects.bulk_create(
        EquipmentPiece(warband=warband, figure=figure, key=k, price=faction.item(k).price)
        for k in keys
    )


@dataclass(frozen=True)
class SkillRoll:
    """The owner's choice of list for one starting-skill roll (C6), and typed faces if any."""

    list: str
    faces: tuple[int, ...] = ()


def _dice_for(campaign: Campaign, faces: Sequence[int]) -> Dice:
    if not faces:
        return dice_source.app_dice()
    if not campaign.manual_dice:
        raise DiceError("This campaign does not allow typed-in dice.", field="die")
    return TypedDice(faces)


def _roll_skills(warband, figure, rolls: Sequence[SkillRoll], actor) -> None:
    wanted = STARTING_SKILL_ROLLS[figure.status]
    if len(rolls) != wanted:
        raise RosterError(
            f"{figure.name} ({figure.get_status_display()}) rolls {wanted} starting skill(s): "
            f"choose {wanted} list(s), not {len(rolls)}.",
            field="starting_skills",
            rule="C6",
        )
    for roll in rolls:
        dice = _dice_for(warband.campaign, roll.faces)
        try:
            gained = roll_starting_skills(
                warband.faction,
                figure.status,
                [roll.list],
                dice,
                known=figure.skills,
                wanted=1,
            )
        except DiceError as error:
            raise DiceError(
                f"{figure.name}: {error.message} A duplicate skill is re-rolled, so "
                "type in one more face.",
                field="starting_skills",
            ) from error
        figure.skills = figure.skills + gained
        names = ", ".join(SKILLS[s].name for s in gained) or "nothing new (list exhausted)"
        RollRecord.objects.create(
            warband=warband,
            figure=figure,
            purpose="starting_skill",
            faces=dice.rolls,
            typed_in=dice.typed_in,
            result=f"{roll.list.capitalize()}: {names}",
            actor=actor,
        )
    figure.save(update_fields=["skills"])


@transaction.atomic
def warband_found(
    *, warband: Warband, actor, skill_rolls: dict[int, Sequence[SkillRoll]]
) -> Warband:
    """Found a valid draft: pay for it from the starting budget and roll starting skills (C6).

    `skill_rolls` maps figure id to the rolls of each Hero and Veteran. Raises WarbandInvalid
    naming every broken rule; nothing is written then.
    """
    warband = Warband.objects.select_for_update().select_related("campaign").get(pk=warband.pk)
    _require_draft(warband)
    figures = list(warband.figures.prefetch_related("equipment"))
    book = rulebook_for(warband.campaign)
    budget = book.budget  # C2, or the campaign's house rule (C31)
    check = check_warband(
        warband.faction,
        [FigureDraft(f.name, f.profile, tuple(p.key for p in f.equipment.all())) for f in figures],
        budget,
        book,
    )
    if not check.valid:
        raise WarbandInvalid(check.problems)
    for figure in figures:
        _roll_skills(warband, figure, skill_rolls.get(figure.id, ()), actor)
    warband.state = Warband.State.FOUNDED
    warband.founded_at = timezone.now()
    warband.save(update_fields=["state", "founded_at"])
    treasury_change(warband=warband, amount=budget, reason="Starting budget", actor=actor)
    treasury_change(
        warband=warband,
        amount=-check.cost,
        reason="Figures and equipment at founding",
        actor=actor,
    )
    warband_recalculate_rating(warband=warband)
    return warband


@dataclass(frozen=True)
class NewFigure:
    name: str
    profile: str
    equipment: tuple[str, ...] = ()
    skill_rolls: tuple[SkillRoll, ...] = ()


@transaction.atomic
def warband_create_founded(
    *, campaign: Campaign, owner, name: str, faction: str, figures: Sequence[NewFigure]
) -> Warband:
    """Create and found a warband in one step (the API). All or nothing."""
    require_open(campaign)
    require_plain_name(name)
    for index, new in enumerate(figures):  # finding 5, naming the figure as the API does
        require_plain_name(new.name, field=f"figures[{index}].name")
    drafts = [FigureDraft(f.name, f.profile, f.equipment) for f in figures]
    book = rulebook_for(campaign)
    check = check_warband(faction, drafts, book.budget, book)
    if not check.valid:
        raise WarbandInvalid(check.problems)
    warband = warband_create_draft(campaign=campaign, owner=owner, name=name, faction=faction)
    rolls = {}
    for new in figures:
        figure = warband_add_figure(warband=warband, name=new.name, profile=new.profile)
        figure_set_equipment(figure=figure, keys=new.equipment)
        rolls[figure.id] = new.skill_rolls
    return warband_found(warband=warband, actor=owner, skill_rolls=rolls)


# --- fixing mistakes: rename, delete a draft, retire ------------------------------------------


@transaction.atomic
def warband_rename(*, warband: Warband, name: str, actor=None) -> Warband:
    require_open(warband.campaign)
    require_plain_name(name)  # finding 5
    old = warband.name
    warband.name = name.strip()
    warband.full_clean(exclude=["campaign", "owner"])
    warband.save(update_fields=["name"])
    if warband.name != old and not warband.is_draft:  # a draft is nobody's business yet
        activity_record(
            campaign=warband.campaign_id,
            kind=Activity.Kind.RENAME,
            text=f"{old} is now called {warband.name}",
            url=reverse("warband", args=[warband.id]),
            actor=actor,
        )
    return warband


@transaction.atomic
def warband_delete_draft(*, warband: Warband) -> None:
    """A draft never played, so it leaves no trace; a founded warband is retired instead."""
    require_open(warband.campaign)
    if not warband.is_draft:
        raise RosterError(
            f"{warband.name} is founded: its games and ledger stay in the campaign's books. "
            "Retire it instead.",
            field="state",
        )
    warband.delete()


@transaction.atomic
def warband_retire(*, warband: Warband) -> Warband:
    """A founded warband leaves the active list. Its roster, ledger, games and ratings stay
    (the league keeps its past games); it plays no more games.

    Refused while a report of its waits for confirmation or a post-game sequence of its is
    open, so no game is left half-way.
    """
    require_open(warband.campaign)
    warband = Warband.objects.select_for_update().select_related("campaign").get(pk=warband.pk)
    if warband.is_draft:
        raise RosterError(
            f"{warband.name} is a draft: delete it instead of retiring it.", field="state"
        )
    if warband.state == Warband.State.RETIRED:
        raise RosterError(f"{warband.name} is retired already.", field="state")
    pending = GameReport.objects.filter(
        Q(warband_a=warband) | Q(warband_b=warband), status=GameReport.Status.PENDING
    ).exists()
    if pending:
        raise RosterError(
            f"A report of {possessive(warband.name)} waits for confirmation: "
            "confirm or withdraw it first.",
            field="state",
        )
    if warband.postgames.filter(status=PostGame.Status.OPEN).exists():
        raise RosterError(
            f"{possessive(warband.name)} post-game sequence is open: commit it first.",
            field="state",
        )
    warband.state = Warband.State.RETIRED
    warband.save(update_fields=["state"])
    return warband


# --- ratings -----------------------------------------------------------------------------------


@transaction.atomic
def warband_treasury_correct(*, warband: Warband, amount: int, reason: str, actor) -> int:
    """The organiser's correction of a treasury, and the team rating (C11) recalculated from
    it, in one transaction: if the recalculation fails the correction is not saved either, so
    the organiser never sees an error for a change that was in fact made (and then repeats
    it). Returns the new rating."""
    treasury_change(
        warband=warband, amount=amount, actor=actor, reason=f"Organiser's correction: {reason}"
    )
    return warband_recalculate_rating(warband=warband)


def warband_recalculate_rating(*, warband: Warband) -> int:
    """Recalculate one warband's team rating (C11) now, in this transaction."""
    rating = ratings.warbands_recalculate(warband_ids=[warband.pk])[warband.pk]
    warband.rating, warband.rating_stale = rating, False
    return rating
