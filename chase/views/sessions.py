"""HTML pages of the canoe games: the lobby, the "How to play" pages, the table (hot-seat,
several browsers, solo), joining by link, and the replay. The table is one page template whose
`table` fragment HTMX swaps after an action, a poll or a "pass the device"."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string, select_template
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseStopPolling, reswap

from chase import version_cache
from chase.access import (
    created_here,
    device_holder,
    hand_device_to,
    held_seats,
    held_tokens,
    remember_created,
    remember_seat,
    seat_for,
    session_for,
)
from chase.engines.game import action_choices
from chase.errors import SeatRefused, SessionError, StaleVersion
from chase.forms.sessions import ActForm, NewGameForm, options_form
from chase.games import UnknownGame, game_for, get_engine, registry
from chase.models import GameSession, Seat, is_code
from chase.selectors import ratings as rating_selectors
from chase.selectors import sessions as selectors
from chase.services import sessions as services
from chase.services.pace import late_seats, seats_seen, time_left
from chase.services.ratings import rated_verdict
from core import content_version
from core.addresses import address_digest
from core.content_version import game_scope
from core.domain_errors import domain_errors, form_error
from core.page_cache import CSRF_SLOT, cached, cached_many, csrf_filled
from core.throttles import throttle_wait, too_many, wait_words

# --- the lobby ---------------------------------------------------------------------------------


@require_GET
def lobby(request):
    """The lobby. With `kind` (another game chosen, or a number of seats changed, which sends
    the form's values along): that game's options and seats, keeping what was typed. Asked by
    the open games' list itself (the lobby's stream said a game opened, filled or started):
    that list alone."""
    kind = request.GET.get("kind")
    listed = None
    if not kind:  # read before the user is: their games' tokens come with the user's (one query)
        listed = _open_games()
    if request.htmx and not kind and request.htmx.target == "open-games":
        context = {"open_games_html": _open_games_html(request, listed)}
        return render(request, "chase/lobby.html#open_games", context)
    chosen = {key: request.GET[key] for key in ("kind", "mode") if request.GET.get(key)}
    form = NewGameForm(initial=chosen or None)
    options = options_form(kind=kind, shown=request.GET, user=request.user)
    if request.htmx and kind:
        html = _options_html(request, options)
        if html is not None:
            return HttpResponse(html)
        return render(request, "chase/lobby.html#options", {"options_form": options})
    return _lobby(request, form, options, listed=listed)


def _open_games() -> list[GameSession]:
    """The open games the lobby lists, their scopes' tokens to be read with the next ones."""
    listed = selectors.open_games_listed()
    content_version.hint(game_scope(g.pk) for g in listed)
    return listed


def _options_html(request, options) -> str | None:
    """A game's options and seats as first shown (nothing typed, no warband of the user's to
    offer) are the same for everyone: rendered once (hundreds of widget templates) and kept in
    the page cache, under the `all` version (they read no content; a deploy or a migration
    draws a new one). None: render them (values typed, an error, the user's warbands)."""
    if options.is_bound or options.initial or options.warbands:
        return None
    return cached(
        "lobby-options", options.kind, scopes=["all"], request=request,
        render=lambda: render_to_string(
            "chase/lobby.html#options", {"options_form": options}, request=request
        ),
    )  # fmt: skip


def _new_game_html(request, form, options, options_html, games) -> str | None:
    """The new game's whole form as first shown (no game chosen, nothing typed: the lobby as
    most visitors open it), options included, is the same for everyone but its CSRF token,
    which stays outside it: kept like the options (a few more widgets, the choice of games and
    modes). None: render it (a game chosen, values typed, an error)."""
    if form.is_bound or form.initial or options_html is None:
        return None
    context = {"form": form, "options_form": options, "options_html": options_html}
    return cached(
        "lobby-new-game", options.kind, scopes=["all"], request=request,
        render=lambda: render_to_string("chase/lobby.html#new_game", {**context, "games": games}),
    )  # fmt: skip


