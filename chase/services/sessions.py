"""Every write to a game session goes through here; the replay that reads the log back too.

Services take keyword-only arguments, run in one transaction, call the engine (plain Python in
`chase.engines`) and raise `chase.errors` (nothing is half-written when they do). Each action
is posted with the version it was chosen from: the session row is locked (SELECT ... FOR UPDATE)
and the write is guarded by `UPDATE ... WHERE version = <the version read>`, so two posts of
the same version apply once on PostgreSQL and on SQLite alike. On SQLite every transaction
begins IMMEDIATE (config.settings), so a second writer waits for the first (up to the busy
timeout) instead of failing with "database is locked": nothing here retries by hand.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from chase import hooks, version_cache, view_cache
from chase.engines import levels
from chase.engines.base import Engine, IllegalMove, OptionsError
from chase.engines.chance import Chance, ChanceExhausted, RandomChance, ScriptedChance
from chase.engines.levels import Search
from chase.errors import NoSuchInvite, NoSuchSession, SeatRefused, SessionError, StaleVersion
from chase.games import UnknownGame, get_engine, role_words
from chase.models import ActionLog, GameSession, Seat, is_code, new_invite, new_token
from chase.selectors.sessions import read_seats
from chase.services.pace import clean_pace, late_seats, seats_clock
from chase.services.ratings import ratings_after_finish, ratings_history_changed
from core.compiled import CompiledInsert, CompiledQuery, CompiledUpdate
from core.events import clock_version, publish
from core.parsers import depth_exceeds

# A safety stop for computer seats answering each other; a whole pelts phase is a handful.
MAX_COMPUTER_MOVES = 2000
# An action is a flat dict of a few values; nothing legal nests deeper than this.
MAX_ACTION_DEPTH = 8

Status = GameSession.Status
LOBBY_CHANNEL = "lobby"  # the lobby's open games (chase.streams)


def game_channel(session_id: int) -> str:
    """The live channel of one game: every committed version is published on it."""
    return f"game:{session_id}"


def new_chance() -> Chance:
    """The source of every die, shuffle and draw (tests patch this for seeded games)."""
    return RandomChance()


@dataclass(frozen=True)
class Move:
    """One applied action, as it goes into the log."""

    role: str | None  # None: the setup (its log's first row)
    action: dict[str, Any] | None
    outcomes: list[dict[str, Any]]
    events: list[dict[str, Any]]
    by_computer: bool = False
    kind: str = ActionLog.Kind.MOVE  # a hand-over or an abandon is logged as a row too


# --- creating a game and taking seats ----------------------------------------------------------


def _engine(kind: str) -> Engine:
    try:
        return get_engine(kind)
    except UnknownGame as error:
        raise SessionError(str(error), field="kind") from None


@transaction.atomic
def session_create(
    *,
    kind: str,
    mode: str,
    options: dict[str, Any],
    user=None,
    play_as: str | None = None,
    computer_seats: list[str] | None = None,
    creator_sits: bool = False,
    pace: str | None = None,
    address: str = "",
    computer_level: str = GameSession.ComputerLevel.NORMAL,
) -> GameSession:
    """Set up a game: options cleaned by the engine, one seat per role, the setup logged as
    step 0. Solo: `play_as` (default the first role) is the human seat, the computer holds the
    rest and moves at once; `computer_seats` is not used. Hot-seat and several browsers: the
    roles in `computer_seats` are the computer's (at least one seat stays human), the others
    are people's. Hot-seat and solo games start playing; a multi game waits until every human
    seat is taken. Whenever a computer seat has a move, it is made at once.

    `creator_sits` (the API and the lobby): in a multi game the creator takes the `play_as`
    seat (default the first human one) at once, in the same transaction, so it is never
    offered to anyone else; the other seats wait for their invite links. `address`: where
    from (core.addresses.address_digest), kept on the seat the creator takes.

    `pace` (or an option `pace`, taken out before the engine sees the options): live (the
    default), daily or weekly, for games across several browsers (chase.services.pace).

    `computer_level`: easy, normal (the default) or hard, for every computer seat of the game
    (chase.engines.levels), a seat handed over to the computer later included."""
    engine = _engine(kind)
    if computer_level not in GameSession.ComputerLevel.values:
        known = ", ".join(GameSession.ComputerLevel.values)
        raise SessionError(
            f"There is no computer level {computer_level!r}: choose one of {known}.",
            field="computer_level",
        )
    if mode not in GameSession.Mode.values:
        raise SessionError(
            f"There is no mode {mode!r}: choose one of {', '.join(GameSession.Mode.values)}.",
            field="mode",
        )
    if not isinstance(options, dict):
        raise SessionError("The options must be an object of option names.", field="options")
    if "pace" in options:  # the session's, not the engine's: never in the engine's options
        pace = pace or options["pace"]
        options = {key: value for key, value in options.items() if key != "pace"}
    pace = clean_pace(pace, mode)
    check_option_texts(options)
    try:
        cleaned = engine.clean_options(options)
    except OptionsError as error:
        # An engine may name the option at fault as a path (`participants[2].trait_die`).
        raise SessionError(str(error), field=getattr(error, "field", None) or "options") from None
    roles = engine.roles(cleaned)
    computers = _computer_roles(roles, computer_seats, mode, play_as)
    if play_as is None or play_as == "":
        play_as = next((role for role in roles if role not in computers), roles[0])
    if play_as not in roles:
        raise SessionError(
            f"There is no seat {play_as!r} in this game: the seats are {', '.join(roles)}.",
            field="play_as",
        )
    if mode == GameSession.Mode.SOLO:
        computers = {role for role in roles if role != play_as}
    chance = new_chance()
    setup = engine.setup(cleaned, chance)
    waiting = mode == GameSession.Mode.MULTI
    session = GameSession.objects.create(
        kind=kind,
        mode=mode,
        options=cleaned,
        state=setup.state,
        version=0,
        status=Status.WAITING if waiting else _status(engine, setup.state),
        winner=engine.winner(setup.state),
        created_by=user if user is not None and user.is_authenticated else None,
        pace=pace,
        computer_level=computer_level,
    )
    seats = Seat.objects.bulk_create(
        Seat(
            session=session,
            role=role,
            position=position,
            kind=Seat.Kind.COMPUTER if role in computers else Seat.Kind.HUMAN,
            name="Computer" if role in computers else "",
            invite=None if role in computers else new_invite(),
        )
        for position, role in enumerate(roles)
    )
    setup_row = Move(None, None, chance.outcomes, setup.events)
    _log(session.pk, seq=0, version_after=0, moves=[setup_row], at=session.created_at)
    # Kept, here: the computer's first moves, the seats' clocks, the creator's seat and the
    # caller's answer (its tokens and invite links) all use these, kept up to date. Made in
    # position order, every field set here (no default of the database's), their ids given
    # back by the insert: as a read would give them, with no read.
    if all(seat.pk is not None for seat in seats):
        session.keep_seats(seats)
    else:  # a database that gives no ids back from a bulk insert
        session.load_seats()
    if session.status == Status.PLAYING:
        state, moves = _computer_moves(session, engine, setup.state, session.seat_list())
        if moves:
            _commit(session, engine, state, moves)
        else:  # the first turn's clock, as a move sets it (the inbox reads it)
            seats_clock(session, engine, setup.state, set(), timezone.now())
    if creator_sits and waiting:
        seat = next(s for s in session.seat_list() if s.role == play_as)
        _take_locked(session=session, seat=seat, user=user, address=address)
    elif waiting:
        publish(LOBBY_CHANNEL, clock_version())  # a new open game
    session.refresh_from_db(fields=["seats"])  # no query: the caller reads them as they will be
    return session


# Every text inside a game's options (names, colonies, words): what a page can print.
MAX_OPTION_TEXT = 40
MAX_OPTION_DEPTH = 6


def check_option_texts(options: dict[str, Any]) -> None:
    """Refuse, naming the field (`names[1]`), any string inside the options that is not
    printable text of at most 40 characters: a NUL (PostgreSQL cannot store it), a lone
    surrogate (no page could be encoded with it), a control character. Walked without
    recursion, and no deeper than a game's options ever go."""
    stack: list[tuple[tuple, Any]] = [((), options)]
    while stack:
        path, value = stack.pop()
        if len(path) > MAX_OPTION_DEPTH:
            raise SessionError(
                f"Option {_field(path)}: the options nest too deeply.", field=_field(path)
            )
        if isinstance(value, str):
            _check_text(path, value)
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str) and not _printable(key):  # never echo the key itself
                    raise SessionError(
                        f"Option {_field(path)}: a name of at most {MAX_OPTION_TEXT} printable "
                        "characters is expected.",
                        field=_field(path),
                    )
                stack.append(((*path, key), item))
        elif isinstance(value, list):
            stack.extend(((*path, index), item) for index, item in enumerate(value))


