"""The campaign's chronicle: for each confirmed game, in order, an entry written from the records.

Every statement is built from a stored record and links to it: the game report, the committed
post-game sequences (the sheet at confirmation, the result applied and the replayed log, whose
treasury moves are the ledger's lines one for one), captives ransomed or sold afterwards, the
corrections made since, the rating points and the league's record. Nothing is typed twice, so
the chronicle agrees with the ledger by construction (tests/campaign/test_chronicle_properties.py
proves it over random campaigns).

Players' own lines (`ChronicleLine`) are kept apart: `player_lines`, never among `statements`.
"""

from __future__ import annotations

import datetime
import logging
import re
import zlib
from collections import Counter
from dataclasses import dataclass, field

from django.core.cache import cache
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Prefetch
from django.urls import reverse

from campaign.models import (
    Battle,
    BattleFigure,
    Campaign,
    CampaignChase,
    ChronicleLine,
    Correction,
    GameFigure,
    GameReport,
    LedgerEntry,
    PostGame,
    RatingPoint,
    RollRecord,
    TableLog,
)
from campaign.rules.factions import STATUS_NAMES
from campaign.rules.injuries import LASTING_INJURIES, injury_key
from campaign.rules.postgame import captive_sale_price, prompts
from campaign.rules.skills import SKILLS
from campaign.rules.words import possessive
from campaign.selectors.games import postgame_run
from chase.engines.odds import win_odds
from chase.games import get_engine
from chase.services.sessions import session_replay

logger = logging.getLogger(__name__)

# Statement kinds, in the order an entry tells them.
RESULT = "result"
DEATH, CAPTURE, INJURY, RECOVERY = "death", "capture", "injury", "recovery"
RANSOM, CAPTIVE_SOLD = "ransom", "captive_sold"
PROMOTION, ADVANCE, EXPERIENCE = "promotion", "advance", "experience"
INCOME, SPENDING, SALE, HIRE, RECRUIT = "income", "spending", "sale", "hire", "recruit"
DEPARTURE, CORRECTION = "departure", "correction"
TURNING_POINT, ODDS_SWING = "turning_point", "odds_swing"
KINDS = (
    RESULT,
    DEATH,
    CAPTURE,
    INJURY,
    RECOVERY,
    RANSOM,
    CAPTIVE_SOLD,
    PROMOTION,
    ADVANCE,
    EXPERIENCE,
    INCOME,
    SPENDING,
    SALE,
    HIRE,
    RECRUIT,
    DEPARTURE,
    CORRECTION,
    TURNING_POINT,
    ODDS_SWING,
)
# Statements after which a figure is gone from its warband's story.
LEAVING = (DEATH, CAPTIVE_SOLD, DEPARTURE)
PIVOTAL_MOST = 3  # pivotal moments shown per game

GONE_STATES = ("dead", "sold", "departed")
# The ledger's words for lines written outside a post-game (services.postgame, .warbands).
RANSOM_PAID = "Ransom for "
TREASURY_CORRECTION = "Organiser's correction: "
OUTCOME_WORDS = {"down": "went down", "out_of_action": "was put out of action"}
RESULT_WORDS = {"won": "won", "lost": "lost", "drew": "drew"}


@dataclass(frozen=True)
class Statement:
    """One sentence of an entry and the record it comes from (`url`).

    `figures` are the ids of the figures it tells of; `warband_id` the warband whose books it
    changes; `amount` the money it moved in that warband's treasury; `ledger` every ledger
    line it tells as (warband id, amount): a ransom moves money in two treasuries;
    `experience` (figure id, experience gained) for each figure it counts."""

    text: str
    url: str
    kind: str
    figures: tuple[int, ...] = ()
    warband_id: int | None = None
    amount: int | None = None
    experience: tuple[tuple[int, int], ...] = ()
    ledger: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        if not self.ledger and self.warband_id is not None and self.amount is not None:
            object.__setattr__(self, "ledger", ((self.warband_id, self.amount),))


@dataclass(frozen=True)
class Side:
    warband_id: int
    warband_name: str
    player_name: str
    result: str  # won, lost or drew
    url: str
    rating_before: int | None = None
    rating_after: int | None = None

    @property
    def result_words(self) -> str:
        return RESULT_WORDS[self.result]


