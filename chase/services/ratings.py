"""Ratings of the canoe games: openskill's Plackett-Luce model over every rated finished game of
a kind, rebuilt whole each time (as the league's rankings are, campaign.services.rankings).

What counts (docs/playing/ratings.md): a finished game that is not hot-seat, where every human
seat was taken by an account and no account held two seats. Computer seats are rated too, as one
"Computer" per kind. The finishing order of each game is its engine's `finishing_order`
(`chase.engines.standings`); a rating is shown as mu - 3 sigma. A rebuild reads the games in the
order they finished, so deleting or adding a game anywhere gives the same rows as rating them all
afresh.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from openskill.models import PlackettLuce

from chase.games import get_engine, registry
from chase.models import GameSession, RatedPlace, Rating, RatingBoard, Seat
from core.queue import send

COMPUTER = None  # the user key of the shared "Computer" rating
RATINGS_TASK = "chase.ratings_rebuild"  # chase.tasks.ratings_task, sent by name (core.queue)


def rating_model() -> PlackettLuce:
    """openskill's defaults (mu 25, sigma 25/3): the tests rate with the same model."""
    return PlackettLuce()


# --- what counts -------------------------------------------------------------------------------


def rated_verdict(session: GameSession, seats: list[Seat] | None = None) -> tuple[bool, str]:
    """Whether this game is (or, once every seat is taken, will be) rated, and why in words.

    Hot-seat games never count; otherwise every human seat must be an account's and no account
    may hold two seats. A seat still free is not held against the game yet."""
    if session.mode == GameSession.Mode.HOTSEAT:
        return False, "Not rated: hot-seat games never count."
    if session.abandoned:
        return False, "Not rated: the game was ended as abandoned."
    seats = list(session.seats.all()) if seats is None else seats
    humans = [s for s in seats if not s.is_computer]
    if any(s.is_taken and s.user_id is None for s in humans):
        return False, "Not rated: a seat is played by a guest, not a signed-in player."
    users = [s.user_id for s in humans if s.user_id is not None]
    if len(users) != len(set(users)):
        return False, "Not rated: one player holds two seats."
    if any(not s.is_taken for s in humans):
        return True, "Rated if every player who joins is signed in (one seat each)."
    return True, "Rated: every seat is a signed-in player's (or the computer's)."


def is_rated(session: GameSession, seats: list[Seat]) -> bool:
    return (
        session.is_finished and all(s.is_taken for s in seats) and rated_verdict(session, seats)[0]
    )


# --- the rebuild -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Team:
    rank: int
    players: list[int | None]  # user ids; None is the Computer
    roles: list[str]


def game_teams(session: GameSession, seats: list[Seat]) -> list[Team]:
    """The game's teams in openskill's terms: each place of the finishing order with the
    players who held its seats (the Computer once per team). A Computer on two teams is left
    out of that game (it would be rated against itself); None when fewer than two teams stay."""
    engine = get_engine(session.kind)
    order = engine.finishing_order(session.options, session.state)
    holder = {s.role: (COMPUTER if s.is_computer else s.user_id) for s in seats}
    teams = []
    for rank, roles in order:
        players = list(dict.fromkeys(holder[role] for role in roles))
        teams.append(Team(rank, players, roles))
    computer_teams = [t for t in teams if COMPUTER in t.players]
    if len(computer_teams) > 1:
        teams = [Team(t.rank, [p for p in t.players if p is not COMPUTER], t.roles) for t in teams]
    teams = [t for t in teams if t.players]
    return teams if len(teams) >= 2 else []


def rated_games(kind: str):
    """The kind's finished games that count, in the order they finished (their last log row),
    with the moment each finished."""
    games = (
        GameSession.objects.filter(kind=kind, status=GameSession.Status.FINISHED)
        .exclude(mode=GameSession.Mode.HOTSEAT)
        .annotate(finished_at=Max("log__created_at"))
        .prefetch_related("seats")
        .order_by("finished_at", "pk")
    )
    for session in games:
        seats = list(session.seats.all())
        if is_rated(session, seats):
            teams = game_teams(session, seats)
            if teams:
                yield session, teams


@transaction.atomic
def ratings_rebuild(*, kind: str) -> int:
    """Rebuild every Rating and RatedPlace of `kind` from the rated finished games; returns how
    many games were rated. The kind's board row is locked first, so two rebuilds run one after
    the other and the later one reads the later games; the rows are replaced whole, so running
    it twice leaves the same rows."""
    board, _ = RatingBoard.objects.get_or_create(kind=kind)
    RatingBoard.objects.select_for_update().get(pk=board.pk)
    model = rating_model()
    current: dict[int | None, object] = {}
    games: dict[int | None, int] = {}
    wins: dict[int | None, int] = {}
    places = []
    count = 0
    for count, (session, teams) in enumerate(rated_games(kind), start=1):
        before = [[current.get(p) or model.rating() for p in t.players] for t in teams]
        after = model.rate(before, ranks=[t.rank for t in teams])
        decided = any(t.rank > 0 for t in teams)  # a game everyone tied is no one's win
        for team, olds, news in zip(teams, before, after, strict=True):
            for player, old, new in zip(team.players, olds, news, strict=True):
                current[player] = new
                games[player] = games.get(player, 0) + 1
                won = decided and team.rank == 0
                wins[player] = wins.get(player, 0) + won
                places.append(
                    RatedPlace(
                        session=session,
                        kind=kind,
                        user_id=player,
                        roles=team.roles,
                        rank=team.rank,
                        won=won,
                        order=count,
                        mu_before=old.mu,
                        sigma_before=old.sigma,
                        mu=new.mu,
                        sigma=new.sigma,
                        finished_at=session.finished_at,
                    )
                )
    RatedPlace.objects.filter(kind=kind).delete()
    Rating.objects.filter(kind=kind).delete()
    RatedPlace.objects.bulk_create(places, batch_size=500)
    Rating.objects.bulk_create(
        [
            Rating(
                kind=kind,
                user_id=player,
                mu=r.mu,
                sigma=r.sigma,
                games=games[player],
                wins=wins[player],
            )
            for player, r in current.items()
        ],
        batch_size=500,
    )
    RatingBoard.objects.filter(pk=board.pk).update(games=count, rebuilt_at=timezone.now())
    return count


def ratings_rebuild_all() -> dict[str, int]:
    """Every registered kind's ratings rebuilt (the admin's and an operator's command)."""
    return {kind: ratings_rebuild(kind=kind) for kind in registry()}


def ratings_after_finish(session: GameSession) -> None:
    """Queue the rebuild of this game's kind once the transaction that finished it commits
    (the hot-seat games, never rated, queue nothing)."""
    if session.mode == GameSession.Mode.HOTSEAT:
        return
    kind = session.kind
    transaction.on_commit(
        lambda: send(RATINGS_TASK, {"kind": kind}, inline=lambda: ratings_rebuild(kind=kind))
    )