def _field(path: tuple) -> str:
    """A path as the API names fields: `names[1]` (a seat's {canoe, colony} is one field)."""
    field = ""
    for part in path:
        if isinstance(part, int):
            field += f"[{part}]"
        elif field.endswith("]"):
            break  # a part of a list item: the item is the field
        else:
            field = f"{field}.{part}" if field else part
    return field or "options"


def _printable(text: str) -> bool:
    return len(text) <= MAX_OPTION_TEXT and text.isprintable()  # no NUL, control, surrogate


def _check_text(path: tuple, text: str) -> None:
    if _printable(text):
        return
    if len(path) == 3 and isinstance(path[1], int):  # a seat's part: names[1].canoe
        what = f"Option '{path[0]}': seat {path[1] + 1}'s {path[2]}"
    else:
        what = f"Option {_field(path)}"
    raise SessionError(
        f"{what} must be 1 to {MAX_OPTION_TEXT} printable characters.", field=_field(path)
    )


def _computer_roles(
    roles: list[str], wanted: list[str] | None, mode: str, play_as: str | None
) -> set[str]:
    """The roles the computer holds outside solo, checked: each must be a seat of the game,
    one seat at least is left to a person, and in a game across several browsers the
    creator's own seat (`play_as`) is not given away."""
    if wanted is None:
        wanted = []
    if not isinstance(wanted, list | tuple) or not all(isinstance(r, str) for r in wanted):
        raise SessionError("computer_seats must be a list of seats.", field="computer_seats")
    unknown = [role for role in wanted if role not in roles]
    if unknown:
        raise SessionError(
            f"There is no seat {unknown[0]!r} in this game: the seats are {', '.join(roles)}.",
            field="computer_seats",
        )
    if mode == GameSession.Mode.SOLO:
        return set()  # solo keeps its own rule: every seat but the player's
    computers = set(wanted)
    if computers >= set(roles):
        raise SessionError(
            "Leave at least one seat to a person: the computer cannot play every seat.",
            field="computer_seats",
        )
    if mode == GameSession.Mode.MULTI and play_as in computers:
        raise SessionError(
            f"You chose to play {play_as!r} and to give it to the computer: choose one.",
            field="play_as",
        )
    return computers