def _open_games_html(request, listed: list[GameSession]) -> str:
    """The open games' list: the same for everyone who sees the same games, but for the CSRF
    token of each "Play" form (its slot filled for each answer, core.page_cache.csrf_filled).
    Kept under the ids listed and their games' own scopes: a game opened, a seat taken or a
    game started changes the key. Each game's row is kept too, under its game's scope, so a
    list that changed by one game (on a busy server, between any two readings) draws that
    game's row alone, and reads the seats of that game alone."""

    def rows(missing: list[int]) -> list[str]:
        games = [listed[i] for i in missing]
        selectors.read_seats(games)
        return [
            render_to_string(
                "chase/lobby.html#open_game", {"game": _listed(g), "csrf_token": CSRF_SLOT}
            )
            for g in games
        ]

    def draw() -> str:
        parts = [((g.pk,), ["all", game_scope(g.pk)]) for g in listed]
        shown = cached_many("lobby-open-game", parts, request=request, render=rows)
        return render_to_string("chase/lobby.html#open_list", {"open_rows": shown})

    scopes = ["all", *(game_scope(g.pk) for g in listed)]
    html = cached(
        "lobby-open-games", *(g.pk for g in listed), scopes=scopes, request=request, render=draw
    )
    return csrf_filled(html, get_token(request))


def _my_games_html(request, mine: list[GameSession]) -> str:
    """The lobby's "My games": each one's title, mode and status, the same for whoever sees
    these games (no token, no name), kept under those very values, read with the list."""

    def draw() -> str:
        games = [{"session": g, "title": get_engine(g.kind).title} for g in mine]
        return render_to_string("chase/lobby.html#my_list", {"my_games": games})

    shown = [f"{g.pk}:{g.kind}:{g.mode}:{g.status}" for g in mine]
    return cached("lobby-my-games", *shown, scopes=["all"], request=request, render=draw)


def _lobby(request, form, options, status=200, listed=None):
    listed = _open_games() if listed is None else listed
    mine = list(selectors.my_games(request.user, held_tokens(request))[:30])
    games = [(kind, game.title) for kind, game in registry().items()]
    options_html = _options_html(request, options)
    context = {
        "form": form,
        "games": games,
        "options_form": options,
        "options_html": options_html,
        "new_game_html": _new_game_html(request, form, options, options_html, games),
        "open_games_html": _open_games_html(request, listed),
        "my_games_html": _my_games_html(request, mine),
        "variants": selectors.lobby_variants(),  # the club's house rules
    }
    return render(request, "chase/lobby.html", context, status=status)


def _listed(session: GameSession) -> dict:
    seats = session.seat_list()
    return {
        "session": session,
        "title": get_engine(session.kind).title,
        "seats": [(s, selectors.role_title(session, s.role)) for s in seats],
        "free": [(s.role, selectors.role_title(session, s.role)) for s in seats if not s.is_taken],
        "rated": rated_verdict(session, seats),
    }


@require_POST
def game_create(request):
    """The lobby's form: counted as its API twin is (`session_create`: per address, or per
    account when signed in)."""
    form = NewGameForm(request.POST)
    options = options_form(request.POST, kind=request.POST.get("kind"), user=request.user)
    wait = throttle_wait(request, "session_create")
    if wait:
        form.add_error(None, f"Too many new games: try again in {wait_words(wait)}.")
        return too_many(_lobby(request, form, options), wait)
    if form.is_valid() and options.is_valid():
        try:
            session = services.session_create(
                kind=form.cleaned_data["kind"],
                mode=form.cleaned_data["mode"],
                options=options.options(),
                user=request.user,
                play_as=options.cleaned_data.get("play_as"),
                computer_seats=options.computer_seats(),
                creator_sits=True,
                pace=form.cleaned_data["pace"],
                address=address_digest(request),
                computer_level=form.cleaned_data["computer_level"],
            )
        except SessionError as error:
            form.add_error(None, error.message)
        else:
            _hold_new_game(request, session, options.cleaned_data.get("play_as"))
            return redirect("chase:table", session.pk)
    return _lobby(request, form, options, status=400)


def _hold_new_game(request, session: GameSession, play_as: str | None) -> None:
    """Hot-seat: this browser holds every human seat. Solo: the human seat. Several browsers:
    the creator's own seat (taken with the game); the others are invite links on the table."""
    remember_created(request, session)
    seats = [s for s in session.seat_list() if not s.is_computer]
    if session.mode == GameSession.Mode.MULTI:
        seats = [s for s in seats if s.taken_at is not None]
    for seat in seats:
        services.seat_take(seat=seat, user=request.user, address=address_digest(request))
        remember_seat(request, seat)


