"""Reads for the league page: the table, the charts and a warband's rating history.

Each is a fixed number of queries whatever the size of the campaign: the table is four (warbands,
two aggregates over the confirmed games, rankings), each chart two.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, F, Q

from campaign.models import Campaign, GameReport, Ranking, RatingPoint, Warband
from core.content_version import campaign_scope
from core.models import Job

# --- the league table --------------------------------------------------------------------------

# Column key -> (header, short header for a phone, numeric). Numeric columns sort high first.
COLUMNS = {
    "warband": ("Warband", "Warband", False),
    "player": ("Player", "Player", False),
    "played": ("Played", "P", True),
    "won": ("Won", "W", True),
    "drawn": ("Drawn", "D", True),
    "lost": ("Lost", "L", True),
    "rating": ("Team rating", "Rating", True),
    "ranking": ("Ranking", "Rank", True),
}
DEFAULT_SORT = "-won"
# A player's ranking is called provisional until this many games: Glicko-2's deviation is
# still wide (a new player's ±700 shrinks to about ±200 after five games).
SETTLED_GAMES = 5


@dataclass
class LeagueRow:
    warband: Warband
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    ranking: Ranking | None = None

    @property
    def player(self):
        return self.warband.owner

    @property
    def rating(self) -> int:
        return self.warband.rating

    def sort_value(self, key: str):
        if key == "warband":
            return self.warband.name.casefold()
        if key == "player":
            return self.warband.owner.username.casefold()
        if key == "rating":
            return self.warband.rating
        if key == "ranking":
            return self.ranking.rating if self.ranking else float("-inf")
        return getattr(self, key)


def parse_sort(value: str | None) -> tuple[str, bool]:
    """Read `?sort=`: "-won" is ("won", True); anything unknown is the default order."""
    value = (value or "").strip()
    key = value.lstrip("-")
    if key not in COLUMNS:
        value = DEFAULT_SORT
        key = value.lstrip("-")
    return key, value.startswith("-")


def sort_links(sort: str | None) -> list[dict]:
    """The column headers: each links to its own order, and to the reverse once chosen."""
    key, descending = parse_sort(sort)
    headers = []
    for column, (label, short, numeric) in COLUMNS.items():
        if column == key:
            target = column if descending else f"-{column}"
            state = "descending" if descending else "ascending"
        else:
            target = f"-{column}" if numeric else column
            state = "none"
        headers.append(
            {
                "key": column,
                "label": label,
                "short": short,
                "numeric": numeric,
                "target": target,
                "aria": state,
            }
        )
    return headers


def league_rows(campaign: Campaign, sort: str | None = None) -> list[LeagueRow]:
    """One row per founded warband: its record in confirmed games, team rating (C11) and its
    owner's ranking (Glicko-2), in the order asked for (ties by warband name)."""
    warbands = (
        Warband.objects.filter(campaign=campaign)
        .exclude(state=Warband.State.DRAFT)
        .select_related("owner")
    )
    rows = {w.pk: LeagueRow(warband=w) for w in warbands}
    games = GameReport.objects.confirmed().filter(campaign=campaign)
    for side in ("warband_a", "warband_b"):
        record = games.values(side).annotate(
            played=Count("pk"),
            won=Count("pk", filter=Q(winner_id=F(side))),
            drawn=Count("pk", filter=Q(winner__isnull=True)),
        )
        for line in record:
            row = rows.get(line[side])
            if row is not None:
                row.played += line["played"]
                row.won += line["won"]
                row.drawn += line["drawn"]
    rankings = {r.user_id: r for r in Ranking.objects.filter(campaign=campaign)}
    for row in rows.values():
        row.lost = row.played - row.won - row.drawn
        row.ranking = rankings.get(row.warband.owner_id)
    key, descending = parse_sort(sort)
    ordered = sorted(rows.values(), key=lambda r: r.warband.name.casefold())
    return sorted(ordered, key=lambda r: r.sort_value(key), reverse=descending)


# --- charts (SVG drawn on the server) ----------------------------------------------------------

# Okabe-Ito: told apart with the common colour-vision deficiencies.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C6D31")
CHART_LINES = len(PALETTE)
WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 10, 24  # margins for the axis labels


@dataclass
class Series:
    label: str
    colour: str
    points: list[tuple[float, float]] = field(default_factory=list)  # SVG coordinates
    last: float | int | None = None

    @property
    def polyline(self) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in self.points)


@dataclass
class Chart:
    series: list[Series]
    y_ticks: list[tuple[float, str]]
    x_ticks: list[tuple[float, str]]
    games: int
    hidden: int = 0  # lines left out to keep the chart readable
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    bottom_y: int = HEIGHT - BOTTOM
    right_x: int = WIDTH - RIGHT

    @property
    def empty(self) -> bool:
        return not any(s.points for s in self.series)


def _nice_step(span: float) -> float:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if span / step <= 5:
            return step
    return 10000


