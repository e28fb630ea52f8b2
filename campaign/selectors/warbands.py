"""Reads that need care: prefetching so a page costs the same queries for 1 or 15 figures."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet, prefetch_related_objects

from campaign.models import Campaign, EquipmentPiece, Figure, Warband
from campaign.rules.book import RuleBook
from campaign.rules.factions import FACTIONS, SPECIALISTS, item_name
from campaign.rules.injuries import LASTING_INJURIES, injury_key
from campaign.rules.skills import SKILLS
from campaign.rules.warband import FigureDraft, attribute_modifiers, check_warband, movement
from campaign.selectors.house_rules import rulebook_for

ROSTER_PREFETCH = (
    Prefetch("figures", queryset=Figure.objects.prefetch_related("equipment")),
    Prefetch("equipment", queryset=EquipmentPiece.objects.filter(figure__isnull=True)),
    "ledger",
    "campaign__house_rules",  # the rules in force, for the cards' injury effects (C31)
)


# A roster read on its own (load_roster: a cached page's miss, the roster page's or the API's
# warband): every piece of the warband in one query, dealt to its figures and its storage here
# (ROSTER_PREFETCH reads them in two: the figures' pieces, then storage). By id either way.
LOADED_ROSTER_PREFETCH = (
    "figures",
    Prefetch("equipment", to_attr="all_pieces"),
    "ledger",
    "campaign__house_rules",
)


def warbands_with_roster() -> QuerySet[Warband]:
    """Warbands with everything the roster shows, in a fixed number of queries."""
    return Warband.objects.select_related("campaign", "owner").prefetch_related(*ROSTER_PREFETCH)


def load_roster(warband: Warband) -> Warband:
    """The roster's rows for a warband fetched without them (a cached page's miss)."""
    prefetch_related_objects([warband], *LOADED_ROSTER_PREFETCH)
    return warband


def campaign_warbands(campaign: Campaign) -> QuerySet[Warband]:
    """The active list: drafts and founded warbands (retired ones are listed apart)."""
    return (
        campaign.warbands.exclude(state=Warband.State.RETIRED)
        .select_related("owner")
        .order_by("name")
    )


def retired_warbands(campaign: Campaign) -> QuerySet[Warband]:
    return campaign.warbands.filter(state=Warband.State.RETIRED).select_related("owner")


@dataclass(frozen=True)
class FigureCard:
    """A figure as the roster, the print card and the API show it."""

    figure: Figure
    profile_name: str
    movement: str
    melee: int
    shooting: int
    morale: int
    skills: list[tuple[str, str, str]]  # key, name, effect
    injuries: list[tuple[str, str]]  # stored entry, words
    equipment: list[tuple[str, str, int]]  # key, name, price
    equipment_total: int
    specialist_rule: str


def figure_card(
    figure: Figure, book: RuleBook | None = None, carried: list[EquipmentPiece] | None = None
) -> FigureCard:
    """The card's numbers with the injury effects of the campaign's rules in force (C14, C31).
    `carried`: the figure's pieces as the roster read them (else its own equipment)."""
    book = book or rulebook_for(figure.warband.campaign)
    special = SPECIALISTS.get(figure.specialist)
    mods = attribute_modifiers(figure.increases, figure.injuries, book)
    carried = figure.equipment.all() if carried is None else carried
    pieces = [(p.key, item_name(p.key), p.price) for p in carried]
    profile = FACTIONS[figure.warband.faction].profile(figure.profile)
    return FigureCard(
        figure=figure,
        profile_name=special.name if special else (profile.name if profile else figure.profile),
        movement=movement(
            figure.status,
            figure.injuries,
            non_combatant=bool(special and special.non_combatant),
            book=book,
        ),
        melee=mods["melee"],
        shooting=mods["shooting"],
        morale=mods["morale"],
        skills=[(k, SKILLS[k].name, SKILLS[k].effect) for k in figure.skills if k in SKILLS],
        injuries=[(i, _injury_words(i)) for i in figure.injuries],
        equipment=pieces,
        equipment_total=sum(price for _, _, price in pieces),
        specialist_rule=special.rule if special else "",
    )


def _injury_words(entry: str) -> str:
    key = injury_key(entry)
    words = LASTING_INJURIES.get(key, key.replace("_", " ").capitalize())
    if ":" in entry:
        words = f"{words} ({entry.split(':', 1)[1]})"
    return words


def roster_cards(warband: Warband) -> list[FigureCard]:
    """Cards for every figure, from the prefetched rows (see warbands_with_roster)."""
    book = rulebook_for(warband.campaign)  # once for the roster
    pieces = getattr(warband, "all_pieces", None)  # load_roster's
    if pieces is None:
        return [figure_card(f, book) for f in warband.figures.all()]
    carried: dict[int, list[EquipmentPiece]] = {}
    for piece in pieces:
        if piece.figure_id is not None:
            carried.setdefault(piece.figure_id, []).append(piece)
    return [figure_card(f, book, carried.get(f.id, [])) for f in warband.figures.all()]


def storage(warband: Warband) -> list[EquipmentPiece]:
    pieces = getattr(warband, "all_pieces", None)  # load_roster's, or ROSTER_PREFETCH's storage
    return [
        p for p in (warband.equipment.all() if pieces is None else pieces) if p.figure_id is None
    ]


def draft_check(warband: Warband):
    """C2-C5 against a draft's prefetched figures: cost, treasury left and every broken rule."""
    drafts = [
        FigureDraft(f.name, f.profile, tuple(p.key for p in f.equipment.all()))
        for f in warband.figures.all()
    ]
    book = rulebook_for(warband.campaign)  # C31: the campaign's costs, limits and budget
    return check_warband(warband.faction, drafts, book.budget, book)