@dataclass(frozen=True)
class PlayerLine:
    """A player's own line about a game: their words, shown with their name."""

    id: int
    author: str
    author_id: int
    text: str
    when: datetime.datetime


@dataclass(frozen=True)
class LeagueMove:
    """A warband's place in the league (most games won, then by name, as the league page
    orders it), record and team rating after a game, and before it."""

    warband_id: int
    warband_name: str
    place_before: int | None
    place_after: int
    won: int
    drawn: int
    lost: int
    rating_before: int | None
    rating_after: int | None

    @property
    def text(self) -> str:
        place = ordinal(self.place_after)
        if self.place_before is None:
            moved = f"enters the league {place}"
        elif self.place_before > self.place_after:
            moved = f"rises to {place} (from {ordinal(self.place_before)})"
        elif self.place_before < self.place_after:
            moved = f"falls to {place} (from {ordinal(self.place_before)})"
        else:
            moved = f"stays {place}"
        record = f"won {self.won}, drawn {self.drawn}, lost {self.lost}"
        rating = ""
        if self.rating_after is not None and self.rating_before not in (None, self.rating_after):
            rating = f"; team rating {self.rating_before} → {self.rating_after}"
        elif self.rating_after is not None:
            rating = f"; team rating {self.rating_after}"
        return f"{self.warband_name} {moved}: {record}{rating}"


@dataclass(frozen=True)
class ChronicleEntry:
    game_id: int
    number: int  # the game's place in the campaign's order, from 1
    date: datetime.date
    title: str
    url: str
    sides: tuple[Side, ...]
    statements: tuple[Statement, ...]
    pivotal: tuple[Statement, ...] = ()
    player_lines: tuple[PlayerLine, ...] = ()
    league_after: tuple[LeagueMove, ...] = ()
    campaign_id: int = 0
    campaign_name: str = ""
    # A canoe game's swings of the odds are worked out in the background: until they are,
    # `pivotal` is empty and this is True.
    pivotal_pending: bool = False

    @property
    def winner(self) -> Side | None:
        return next((s for s in self.sides if s.result == "won"), None)

    @property
    def result_text(self) -> str:
        winner = self.winner
        if winner is None:
            return f"{self.sides[0].warband_name} and {self.sides[1].warband_name} drew."
        loser = next(s for s in self.sides if s is not winner)
        return (
            f"{winner.warband_name} ({winner.player_name}) beat "
            f"{loser.warband_name} ({loser.player_name})."
        )

    def as_text(self) -> str:
        """The entry in plain text: for a webhook message and the printed book."""
        lines = [f"Game {self.number}, {day_words(self.date)}: {self.title}", self.result_text]
        lines += [f"- {s.text}" for s in self.statements]
        if self.pivotal:
            lines.append("Turning points:")
            lines += [f"- {s.text}" for s in self.pivotal]
        if self.league_after:
            lines.append("The league after it:")
            lines += [f"- {move.text}" for move in self.league_after]
        for line in self.player_lines:
            lines.append(f"{line.author}: “{line.text}” ({day_words(line.when)})")
        return "\n".join(lines)


def ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }".replace(" ", "")


def day_words(day: datetime.date | datetime.datetime) -> str:
    """ "3 May 2025" """
    return f"{day.day} {day:%B %Y}"


