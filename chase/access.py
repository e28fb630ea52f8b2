"""One access helper per object type: a game by its id, a seat only by its secret token.

A browser keeps the tokens of the seats it holds in its session (`request.session`), so a
reload, or closing the tab and coming back, keeps the seat. A hot-seat browser holds them all.
"""

from __future__ import annotations

from django.http import Http404

from chase import hooks
from chase.errors import SeatRefused, SessionError
from chase.models import GameSession, Seat, is_code
from chase.services.sessions import seats_claim

SEATS_KEY = "chase_seats"  # {game id: [tokens]}
NO_SUCH_GAME = "No such game."
VIEWER_KEY = "chase_viewer"  # {game id: role}: in hot-seat, who has the device now
CREATED_KEY = "chase_created"  # [game ids] this browser created (it shows their invite links)


def session_for(session_id: int, user, tokens=()) -> GameSession:
    """A game by its id. A game another app owns is that app's to show (chase.hooks): a
    campaign chase is its campaign's (issue 25, finding 3), and to someone who may not read
    that campaign, and holds none of its seats' `tokens`, it is the same 404 as a game that
    does not exist, so its pages and API give nothing of a private campaign away."""
    related = ("created_by", *hooks.read_related())
    session = GameSession.objects.select_related(*related).filter(pk=session_id).first()
    if session is None:
        raise Http404(NO_SUCH_GAME)
    if not hooks.may_read(session, user):
        held = [token for token in tokens if is_code(token)]
        if not (held and session.seats.filter(token__in=held).exists()):
            raise Http404(NO_SUCH_GAME)  # the same words as a missing game
    return session


def seat_for(session: GameSession, token: str | None) -> Seat:
    """The seat of this game whose token this is; 403 for anything else (no guessing). A
    token that cannot be one (a NUL byte, say) is a 400 before any lookup."""
    if token and not is_code(token):
        raise SessionError("That is not a seat token.", field="seat")
    seat = session.seats.filter(token=token).first() if token else None
    if seat is None:
        raise SeatRefused("That seat token does not belong to this game.", field="seat")
    return seat


def held_tokens(request, session_id: int | None = None) -> list[str]:
    kept = request.session.get(SEATS_KEY, {})
    if session_id is None:
        return [token for tokens in kept.values() for token in tokens]
    return list(kept.get(str(session_id), []))


def held_seats(request, session: GameSession) -> list[Seat]:
    """The human seats of this game this browser holds, in turn order."""
    tokens = held_tokens(request, session.pk)
    if not tokens:
        return []
    return [s for s in session.seat_list() if s.token in tokens and not s.is_computer]


def remember_seat(request, seat: Seat) -> None:
    kept = request.session.get(SEATS_KEY, {})
    tokens = kept.setdefault(str(seat.session_id), [])
    if seat.token not in tokens:
        tokens.append(seat.token)
        request.session[SEATS_KEY] = kept


def remember_created(request, session: GameSession) -> None:
    request.session[CREATED_KEY] = [*request.session.get(CREATED_KEY, []), session.pk][-50:]


def created_here(request, session: GameSession) -> bool:
    """The browser (or the signed-in user) that created the game sees its invite links."""
    if request.user.is_authenticated and session.created_by_id == request.user.id:
        return True
    return session.pk in request.session.get(CREATED_KEY, [])


def device_holder(request, session: GameSession) -> str | None:
    """Hot-seat: the role that said "I am ..." last on this device."""
    return request.session.get(VIEWER_KEY, {}).get(str(session.pk))


def hand_device_to(request, session: GameSession, role: str | None) -> None:
    viewers = request.session.get(VIEWER_KEY, {})
    viewers[str(session.pk)] = role
    request.session[VIEWER_KEY] = viewers


def claim_on_login(sender, request=None, user=None, **kwargs) -> None:
    """On `user_logged_in` (a sign-up signs in too): the seats this browser took as a guest, and
    the games it created, become the account's. Only this browser's own tokens are offered, so
    no browser claims another's seats; the session keeps them across the log-in."""
    if request is None or not hasattr(request, "session"):
        return  # a log-in without a browser session (the API's token): nothing held
    seats_claim(
        user=user, tokens=held_tokens(request), created=request.session.get(CREATED_KEY, [])
    )