@require_POST
@domain_errors
def rematch(request, session_id: int):
    """A finished game's Rematch button: the same game again (one rematch per game). This
    browser sits at the roles it held: in hot-seat every human seat, otherwise its own. In a
    game across several browsers each player presses Rematch on their own table to sit at
    their old role: a rematch seat has no invite link, it waits for its old player (finding 8)."""
    session = session_for(session_id, request.user, held_tokens(request, session_id))
    held = held_seats(request, session)
    if not held:
        raise SeatRefused("Only a player of this game can ask for a rematch.")
    first = selectors.rematch_for(session) is None
    new = services.session_rematch(session=session, user=request.user)
    if first:
        remember_created(request, new)
    for old_seat in held:
        seat = services.seat_rematch(
            rematch=new, old_seat=old_seat, user=request.user, address=address_digest(request)
        )
        if seat is not None:  # else taken already: by this browser, or by its invite link
            remember_seat(request, seat)
    return redirect("chase:table", new.pk)


@require_POST
@domain_errors
def sit(request, session_id: int, role: str):
    """Take a free seat of an open game from the lobby (only a multi game still waiting has
    any: the service refuses every other)."""
    session = session_for(session_id, request.user, held_tokens(request, session_id))
    seat = services.seat_claim(
        session=session, role=role, user=request.user, address=address_digest(request)
    )
    remember_seat(request, seat)
    return redirect("chase:table", session_id)


@require_GET
@domain_errors
def join(request, invite: str):
    """An invite link: it takes its free seat once, and this browser keeps the seat's fresh
    token. Opened again by the same browser, it goes to the table; for anyone else a spent
    or unknown invite is a 404 that hands out nothing."""
    if is_code(invite):
        spent = Seat.objects.filter(invite=invite, taken_at__isnull=False).first()
        if spent is not None and spent.token in held_tokens(request, spent.session_id):
            return redirect("chase:table", spent.session_id)
    seat = services.seat_join(invite=invite, user=request.user, address=address_digest(request))
    remember_seat(request, seat)
    hand_device_to(request, seat.session, seat.role)
    return redirect("chase:table", seat.session_id)


@require_GET
def how_to_play(request, kind: str):
    """A game's rules in the app's words: the text is the game's own template, named by its
    registration, so a new game brings its page with it."""
    try:
        game = game_for(kind)
    except UnknownGame:
        raise Http404("No such game.") from None
    context = {
        "kind": kind,
        "title": game.title,
        "rules": game.how_to_play_template,
        "games": [(k, g.title) for k, g in registry().items()],
    }
    return render(request, "chase/how_to_play.html", context)


# --- the table ---------------------------------------------------------------------------------


@require_GET
@domain_errors
def table(request, session_id: int):
    """The table for the seat this browser holds. An HTMX poll (`?version=N`) gets 204 while
    nothing changed (286, stop polling, once the game is over), else the fresh fragment.
    Every poll says this browser is at the table (no turn alert while it is:
    chase.services.alerts)."""
    seats_seen(session_id=session_id, tokens=held_tokens(request, session_id), now=timezone.now())
    if request.htmx and "version" in request.GET:
        known = version_cache.current(session_id)  # no query while nothing moved
        if known is None:
            raise Http404("No such game.")
        if str(known[0]) == request.GET["version"]:
            if known[1] == GameSession.Status.FINISHED:
                return HttpResponseStopPolling()
            return HttpResponse(status=204)
    tokens = [*held_tokens(request, session_id), *request.GET.getlist("seat")]
    session = session_for(session_id, request.user, tokens)
    if "seat" in request.GET:  # a seat's own link: keep the token in the session, drop it
        seat = seat_for(session, request.GET["seat"])
        services.seat_take(seat=seat, user=request.user, address=address_digest(request))
        remember_seat(request, seat)
        hand_device_to(request, session, seat.role)
        if not request.htmx:
            return redirect("chase:table", session.pk)
        session.refresh_from_db()
    return _table(request, session)


@require_POST
@domain_errors
def act(request, session_id: int):
    """One action of a seat this browser holds. The game and the seat are read once, in the
    service, which finds the seat of that role among the tokens this browser keeps."""
    tokens = held_tokens(request, session_id)
    form = ActForm(request.POST)
    if not form.is_valid():
        session_for(session_id, request.user, tokens)  # a game you may not see: its 404 first
        raise form_error(form, field="action")
    data = form.cleaned_data
    if not tokens:
        session_for(session_id, request.user, tokens)
        raise SeatRefused("You do not hold that seat in this game.")
    try:
        session = services.session_act(
            session_id=session_id,
            held=tokens,
            role=data["role"],
            version=data["version"],
            action=data["action"],
            user=request.user,
        )
    except StaleVersion as stale:
        if not request.htmx:
            messages.info(request, stale.message)
            return redirect("chase:table", session_id)
        session = session_for(session_id, request.user, tokens)
        response = _table(request, session, note=stale.message, status=409)
        return reswap(response, "outerHTML show:#table:top")  # the note heads the table
    if not request.htmx:
        return redirect("chase:table", session.pk)
    return _table(request, session)


