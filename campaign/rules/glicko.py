"""Glicko-2, as Mark Glickman's paper "Example of the Glicko-2 system" (2013) writes it.

Plain functions on plain numbers, no Django: `rate` is the paper's steps 2 to 8 for one player
over one rating period, `sit_out` its step 6 for a period without a game, and `rate_periods`
the campaign's use of them (below). The paper's worked example (a 1500 player, RD 200, beats a
1400 and loses to a 1550 and a 1700 in one period) gives 1464.06, RD 151.52, σ 0.05999.

The campaign's choices:

* A rating period is one club day: every confirmed game with the same date is rated together,
  each player against the ratings their opponents held before that day (the paper's worked
  example is three games in one period). Days are taken in date order; a day with no game in
  the campaign is not a period.
* A player who sits out a period loses certainty: the deviation grows as step 6 says
  (sqrt(RD² + σ²) per period), applied when the player next plays and, at the end, up to the
  campaign's last period. It never goes above 350, the deviation of a new player.
* Everyone starts at 1500, deviation 350, volatility 0.06; the system constant τ is 0.5.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

SCALE = 173.7178  # step 2: the Glicko-2 scale (r - 1500) / 173.7178
TAU = 0.5  # the system constant: how far the volatility may move in a period
EPSILON = 0.000001  # step 5's convergence tolerance
START_RATING, START_DEVIATION, START_VOLATILITY = 1500.0, 350.0, 0.06
MAX_DEVIATION = 350.0


@dataclass(frozen=True)
class Rating:
    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


def g(phi: float) -> float:
    """Step 3's g(φ): how much an opponent's uncertainty dampens what a game says."""
    return 1 / math.sqrt(1 + 3 * phi**2 / math.pi**2)


def expected(mu: float, mu_j: float, phi_j: float) -> float:
    """Step 3's E(μ, μj, φj): the expected score against opponent j."""
    return 1 / (1 + math.exp(-g(phi_j) * (mu - mu_j)))


def new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float = TAU) -> float:
    """Step 5: σ' by the Illinois algorithm on the paper's f(x)."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rate(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """Steps 2-8: the player's rating after one period of `games`, each (opponent as rated
    before the period, score 1 / 0.5 / 0). At least one game; see `sit_out` for none."""
    mu, phi = (player.rating - 1500) / SCALE, player.deviation / SCALE
    opponents = [((o.rating - 1500) / SCALE, o.deviation / SCALE, s) for o, s in games]
    scores = [expected(mu, mu_j, phi_j) for mu_j, phi_j, _ in opponents]
    v = 1 / sum(
        g(phi_j) ** 2 * e * (1 - e) for (_, phi_j, _), e in zip(opponents, scores, strict=True)
    )
    improvement = sum(
        g(phi_j) * (s - e) for (_, phi_j, s), e in zip(opponents, scores, strict=True)
    )
    sigma = new_volatility(phi, player.volatility, v * improvement, v, tau)
    phi_star = math.sqrt(phi**2 + sigma**2)
    phi_new = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    mu_new = mu + phi_new**2 * improvement
    return Rating(SCALE * mu_new + 1500, SCALE * phi_new, sigma)


def sit_out(deviation: float, volatility: float, periods: int = 1) -> float:
    """Step 6 for each period without a game (σ does not change then), capped at 350."""
    if periods <= 0:
        return deviation
    grown = math.sqrt(deviation**2 + periods * (volatility * SCALE) ** 2)
    return min(grown, MAX_DEVIATION)


# --- the campaign's rating periods -------------------------------------------------------------


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

    def sit_out(self, periods: int) -> None:
        self.deviation = sit_out(self.deviation, self.volatility, periods)


def rate_periods(
    periods: Sequence[Iterable[Result]],
    start: dict[int, tuple[float, float, float]] | None = None,
) -> dict[int, Standing]:
    """Glicko-2 over rating periods in order; `start` gives players' (rating, RD, volatility)
    before the first period (default 1500, 350, 0.06)."""
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
        before = {who: Rating(standings[who].rating, standings[who].deviation) for who in opponents}
        last_game = {}
        for result in results:
            last_game[result.a] = last_game[result.b] = result.game
        for who, games in opponents.items():
            standing = standings[who]
            new = rate(
                Rating(standing.rating, standing.deviation, standing.volatility),
                [(before[other], score) for other, score in games],
            )
            standing.rating, standing.deviation, standing.volatility = (
                new.rating,
                new.deviation,
                new.volatility,
            )
            standing.games += len(games)
            standing.last_period = index
            standing.history.append([last_game[who], round(new.rating, 2), round(new.deviation, 2)])
    for standing in standings.values():  # uncertainty grows up to the campaign's last period
        standing.sit_out(len(periods) - 1 - standing.last_period)
    return standings
