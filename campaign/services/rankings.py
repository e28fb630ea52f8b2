"""Player rankings: Glicko-2 over a campaign's confirmed games, rebuilt whole every time.

The `glicko2` package (its `Player` class) does the arithmetic of Glickman's paper. Choices:

* A rating period is one club day: every confirmed game with the same `played_on` date is rated
  together, each player against the ratings their opponents held before that day (the paper's
  worked example is three games in one period). Days are taken in date order; a day with no game
  in the campaign is not a period.
* A player who sits out a period loses certainty: the deviation grows as the paper's step 6
  says (sqrt(RD² + σ²) per period), applied when the player next plays and, at the end, up to
  the campaign's last period. It never goes above 350, the deviation of a new player.
* Each game's two players are the owners of the two warbands; a win scores 1, a draw 0.5. A game
  between two warbands of one player is left out (nobody is ranked against themself).
* Everyone starts at 1500, deviation 350, volatility 0.06; the system constant τ is 0.5 (the
  library's).

A game confirmed, edited (date, sides, winner) or withdrawn changes every later period, so the
rankings are always rebuilt from scratch in one transaction: an edit never leaves a stale one.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import groupby

import glicko2
from django.db import transaction

from campaign.models import GameReport, Ranking
from campaign.services.jobs import lock_campaign

START_RATING, START_DEVIATION, START_VOLATILITY = 1500.0, 350.0, 0.06
MAX_DEVIATION = 350.0
SCALE = 173.7178  # Glicko-2's scale factor (the paper's 173.7178)


class GlickoPlayer(glicko2.Player):
    """glicko2's Player with step 5 as the paper writes it.

    glicko2 2.1.0's `_f` uses the player's rating μ where Glickman's f(x) has the deviation φ
    (φ² in both places). At a rating of 1500 μ is 0, so the paper's worked example comes out
    right, but any other player's new volatility is off. This is the paper's f(x).
    """

    def _f(self, x, delta, v, a):
        phi2 = self._Player__rd**2
        ex = math.exp(x)
        return ex * (delta**2 - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2) - (x - a) / self._tau**2


@dataclass(frozen=True)
class Result:
    """One rated game: `score_a` is 1 if player a won, 0.5 for a draw, 0 if b won."""

    game: int
    a: int
    b: int
    score_a: float


@dataclass
class Standing:
    rating: float
    deviation: float
    volatility: float
    games: int = 0
    history: list[list[float]] = field(default_factory=list)  # [game id, rating, deviation]
    last_period: int | None = None

    def player(self) -> GlickoPlayer:
        return GlickoPlayer(self.rating, self.deviation, self.volatility)

    def sit_out(self, periods: int) -> None:
        """Step 6 of the paper for each period without a game (σ does not change then)."""
        if periods > 0:
            grown = math.sqrt(self.deviation**2 + periods * (self.volatility * SCALE) ** 2)
            self.deviation = min(grown, MAX_DEVIATION)


def rate_periods(
    periods: Sequence[Iterable[Result]],
    start: dict[int, tuple[float, float, float]] | None = None,
) -> dict[int, Standing]:
    """Glicko-2 over rating periods in order; `start` gives players' (rating, RD, volatility)
    before the first period (default 1500, 350, 0.06). Pure: no database."""
    start = start or {}
    standings: dict[int, Standing] = {}
    for index, results in enumerate(periods):
        results = list(results)
        opponents: dict[int, list[tuple[int, float]]] = defaultdict(list)
        for result in results:
            opponents[result.a].append((result.b, result.score_a))
            opponents[result.b].append((result.a, 1 - result.score_a))
        for who in opponents:
            if who not in standings:
                initial = start.get(who, (START_RATING, START_DEVIATION, START_VOLATILITY))
                standings[who] = Standing(*initial)
            standing = standings[who]
            if standing.last_period is not None:
                standing.sit_out(index - standing.last_period - 1)
        before = {who: (standings[who].rating, standings[who].deviation) for who in opponents}
        last_game = {}
        for result in results:
            last_game[result.a] = last_game[result.b] = result.game
        for who, games in opponents.items():
            standing = standings[who]
            player = standing.player()
            player.update_player(
                [before[other][0] for other, _ in games],
                [before[other][1] for other, _ in games],
                [score for _, score in games],
            )
            standing.rating, standing.deviation, standing.volatility = (
                player.rating,
                player.rd,
                player.vol,
            )
            standing.games += len(games)
            standing.last_period = index
            standing.history.append([last_game[who], round(player.rating, 2), round(player.rd, 2)])
    for standing in standings.values():  # uncertainty grows up to the campaign's last period
        standing.sit_out(len(periods) - 1 - standing.last_period)
    return standings


def campaign_periods(campaign_id: int) -> list[list[Result]]:
    """The campaign's confirmed games as rating periods: one per date, games in id order."""
    games = (
        GameReport.objects.confirmed()
        .filter(campaign_id=campaign_id)
        .order_by("played_on", "pk")
        .values_list(
            "pk",
            "played_on",
            "warband_a_id",
            "warband_a__owner_id",
            "warband_b__owner_id",
            "winner_id",
        )
    )
    periods = []
    for _, day in groupby(games, key=lambda row: row[1]):
        results = []
        for pk, _, warband_a, owner_a, owner_b, winner in day:
            if owner_a == owner_b:
                continue
            score = 0.5 if winner is None else (1.0 if winner == warband_a else 0.0)
            results.append(Result(pk, owner_a, owner_b, score))
        if results:
            periods.append(results)
    return periods


@transaction.atomic
def rankings_rebuild(*, campaign_id: int) -> int:
    """Rebuild every Ranking of the campaign from its confirmed games; returns how many players.

    The campaign row is locked first, so two rebuilds run one after the other and the later one
    reads the later games. Players with no rated game left lose their ranking.
    """
    lock_campaign(campaign_id)
    standings = rate_periods(campaign_periods(campaign_id))
    Ranking.objects.filter(campaign_id=campaign_id).exclude(user_id__in=list(standings)).delete()
    rows = [
        Ranking(
            campaign_id=campaign_id,
            user_id=user_id,
            rating=s.rating,
            deviation=s.deviation,
            volatility=s.volatility,
            games=s.games,
            history=s.history,
        )
        for user_id, s in standings.items()
    ]
    Ranking.objects.bulk_create(
        rows,
        batch_size=500,
        update_conflicts=True,
        unique_fields=["campaign", "user"],
        update_fields=["rating", "deviation", "volatility", "games", "history", "updated_at"],
    )
    return len(rows)
