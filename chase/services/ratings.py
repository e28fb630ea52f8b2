"""Ratings of the canoe games: openskill's Plackett-Luce model over every rated finished game of
a kind, applied one game at a time as games finish.

What counts (docs/playing/ratings.md): a finished game that is not hot-seat, with at least one
signed-in player placed in it, where every human seat was taken by an account, no account held
two seats and no two accounts sat down from the same address. Computer seats are rated too, as
one "Computer" per kind: each computer seat placed on its own is an opponent of its own with the
Computer's rating, and the Computer's rating moves once per game (`rate_game`). The finishing
order of each game is its engine's `finishing_order` (`chase.engines.standings`); a rating is
shown as mu - 3 sigma.

Two entry points for the rest of the app:

- `ratings_after_finish(session)` (`ratings_game_finished(session_id=...)` in the worker): this
  game finished, apply its result to the current ratings. Cheap: a few rows, whatever the
  number of games already rated.
- `ratings_history_changed(kind=...)` (`ratings_rebuild(kind=...)` in the worker): the past
  changed (a game withdrawn or corrected, a guest's seats now an account's), rebuild the kind.

A game applied after one that finished later than it (two games finishing at once, their tasks
taken in the other order) is not applied on top: the kind is rebuilt instead, so the rows are
always those of rating the games in the order they finished, as a rebuild gives.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from openskill.models import PlackettLuce

from chase.games import get_engine, registry
from chase.models import GameSession, RatedPlace, Rating, RatingBoard, Seat
from core.queue import send

COMPUTER = None  # the user key of the shared "Computer" rating
RATINGS_TASK = "chase.ratings_rebuild"  # chase.tasks.ratings_task, sent by name (core.queue)
UPDATE_TASK = "chase.ratings_update"  # chase.tasks.ratings_update_task


def rating_model() -> PlackettLuce:
    """openskill's defaults (mu 25, sigma 25/3): the tests rate with the same model."""
    return PlackettLuce()


# --- what counts -------------------------------------------------------------------------------


def rated_verdict(session: GameSession, seats: list[Seat] | None = None) -> tuple[bool, str]:
    """Whether this game is (or, once every seat is taken, will be) rated, and why in words.

    Hot-seat games never count; otherwise every human seat must be an account's, no account
    may hold two seats and no two accounts may have sat down from the same address. A seat
    still free is not held against the game yet. A finished game counts only when a signed-in
    player is placed in it (an abstract chase's game master is not). A game with a computer
    seat counts only at the normal computer level (the Computer's rating is its normal play's)."""
    if session.mode == GameSession.Mode.HOTSEAT:
        return False, "Not rated: hot-seat games never count."
    if session.abandoned:
        return False, "Not rated: the game was ended as abandoned."
    seats = session.seat_list() if seats is None else seats
    humans = [s for s in seats if not s.is_computer]
    if not humans:
        return False, "Not rated: no signed-in player plays in it, only the computer."
    level = session.computer_level
    if level != GameSession.ComputerLevel.NORMAL and len(humans) < len(seats):
        # One Computer rating per kind, earned by its normal play: an easy or a hard computer
        # is another player, and would move the normal one's rating.
        return False, f"Not rated: the computer plays at the {level} level (only normal counts)."
    if any(s.is_taken and s.user_id is None for s in humans):
        return False, "Not rated: a seat is played by a guest, not a signed-in player."
    users = [s.user_id for s in humans if s.user_id is not None]
    if len(users) != len(set(users)):
        return False, "Not rated: one player holds two seats."
    if _shared_address(humans):
        return False, (
            "Not rated: two players sat down from the same address, "
            "and games between accounts on one address never count."
        )
    if any(not s.is_taken for s in humans):
        return True, "Rated if every player who joins is signed in (one seat each)."
    if session.is_finished and not game_teams(session, seats):
        return False, "Not rated: no signed-in player is placed in it (a game master is not rated)."
    return True, "Rated: every seat is a signed-in player's (or the computer's)."


def _shared_address(humans: list[Seat]) -> bool:
    """Two different accounts whose seats were taken from one address (the hashed address the
    seat keeps, core.addresses.address_digest); a seat taken with no address known counts as
    none."""
    seen: dict[str, int] = {}
    for seat in humans:
        if not seat.address or seat.user_id is None:
            continue
        if seen.setdefault(seat.address, seat.user_id) != seat.user_id:
            return True
    return False


def is_rated(session: GameSession, seats: list[Seat]) -> bool:
    return (
        session.is_finished and all(s.is_taken for s in seats) and rated_verdict(session, seats)[0]
    )


# --- one game ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Team:
    rank: int
    players: list[int | None]  # user ids; None is the Computer
    roles: list[str]