@transaction.atomic
def session_rematch(*, session: GameSession, user=None) -> GameSession:
    """The same game again, once it is over: same kind, mode and options, the same seats held
    by the computer. Asked for twice (a second click, another player), it is the same
    rematch. The course, the deal and the dice are new; taking its seats is the caller's."""
    old = GameSession.objects.select_for_update().filter(pk=session.pk).first()
    if old is None:
        raise NoSuchSession("There is no such game.")
    if old.status != Status.FINISHED:
        raise SessionError("A rematch can be set up once the game is over.", field="session")
    existing = GameSession.objects.filter(rematch_of=old).first()
    if existing is not None:
        return existing
    seats = old.seat_list()
    humans = [s.role for s in seats if not s.is_computer]
    rematch = session_create(
        kind=old.kind,
        mode=old.mode,
        options=old.options,
        user=user,
        play_as=humans[0] if old.mode == GameSession.Mode.SOLO and humans else None,
        computer_seats=[s.role for s in seats if s.is_computer],
        pace=old.pace,
        computer_level=old.computer_level,
    )
    GameSession.objects.filter(pk=rematch.pk).update(rematch_of=old)
    # A rematch seat is its old player's (issue 25, finding 8): no invite link for anyone to
    # take it first; each player sits by pressing Rematch with the seat they held.
    rematch.seats.filter(kind=Seat.Kind.HUMAN).update(invite=None)
    rematch.rematch_of = old
    return rematch


def seat_take(*, seat: Seat, user=None, address: str = "") -> Seat:
    """The first use of a seat's token (its view, its table link or an action) takes it: the
    holder of the token is its player (in hot-seat and solo the creator holds them all).

    Taking a seat of a waiting game bumps the version (the others see who joined); taking the
    last free human seat starts it. Taking a seat, by any way, spends its invite. Taking a seat
    again is harmless. `address` is where it was taken from (core.addresses.address_digest).
    """
    if not seat.is_taken and not _take(seat=seat, user=user, address=address):
        seat.refresh_from_db()  # taken by someone else meanwhile: as it is now
    return seat


