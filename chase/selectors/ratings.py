"""Reads of the canoe ratings (leaderboards, a player's page, a table's end screen) and of a
player's own games ("My games"). The ratings are written by chase.services.ratings only."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Exists, OuterRef

from chase.games import get_engine, registry
from chase.models import GameSession, RatedPlace, Rating

RECENT = 10  # a player page's recent rated games


def kind_title(kind: str) -> str:
    return get_engine(kind).title


def display_name(user) -> str:
    """The name others see: the profile's display name, else the username."""
    profile = getattr(user, "profile", None) if user is not None else None
    if user is None:
        return "Computer"
    return (profile.display_name if profile else "") or user.get_username()


def rating_row(rating: Rating) -> dict[str, Any]:
    """A rating as the API gives it: the displayed rating is mu - 3 sigma."""
    return {
        "rating": round(rating.display, 2),
        "mu": round(rating.mu, 4),
        "sigma": round(rating.sigma, 4),
        "games": rating.games,
        "wins": rating.wins,
    }


def leaderboard(kind: str) -> list[Rating]:
    return list(Rating.objects.leaderboard(kind))


def player_for(username: str, viewer=None):
    """The account of that username (with its profile) when it has a rated game, or is the
    `viewer`'s own; else None, as for a name nobody has, so the player pages and the API tell
    nobody which accounts exist (issue 34)."""
    users = get_user_model().objects.select_related("profile").filter(is_active=True)
    if viewer is not None and viewer.is_authenticated and viewer.get_username() == username:
        return users.filter(pk=viewer.pk).first()
    rated = Rating.objects.filter(user=OuterRef("pk"))
    return users.filter(Exists(rated), username=username).first()


def player_ratings(user) -> dict[str, Rating]:
    """The player's rating at each game kind they have a rated game of, in registry order."""
    rows = {r.kind: r for r in Rating.objects.filter(user=user)}
    return {kind: rows[kind] for kind in registry() if kind in rows}


def recent_places(user, limit: int = RECENT) -> list[dict[str, Any]]:
    """The player's latest rated games, newest first: the game, their place and the change in
    their displayed rating, and who else played (by name, with their places)."""
    mine = list(
        RatedPlace.objects.filter(user=user)
        .select_related("session")
        .order_by("-finished_at", "-pk")[:limit]
    )
    others = defaultdict(list)
    for place in RatedPlace.objects.filter(session__in=[p.session_id for p in mine]).select_related(
        "user"
    ):
        others[place.session_id].append(place)
    rows = []
    for place in mine:
        rows.append(
            {
                "session": place.session_id,
                "kind": place.kind,
                "title": kind_title(place.kind),
                "finished_at": place.finished_at,
                "place": place.rank + 1,
                "won": place.won,
                "rating_before": round(place.display_before, 2),
                "rating_after": round(place.display, 2),
                "players": [
                    {
                        "player": p.user.username if p.user_id else "Computer",
                        "place": p.rank + 1,
                    }
                    for p in sorted(others[place.session_id], key=lambda p: (p.rank, p.pk))
                ],
            }
        )
    return rows


def head_to_head(user) -> list[dict[str, Any]]:
    """Every opponent the player met in rated games: in how many games, and how often each
    placed above the other (a shared place is a tie); the opponents met most first. Against
    the Computer each of its places counts (a solo race is three canoes to be ahead of)."""
    mine = dict(RatedPlace.objects.filter(user=user).values_list("session_id", "rank"))
    tally: dict[Any, dict[str, Any]] = {}
    opponents = (
        RatedPlace.objects.filter(session_id__in=list(mine))
        .exclude(user=user)
        .select_related("user")
    )
    for place in opponents:
        key = place.user_id
        row = tally.setdefault(
            key,
            {
                "player": place.user.username if place.user_id else "Computer",
                "games": set(),
                "ahead": 0,
                "behind": 0,
                "tied": 0,
            },
        )
        row["games"].add(place.session_id)
        mine_rank = mine[place.session_id]
        if mine_rank < place.rank:
            row["ahead"] += 1
        elif mine_rank > place.rank:
            row["behind"] += 1
        else:
            row["tied"] += 1
    rows = [{**row, "games": len(row["games"])} for row in tally.values()]
    return sorted(rows, key=lambda r: (-r["games"], r["player"]))


def end_ratings(session: GameSession) -> list[RatedPlace]:
    """The new ratings of a finished game's players, best place first (empty until the
    rebuild ran, or when the game is not rated)."""
    return list(session.rated.select_related("user").order_by("rank", "pk"))


# --- My games ----------------------------------------------------------------------------------


def my_canoe_games(user, limit: int = 60) -> dict[str, list[GameSession]]:
    """A signed-in player's canoe games (where they hold a seat) in three lists: those waiting
    for them (a seat of theirs has a move now), the others still on (playing, or waiting for
    players to join), and the finished ones; each newest first."""
    games = list(
        GameSession.objects.filter(seats__user=user)
        .distinct()
        .prefetch_related("seats")
        .order_by("-updated_at", "-pk")[:limit]
    )
    waiting, ongoing, finished = [], [], []
    for session in games:
        if session.is_finished:
            finished.append(session)
        elif _their_move(session, user):
            waiting.append(session)
        else:
            ongoing.append(session)
    return {"waiting": waiting, "ongoing": ongoing, "finished": finished}


def _their_move(session: GameSession, user) -> bool:
    """A seat the player holds has a legal action now."""
    if session.status != GameSession.Status.PLAYING:
        return False
    engine = get_engine(session.kind)
    return any(
        engine.legal_actions(session.state, s.role)
        for s in session.seat_list()
        if s.user_id == user.pk
    )