def game_teams(session: GameSession, seats: list[Seat]) -> list[Team]:
    """The game's teams in openskill's terms: each place of the finishing order with the
    players who held its seats (the Computer once per team, however many of its seats the
    team has). The Computer may be on several teams: each is an opponent of its own. Empty
    when the game cannot be rated: fewer than two teams, or no signed-in player placed."""
    engine = get_engine(session.kind)
    order = engine.finishing_order(session.options, session.state)
    holder = {s.role: (COMPUTER if s.is_computer else s.user_id) for s in seats}
    teams = []
    for rank, roles in order:
        players = list(dict.fromkeys(holder[role] for role in roles))
        teams.append(Team(rank, players, roles))
    teams = [t for t in teams if t.players]
    accounts = any(p is not COMPUTER for t in teams for p in t.players)
    return teams if len(teams) >= 2 and accounts else []


@dataclass(frozen=True)
class Placed:
    """One team's player in one rated game: their rating before it and after it."""

    team: Team
    player: int | None
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    won: bool


def rate_game(model: PlackettLuce, teams: list[Team], current: dict) -> list[Placed]:
    """Rate one game from the players' `current` (mu, sigma) (a player missing is new).

    Every team gets its own copy of its players' ratings, so the Computer on three teams is
    three opponents of the same strength. Each account's new rating is openskill's. The
    Computer's moves once: to the average of the new ratings its teams were given (its seats
    beating each other cancel out, its seats against the players add up)."""
    default = model.rating()
    start = {p: current.get(p, (default.mu, default.sigma)) for t in teams for p in t.players}
    before = [[model.rating(mu=start[p][0], sigma=start[p][1]) for p in t.players] for t in teams]
    after = model.rate(before, ranks=[t.rank for t in teams])
    computer = [
        new
        for team, news in zip(teams, after, strict=True)
        for player, new in zip(team.players, news, strict=True)
        if player is COMPUTER
    ]
    decided = any(t.rank > 0 for t in teams)  # a game everyone tied is no one's win
    placed = []
    for team, news in zip(teams, after, strict=True):
        for player, new in zip(team.players, news, strict=True):
            mu, sigma = new.mu, new.sigma
            if player is COMPUTER:
                mu = sum(n.mu for n in computer) / len(computer)
                sigma = sum(n.sigma for n in computer) / len(computer)
            old = start[player]
            won = decided and team.rank == 0
            placed.append(Placed(team, player, old[0], old[1], mu, sigma, won))
    return placed


def _tally(placed: list[Placed], ratings: dict) -> None:
    """Fold one game's places into `ratings` ({player: [mu, sigma, games, wins]}): each player
    one game more (the Computer too, however many teams it was on), a win if any of its teams
    came first."""
    for player in dict.fromkeys(p.player for p in placed):
        mine = [p for p in placed if p.player == player]
        row = ratings.setdefault(player, [0.0, 0.0, 0, 0])
        row[0], row[1] = mine[0].mu, mine[0].sigma
        row[2] += 1
        row[3] += any(p.won for p in mine)


def _places(session: GameSession, placed: list[Placed], order: int) -> list[RatedPlace]:
    return [
        RatedPlace(
            session=session,
            kind=session.kind,
            user_id=p.player,
            roles=p.team.roles,
            rank=p.team.rank,
            won=p.won,
            order=order,
            mu_before=p.mu_before,
            sigma_before=p.sigma_before,
            mu=p.mu,
            sigma=p.sigma,
            finished_at=session.finished_at,
        )
        for p in placed
    ]


def _finished_games(kind: str):
    return (
        GameSession.objects.filter(kind=kind, status=GameSession.Status.FINISHED)
        .exclude(mode=GameSession.Mode.HOTSEAT)
        .annotate(finished_at=Max("log__created_at"))
        .prefetch_related("seats")
    )


def rated_games(kind: str):
    """The kind's finished games that count, in the order they finished (their last log row),
    with the moment each finished, and their teams."""
    for session in _finished_games(kind).order_by("finished_at", "pk"):
        seats = session.seat_list()
        if is_rated(session, seats):
            teams = game_teams(session, seats)
            if teams:
                yield session, teams


def _lock_board(kind: str) -> RatingBoard:
    """The kind's board row, locked: rebuilds and updates of one kind run one after the other,
    and the later one reads what the earlier one wrote."""
    board, _ = RatingBoard.objects.get_or_create(kind=kind)
    return RatingBoard.objects.select_for_update().get(pk=board.pk)


# --- the rebuild: history changed --------------------------------------------------------------