def seat_join(*, invite: str, session_id: int | None = None, user=None, address: str = "") -> Seat:
    """Take a free human seat by its invite code (the join link), once: the seat gets a fresh
    token, which is the player's credential from then on. A spent, unknown or malformed code
    (or one of another game than `session_id`) is NoSuchInvite and hands out nothing."""
    seat = None
    if is_code(invite):
        # With its game and what the apps owning a game read to refuse a seat (chase.hooks):
        # one query. The game's state is read again, locked, if the seat is free to take.
        related = ["session", *(f"session__{path}" for path in hooks.read_related())]
        seats = Seat.objects.select_related(*related).defer("session__state")
        seat = seats.filter(invite=invite, kind=Seat.Kind.HUMAN).first()  # unique index
    if seat is None or (session_id is not None and seat.session_id != session_id):
        raise NoSuchInvite()
    _check_owned_seat(seat, user)
    if seat.taken_at is not None or not _take(seat=seat, user=user, invite=invite, address=address):
        raise NoSuchInvite()
    return seat


def seat_claim(*, session: GameSession, role: str, user=None, address: str = "") -> Seat:
    """Sit down at a free human seat from the lobby's list: only a game across several
    browsers still waiting for players has free seats (one started by the API, in hot-seat,
    solo or as a rematch is its players' alone). The seat gets a fresh token."""
    seat = session.seats.filter(role=role, kind=Seat.Kind.HUMAN).first()
    if seat is None:
        raise SessionError(f"There is no seat {role!r} to take in this game.", field="role")
    if seat.taken_at is not None:
        raise SessionError("Someone has taken that seat already: choose another.", field="role")
    if (
        session.mode != GameSession.Mode.MULTI
        or session.status != Status.WAITING
        or session.rematch_of_id is not None  # its old players' (finding 8)
    ):
        raise SessionError("This game has no free seats: its players hold them.", field="role")
    _check_owned_seat(seat, user)
    if not _take(seat=seat, user=user, fresh=True, waiting_multi=True, address=address):
        raise SessionError("Someone has taken that seat already: choose another.", field="role")
    return seat


@transaction.atomic
def seats_claim(*, user, tokens, created=()) -> list[Seat]:
    """A guest signs up or logs in: the human seats this browser took as a guest (the `tokens`
    it keeps) become the account's, with its name, and the games it created (`created`, ids it
    keeps) too when nobody owns them. Only guest seats: a seat another account holds stays
    theirs, and a token is the seat's secret, so a browser claims nothing it was not given.
    Finished games that may now be rated have their kind's ratings rebuilt (after commit).
    Returns the seats claimed."""
    if user is None or not user.is_authenticated:
        return []
    codes = [token for token in tokens if is_code(token)]
    guests = Seat.objects.filter(
        token__in=codes, kind=Seat.Kind.HUMAN, user__isnull=True, taken_at__isnull=False
    ).select_related("session")
    claimed = []
    for seat in guests:
        if hooks.seat_refusal(seat, user) is not None:  # another app's seat: its to give
            continue
        free = Seat.objects.filter(pk=seat.pk, user__isnull=True)
        if free.update(user=user, name=user.get_username()):  # nobody claimed it meanwhile
            claimed.append(seat)
    view_cache.forget(s.session_id for s in claimed)  # their names, at the same version
    ids = [i for i in created if isinstance(i, int)]
    GameSession.objects.filter(pk__in=ids, created_by__isnull=True).update(created_by=user)
    for kind in sorted({s.session.kind for s in claimed if s.session.is_finished}):
        ratings_history_changed(kind=kind)  # claimed games may count now: rebuilt once a kind
    return claimed


def _check_owned_seat(seat: Seat, user) -> None:
    """A seat of a game another app owns is that app's to give (chase.hooks): a campaign
    chase's seat is its warband's (issue 25, finding 3), and the refusal is in its words."""
    reason = hooks.seat_refusal(seat, user)
    if reason is not None:
        raise SeatRefused(reason, field="role")


def seat_rematch(
    *, rematch: GameSession, old_seat: Seat, user=None, address: str = ""
) -> Seat | None:
    """The player of `old_seat` sits at the same role in the rematch, if nobody has taken it
    (by its invite link, say); None otherwise. The seat gets a fresh token."""
    if rematch.rematch_of_id != old_seat.session_id or old_seat.is_computer:
        raise SeatRefused("Only a player of this game can sit in its rematch.", field="seat")
    seat = rematch.seats.filter(role=old_seat.role, kind=Seat.Kind.HUMAN).first()
    if seat is None or seat.taken_at is not None:
        return None
    if not _take(seat=seat, user=user, fresh=True, address=address):
        return None
    return seat


