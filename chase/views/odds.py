"""The odds panel of a canoe table: "What are my chances?" for a seat this browser holds, or a
spectator's chances at a replay step (chase.services.odds works them out)."""

from __future__ import annotations

from functools import partial

from django.shortcuts import render
from django.views.decorators.http import require_GET

from chase.access import held_seats, held_tokens, session_for
from chase.engines.lab import wilson
from chase.engines.odds import share_words
from chase.errors import SeatRefused
from chase.games import get_engine
from chase.models import GameSession
from chase.selectors import sessions as selectors
from chase.services import odds as chase_odds
from core.domain_errors import domain_errors


@require_GET
@domain_errors
def odds(request, session_id: int):
    """ "What are my chances?" for a seat this browser holds (`?role=`), or, once the game is
    over, the chances a spectator had at a replay step (`?step=`). While a worker is on it the
    fragment asks again every second."""
    session = session_for(session_id, request.user, held_tokens(request, session_id))
    if "step" in request.GET:
        role, step = None, chase_odds.replay_step(session, request.GET["step"])
    else:
        seat = next(
            (s for s in held_seats(request, session) if s.role == request.GET.get("role")), None
        )
        if seat is None:
            raise SeatRefused("You do not hold that seat in this game.")
        role, step = seat.role, None
    context = {
        "session": session,
        "title": get_engine(session.kind).title,
        "asker": selectors.role_title(session, role) if role else "a spectator",
        "step": step,
        "again": request.get_full_path(),
    }
    template = "chase/odds.html#odds" if request.htmx else "chase/odds.html"
    try:
        answer = chase_odds.odds_ask(
            session=session, role=role, step=step, spend=partial(chase_odds.odds_budget, request)
        )
    except (chase_odds.OddsThrottled, chase_odds.OddsBusy) as refused:
        # Said in the odds panel itself; a busy queue is asked again by itself (HTMX swaps only
        # 2xx, 400, 409 and 429: base.html), a throttled client when it chooses to.
        busy = isinstance(refused, chase_odds.OddsBusy)
        status = 200 if busy and request.htmx else refused.status_code
        context |= {"refused": refused.message, "wait": refused.retry_after, "busy": busy}
        response = render(request, template, context, status=status)
        response["Retry-After"] = str(refused.retry_after)
        return response
    rows = _odds_rows(session, answer) if answer else []
    context |= {
        "odds": answer,
        "certain": answer.get("certain", "") if answer else "",
        "margin": f"{answer['margin'] * 100:.1f}" if answer else "",
        "rows": rows,
        # 1,000 playouts of 1,000 are no proof: the shares near 0 or 1 get their intervals
        "extreme": [row for row in rows if row["words"].startswith(("over", "under"))],
        "note": _odds_note(session),
    }
    return render(request, template, context)


def _odds_rows(session: GameSession, answer: dict) -> list[dict]:
    # A game whose winner is a side (the abstract chase) says what each side's win means.
    engine = get_engine(session.kind)
    certain, playouts = bool(answer.get("certain")), answer["playouts"]
    rows = []
    for role, p in sorted(answer["win"].items(), key=lambda item: -item[1]):
        low, high = wilson(round(p * playouts), playouts)
        rows.append(
            {
                "role": role,
                "title": engine.odds_words(session.options, role)
                or selectors.role_title(session, role),
                "percent": round(p * 100),
                "words": share_words(p, certain),
                "interval": f"{low * 100:.1f}–{high * 100:.1f}%",
            }
        )
    return rows


def _odds_note(session: GameSession) -> str:
    """What the odds mean, for a game that says so (the abstract chase)."""
    return get_engine(session.kind).odds_note(session.options)
