"""Which content scopes a write to a campaign's tables belongs to (core.content_version): its
campaign's (`c:<id>`: its warbands, figures, games, post-games, members...), and the inbox
badges (`i:<id>`) and accounts (`u:<id>`) it shows in; and, on the tables of the apps it builds
on, the campaigns a user's new name or a campaign chase's move shows in. Registered when the
app is ready (campaign.apps)."""

from __future__ import annotations

from core.content_version import Part

_BY_WARBAND = "SELECT 'c:' || campaign_id AS scope FROM campaign_warband WHERE id = R.warband_id"
_CAMPAIGN = ("SELECT 'c:' || R.campaign_id AS scope", None)
_OWNER = "SELECT 'i:' || owner_id AS scope FROM campaign_warband WHERE id = R.{}"
_USERS_CAMPAIGNS = (
    "SELECT 'c:' || id AS scope FROM campaign_campaign WHERE organiser_id = R.{0} "
    "UNION SELECT 'c:' || campaign_id FROM campaign_membership WHERE user_id = R.{0} "
    "UNION SELECT 'c:' || campaign_id FROM campaign_warband WHERE owner_id = R.{0}"
)
_CAPTIVE = ("state", "ransom_offer")
# A post-game sequence's progress (an answer, a trade, an undo: its answers, undos and version)
# is shown by the sequence's own pages (the post-game page and API, the game pages) and the
# opponent's inbox (typed dice changed), never by the campaign's cached parts (its page, rosters,
# league, chronicle, book: what a committed sequence applied) nor its owner's inbox (an open
# sequence is one item whatever its step). While the sequence
# is open, such a write draws `s:<campaign id>` (its campaign's sequences), not `c:<id>`: a club
# night's answers, every few seconds, no longer make every page of the campaign be drawn again.
# A cached part that shows a sequence's step or log names that scope too. Every other column
# draws the campaign's token, as does any write to a committed sequence; a new column of the
# table must be put in one of the two lists (tests/campaign/test_page_cache_sequences.py).
SEQUENCES_SCOPE = "s"
_OPPONENT = (
    "SELECT 'i:' || w.owner_id AS scope FROM campaign_gamereport g JOIN campaign_warband w "
    "ON w.id = g.warband_a_id OR w.id = g.warband_b_id WHERE g.id = R.game_id "
    "AND w.id <> R.warband_id"
)
POSTGAME_PROGRESS = ("answers", "undone", "version", "updated_at")
POSTGAME_OTHER = (
    "game_id", "warband_id", "sheet", "report", "dice_secret", "status", "committed_at",
    "committed_by_id", "result", "rules_version", "created_at",
)  # fmt: skip
_OUTPUTS = ("SELECT 'b:' || R.campaign_id AS scope", None)
SCOPES: dict[str, list[Part]] = {
    # An e-mail the sweep will send (campaign.models.mail): the account's own, shown nowhere.
    "campaign_unsentmail": [("SELECT 'u:' || R.user_id AS scope", None)],
    "campaign_campaign": [
        ("SELECT 'c:' || R.id AS scope", None),
        ("SELECT 'u:' || R.organiser_id AS scope", ("organiser_id",)),
    ],
    "campaign_membership": [
        _CAMPAIGN,
        ("SELECT 'u:' || R.user_id AS scope UNION SELECT 'i:' || R.user_id", None),
    ],
    "campaign_warband": [
        _CAMPAIGN,
        ("SELECT 'i:' || R.owner_id AS scope", ("owner_id",)),
    ],
    "campaign_figure": [
        (_BY_WARBAND, None),
        # The inbox counts captives: the owner's, and those of their campaigns with an offer.
        (
            "SELECT 'i:' || w.owner_id AS scope FROM campaign_warband w WHERE w.campaign_id = "
            "(SELECT campaign_id FROM campaign_warband WHERE id = R.warband_id)",
            _CAPTIVE,
        ),
    ],
    "campaign_equipmentpiece": [(_BY_WARBAND, None)],
    "campaign_ledgerentry": [(_BY_WARBAND, None)],
    "campaign_rollrecord": [(_BY_WARBAND, None)],
    "campaign_ratingpoint": [(_BY_WARBAND, None)],
    "campaign_postgame": [
        (_BY_WARBAND, POSTGAME_OTHER),
        (_OWNER.format("warband_id"), POSTGAME_OTHER),
        # Its progress: the sequence's own pages only (see POSTGAME_PROGRESS).
        (_BY_WARBAND.replace("'c:'", f"'{SEQUENCES_SCOPE}:'"), POSTGAME_PROGRESS),
        # The opponent's inbox shows typed dice changed after an undo, from the answers, until
        # the commit (campaign.inbox.dice_changes): any change to the sequence is theirs.
        (_OPPONENT, None),
        # A committed sequence's answers are its chronicle's: any change to one is the campaign's.
        (f"{_BY_WARBAND} AND R.status <> 'open'", None),
    ],
    "campaign_gamereport": [
        _CAMPAIGN,
        (f"{_OWNER.format('warband_a_id')} UNION {_OWNER.format('warband_b_id')}", None),
    ],
    "campaign_gamefigure": [
        (
            "SELECT 'c:' || campaign_id AS scope FROM campaign_gamereport WHERE id = R.report_id",
            None,
        )
    ],
    # A player's line in the chronicle: its game's campaign.
    "campaign_chronicleline": [
        ("SELECT 'c:' || campaign_id AS scope FROM campaign_gamereport WHERE id = R.game_id", None)
    ],
    "campaign_battlefigure": [
        ("SELECT 'c:' || campaign_id AS scope FROM campaign_battle WHERE id = R.battle_id", None)
    ],
    # A correction: its figure's campaign, and the organiser's inbox (one awaiting: C30).
    "campaign_correction": [
        (
            "SELECT 'c:' || w.campaign_id AS scope FROM campaign_figure f "
            "JOIN campaign_warband w ON w.id = f.warband_id WHERE f.id = R.figure_id "
            "UNION SELECT 'i:' || c.organiser_id FROM campaign_figure f "
            "JOIN campaign_warband w ON w.id = f.warband_id "
            "JOIN campaign_campaign c ON c.id = w.campaign_id WHERE f.id = R.figure_id",
            None,
        )
    ],
    # What the campaign sends out (its book, its webhook posts): a scope of their own that no
    # cached part reads (`b:<id>`), never the campaign's, since the book is kept under the
    # campaign's token and must not make itself stale (campaign.models.book).
    "campaign_campaignbook": [_OUTPUTS],
    "campaign_webhookpost": [_OUTPUTS],
    "campaign_houserules": [_CAMPAIGN],  # C31: a campaign's rule book, every page of it
    "campaign_activity": [_CAMPAIGN],
    "campaign_battle": [_CAMPAIGN],
    "campaign_tablelog": [_CAMPAIGN],
    "campaign_campaignchase": [_CAMPAIGN],
    "campaign_ranking": [_CAMPAIGN],
    # A campaign chase's move shows in its campaign's pages.
    "chase_gamesession": [
        (
            "SELECT 'c:' || campaign_id AS scope FROM campaign_campaignchase "
            "WHERE session_id = R.id",
            None,
        ),
    ],
    # A new name shows in the user's campaigns' pages.
    "accounts_profile": [(_USERS_CAMPAIGNS.format("user_id"), ("display_name",))],
    "auth_user": [(_USERS_CAMPAIGNS.format("id"), ("username", "first_name", "last_name"))],
}

# The campaign's inbox sources (campaign.inbox) are counted apart in the top bar's badge, under
# `ci:<user id>` (accounts.inbox.COUNT_SCOPES): drawn by every write of these tables that draws
# the user's inbox token (`i:`), and by a campaign's new organiser (the corrections they
# confirm); never by a canoe move nor the clock, which draw or change the rest of the badge.
CAMPAIGN_INBOX_SCOPE = "ci"


def campaign_inbox_scope(user_id) -> str:
    return f"{CAMPAIGN_INBOX_SCOPE}:{user_id}"


for _parts in SCOPES.values():
    _parts.extend(
        [(select.replace("'i:'", f"'{CAMPAIGN_INBOX_SCOPE}:'"), columns)
         for select, columns in _parts if "'i:'" in select]
    )  # fmt: skip
SCOPES["campaign_campaign"].append(
    (f"SELECT '{CAMPAIGN_INBOX_SCOPE}:' || R.organiser_id AS scope", ("organiser_id",))
)

# A warband's pages are its campaign's: `w:<id>` reads which campaign, and its token, at once.
WARBAND_POINTER = (
    "SELECT 'w:' || id AS pointer, 'c:' || campaign_id AS target FROM campaign_warband "
    "WHERE id IN ({ids})"
)