def line_chart(lines: list[tuple[str, list[tuple[int, float]]]], games: int) -> Chart:
    """Lines of (game number 1..games, value) scaled into the SVG box, with axis ticks."""
    values = [v for _, points in lines for _, v in points]
    low, high = (min(values), max(values)) if values else (0, 1)
    if high - low < 1:
        low, high = low - 1, high + 1
    step = _nice_step(high - low)
    low, high = step * (low // step), step * -(-high // step)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_at(game: int) -> float:
        return LEFT + (plot_w * (game - 1) / (games - 1) if games > 1 else plot_w / 2)

    def y_at(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    series = []
    for index, (label, points) in enumerate(lines):
        line = Series(label=label, colour=PALETTE[index % len(PALETTE)])
        line.points = [(x_at(game), y_at(value)) for game, value in points]
        line.last = round(points[-1][1]) if points else None
        series.append(line)
    y_ticks = []
    tick = low
    while tick <= high:
        y_ticks.append((y_at(tick), f"{tick:g}"))
        tick += step
    x_step = max(1, _nice_step(max(games - 1, 1)))
    x_ticks = [(x_at(g), str(g)) for g in range(1, games + 1) if g == 1 or g % x_step == 0]
    return Chart(series=series, y_ticks=y_ticks, x_ticks=x_ticks, games=games)


def _game_numbers(campaign: Campaign) -> dict[int, int]:
    """Game id -> its number in the campaign (confirmed games by date, then id)."""
    ids = (
        GameReport.objects.confirmed()
        .filter(campaign=campaign)
        .order_by("played_on", "pk")
        .values_list("pk", flat=True)
    )
    return {pk: number for number, pk in enumerate(ids, start=1)}


def rating_chart(campaign: Campaign, limit: int = CHART_LINES) -> Chart:
    """Team ratings after each game, for the `limit` highest-rated warbands."""
    numbers = _game_numbers(campaign)
    top = list(
        Warband.objects.filter(campaign=campaign)
        .exclude(state=Warband.State.DRAFT)
        .order_by("-rating", "name")
        .values_list("pk", "name")
    )
    shown = top[:limit]
    points = defaultdict(list)
    for warband_id, game_id, value in RatingPoint.objects.filter(
        warband_id__in=[pk for pk, _ in shown], game__isnull=False
    ).values_list("warband_id", "game_id", "rating"):
        if game_id in numbers:
            points[warband_id].append((numbers[game_id], value))
    lines = [(name, sorted(points[pk])) for pk, name in shown]
    chart = line_chart(lines, len(numbers))
    chart.hidden = len(top) - len(shown)
    return chart


def ranking_chart(campaign: Campaign, limit: int = CHART_LINES) -> Chart:
    """Players' Glicko-2 rankings after each club day they played, the `limit` best."""
    numbers = _game_numbers(campaign)
    rankings = list(
        Ranking.objects.filter(campaign=campaign).select_related("user").order_by("-rating")
    )
    shown = rankings[:limit]
    lines = [
        (
            r.user.username,
            sorted((numbers[game], value) for game, value, *_ in r.history if game in numbers),
        )
        for r in shown
    ]
    chart = line_chart(lines, len(numbers))
    chart.hidden = len(rankings) - len(shown)
    return chart


# --- a warband's rating history ----------------------------------------------------------------


@dataclass
class HistoryLine:
    point: RatingPoint
    opponent: Warband
    result: str  # "won", "drawn" or "lost"
    change: int | None


def rating_history(warband: Warband) -> list[HistoryLine]:
    """The rating after each of its games, oldest first, with the opponent and the result."""
    points = (
        RatingPoint.objects.filter(warband=warband, game__isnull=False)
        .select_related("game__warband_a", "game__warband_b")
        .order_by("game__played_on", "game_id")
    )
    lines, previous = [], None
    for point in points:
        game = point.game
        opponent = game.warband_b if game.warband_a_id == warband.pk else game.warband_a
        if game.winner_id is None:
            result = "drawn"
        else:
            result = "won" if game.winner_id == warband.pk else "lost"
        change = None if previous is None else point.rating - previous
        lines.append(HistoryLine(point=point, opponent=opponent, result=result, change=change))
        previous = point.rating
    return lines


def sparkline(values: list[int], width: int = 160, height: int = 40) -> str:
    """SVG polyline points for a small chart of `values` (empty for fewer than two)."""
    if len(values) < 2:
        return ""
    low, high = min(values), max(values)
    span = (high - low) or 1
    step = (width - 4) / (len(values) - 1)
    return " ".join(
        f"{2 + i * step:.1f},{2 + (height - 4) * (high - v) / span:.1f}"
        for i, v in enumerate(values)
    )


# --- jobs --------------------------------------------------------------------------------------


def latest_job(campaign: Campaign, kind: str) -> Job | None:
    jobs = Job.objects.filter(scope=campaign_scope(campaign.id), kind=kind)
    return jobs.order_by("-created_at", "-pk").first()