@transaction.atomic
def _take(
    *,
    seat: Seat,
    user=None,
    invite: str | None = None,
    fresh: bool = False,
    waiting_multi: bool = False,
    address: str = "",
) -> bool:
    """Take the seat if it is free; True when this call took it, and `seat` is then as it was
    written (no need to read it again). With `invite`, only while the seat still has that
    invite; with `fresh` (or an invite) the seat gets a new token, so nobody but the taker
    holds it. `waiting_multi`: only in a multi game still waiting."""
    session = _locked(seat.session_id)
    if waiting_multi and (
        session.mode != GameSession.Mode.MULTI or session.status != Status.WAITING
    ):
        return False
    return _take_locked(
        session=session, seat=seat, user=user, invite=invite, fresh=fresh, address=address
    )


def _take_locked(
    *,
    session: GameSession,
    seat: Seat,
    user=None,
    invite: str | None = None,
    fresh: bool = False,
    address: str = "",
) -> bool:
    """`_take`, in a transaction already open that holds the game's row (locked, or created
    by it). Its seats are read once, after the seat was taken, unless the caller has them
    (`session_create`: `seat` is one of them, kept as it is written)."""
    person = user if user is not None and user.is_authenticated else None
    free = Seat.objects.filter(pk=seat.pk, taken_at__isnull=True)
    changes: dict[str, Any] = {
        "taken_at": timezone.now(),
        "user": person,
        "name": person.get_username() if person else "Guest",
        "address": address,
    }
    if invite is not None:
        free = free.filter(invite=invite)
    if invite is not None or fresh:
        changes["token"] = new_token()
    taken = free.update(**changes)
    if taken:
        view_cache.forget([seat.session_id])  # "taken" may change with no new version
        for field, value in changes.items():
            setattr(seat, field, value)
    if not taken or session.status != Status.WAITING:
        return bool(taken)
    engine = get_engine(session.kind)
    session.load_seats()  # read once, after the seat was taken
    seats = session.seat_list()
    if all(s.is_taken for s in seats):
        state, moves = _computer_moves(session, engine, session.state, seats)
        _commit(session, engine, state, moves, bump=1)
    else:
        _commit(session, engine, session.state, [], bump=1, status=Status.WAITING)
    mine = next(s for s in seats if s.pk == seat.pk)
    seat.turn_since, seat.deadline = mine.turn_since, mine.deadline  # the clock just set
    return True


# --- playing -----------------------------------------------------------------------------------


@transaction.atomic
def session_act(
    *,
    session_id: int,
    token: str | None = None,
    version: int,
    action: dict[str, Any],
    held: Sequence[str] = (),
    role: str | None = None,
    user=None,
    address: str = "",
    views: bool = False,
) -> GameSession:
    """Apply one legal action of the seat holding `token`, chosen from `version`; then the
    computer seats move until none has anything to do. StaleVersion when the game moved on.
    With `views`, every taken human seat's view of the game as the move left it is drawn and
    stored at the commit before the move's event goes out (chase.view_cache.reserve): the
    seats' streams send them, and `session.views` holds them by token (the answer).

    The game is read once, locked, with its seats, and the seat found among them: the seat
    whose `token` this is, or (the table page, which keeps the tokens a browser holds) the seat
    of `role` among the `held` tokens. A token of no seat of a game that `user` may not read
    (a private campaign's chase, chase.hooks) is the 404 of a missing game. A seat not taken
    yet is taken by its first action, by `user` from `address`, as its view would take it.
    The session is returned with its seats loaded (what the seat's view reads next)."""
    if depth_exceeds(action, MAX_ACTION_DEPTH):  # walked without recursion
        raise SessionError("That is not one of your legal actions now.", field="action")
    # The seats' stamp is read before the game, and the views' storing registered before the
    # move's event is (on_commit callbacks run in order).
    fill = view_cache.reserve(session_id, view_cache.stamp(session_id)) if views else None
    session = _locked_with_seats(session_id)
    seat = _acting_seat(session, token, held, role, user)
    if not seat.is_taken and _take_locked(session=session, seat=seat, user=user, address=address):
        session = _locked_with_seats(session_id)  # taking it may have moved the game on
        seat = next(s for s in session.seat_list() if s.pk == seat.pk)
    if version != session.version:
        raise StaleVersion()
    if session.status == Status.WAITING:
        free = [s.role for s in session.seat_list() if not s.is_taken]
        raise SessionError(f"The game waits for players: {', '.join(free)}.", field="action")
    if session.status == Status.FINISHED:
        raise SessionError("The game is over.", field="action")
    engine = get_engine(session.kind)
    chosen = _chosen(engine, session.state, seat.role, action)
    chance = new_chance()
    try:
        outcome = engine.perform(session.state, seat.role, chosen, chance)  # checked above
    except IllegalMove as error:
        raise SessionError(str(error), field="action") from None
    moves = [Move(seat.role, chosen, chance.outcomes, outcome.events)]
    state, answers = _computer_moves(session, engine, outcome.state, session.seat_list())
    _commit(session, engine, state, moves + answers)
    if fill is not None:
        session.views = fill(session)
    return session


