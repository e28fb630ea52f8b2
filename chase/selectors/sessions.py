"""Reads that need care: what one seat may see of a game, and the lobby's lists (each game's
table is drawn by `draw_<kind>` in its package's `game.py`).

`seat_payload` is the single place that decides what a seat is shown (the API's view body and
the table page both use it): the engine's `seat_view` for that role, that role's legal actions, and
the recent log with other seats' actions left out until the game is over (a rock-paper-
scissors sign shown first must stay hidden from the other side; a shuffle's order would give
the draw pile away, so recorded outcomes are never shown while a game is on).
"""

from __future__ import annotations

from typing import Any

from django.db.models import F, prefetch_related_objects

from chase.games import get_engine, kinds, role_words
from chase.models import ActionLog, GameSession, Seat, Variant
from core.compiled import CompiledQuery

LOG_LENGTH = 30  # log rows in a view: the newest, oldest first


def role_title(session: GameSession, role: str | None) -> str:
    """A role in words: "the trappers", "Virginia (Swift Otter)", "canoe 3"."""
    return role_words(session.kind, session.options, role)


def seat_payload(session: GameSession, seat: Seat | None, entries=None) -> dict[str, Any]:
    """The view body: {version, status, winner, view, legal_actions, log} and a few more.
    `entries`: the game's newest log rows, oldest first, if already read (for several seats)."""
    engine = get_engine(session.kind)
    role = seat.role if seat is not None else None
    acting = session.status == GameSession.Status.PLAYING and seat and not seat.is_computer
    return {
        "id": session.pk,
        "kind": session.kind,
        "mode": session.mode,
        "version": session.version,
        "status": session.status,
        "winner": session.winner,
        "pace": session.pace,
        "computer_level": session.computer_level,
        "abandoned": session.abandoned,
        "role": role,
        "seats": [
            {
                "role": s.role,
                "kind": s.kind,
                "name": s.name,
                "taken": s.is_taken,
                "deadline": iso(s.deadline),
            }
            for s in session.seat_list()
        ],
        "view": engine.seat_view(session.state, role),
        "legal_actions": engine.legal_actions(session.state, role) if acting else [],
        "log": recent_log(session, role, entries=entries),
    }


def iso(moment) -> str | None:
    """A time as the API gives it: ISO 8601 with its offset, or None."""
    return moment.isoformat() if moment is not None else None


# What a view shows of a log row: not its dice (`outcomes`, a shuffle's whole deck at times),
# which the replay reads and no view does.
LOG_SHOWN = ("session", "seq", "role", "by_computer", "action", "events", "version_after")


# A view's log (read at every move, for every seat's view): its query built once per process.
_RECENT = CompiledQuery(
    lambda session_id: (
        ActionLog.objects.filter(session_id=session_id)
        .only(*LOG_SHOWN)
        .order_by("-seq")[:LOG_LENGTH]
    )
)


def recent_entries(session: GameSession) -> list[dict]:
    """The game's newest LOG_LENGTH log rows, oldest first, with what a view shows of them,
    each a dict of its columns (read at every move: no model instance is made for them).
    Only the rows of the game as `session` holds it: a move committed after the game was read
    is left for the next view, whose game it is (the table once said "Virginia to move" above
    a log that said the race was over)."""
    return [e for e in _RECENT.dicts(session.pk) if e["version_after"] <= session.version][::-1]


def recent_log(session: GameSession, role: str | None, entries=None) -> list[dict]:
    """The newest log rows, oldest first. The events are public (every engine tells them to
    all); an action is shown to its own seat, and to everyone once the game is over."""
    if entries is None:
        entries = recent_entries(session)
    told = session.is_finished
    return [
        {
            "seq": e["seq"],
            "role": e["role"],
            "by_computer": e["by_computer"],
            "action": e["action"] if told or (role is not None and e["role"] == role) else None,
            "events": e["events"],
            "version_after": e["version_after"],
        }
        for e in entries
    ]


def who_acts(session: GameSession) -> list[str]:
    """Roles with a legal action now, in turn order."""
    if session.status != GameSession.Status.PLAYING:
        return []
    engine = get_engine(session.kind)
    return [s.role for s in session.seat_list() if engine.legal_actions(session.state, s.role)]


# A game's seats, in their order: every move reads them. Built once per process (core.compiled):
# Django's prefetch built this query afresh at each move, a fifth of a move's CPU (issue 35).
SEATS = CompiledQuery(lambda session_id: Seat.objects.filter(session_id=session_id))


def read_seats(games: list[GameSession]) -> None:
    """Each game's seats read for `seat_list()`: one game's by the query built once, several
    games' in one prefetch (a query for all of them, built afresh)."""
    if len(games) == 1:
        games[0].keep_seats(list(SEATS.objects(games[0].pk)))
    elif games:
        prefetch_related_objects(games, "seats")


OPEN_LISTED = 20  # the lobby lists the newest open games
VARIANTS_LISTED = 50  # and the first club variants to start from


# The lobby's lists show a game's title, seats and status, never its position: the state (the
# largest column, a JSON document decoded per row) is not read for them.
def open_games():
    """The lobby's open games, newest first, without their positions. Their seats are the
    caller's to read: the lobby reads them only when it draws its list (it is cached)."""
    return GameSession.objects.open_to_join().defer("state").order_by("-created_at")


# Read at every lobby, by every visitor: their SQL built once per process.
_OPEN_LISTED = CompiledQuery(lambda: open_games()[:OPEN_LISTED], fixed=True)
_VARIANTS = CompiledQuery(
    lambda: Variant.objects.only("pk", "kind", "name").annotate(owner_name=F("owner__username"))[
        :VARIANTS_LISTED
    ],
    fixed=True,
)


def open_games_listed() -> list[GameSession]:
    """The newest open games the lobby lists (as `open_games()[:OPEN_LISTED]`)."""
    return list(_OPEN_LISTED.objects())


def lobby_variants() -> list[Variant]:
    """The first VARIANTS_LISTED club variants (by game, then name), each with `owner_name`
    (its owner's username)."""
    return list(_VARIANTS.objects())


def my_games(user, tokens):
    """The lobby's "My games": each one's title, mode and status (its page says the rest)."""
    games = GameSession.objects.held_by(user, tokens)
    return games.only("id", "kind", "mode", "status", "updated_at")


def rematch_for(session: GameSession) -> GameSession | None:
    """The rematch set up after this game, if any."""
    return GameSession.objects.filter(rematch_of=session).first()


def canoe_games() -> list[dict[str, Any]]:
    """Every registered canoe game as `GET /api/rules/canoe-games/` answers it: its kind,
    title, seats with the default options, whether it has odds, and its options table."""
    games = []
    for kind in kinds():
        engine = get_engine(kind)
        defaults = engine.clean_options({})
        games.append(
            {
                "kind": kind,
                "title": engine.title,
                "roles_default": engine.roles(defaults),
                "odds": engine.odds,
                "options": [o.describe(defaults[o.name]) for o in engine.options],
            }
        )
    return games
