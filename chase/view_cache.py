"""A seat's view of a game at one version, encoded once and shared: what the API's `/view/`,
the answer to an action and the seat's stream (chase.streams) send.

At a club night each move's views were drawn five times over (the mover's answer, the two
seats' streams, then each player's next `/view/`), every time with the game, its seats and its
log read again. Now a move through the API draws every seat's view in its own transaction and
stores them at its commit before its event goes out (`reserve`); a view drawn anywhere else is
stored by whoever drew it first (`store`); the others find it (`lookup`): one Redis round
trip for the game's version and the seats' stamp, one for the body.

What keys a body: the game, its version (chase.version_cache: never behind the database), the
seat by its token's digest (a seat's view is its own: nobody finds another seat's body
without its token, and a token handed out afresh finds nothing) or "spectator", and the seats'
*stamp*. Everything a view shows changes with the version but the seats' people (a guest who
signs in, a seat taken once the game is on, chase.services.sessions): those writes change the
stamp once they commit (`forget`), and every body stored before is never found again. A body
is stored only once what it was read from is committed, at the version read with it, and
under the stamp read *before* it: a body drawn from the seats as they were before a change
can only be stored under the stamp from before it.

The alias is `versions`: Redis shared by every process, or a dummy cache that never finds
anything (without Redis, or while it cannot be reached): then every view is drawn as before.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass

from django.core.cache import caches
from django.db import transaction
from rest_framework.renderers import JSONRenderer

from chase import version_cache
from chase.selectors.sessions import recent_entries, seat_payload

ALIAS = version_cache.ALIAS
SECONDS = 300  # a body unused this long goes
STAMP_SECONDS = 3600  # longer than a body lives: an expired stamp brings back no old body


@dataclass
class Found:
    """What `lookup` found: the game's (version, status) if the cache knows it, the seats'
    stamp to store under, and the body stored for this seat at that version (or None)."""

    version: int | None
    status: str | None
    stamp: str
    body: bytes | None


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:32] if token else "spectator"


def _stamp_key(session_id: int) -> str:
    return f"seats:{session_id}"


def _key(session_id: int, version: int, stamp: str, token: str) -> str:
    return f"view:{session_id}:{version}:{stamp}:{_digest(token)}"


def lookup(session_id: int, token: str) -> Found:
    """The body of this seat's (`token`; "" for a spectator) view at the game's current
    version, if one was stored; read the stamp here *before* reading the game to store one."""
    cache = caches[ALIAS]
    game, stamp_key = version_cache.key(session_id), _stamp_key(session_id)
    found = cache.get_many([game, stamp_key])
    stamp = str(found.get(stamp_key) or "0")
    if game not in found:
        return Found(None, None, stamp, None)
    version, status = found[game]
    return Found(version, status, stamp, cache.get(_key(session_id, version, stamp, token)))


def stamp(session_id: int) -> str:
    """The seats' stamp alone (read before the game is, to store its view after)."""
    return str(caches[ALIAS].get(_stamp_key(session_id)) or "0")


def encode(payload: dict) -> bytes:
    """The body as the API's JSON renderer writes it, its objects' keys sorted: a view drawn
    from the state a move leaves in memory and one drawn from the state read back are the same
    bytes (PostgreSQL's jsonb gives an object's keys back in an order of its own)."""
    renderer = JSONRenderer()
    text = json.dumps(
        payload,
        cls=renderer.encoder_class,
        ensure_ascii=renderer.ensure_ascii,
        allow_nan=not renderer.strict,
        separators=(",", ":") if renderer.compact else (", ", ": "),
        sort_keys=True,
    )
    # As the renderer: a strict JavaScript subset.
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").encode()


def store(session_id: int, version: int, stamp: str, token: str, payload: dict) -> bytes:
    """Encode `payload` (the seat's view at `version`, read after `stamp` was) and keep it for
    the others once what it was read from is committed (at once outside a transaction; never
    after a rollback)."""
    body = encode(payload)
    key = _key(session_id, version, stamp, token)
    transaction.on_commit(lambda: caches[ALIAS].set(key, body, SECONDS))
    return body


def reserve(session_id: int, stamp: str):
    """Call first thing inside the transaction of a move (before the service publishes): the
    returned `fill(session)` draws every taken human seat's view of the game as the move left
    it, and the commit stores them *before* the move's event goes out (callbacks run in the
    order they were registered), so the seats' streams, and then their next `/view/`, find
    them. A rollback stores nothing. `fill` returns the bodies by token."""
    bodies: dict[tuple[int, str], bytes] = {}

    def keep():
        cache = caches[ALIAS]
        cache.set_many(
            {_key(session_id, v, stamp, token): body for (v, token), body in bodies.items()},
            SECONDS,
        )

    transaction.on_commit(keep)

    def fill(session) -> dict[str, bytes]:
        entries = recent_entries(session)
        found = {}
        for seat in session.seat_list():
            if seat.is_computer or not seat.is_taken:
                continue
            body = encode(seat_payload(session, seat, entries=entries))
            bodies[(session.version, seat.token)] = found[seat.token] = body
        return found

    return fill


def forget(session_ids) -> None:
    """The seats of these games changed without a new version: once that commits, no body
    stored before is found again (a new stamp)."""
    ids = sorted(set(session_ids))
    if not ids:
        return

    def renew():
        caches[ALIAS].set_many({_stamp_key(i): secrets.token_hex(4) for i in ids}, STAMP_SECONDS)

    transaction.on_commit(renew)