_LOCKED = CompiledQuery(
    lambda session_id: GameSession.objects.select_for_update().filter(pk=session_id)
)


def _locked(session_id: int) -> GameSession:
    """The game, its row locked for this transaction; its query built once per process
    (core.compiled: every move and every seat taken reads it)."""
    session = next(iter(_LOCKED.objects(session_id)), None)
    if session is None:
        raise NoSuchSession("There is no such game.")
    return session


def _locked_with_seats(session_id: int) -> GameSession:
    """The game, its row locked for this transaction, and its seats in one more query
    (`session.seat_list()`)."""
    session = _locked(session_id)
    read_seats([session])
    return session


def _acting_seat(
    session: GameSession, token: str | None, held: Sequence[str], role: str | None, user
) -> Seat:
    """The seat an action is posted for (see session_act), from the seats already loaded."""
    if role is not None:
        tokens = [t for t in held if is_code(t)]
        seat = next((s for s in session.seat_list() if s.role == role and s.token in tokens), None)
        if seat is None:
            raise SeatRefused("You do not hold that seat in this game.")
    else:
        seat = None
        if is_code(token):
            seat = next((s for s in session.seat_list() if s.token == token), None)
        if seat is None:
            if user is not None and not hooks.may_read(session, user):
                raise NoSuchSession("No such game.")  # the words of a missing game (chase.access)
            raise SeatRefused("That seat token does not belong to this game.", field="seat")
    if seat.is_computer:
        raise SeatRefused("The computer plays that seat.", field="seat")
    return seat


def _chosen(engine: Engine, state: dict, role: str, action: Any) -> dict[str, Any]:
    """The legal action the posted one names (the label may be left out), by the engine's one
    legality check; otherwise the engine's reason, as a SessionError."""
    try:
        return engine.chosen(state, role, action)
    except IllegalMove as error:
        raise SessionError(str(error), field="action") from None


def _status(engine: Engine, state: dict) -> str:
    return Status.FINISHED if engine.status(state) == "finished" else Status.PLAYING


def hard_search(spent: float = 0.0) -> Search:
    """A hard computer move's budget (CHASE_HARD_PLAYOUTS playouts, at most CHASE_HARD_SECONDS
    of CPU time: chase.engines.levels), after `spent` CPU seconds of hard moves in the same
    answer: the computer's moves of one answer (a whole pelts phase) share at most
    CHASE_HARD_ANSWER_SECONDS, and a move past it still gets a tenth of a second."""
    search = Search(playouts=settings.CHASE_HARD_PLAYOUTS, seconds=settings.CHASE_HARD_SECONDS)
    return levels.within_answer(search, spent, settings.CHASE_HARD_ANSWER_SECONDS)


HARD_LEAST_SECONDS = levels.LEAST_SECONDS


def _computer_moves(
    session: GameSession, engine: Engine, state: dict, seats
) -> tuple[dict, list[Move]]:
    """Computer seats move, at the game's `computer_level`, each move with its own recorded
    outcomes, until none has a legal action or the game is over. What the computer chooses is
    logged as its action, so the randomness behind its choice is not needed to replay and is
    not recorded."""
    computers = [s.role for s in seats if s.is_computer]
    moves: list[Move] = []
    decide = new_chance()
    level = session.computer_level
    hard = level == GameSession.ComputerLevel.HARD
    started = time.process_time()
    while computers and engine.status(state) == "playing" and len(moves) < MAX_COMPUTER_MOVES:
        role = next((r for r in computers if engine.legal_actions(state, r)), None)
        if role is None:
            break
        search = hard_search(time.process_time() - started) if hard else None
        action = levels.computer_move(engine, state, role, decide, level, search=search)
        chance = new_chance()
        outcome = engine.apply(state, role, action, chance)
        moves.append(Move(role, action, chance.outcomes, outcome.events, by_computer=True))
        state = outcome.state
    return state, moves


