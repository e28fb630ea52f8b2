"""The campaign book's contents, read once and handed to the PDF as plain data (campaign.book_pdf
draws it, knowing no model): the cover, the league table, each warband's roster cards, the
chronicle and each warband's rating after each game.

A fixed number of queries whatever the campaign's size, but for the chronicle's own.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date

from django.db.models import Max, Min

from campaign.models import Campaign, GameReport, RatingPoint, Warband
from campaign.rules.factions import STATUS_NAMES
from campaign.selectors.chronicle import campaign_chronicle, day_words
from campaign.selectors.league import league_rows
from campaign.selectors.warbands import roster_cards, warbands_with_roster


@dataclass(frozen=True)
class CardLine:
    label: str
    value: str


@dataclass(frozen=True)
class Card:
    """One figure's roster card, as the print cards show it (templates/campaign/print.html)."""

    name: str
    lines: list[CardLine]


@dataclass(frozen=True)
class WarbandPages:
    name: str
    faction: str
    player: str
    rating: int
    treasury: str
    games: int
    retired: bool
    cards: list[Card]
    former: list[str]  # "Name (dead)" for those who left the roster


@dataclass(frozen=True)
class LeagueLine:
    position: int
    warband: str
    player: str
    played: int
    won: int
    drawn: int
    lost: int
    rating: int
    ranking: str  # "1523" or "" (no ranking yet)


@dataclass(frozen=True)
class ChronicleSide:
    warband: str
    player: str
    result: str


@dataclass(frozen=True)
class ChronicleItem:
    """A chronicle entry as the book prints it (campaign.selectors.chronicle)."""

    title: str
    date: date | None
    sides: list[ChronicleSide]
    statements: list[str]
    pivotal: str = ""
    league: str = ""  # the league after the game
    player_lines: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class RatingLine:
    warband: str
    points: list[tuple[int, int]]  # (game number in the campaign, team rating after it)


@dataclass(frozen=True)
class BookContents:
    name: str
    organiser: str
    begun: date
    closed: date | None
    first_game: date | None
    last_game: date | None
    games: int
    league: list[LeagueLine]
    warbands: list[WarbandPages]
    chronicle: list[ChronicleItem]
    ratings: list[RatingLine]


def _card(card) -> Card:
    f = card.figure
    at_the_table = []
    if f.state != "active":
        at_the_table.append(f.get_state_display())
    if card.injuries:
        n = len(card.injuries)
        at_the_table.append(f"{n} lasting injur{'y' if n == 1 else 'ies'}")
    lines = [CardLine("Profile", card.profile_name)]
    if at_the_table:
        lines.append(CardLine("At the table", "; ".join(at_the_table)))
    lines += [
        CardLine("Status", STATUS_NAMES.get(f.status, f.status)),
        CardLine("Reputation", str(f.reputation)),
        CardLine(
            "Movement",
            f"{card.movement}   {card.shooting:+d} shooting   {card.melee:+d} melee   "
            f"{card.morale:+d} morale",
        ),
        CardLine(
            f"Weapons total = {card.equipment_total}",
            ", ".join(f"{name} ({price})" for _, name, price in card.equipment) or "none",
        ),
        CardLine("Experience", f"Starting level = {f.experience_start}   Current = {f.experience}"),
    ]
    if card.injuries:
        lines.append(CardLine("Wounds and injuries", "; ".join(w for _, w in card.injuries)))
    skills = [f"{name}: {effect}" for _, name, effect in card.skills]
    if card.specialist_rule:
        skills.append(card.specialist_rule)
    if skills:
        lines.append(CardLine("Skills", "\n".join(skills)))
    name = f.name + (f" ({f.get_specialist_display()})" if f.specialist else "")
    return Card(name=name, lines=lines)


def _warband_pages(warband: Warband) -> WarbandPages:
    cards = roster_cards(warband)
    return WarbandPages(
        name=warband.name,
        faction=warband.faction_rules.name,
        player=str(warband.owner),
        rating=warband.rating,
        treasury=warband.campaign.money(warband.treasury),
        games=warband.games_played,
        retired=warband.state == Warband.State.RETIRED,
        cards=[_card(c) for c in cards if c.figure.on_roster],
        former=[
            f"{c.figure.name} ({c.figure.get_state_display().lower()})"
            for c in cards
            if not c.figure.on_roster
        ],
    )


def _rating_lines(campaign: Campaign, warbands: list[Warband]) -> list[RatingLine]:
    numbers = {
        pk: n
        for n, pk in enumerate(
            GameReport.objects.confirmed()
            .filter(campaign=campaign)
            .order_by("played_on", "pk")
            .values_list("pk", flat=True),
            start=1,
        )
    }
    points = defaultdict(list)
    rows = RatingPoint.objects.filter(warband__campaign=campaign, game__isnull=False)
    for warband_id, game_id, rating in rows.values_list("warband_id", "game_id", "rating"):
        if game_id in numbers:
            points[warband_id].append((numbers[game_id], rating))
    return [RatingLine(w.name, sorted(points[w.pk])) for w in warbands if points[w.pk]]


def _chronicle(campaign: Campaign) -> list[ChronicleItem]:
    """The chronicle's entries, in game order (campaign.selectors.chronicle), as printed: the
    result and what followed, the turning points, the league after, the players' own lines."""
    items = []
    for entry in campaign_chronicle(campaign):
        statements = [entry.result_text, *(s.text for s in entry.statements)]
        league = "; ".join(move.text for move in entry.league_after)
        items.append(
            ChronicleItem(
                title=f"Game {entry.number}: {entry.title}",
                date=entry.date,
                sides=[
                    ChronicleSide(side.warband_name, side.player_name, side.result_words)
                    for side in entry.sides
                ],
                statements=statements,
                pivotal=" ".join(s.text for s in entry.pivotal),
                league=f"The league after it: {league}." if league else "",
                player_lines=[
                    f"{line.author}: “{line.text}” ({day_words(line.when)})"
                    for line in entry.player_lines
                ],
            )
        )
    return items


def book_contents(campaign: Campaign) -> BookContents:
    """Everything the book prints, for the campaign as it stands now."""
    league = league_rows(campaign)
    warbands = list(
        warbands_with_roster()
        .filter(campaign=campaign)
        .exclude(state=Warband.State.DRAFT)
        .order_by("name", "pk")
    )
    # Active warbands first, the retired after them (their cards kept for the record).
    warbands.sort(key=lambda w: w.state == Warband.State.RETIRED)
    games = GameReport.objects.confirmed().filter(campaign=campaign)
    span = games.aggregate(first=Min("played_on"), last=Max("played_on"))
    return BookContents(
        name=campaign.name,
        organiser=str(campaign.organiser),
        begun=campaign.created_at.date(),
        closed=campaign.closed_at.date() if campaign.closed_at else None,
        first_game=span["first"],
        last_game=span["last"],
        games=games.count(),
        league=[
            LeagueLine(
                position=n,
                warband=row.warband.name,
                player=str(row.player),
                played=row.played,
                won=row.won,
                drawn=row.drawn,
                lost=row.lost,
                rating=row.rating,
                ranking=str(round(row.ranking.rating)) if row.ranking else "",
            )
            for n, row in enumerate(league, start=1)
        ],
        warbands=[_warband_pages(w) for w in warbands],
        chronicle=_chronicle(campaign),
        ratings=_rating_lines(campaign, warbands),
    )
