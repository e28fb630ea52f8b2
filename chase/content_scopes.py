"""Which content scopes a write to a canoe game's tables belongs to (core.content_version): the
game's (`g:<id>`) and its players' inbox badges (`i:<id>`: "your turn"). Registered when the
app is ready (chase.apps); an app that owns games adds its own scopes (campaign: a campaign
chase's campaign)."""

from __future__ import annotations

from core.content_version import Part

SCOPES: dict[str, list[Part]] = {
    # A move: its game, and the inbox badges of its players ("your turn").
    "chase_gamesession": [
        ("SELECT 'g:' || R.id AS scope", None),
        ("SELECT 'i:' || user_id AS scope FROM chase_seat WHERE session_id = R.id", None),
    ],
    "chase_seat": [
        ("SELECT 'g:' || R.session_id AS scope", None),
        ("SELECT 'i:' || R.user_id AS scope", ("user_id", "kind")),
    ],
    "chase_actionlog": [("SELECT 'g:' || R.session_id AS scope", None)],
    # Canoe ratings (chase.services.ratings): a player's own, and a game's end screen; the board's
    # lock row is shown by no cached part.
    "chase_rating": [("SELECT 'u:' || R.user_id AS scope", None)],
    "chase_ratedplace": [("SELECT 'g:' || R.session_id AS scope", None)],
    "chase_ratingboard": [("SELECT NULL AS scope", None)],
    # The balance lab's variants and runs: its own pages, which no cached part shows.
    "chase_variant": [("SELECT NULL AS scope", None)],
    "chase_labrun": [("SELECT NULL AS scope", None)],
}