def _names(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# --- reading the records -----------------------------------------------------------------------


def _games(campaign: Campaign) -> list[GameReport]:
    return list(
        GameReport.objects.confirmed()
        .filter(campaign=campaign)
        .select_related(
            "warband_a__owner",
            "warband_b__owner",
            "winner",
            "battle",
            "chase__session",
            "chase__trappers",
            "chase__indians",
        )
        .prefetch_related(
            Prefetch("figures", queryset=GameFigure.objects.select_related("figure")),
            Prefetch("postgames", queryset=PostGame.objects.select_related("warband")),
            Prefetch("chronicle_lines", queryset=ChronicleLine.objects.select_related("author")),
        )
        .order_by("played_on", "id")
    )


@dataclass
class _Records:
    """Everything the chronicle reads besides the games, fetched once per campaign."""

    campaign: Campaign
    ratings: dict[tuple[int, int], int] = field(default_factory=dict)
    corrections: list[Correction] = field(default_factory=list)
    ransoms: list[LedgerEntry] = field(default_factory=list)
    sales: list[RollRecord] = field(default_factory=list)
    treasury_corrections: list[LedgerEntry] = field(default_factory=list)

    @classmethod
    def load(cls, campaign: Campaign) -> _Records:
        ratings = {
            (p.warband_id, p.game_id): p.rating
            for p in RatingPoint.objects.filter(warband__campaign=campaign, game__isnull=False)
        }
        corrections = list(
            Correction.objects.filter(
                figure__warband__campaign=campaign, state=Correction.State.APPLIED
            )
            .select_related("figure__warband", "by")
            .order_by("applied_at", "id")
        )
        ledger = LedgerEntry.objects.filter(warband__campaign=campaign).select_related(
            "warband", "actor"
        )
        ransoms = list(
            ledger.filter(reason__startswith=RANSOM_PAID, amount__lt=0).order_by("created_at", "id")
        )
        treasury_corrections = list(
            ledger.filter(reason__startswith=TREASURY_CORRECTION).order_by("created_at", "id")
        )
        sales = list(
            RollRecord.objects.filter(warband__campaign=campaign, purpose=prompts.CAPTIVE_SALE)
            .select_related("figure")
            .order_by("created_at", "id")
        )
        return cls(campaign, ratings, corrections, ransoms, sales, treasury_corrections)


@dataclass
class _Draft:
    """An entry while it is written: statements are added by later records (settlements,
    corrections) before it is frozen."""

    game: GameReport
    number: int
    statements: list[Statement] = field(default_factory=list)
    captured: dict[int, tuple[str, int]] = field(default_factory=dict)  # figure -> (name, owner)
    committed_at: dict[int, datetime.datetime] = field(default_factory=dict)


# --- one side's post-game ----------------------------------------------------------------------

TREASURY_TAIL = re.compile(r"\s*\(treasury [^)]*\)(, .*)?$")


def _money_words(text: str, currency: str) -> str:
    """A log line without its treasury figures and the amount the statement says already:
    "Bought a Musket for Swift Otter"."""
    amount = re.compile(rf"(?:: | for ){re.escape(currency)}\d+$")
    return amount.sub("", TREASURY_TAIL.sub("", text))


def _injury_words(entry: str) -> str:
    return LASTING_INJURIES.get(injury_key(entry), entry).split(":")[0]


def _side_statements(draft: _Draft, postgame: PostGame, money) -> list[Statement]:
    """What one committed sequence changed: fates of the figures that went down, rises,
    experience, money won and spent, hires and recruits, departures."""
    game, warband = draft.game, postgame.warband
    opponent = game.warband_b if game.warband_a_id == warband.id else game.warband_a
    url = reverse("postgame", args=[postgame.id])
    roster = reverse("warband", args=[warband.id])
    result = postgame.result or {}
    before = {f["id"]: f for f in postgame.sheet.get("figures", [])}
    after = {f["id"]: f for f in result.get("warband", {}).get("figures", [])}
    new_ids = {int(old): new for old, new in result.get("new_figures", {}).items()}
    out: list[Statement] = []

    lines = {line.figure_id: line for line in game.figures.all() if line.took_part}
    for figure_id, figure in after.items():
        was = before.get(figure_id)
        if was is None:
            continue
        name = figure["name"]
        line = lines.get(figure_id)
        fell = line is not None and line.outcome in OUTCOME_WORDS
        who = f"{name} of {warband.name}"
        how = f"{who} {OUTCOME_WORDS[line.outcome]}" if fell else who
        gained = list((Counter(figure["injuries"]) - Counter(was["injuries"])).elements())
        if figure["state"] == "dead" and was["state"] != "dead":
            out.append(Statement(f"{how} and died of the wounds.", url, DEATH, (figure_id,)))
        elif figure["state"] == "captured" and was["state"] != "captured":
            draft.captured[figure_id] = (name, warband.id)
            text = f"{how} and was taken captive by {opponent.name}."
            out.append(Statement(text, url, CAPTURE, (figure_id,)))
        elif gained:
            words = _names([_injury_words(i) for i in gained])
            misses = " and misses the next game" if figure["state"] == "misses_next_game" else ""
            out.append(Statement(f"{how}: {words}{misses}.", url, INJURY, (figure_id,)))
        elif figure["state"] == "misses_next_game" and was["state"] != "misses_next_game":
            out.append(Statement(f"{how} and misses the next game.", url, INJURY, (figure_id,)))
        elif fell:
            out.append(Statement(f"{how} but recovered fully.", url, RECOVERY, (figure_id,)))
        if figure["state"] in ("departed", "sold") and was["state"] != figure["state"]:
            text = f"{name} left {warband.name}."
            out.append(Statement(text, roster, DEPARTURE, (figure_id,)))
    for figure_id, figure in after.items():
        was = before.get(figure_id)
        if was is None or figure["state"] in GONE_STATES:
            continue
        out += _rises(figure, was, url, warband.name)
    out += _experience(warband, before, after, url)
    out += _money(warband, money, new_ids, after, url)
    return out


def _rises(figure: dict, was: dict, url: str, warband: str) -> list[Statement]:
    name, figure_id = f"{figure['name']} of {warband}", figure["id"]
    out = []
    if figure["status"] != was["status"]:
        status = STATUS_NAMES.get(figure["status"], figure["status"])
        out.append(Statement(f"{name} rose to {status}.", url, PROMOTION, (figure_id,)))
    gains = []
    for attribute, value in figure.get("increases", {}).items():
        old = was.get("increases", {}).get(attribute, 0)
        if value > old:
            gains.append(f"{attribute} raised by {value - old}")
    if figure["reputation"] > was["reputation"]:
        gains.append(f"reputation {was['reputation']} → {figure['reputation']}")
    new_skills = [s for s in figure["skills"] if s not in was["skills"]]
    gains += [f"learned {SKILLS[s].name if s in SKILLS else s}" for s in new_skills]
    if gains:
        out.append(Statement(f"{name}: {_names(gains)}.", url, ADVANCE, (figure_id,)))
    return out


def _experience(warband, before: dict, after: dict, url: str) -> list[Statement]:
    gains = [
        (figure_id, figure["experience"] - before[figure_id]["experience"], figure)
        for figure_id, figure in after.items()
        if figure_id in before and figure["experience"] != before[figure_id]["experience"]
    ]
    if not gains:
        return []
    gains.sort(key=lambda g: (-g[1], g[2]["name"]))
    parts = [
        f"{f['name']} {gained:+d} ({before[i]['experience']} → {f['experience']})"
        for i, gained, f in gains
    ]
    return [
        Statement(
            f"Experience in {warband.name}: {', '.join(parts)}.",
            url,
            EXPERIENCE,
            tuple(i for i, _, _ in gains),
            warband.id,
            experience=tuple((i, gained) for i, gained, _ in gains),
        )
    ]


MONEY_KINDS = {"income_total": INCOME, "buy": SPENDING, "sell": SALE, "hire": HIRE}
MONEY_KINDS["recruit"] = RECRUIT


def _money(warband, money: list[dict], new_ids: dict, after: dict, url: str) -> list[Statement]:
    """A statement for each log entry that moved money: the ledger's lines, one for one."""
    out = []
    campaign = warband.campaign
    for entry, amount in money:
        purpose = entry.get("purpose")
        kind = MONEY_KINDS.get(purpose, SPENDING if amount < 0 else SALE)
        figure_id = entry.get("figure")
        figure_id = new_ids.get(figure_id, figure_id)
        figures = (figure_id,) if figure_id in after else ()
        words = _money_words(entry["text"], campaign.currency)
        money = campaign.money(abs(amount))
        verb, _, rest = words.partition(" ")
        if kind == INCOME:
            what = words.removeprefix("Income: ")
            text = f"{warband.name} earned {money} in income ({what})."
        elif purpose == "retainer" and figures:
            text = f"{warband.name} paid {possessive(after[figure_id]['name'])} retainer, {money}."
        elif verb in ("Bought", "Sold", "Hired", "Recruited") and rest:
            text = f"{warband.name} {verb.lower()} {rest} for {money}."
        elif amount < 0:
            text = f"{warband.name} spent {money}: {words}."
        else:
            text = f"{warband.name} took in {money}: {words}."
        out.append(Statement(text, url, kind, figures, warband.id, amount))
    return out


def _money_entries(postgame: PostGame) -> list[tuple[dict, int]]:
    """The replayed log's entries that moved the treasury, with the amount: exactly what
    services.postgame wrote to the ledger at commit."""
    run = postgame_run(postgame)
    treasury = run.sheet.treasury
    moved = []
    for entry in run.log:
        if entry["treasury"] != treasury:
            moved.append((entry, entry["treasury"] - treasury))
        treasury = entry["treasury"]
    return moved


# --- settlements and corrections made after a game ---------------------------------------------


def _settlements(drafts: list[_Draft], records: _Records) -> None:
    """Captives ransomed or sold (C16): told in the entry of the game where they were taken."""
    money = records.campaign.money
    for sale in records.sales:
        draft = _capture_draft(drafts, sale.figure_id, sale.created_at)
        if draft is None:
            continue
        name, owner = draft.captured[sale.figure_id]
        price = captive_sale_price(sale.faces[0])
        captor = _opponent(draft.game, owner)
        text = (
            f"Not ransomed, {name} was sold by {captor.name} for {money(price)} "
            f"({sale.faces[0]} × 5)."
        )
        url = reverse("warband", args=[sale.warband_id])
        draft.statements.append(
            Statement(text, url, CAPTIVE_SOLD, (sale.figure_id,), sale.warband_id, price)
        )
    for entry in records.ransoms:
        reason = entry.reason.removeprefix(RANSOM_PAID)
        for draft in reversed(drafts):
            hit = next(
                (
                    fid
                    for fid, (name, owner) in draft.captured.items()
                    if owner == entry.warband_id and reason.startswith(f"{name} paid to ")
                ),
                None,
            )
            if hit is None or _committed(draft) > entry.created_at:
                continue
            name = draft.captured[hit][0]
            captor = _opponent(draft.game, entry.warband_id)
            price = -entry.amount
            text = f"{entry.warband.name} ransomed {name} from {captor.name} for {money(price)}."
            url = reverse("warband-treasury", args=[entry.warband_id])
            ledger = ((entry.warband_id, -price), (captor.id, price))
            draft.statements.append(
                Statement(text, url, RANSOM, (hit,), entry.warband_id, -price, ledger=ledger)
            )
            break


def _opponent(game: GameReport, warband_id: int):
    return game.warband_b if game.warband_a_id == warband_id else game.warband_a


def _committed(draft: _Draft) -> datetime.datetime:
    """When the entry's game was settled: its first sequence committed."""
    return min(draft.committed_at.values())


def _capture_draft(drafts, figure_id: int, when) -> _Draft | None:
    for draft in reversed(drafts):
        if figure_id in draft.captured and _committed(draft) <= when:
            return draft
    return None


def _last_game_of(drafts: list[_Draft], warband_id: int, when) -> _Draft | None:
    """The warband's last game confirmed before `when` (None: before its first game)."""
    for draft in reversed(drafts):
        game = draft.game
        if warband_id not in (game.warband_a_id, game.warband_b_id):
            continue
        if game.confirmed_at and game.confirmed_at <= when:
            return draft
    return None


def _corrections(drafts: list[_Draft], records: _Records) -> None:
    """Each correction (C30) and each of the organiser's treasury corrections is told in the
    entry of its warband's last game before it was made: the corrections made since the game.
    One made before the warband's first game belongs to no game."""
    for correction in records.corrections:
        figure = correction.figure
        draft = _last_game_of(
            drafts, figure.warband_id, correction.applied_at or correction.created_at
        )
        if draft is None:
            continue
        who = correction.by.username if correction.by else "someone"
        text = (
            f"Corrected since: {figure.name} of {figure.warband.name}, "
            f"{correction.words} ({who}: {correction.reason})."
        )
        url = reverse("warband", args=[figure.warband_id]) + f"#figure-{figure.id}"
        levels = (correction.before.get("experience"), correction.after.get("experience"))
        experience = ()
        if all(isinstance(level, int) for level in levels):
            experience = ((figure.id, levels[1] - levels[0]),)
        draft.statements.append(
            Statement(text, url, CORRECTION, (figure.id,), experience=experience)
        )
    money = records.campaign.money
    for line in records.treasury_corrections:
        draft = _last_game_of(drafts, line.warband_id, line.created_at)
        if draft is None:
            continue
        reason = line.reason.removeprefix(TREASURY_CORRECTION)
        who = line.actor.username if line.actor else "the organiser"
        text = (
            f"Corrected since: {possessive(line.warband.name)} treasury, "
            f"{money(line.before)} → {money(line.after)} ({who}: {reason})."
        )
        url = reverse("warband-treasury", args=[line.warband_id])
        draft.statements.append(Statement(text, url, CORRECTION, (), line.warband_id, line.amount))


# --- pivotal moments --------------------------------------------------------------------------

MORALE_FAILURES = {"RT": "routs", "FB": "falls back"}  # C24's results that move a figure
FALLS = {"out_of_action": "is put out of action", "down": "goes down"}


def _leaders(lines: list[BattleFigure]) -> set[int]:
    """Each side's leader as the battle began (C24): its Hero, else its figure of highest
    reputation."""
    leaders = set()
    for warband_id in {line.figure.warband_id for line in lines}:
        side = [line.figure for line in lines if line.figure.warband_id == warband_id]
        heroes = [f for f in side if f.status == "hero"]
        leader = heroes[0] if heroes else max(side, key=lambda f: f.reputation, default=None)
        if leader is not None:
            leaders.add(leader.id)
    return leaders


def _rolled(entry: TableLog) -> str:
    """ " (rolled 1 and 1)": the faces the table's log kept."""
    faces = [str(face) for face in entry.faces or []]
    return f" (rolled {_names(faces)})" if faces else ""


def battle_turning_points(battle: Battle) -> list[Statement]:
    """The battle sheet's turning points (C23, C24): a leader down or out of action, a figure
    routed or falling back on a failed morale test; at most PIVOTAL_MOST, the gravest first
    chosen, told in the order they happened."""
    lines = list(battle.figures.select_related("figure__warband"))
    leaders = _leaders([line for line in lines if line.took_part])
    log = battle.log.filter(
        kind__in=[TableLog.Kind.LAST_WOUND, TableLog.Kind.MORALE], figure__isnull=False
    ).select_related("figure__warband")
    url = reverse("battle", args=[battle.id])
    found = []  # (gravity, log id, statement)
    for entry in log.order_by("id"):
        figure = entry.figure
        turn = f"Turn {entry.turn}: " if entry.turn else ""
        if (
            entry.kind == TableLog.Kind.LAST_WOUND
            and figure.id in leaders
            and entry.result in FALLS
        ):
            text = (
                f"{turn}{figure.name}, who led {figure.warband.name}, "
                f"{FALLS[entry.result]}{_rolled(entry)}."
            )
            gravity = 0 if entry.result == "out_of_action" else 1
        elif entry.kind == TableLog.Kind.MORALE and entry.result in MORALE_FAILURES:
            text = (
                f"{turn}{figure.name} of {figure.warband.name} fails a morale test and "
                f"{MORALE_FAILURES[entry.result]}{_rolled(entry)}."
            )
            gravity = 2 if entry.result == "RT" else 3
        else:
            continue
        found.append((gravity, entry.id, Statement(text, url, TURNING_POINT, (figure.id,))))
    chosen = sorted(found, key=lambda f: (f[0], f[1]))[:PIVOTAL_MOST]
    return [statement for _, _, statement in sorted(chosen, key=lambda f: f[1])]


# A canoe game's swings (chase.engines.odds): each replay step's odds for a spectator, from this
# many playouts (fewer than the table's thousand: a chase has a hundred steps and more), and a
# swing shown only when a side's chances moved by at least SWING_LEAST.
SWING_PLAYOUTS = 100
SWING_LEAST = 0.15


def swings_key(session) -> str:
    return f"chronicle:swings:{session.pk}:{session.version}:{SWING_PLAYOUTS}"


def chase_odds_swings(chase: CampaignChase) -> list[dict]:
    """The moves of a finished chase where a side's win odds swung most: at most
    PIVOTAL_MOST, in the order played, each {step, role, label, before, after, move}."""
    session = chase.session
    engine = get_engine(session.kind)
    sides = engine.odds_sides(session.options)
    steps = session_replay(session)
    shares = []
    for number, step in enumerate(steps):
        seed = zlib.crc32(f"{session.pk}:{number}".encode())
        odds = win_odds(engine, step.state, None, sides=sides, playouts=SWING_PLAYOUTS, seed=seed)
        shares.append(dict(odds.win))
    swings = []
    for number in range(1, len(steps)):
        move = max(abs(shares[number][s] - shares[number - 1][s]) for s in sides)
        entry = steps[number].entry
        if move >= SWING_LEAST and entry.role:
            swings.append(
                {
                    "step": number,
                    "role": entry.role,
                    "label": str((entry.action or {}).get("label") or ""),
                    "before": shares[number - 1],
                    "after": shares[number],
                    "move": move,
                }
            )
    top = sorted(swings, key=lambda s: (-s["move"], s["step"]))[:PIVOTAL_MOST]
    return sorted(top, key=lambda s: s["step"])


def swing_statements(chase: CampaignChase, swings: list[dict]) -> list[Statement]:
    """Each swing in words: the move, who made it, and its side's chances before and after."""
    out = []
    replay = reverse("chase:replay", args=[chase.session_id])
    for swing in swings:
        side = swing["role"] if swing["role"] in swing["after"] else None
        warband = chase.warband_of(swing["role"])
        label = f", “{swing['label']}”" if swing["label"] else " moved"
        chances = ""
        if side is not None:
            before, after = swing["before"][side], swing["after"][side]
            chances = f": their chances {before:.0%} → {after:.0%}"
        text = f"Move {swing['step']}: {warband.name}{label}{chances}."
        out.append(Statement(text, f"{replay}?step={swing['step']}", ODDS_SWING))
    return out


# --- the league --------------------------------------------------------------------------------


def _league(drafts: list[_Draft], records: _Records) -> dict[int, tuple[LeagueMove, ...]]:
    record: dict[int, list[int]] = {}  # warband -> [won, drawn, lost]
    names: dict[int, str] = {}
    rating: dict[int, int] = {}
    places: dict[int, int] = {}
    moves: dict[int, tuple[LeagueMove, ...]] = {}
    for draft in drafts:
        game = draft.game
        before_rating = {}
        for warband, start in (
            (game.warband_a, game.rating_a_before),
            (game.warband_b, game.rating_b_before),
        ):
            names[warband.id] = warband.name
            line = record.setdefault(warband.id, [0, 0, 0])
            if game.winner_id is None:
                line[1] += 1
            elif game.winner_id == warband.id:
                line[0] += 1
            else:
                line[2] += 1
            before_rating[warband.id] = start  # stored at confirmation (C9)
            after = records.ratings.get((warband.id, game.id))
            if after is not None:
                rating[warband.id] = after
        order = sorted(record, key=lambda w: names[w].casefold())
        order.sort(key=lambda w: -record[w][0])
        now = {w: place for place, w in enumerate(order, start=1)}
        sides = (game.warband_a_id, game.warband_b_id)
        moved = [w for w in order if w in sides or places.get(w) != now[w]]
        moves[game.id] = tuple(
            LeagueMove(
                warband_id=w,
                warband_name=names[w],
                place_before=places.get(w),
                place_after=now[w],
                won=record[w][0],
                drawn=record[w][1],
                lost=record[w][2],
                rating_before=before_rating.get(w, rating.get(w)),
                rating_after=rating.get(w),
            )
            for w in moved
        )
        places = now
    return moves


# --- the entries -------------------------------------------------------------------------------


def _sides(game: GameReport, records: _Records) -> tuple[Side, ...]:
    sides = []
    for warband, start in (
        (game.warband_a, game.rating_a_before),
        (game.warband_b, game.rating_b_before),
    ):
        if game.winner_id is None:
            result = "drew"
        else:
            result = "won" if game.winner_id == warband.id else "lost"
        sides.append(
            Side(
                warband_id=warband.id,
                warband_name=warband.name,
                player_name=warband.owner.username,
                result=result,
                url=reverse("warband", args=[warband.id]),
                rating_before=start,
                rating_after=records.ratings.get((warband.id, game.id)),
            )
        )
    return tuple(sides)


def _draft(game: GameReport, number: int, records: _Records) -> _Draft:
    draft = _Draft(game, number)
    postgames = sorted(
        (p for p in game.postgames.all() if p.status == PostGame.Status.COMMITTED),
        key=lambda p: 0 if p.warband_id == game.winner_id else 1,
    )
    for postgame in postgames:
        draft.committed_at[postgame.warband_id] = postgame.committed_at
        # The rating point after the game is the commit's rating (services.ratings), read from
        # the sequence until the recalculation job has written it.
        rated = (postgame.result or {}).get("rating")
        if isinstance(rated, int):
            records.ratings.setdefault((postgame.warband_id, game.id), rated)
        try:
            money = _money_entries(postgame)
        except Exception:  # noqa: BLE001 - a stuck sequence must not hide the whole chronicle
            logger.exception("Post-game %s does not replay for the chronicle", postgame.pk)
            money = []
        draft.statements += _side_statements(draft, postgame, money)
    return draft


def _pivotal(game: GameReport) -> list[Statement] | None:
    """The battle sheet's turning points when the game was played on one; for a canoe game,
    the moves where a side's chances swung most (None while they are being worked out)."""
    try:
        battle = game.battle
    except ObjectDoesNotExist:
        battle = None
    if battle is not None:
        return battle_turning_points(battle)
    try:
        chase = game.chase
    except ObjectDoesNotExist:
        return []
    if not chase.session.is_finished:
        return []
    # Worked out once per chase, in the background (services.chronicle.chase_swings_ask): read
    # here from the cache, None until then.
    swings = cache.get(swings_key(chase.session))
    return None if swings is None else swing_statements(chase, swings)


def player_lines(game: GameReport) -> tuple[PlayerLine, ...]:
    """The players' lines under one game's entry, oldest first."""
    lines = ChronicleLine.objects.filter(game=game).select_related("author")
    return tuple(_player_line(line) for line in lines)


def _player_line(line: ChronicleLine) -> PlayerLine:
    return PlayerLine(line.id, line.author.username, line.author_id, line.text, line.created_at)


def _entry(draft: _Draft, records: _Records, league: dict) -> ChronicleEntry:
    game = draft.game
    order = {kind: place for place, kind in enumerate(KINDS)}
    statements = sorted(draft.statements, key=lambda s: order[s.kind])
    pivotal = _pivotal(game)
    return ChronicleEntry(
        game_id=game.id,
        number=draft.number,
        date=game.played_on,
        title=f"{game.warband_a.name} v {game.warband_b.name}",
        url=reverse("game", args=[game.id]),
        sides=_sides(game, records),
        statements=tuple(statements),
        pivotal=tuple(pivotal or ()),
        pivotal_pending=pivotal is None,
        player_lines=tuple(_player_line(line) for line in game.chronicle_lines.all()),
        league_after=league.get(game.id, ()),
        campaign_id=records.campaign.id,
        campaign_name=records.campaign.name,
    )


def campaign_chronicle(campaign: Campaign) -> list[ChronicleEntry]:
    """Every confirmed game's entry, in the order the games were played."""
    records = _Records.load(campaign)
    games = _games(campaign)
    drafts = [_draft(game, number, records) for number, game in enumerate(games, start=1)]
    _settlements(drafts, records)
    _corrections(drafts, records)
    league = _league(drafts, records)
    return [_entry(draft, records, league) for draft in drafts]


def chronicle_entry(game: GameReport) -> ChronicleEntry | None:
    """One game's entry (None unless the game is confirmed). The league's movement after it
    needs the games before it, so the campaign's chronicle is read up to it."""
    for entry in campaign_chronicle(game.campaign):
        if entry.game_id == game.id:
            return entry
    return None


def entry_figures(entry: ChronicleEntry) -> set[int]:
    """Every figure an entry's statements tell of."""
    return {figure for s in entry.statements for figure in s.figures}