@require_POST
@domain_errors
def take_device(request, session_id: int, role: str):
    """Hot-seat: "I am ..." — the next player has the device; their hand is shown."""
    session = session_for(session_id, request.user, held_tokens(request, session_id))
    if role not in [s.role for s in held_seats(request, session)]:
        raise SeatRefused("This device does not hold that seat.")
    hand_device_to(request, session, role)
    return _table(request, session) if request.htmx else redirect("chase:table", session.pk)


@require_POST
@domain_errors
def hand_over(request, session_id: int, role: str):
    """A seat missed its deadline: another player of the game gives it to the computer."""
    session = session_for(session_id, request.user, held_tokens(request, session_id))
    asker = _other_player(request, session, role)
    session = services.seat_hand_over(session_id=session.pk, token=asker.token, role=role)
    return _table(request, session) if request.htmx else redirect("chase:table", session.pk)


@require_POST
@domain_errors
def abandon(request, session_id: int):
    """A seat missed its deadline: another player of the game ends it as abandoned."""
    session = session_for(session_id, request.user, held_tokens(request, session_id))
    asker = _other_player(request, session, None)
    session = services.session_abandon(session_id=session.pk, token=asker.token)
    return _table(request, session) if request.htmx else redirect("chase:table", session.pk)


def _other_player(request, session: GameSession, role: str | None) -> Seat:
    """A seat this browser holds in the game, other than the late one (`role`)."""
    seat = next((s for s in held_seats(request, session) if s.role != role), None)
    if seat is None:
        raise SeatRefused("Only another player of this game can decide about a late seat.")
    return seat


def _table(request, session: GameSession, note: str = "", status: int = 200):
    session.load_seats()  # the seats are read five times below
    template = "chase/table.html#table" if request.htmx else "chase/table.html"
    return render(request, template, _table_context(request, session, note), status=status)


def _table_context(request, session: GameSession, note: str) -> dict:
    held = held_seats(request, session)
    acting = selectors.who_acts(session)
    game = game_for(session.kind)
    seat, pass_to = _seat_shown(request, session, held, acting, game.hidden_hands)
    payload = selectors.seat_payload(session, seat)
    actions = payload["legal_actions"]
    invites = created_here(request, session) and session.mode == GameSession.Mode.MULTI
    now = timezone.now()
    seats = [_seat_row(request, session, s, seat, invites, now) for s in session.seat_list()]
    finished = session.is_finished
    late = [s for s in late_seats(session, now) if s not in held]  # for the others to decide
    return {
        "session": session,
        "title": game.title,
        "seat": seat,
        "you": selectors.role_title(session, seat.role) if seat else None,
        "pass_to": pass_to,
        "pass_title": selectors.role_title(session, pass_to) if pass_to else None,
        "acting": [selectors.role_title(session, r) for r in acting],
        "winner": selectors.role_title(session, session.winner) if session.winner else None,
        "view": payload["view"],
        "actions": action_choices(actions),
        "drawing": game.draw(payload["view"], actions) if game.draw else None,
        "board_template": _board_template(game),
        "seats": seats,
        "invites": [row for row in seats if row["join_url"]],
        "log": _log_rows(session, payload["log"], seat),
        "note": note,
        "results": game.results(session, payload["view"]) if finished and game.results else None,
        "no_handover": len(held) > 1 and not game.hidden_hands,  # "Virginia to move" says it
        "how_to_play": reverse("chase:how_to_play", args=[session.kind]),
        "can_rematch": finished and bool(held),
        "rematch": selectors.rematch_for(session) if finished else None,
        "late": [(s.role, selectors.role_title(session, s.role)) for s in late] if held else [],
        "my_turn": bool(seat and actions and session.status == GameSession.Status.PLAYING),
        # The signed-in player's seats that another browser holds (they joined there, the inbox
        # led here): one tap takes them up in this one (chase:resume, as My games does).
        "seats_elsewhere": [
            selectors.role_title(session, s.role)
            for s in session.seat_list()
            if request.user.is_authenticated
            and s.user_id == request.user.id
            and not s.is_computer
            and s not in held
        ],
        # The computer's level is shown where it holds a seat.
        "computer_level": any(s.is_computer for s in session.seat_list()),
        **_ratings_context(session, finished),
    }