@transaction.atomic
def ratings_rebuild(*, kind: str) -> int:
    """Rebuild every Rating and RatedPlace of `kind` from the rated finished games; returns how
    many games were rated. The rows are replaced whole, so running it twice leaves the same
    rows. Run when the past changed (ratings_history_changed), never after each game."""
    board = _lock_board(kind)
    model = rating_model()
    ratings: dict[int | None, list] = {}
    places = []
    count = 0
    for count, (session, teams) in enumerate(rated_games(kind), start=1):
        current = {p: (row[0], row[1]) for p, row in ratings.items()}
        placed = rate_game(model, teams, current)
        _tally(placed, ratings)
        places.extend(_places(session, placed, count))
    RatedPlace.objects.filter(kind=kind).delete()
    Rating.objects.filter(kind=kind).delete()
    RatedPlace.objects.bulk_create(places, batch_size=500)
    Rating.objects.bulk_create(
        [
            Rating(kind=kind, user_id=player, mu=mu, sigma=sigma, games=games, wins=wins)
            for player, (mu, sigma, games, wins) in ratings.items()
        ],
        batch_size=500,
    )
    RatingBoard.objects.filter(pk=board.pk).update(games=count, rebuilt_at=timezone.now())
    return count


def ratings_rebuild_all() -> dict[str, int]:
    """Every registered kind's ratings rebuilt (the admin's and an operator's command)."""
    return {kind: ratings_rebuild(kind=kind) for kind in registry()}


def ratings_history_changed(*, kind: str) -> None:
    """The past of `kind` changed (a finished game withdrawn or corrected, a guest's seats
    claimed by an account): rebuild its ratings from every game, in the worker once the
    current transaction commits (here when the broker cannot be reached)."""
    transaction.on_commit(
        lambda: send(RATINGS_TASK, {"kind": kind}, inline=lambda: ratings_rebuild(kind=kind))
    )


# --- the update: one game finished -------------------------------------------------------------


@transaction.atomic
def ratings_game_finished(*, session_id: int) -> str:
    """Apply one finished game to its kind's current ratings. Returns what happened:
    "rated", "not rated" (the game does not count), "already" (its places are in: a message
    delivered twice), "rebuilt" (it finished before the last game applied: the kind was
    rebuilt so the order holds), or "missing"."""
    kind = GameSession.objects.filter(pk=session_id).values_list("kind", flat=True).first()
    if kind is None:
        return "missing"
    board = _lock_board(kind)
    session = _finished_games(kind).filter(pk=session_id).first()
    if session is None or RatedPlace.objects.filter(session_id=session_id).exists():
        return "not rated" if session is None else "already"
    seats = session.seat_list()
    teams = game_teams(session, seats) if is_rated(session, seats) else []
    if not teams:
        return "not rated"
    last = RatedPlace.objects.filter(kind=kind).order_by("-order").first()
    if last is not None and (last.finished_at, last.session_id) > (session.finished_at, session.pk):
        ratings_rebuild(kind=kind)
        return "rebuilt"
    players = {p for t in teams for p in t.players}
    accounts = [p for p in players if p is not COMPUTER]
    wanted = Q(user_id__in=accounts) | (Q(user__isnull=True) if COMPUTER in players else Q())
    rows = {r.user_id: r for r in Rating.objects.filter(kind=kind).filter(wanted)}
    placed = rate_game(rating_model(), teams, {p: (r.mu, r.sigma) for p, r in rows.items()})
    totals = {p: [r.mu, r.sigma, r.games, r.wins] for p, r in rows.items()}
    _tally(placed, totals)
    order = (last.order if last is not None else 0) + 1
    RatedPlace.objects.bulk_create(_places(session, placed, order))
    for player, (mu, sigma, games, wins) in totals.items():
        row = rows.get(player) or Rating(kind=kind, user_id=player)
        row.mu, row.sigma, row.games, row.wins = mu, sigma, games, wins
        rows[player] = row
    new = [r for r in rows.values() if r.pk is None]
    known = [r for r in rows.values() if r.pk is not None]
    Rating.objects.bulk_create(new)
    Rating.objects.bulk_update(known, ["mu", "sigma", "games", "wins"])
    RatingBoard.objects.filter(pk=board.pk).update(games=order)
    return "rated"


def ratings_after_finish(session: GameSession) -> None:
    """Queue this game's rating update once the transaction that finished it commits (the
    hot-seat games, never rated, queue nothing; the update itself says whether the others
    count)."""
    if session.mode == GameSession.Mode.HOTSEAT:
        return
    session_id = session.pk
    transaction.on_commit(
        lambda: send(
            UPDATE_TASK,
            {"session_id": session_id},
            inline=lambda: ratings_game_finished(session_id=session_id),
        )
    )