def _commit(
    session: GameSession,
    engine: Engine,
    state: dict,
    moves: list[Move],
    *,
    bump: int = 0,
    status: str | None = None,
) -> None:
    """Save the new state and append the moves, one version each (plus `bump` for a change of
    status). The UPDATE matches only the version read under the lock: a second writer that got
    past the lock (SQLite has no row locks) updates nothing and gets StaleVersion."""
    read = session.version
    status = status or _status(engine, state)
    winner = engine.winner(state) if status == Status.FINISHED else None
    version = read + bump + len(moves)
    updated_at = timezone.now()
    changed = _SAVE.run((state, version, status, winner, updated_at), (session.pk, read))
    if changed != 1:
        raise StaleVersion()
    version_cache.remember(session.pk, version, status)  # under the row lock (chase.version_cache)
    if moves:  # a seat taken in a waiting game logs nothing
        last = _LAST_SEQ.rows(session.pk)
        first = last[0][0] + 1 if last else 0
        _log(session.pk, seq=first, version_after=read + bump + 1, moves=moves, at=updated_at)
    if status == Status.FINISHED and session.status != Status.FINISHED:
        ratings_after_finish(session)  # the kind's ratings, rebuilt once this commits
    lobby = Status.WAITING in (session.status, status)  # its open games list this one
    session.state, session.version, session.status, session.winner = state, version, status, winner
    session.updated_at = updated_at
    _published(session, lobby=lobby)
    moved = {m.role for m in moves if not m.by_computer and m.kind == ActionLog.Kind.MOVE}
    seats_clock(session, engine, state, moved, timezone.now())


# A move's new state, where the version read is still the game's (every move writes it):
# its SQL built once per process (core.compiled).
_SAVE = CompiledUpdate(
    GameSession, ("state", "version", "status", "winner", "updated_at"), ("id", "version")
)

# A move's log rows (every move adds them): their SQL built once per process and count.
_LOG = CompiledInsert(
    ActionLog,
    (
        "session", "seq", "role", "by_computer", "kind", "action", "outcomes", "events",
        "version_after", "created_at",
    ),
)  # fmt: skip


def _log(session_id: int, *, seq: int, version_after: int, moves: list[Move], at) -> None:
    """Add `moves` to the game's log from row `seq` on, the first leaving the game at
    `version_after` and each next one a version later."""
    _LOG.run(
        [
            (session_id, seq + i, move.role, move.by_computer, move.kind, move.action)
            + (move.outcomes, move.events, version_after + i, at)
            for i, move in enumerate(moves)
        ]
    )


# The game's last log row's number (every move reads it): built once per process.
_LAST_SEQ = CompiledQuery(
    lambda session_id: (
        ActionLog.objects.filter(session_id=session_id).order_by("-seq").values_list("seq")[:1]
    )
)


def _published(session: GameSession, *, lobby: bool) -> None:
    """Once this commits: the game's live streams, its players' inbox badges (whose turn it
    is) and, for a game waiting for players, the lobby's open games hear of it."""
    publish(game_channel(session.pk), session.version)
    users = {s.user_id for s in session.seat_list() if s.user_id is not None}
    for user_id in sorted(users):
        publish(f"inbox:{user_id}", clock_version())
    if lobby:
        publish(LOBBY_CHANNEL, clock_version())


# --- a missed deadline (chase.services.pace) ------------------------------------------------------


