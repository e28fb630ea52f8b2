"""The ratings' pages (a game's leaderboard, a player's page) and a player's own games."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from chase.access import remember_seat, session_for
from chase.games import registry
from chase.models import Seat
from chase.selectors import ratings as selectors
from core.throttles import throttle_wait, too_many, wait_words


@require_GET
def leaderboard(request, kind: str):
    """`/play/ratings/<kind>/`: every rated player of that game, best displayed rating first."""
    if kind not in registry():
        raise Http404("There is no such game.")
    context = {
        "kind": kind,
        "title": selectors.kind_title(kind),
        "kinds": [(k, selectors.kind_title(k)) for k in registry()],
        "rows": selectors.leaderboard(kind),
    }
    return render(request, "chase/ratings.html", context)


@require_GET
def player(request, username: str):
    """`/players/<username>/`: a player's rating at each game (with its ±), their games and
    wins, their latest rated games and how they fared against each opponent. Only players with
    a rated game have a page (and you, your own); throttled per address (`players`)."""
    wait = throttle_wait(request, "players")
    if wait:
        words = [f"Many player pages in a short time: try again in {wait_words(wait)}."]
        return too_many(render(request, "error_page.html", {"messages_list": words}), wait)
    user = selectors.player_for(username, request.user)
    if user is None:
        raise Http404("There is no player of that name.")
    ratings = selectors.player_ratings(user)
    context = {
        "player": user,
        "name": selectors.display_name(user),
        "ratings": [(kind, selectors.kind_title(kind), r) for kind, r in ratings.items()],
        "recent": selectors.recent_places(user),
        "rivals": selectors.head_to_head(user),
    }
    return render(request, "chase/player.html", context)


@require_GET
@login_required
def mine(request):
    """`/play/mine/`: the signed-in player's canoe games, those waiting for them first."""
    lists = selectors.my_canoe_games(request.user)
    sections = [
        ("waiting", "Waiting for you", lists["waiting"]),
        ("ongoing", "Ongoing", lists["ongoing"]),
        ("finished", "Finished", lists["finished"]),
    ]
    context = {
        "sections": [
            (key, heading, [_mine_row(g) for g in games]) for key, heading, games in sections
        ],
    }
    return render(request, "chase/mine.html", context)


@require_GET
@login_required
def resume(request, session_id: int):
    """`/play/<id>/resume/` (My games' Play and Watch): this browser takes up the seats the
    signed-in player holds in that game, wherever they sat down, then shows the table. Someone
    holding no seat there just watches."""
    # A private campaign's chase shows itself to its own players only (issue 25, finding 3).
    mine = Seat.objects.filter(session_id=session_id, user=request.user, kind=Seat.Kind.HUMAN)
    session = session_for(session_id, request.user, list(mine.values_list("token", flat=True)))
    for seat in session.seats.filter(user=request.user, kind=Seat.Kind.HUMAN):
        remember_seat(request, seat)
    return redirect("chase:table", session.pk)


def _mine_row(session) -> dict:
    return {
        "session": session,
        "title": selectors.kind_title(session.kind),
        "players": ", ".join(
            s.name or ("Computer" if s.is_computer else "free seat") for s in session.seat_list()
        ),
    }