def _ratings_context(session: GameSession, finished: bool) -> dict:
    """Whether the game is rated (and why), and once it is over its players' new ratings."""
    rated, why = rated_verdict(session, session.seat_list())
    places = rating_selectors.end_ratings(session) if finished and rated else []
    for place in places:  # which canoe or side each of the computer's places was
        place.seats_title = ", ".join(selectors.role_title(session, r) for r in place.roles)
    return {"rated": rated, "rated_note": why, "rated_places": places}


def _seat_shown(request, session, held: list[Seat], acting: list[str], hidden_hands: bool):
    """Which held seat's view to show. One seat: that one. Several (hot-seat): the player who
    said "I am ..." while they still have something to do; else "pass the device" to the next
    player with a move, and show no hand until they say who they are. A game with nothing
    hidden (the race) has no handover: the next held seat with a move is shown at once."""
    if len(held) <= 1:
        return (held[0] if held else None), None
    to_move = [s for s in held if s.role in acting]
    if not hidden_hands:
        return (to_move[0] if to_move else held[0]), None
    holder = next((s for s in held if s.role == device_holder(request, session)), None)
    if holder is not None and (holder.role in acting or not to_move):
        return holder, None
    if to_move:
        return None, to_move[0].role
    return None, None


def _seat_row(request, session, seat: Seat, shown: Seat | None, invites: bool, now) -> dict:
    join = None
    if invites and seat.open_invite:
        join = request.build_absolute_uri(reverse("chase:join", args=[seat.open_invite]))
    return {
        "role": seat.role,
        "title": selectors.role_title(session, seat.role),
        "name": seat.name,
        "computer": seat.is_computer,
        "taken": seat.is_taken,
        "you": shown is not None and seat.pk == shown.pk,
        "join_url": join,
        "deadline": seat.deadline,
        "left": time_left(seat.deadline, now) if not session.is_finished else "",
        "late": seat.deadline is not None and seat.deadline <= now,
    }


def _log_rows(session, log: list[dict], seat: Seat | None) -> list[dict]:
    rows = []
    for entry in reversed(log):
        who = selectors.role_title(session, entry["role"]) if entry["role"] else "Setup"
        rows.append(
            {
                "seq": entry["seq"],
                "who": who[0].upper() + who[1:],
                "computer": entry["by_computer"],
                "mine": seat is not None and entry["role"] == seat.role,
                "label": (entry["action"] or {}).get("label"),
                "texts": [e.get("text", "") for e in entry["events"]],
            }
        )
    return rows


def _board_template(game):
    return select_template([game.template, "chase/boards/_generic.html"])


# --- the replay --------------------------------------------------------------------------------


@require_GET
@domain_errors
def replay(request, session_id: int):
    """Step through the log: each step rebuilt from the options and the log alone. While the
    game is on, it shows what a spectator may see; once over, every action and outcome."""
    session = session_for(session_id, request.user, held_tokens(request, session_id))
    steps = services.session_replay(session)
    try:
        number = min(max(int(request.GET.get("step", 0)), 0), len(steps) - 1)
    except ValueError:
        number = 0
    step = steps[number]
    game = game_for(session.kind)
    view = game.engine.seat_view(step.state, None)
    entry = step.entry
    told = session.is_finished
    context = {
        "session": session,
        "title": game.title,
        "number": number,
        "last": len(steps) - 1,
        "who": selectors.role_title(session, entry.role) if entry.role else "Setup",
        "computer": entry.by_computer,
        "label": (entry.action or {}).get("label") if told else None,
        "outcomes": entry.outcomes if told else None,
        "texts": [e.get("text", "") for e in step.events],
        "view": view,
        "actions": [],
        "drawing": game.draw(view, []) if game.draw else None,
        "board_template": _board_template(game),
        "turns": _turn_starts(steps),
    }
    template = "chase/replay.html#step" if request.htmx else "chase/replay.html"
    return render(request, template, context)


def _turn_starts(steps) -> list[tuple[int, int]]:
    """(turn, its first step) for the replay's "jump to a turn", from the engine's `turn`
    counter where its state keeps one (a game without turns gets no list)."""
    starts: dict[int, int] = {}
    for number, step in enumerate(steps):
        turn = step.state.get("turn") if isinstance(step.state, dict) else None
        if isinstance(turn, int) and not isinstance(turn, bool):
            starts.setdefault(turn, number)
    return sorted(starts.items())