@transaction.atomic
def seat_hand_over(*, session_id: int, token: str, role: str, now=None) -> GameSession:
    """Another player of the game (holding `token`) gives the seat `role`, which missed its
    deadline, to the computer: the hand-over is logged (and shown in the replay), then the
    computer plays that seat from here, at once if it has a move."""
    session, asker, late = _late(session_id, token, role, now or timezone.now())
    engine = get_engine(session.kind)
    Seat.objects.filter(pk=late.pk).update(
        kind=Seat.Kind.COMPUTER, name="Computer", turn_since=None, deadline=None
    )
    late_title, asker_title = _words(session, late.role), _words(session, asker.role)
    text = (
        f"{late_title[:1].upper()}{late_title[1:]} missed the deadline: {asker_title} handed "
        "the seat to the computer."
    )
    event = {"kind": "hand_over", "seat": late.role, "by": asker.role, "text": text}
    action = {"pace": "hand_over", "by": asker.role, "label": "Handed to the computer"}
    move = Move(late.role, action, [], [event], kind=ActionLog.Kind.HAND_OVER)
    state, answers = _computer_moves(session, engine, session.state, session.seat_list())
    _commit(session, engine, state, [move, *answers])
    return session


@transaction.atomic
def session_abandon(*, session_id: int, token: str, now=None) -> GameSession:
    """Another player of the game (holding `token`) ends it as abandoned once a seat has
    missed its deadline: no winner, the end logged (and shown in the replay)."""
    session, asker, late = _late(session_id, token, None, now or timezone.now())
    engine = get_engine(session.kind)
    asker_title = _words(session, asker.role)
    text = (
        f"{asker_title[:1].upper()}{asker_title[1:]} ended the game as abandoned: "
        f"{_words(session, late.role)} missed the deadline."
    )
    event = {"kind": "abandon", "seat": late.role, "by": asker.role, "text": text}
    action = {"pace": "abandon", "label": "Ended the game as abandoned"}
    move = Move(asker.role, action, [], [event], kind=ActionLog.Kind.ABANDON)
    _commit(session, engine, session.state, [move], status=Status.FINISHED)
    GameSession.objects.filter(pk=session.pk).update(winner=None, abandoned=True)
    session.winner, session.abandoned = None, True
    return session


def _late(session_id: int, token: str, role: str | None, now) -> tuple[GameSession, Seat, Seat]:
    """The game (locked), the asking seat and the late seat (`role`, or the first late one),
    checked: the asker is another human player of a game on whose seat missed its deadline."""
    session = GameSession.objects.select_for_update().filter(pk=session_id).first()
    if session is None:
        raise NoSuchSession("There is no such game.")
    asker = session.seats.filter(token=token).first() if is_code(token) else None
    if asker is None:
        raise SeatRefused("That seat token does not belong to this game.", field="seat")
    if asker.is_computer:
        raise SeatRefused("The computer plays that seat.", field="seat")
    if session.status != Status.PLAYING:
        raise SessionError("The game is not being played.", field="session")
    late = [s for s in late_seats(session, now) if s.pk != asker.pk]
    if role is not None:
        seat = session.seats.filter(role=role).first()
        if seat is None:
            raise SessionError(f"There is no seat {role!r} in this game.", field="role")
        if seat.pk == asker.pk:
            raise SeatRefused("The other players decide about a late seat, not its own.")
        late = [s for s in late if s.pk == seat.pk]
    if not late:
        raise SessionError(
            "No other seat has missed its deadline: they still have time to move.", field="role"
        )
    return session, asker, late[0]


def _words(session: GameSession, role: str) -> str:
    return role_words(session.kind, session.options, role)


# --- replaying the log (a read, kept beside the writes it mirrors) -----------------------------


@dataclass(frozen=True)
class ReplayStep:
    entry: ActionLog
    state: dict[str, Any]
    events: list[dict[str, Any]]


def session_replay(session: GameSession) -> list[ReplayStep]:
    """Rebuild every step from the options and the log alone: the setup, then each action
    with the outcomes it recorded played back by a ScriptedChance."""
    engine = get_engine(session.kind)
    steps: list[ReplayStep] = []
    state: dict[str, Any] | None = None
    for entry in session.log.order_by("seq"):
        if entry.kind != ActionLog.Kind.MOVE and state is not None:
            steps.append(ReplayStep(entry, state, entry.events))  # a hand-over, an abandon
            continue
        chance = ScriptedChance(entry.outcomes)
        try:
            if state is None:
                # Cleaned again (once): the stored options are as the table was then.
                outcome = engine.new_game(session.options, chance)
            else:
                outcome = engine.apply(state, entry.role, entry.action, chance)
        except (IllegalMove, ChanceExhausted) as error:
            raise SessionError(f"Step {entry.seq} of the log does not replay: {error}") from None
        if chance.remaining:
            raise SessionError(f"Step {entry.seq} of the log left {chance.remaining} outcomes.")
        state = outcome.state
        steps.append(ReplayStep(entry, state, outcome.events))
    return steps
