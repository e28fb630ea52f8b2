"""Who may see or do what: every access decision of the campaign app, one helper per object.

`is_*` and `may_*` answer yes or no (pages use them to show a button); each `*_for` fetches an
object for a user with what its page needs, or raises 404 / 403. A stranger gets a 404 for
anything of a private campaign, so its existence is not given away; a member who may read but
not act gets a 403. Selectors only read; services call the `may_*` rules before they write.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404

from campaign.models import (
    Battle,
    Campaign,
    CampaignChase,
    ChronicleLine,
    Correction,
    Figure,
    GameReport,
    Membership,
    PostGame,
    Warband,
)
from campaign.selectors.battles import battles_queryset
from campaign.selectors.games import games_queryset
from campaign.selectors.warbands import warbands_with_roster
from core.compiled import STAND_INS, CompiledJoin, CompiledQuery
from core.content_version import CAMPAIGN_SCOPE, campaign_scope, scope_id
from core.models import Job
from core.page_cache import cached, campaign_of_warband

NO_SUCH_CAMPAIGN = "No such campaign."
BOOK_SCOPE = "b"  # a campaign's outputs (its book): campaign.services.book, which imports this


def _found(queryset, message: str, **lookup):
    """The one row the lookup names, or a 404 with `message`: the same words a stranger gets
    for a row of a private campaign, so an id that exists is not told from one that does not
    (issue 25, finding 7)."""
    # Every lookup names one row (a pk, or a unique pair): no ORDER BY (`.first()` orders by
    # the model's ordering, a good share of the CPU of compiling the query).
    row = next(iter(queryset.filter(**lookup).order_by()[:1]), None)
    if row is None:
        raise Http404(message)
    return row


# --- yes or no ---------------------------------------------------------------------------------


# Whether an account is a member: asked by every page of a campaign the cache does not hold,
# so its query is built once per process (core.compiled), bound to the campaign and the account.
_MEMBERSHIP = CompiledQuery(
    lambda campaign_id, user_id: Membership.objects.filter(
        campaign_id=campaign_id, user_id=user_id
    ).values("pk")[:1],
    stand_in=STAND_INS,
)


def is_member(campaign: Campaign, user) -> bool:
    return user.is_authenticated and (
        campaign.organiser_id == user.id or bool(_MEMBERSHIP.rows((campaign.id, user.id)))
    )


def is_organiser(campaign: Campaign, user) -> bool:
    return user.is_authenticated and campaign.organiser_id == user.id


def may_read(campaign: Campaign, user) -> bool:
    return campaign.is_public or is_member(campaign, user)


# A campaign chase's game is read through chase.access.session_for, which asks this (registered
# with chase.hooks when the app is ready) and fetches these with the game.
CHASE_GAME_RELATED = ("campaign_chase__campaign", "campaign_chase__trappers",
                      "campaign_chase__indians")  # fmt: skip


def may_read_chase_game(session, user) -> bool:
    """A campaign chase is its campaign's (issue 25, finding 3): who may not read the campaign
    may not read its game (a seat's token still opens it); any other game is not ours to say."""
    chase = getattr(session, "campaign_chase", None)  # the game's chase, if it is one
    return chase is None or may_read(chase.campaign, user)


def chase_seat_refusal(seat, user) -> str | None:
    """A campaign chase's seat is its warband's (issue 25, finding 3): only the warband's owner
    or the campaign's organiser takes it (registered with chase.hooks). The refusal names
    nothing of the campaign."""
    chase = getattr(seat.session, "campaign_chase", None)  # the seat's chase, if it is one
    if chase is None or chase.may_sit(user, seat.role):
        return None
    return (
        "This seat is a campaign warband's: only its player (signed in) or the campaign's "
        "organiser may take it."
    )


def can_edit_warband(warband: Warband, user) -> bool:
    """The owner changes their own warband; the organiser may correct anything."""
    return user.is_authenticated and user.id in (warband.owner_id, warband.campaign.organiser_id)


def may_remove_member(campaign: Campaign, user, member_id: int) -> bool:
    """The organiser removes a player; a player may leave on their own."""
    return is_organiser(campaign, user) or (user.is_authenticated and user.id == member_id)


def owners(game: GameReport) -> set[int]:
    return {game.warband_a.owner_id, game.warband_b.owner_id}


def may_confirm(game: GameReport, user) -> bool:
    """The organiser, or a player of the game other than the one who filed it."""
    if is_organiser(game.campaign, user):
        return True
    return user.is_authenticated and user.id in owners(game) and user.id != game.filed_by_id


def may_edit(game: GameReport, user) -> bool:
    """The filer or the organiser, while the report waits for confirmation."""
    return is_organiser(game.campaign, user) or (
        user.is_authenticated and user.id == game.filed_by_id
    )


def may_withdraw(game: GameReport, user) -> bool:
    """Pending: either player or the organiser (the opponent withdrawing it is a refusal).
    Confirmed: the organiser only (the services check that no sequence is committed)."""
    if is_organiser(game.campaign, user):
        return True
    pending = game.status == GameReport.Status.PENDING
    return pending and user.is_authenticated and user.id in owners(game)


def may_drive(postgame: PostGame, user) -> bool:
    """Only the warband's owner and the organiser drive its sequence."""
    return user.is_authenticated and user.id in (
        postgame.warband.owner_id,
        postgame.warband.campaign.organiser_id,
    )


# --- fetch for a page that only reads, from the page cache -------------------------------------
# The rows a cached page checks access with come from the page cache too, keyed by the campaign's
# version (core.page_cache): any write to a campaign, a warband or a membership changes the
# key, so the decision is the one a fresh read would make. For reads only: a view that writes
# fetches with the `*_for` helpers below.


def member_to_read(request, campaign: Campaign) -> bool:
    """is_member(campaign, request.user), for a page that only reads."""
    user = request.user
    if is_organiser(campaign, user):
        return True
    if not user.is_authenticated:
        return False
    return cached(
        "is-member", campaign.id, user.id, scopes=[campaign_scope(campaign.id)],
        request=request, at_once=True,
        render=lambda: is_member(campaign, user),
    )  # fmt: skip


def _may_read_cached(request, campaign: Campaign) -> bool:
    return campaign.is_public or member_to_read(request, campaign)


# What a page's cached row holds, each read by one query built once per process
# (core.compiled): the campaign with its organiser, the warband with its campaign and its
# owner, as `select_related` reads them, never a password hash (the rows are kept in the
# shared page cache).
CAMPAIGN_ROW = CompiledJoin(Campaign, {"organiser": ("password",)})
WARBAND_ROW = CompiledJoin(Warband, {"campaign": (), "owner": ("password",)})


def campaign_to_read(request, campaign_id: int) -> Campaign:
    """As campaign_for(request.user, campaign_id), for a page that only reads."""
    campaign = cached(
        "campaign-row", campaign_id, scopes=[campaign_scope(campaign_id)], request=request,
        render=lambda: CAMPAIGN_ROW.get(campaign_id),
    )  # fmt: skip
    if campaign is None or not _may_read_cached(request, campaign):
        raise Http404(NO_SUCH_CAMPAIGN)
    return campaign


def warband_to_read(request, warband_id: int) -> Warband:
    """As warband_for(request.user, warband_id), for a page that only reads."""
    campaign_id = campaign_of_warband(warband_id)
    if campaign_id is None:
        raise Http404("No such warband.")
    warband = cached(
        "warband-row", warband_id,
        scopes=[campaign_scope(campaign_id)], request=request,
        render=lambda: WARBAND_ROW.get(warband_id),
    )  # fmt: skip
    if warband is None or not _may_read_cached(request, warband.campaign):
        raise Http404("No such warband.")
    return warband


# --- fetch for a user, or 404 / 403 ------------------------------------------------------------


def invited_campaign(code: str) -> Campaign | None:
    """The campaign an invite code (a join link's) opens, with its organiser; None for a wrong
    code. The code is the secret: whoever holds it may read the campaign's name."""
    return (
        Campaign.objects.filter(invite_code=code.strip().upper())
        .select_related("organiser")
        .first()
    )


def campaign_for(user, campaign_id: int, *, organiser: bool = False, member: bool = False):
    campaign = _found(
        Campaign.objects.select_related("organiser"), NO_SUCH_CAMPAIGN, pk=campaign_id
    )
    if not may_read(campaign, user):
        raise Http404(NO_SUCH_CAMPAIGN)
    if organiser and not is_organiser(campaign, user):
        raise PermissionDenied("Only the campaign's organiser may do that.")
    if member and not is_member(campaign, user):
        raise PermissionDenied("Join the campaign first.")
    return campaign


def membership_for(user, campaign_id: int, member_id: int) -> Membership:
    """A player's membership, for removing it: 404 for a stranger to a private campaign or a
    user who does not play in it; 403 unless the organiser or the player themself asks."""
    campaign = campaign_for(user, campaign_id)
    membership = _found(
        Membership.objects.select_related("user", "campaign"),
        "No such player in this campaign.",
        campaign=campaign,
        user_id=member_id,
    )
    if not may_remove_member(campaign, user, member_id):
        raise PermissionDenied("Only the organiser may remove another player.")
    return membership


def warband_for(user, warband_id: int, *, edit: bool = False, roster: bool = False) -> Warband:
    queryset = warbands_with_roster() if roster else Warband.objects.select_related("campaign")
    warband = _found(queryset, "No such warband.", pk=warband_id)
    if not may_read(warband.campaign, user):
        raise Http404("No such warband.")
    if edit and not can_edit_warband(warband, user):
        raise PermissionDenied("Only the warband's owner or the organiser may change it.")
    return warband


def figure_for(user, figure_id: int, *, edit: bool = False) -> Figure:
    figure = _found(
        Figure.objects.select_related("warband__campaign"), "No such figure.", pk=figure_id
    )
    if not may_read(figure.warband.campaign, user):
        raise Http404("No such figure.")
    warband_for(user, figure.warband_id, edit=edit)
    return figure


def game_for(
    user, game_id: int, *, confirm: bool = False, edit: bool = False, withdraw: bool = False
) -> GameReport:
    queryset = games_queryset()
    if confirm:  # its service reads the game again, locked: its lines and sequences are not read
        queryset = queryset.prefetch_related(None)
    game = _found(queryset, "No such game.", pk=game_id)
    if not may_read(game.campaign, user):
        raise Http404("No such game.")
    if confirm and not may_confirm(game, user):
        raise PermissionDenied("Only the opponent or the organiser may confirm this report.")
    if edit and not may_edit(game, user):
        raise PermissionDenied("Only the player who filed it or the organiser may edit it.")
    if withdraw and not may_withdraw(game, user):
        raise PermissionDenied("You may not withdraw this report.")
    return game


def chronicle_game_for(user, campaign_id: int, game_id: int) -> GameReport:
    """A confirmed game of the campaign, for a member to add a line to its chronicle entry:
    404 for a stranger to a private campaign or a game not in its chronicle; 403 for a reader
    who does not play in it."""
    campaign = campaign_for(user, campaign_id, member=True)
    return _found(
        GameReport.objects.select_related("campaign"),
        "No such game in this chronicle.",
        pk=game_id,
        campaign=campaign,
        status=GameReport.Status.CONFIRMED,
    )


def chronicle_line_for(user, line_id: int) -> ChronicleLine:
    """A player's line, for its author to take back: 404 for a stranger to a private campaign,
    403 for anyone but its author."""
    line = _found(
        ChronicleLine.objects.select_related("game__campaign", "author"),
        "No such line.",
        pk=line_id,
    )
    if not may_read(line.game.campaign, user):
        raise Http404("No such line.")
    if not (user.is_authenticated and user.id == line.author_id):
        raise PermissionDenied("Only its author takes a line back.")
    return line


POSTGAME_RELATED = (
    "warband__campaign",
    "warband__owner",
    "game__warband_a",
    "game__warband_b",
    "committed_by",
)


# What a sequence's state reads (selectors.games.postgame_state, its rule book, may_drive): the
# API's answers, read every few seconds a club.
POSTGAME_STATE_RELATED = ("warband__campaign", "game")


def postgame_for(
    user, postgame_id: int, *, drive: bool = False, related: tuple[str, ...] = POSTGAME_RELATED
) -> PostGame:
    """The sequence, for whoever may read its campaign (404 else); `drive`: its warband's owner
    or the organiser (403 else). `related`: the rows fetched with it (the page's by default)."""
    queryset = PostGame.objects.select_related(*related)
    postgame = _found(queryset, "No such post-game sequence.", pk=postgame_id)
    if not may_read(postgame.warband.campaign, user):
        raise Http404("No such post-game sequence.")
    if drive and not may_drive(postgame, user):
        raise PermissionDenied("Only the warband's owner or the organiser may drive its sequence.")
    return postgame


def figure_to_correct(user, figure_id: int) -> Figure:
    """C30: the figure's owner or the organiser corrects it (403 for other readers, 404 for
    those who may not read the campaign)."""
    return figure_for(user, figure_id, edit=True)


def correction_for(user, correction_id: int, *, confirm: bool = False) -> Correction:
    """A correction, to whoever may read its campaign; confirming it is the organiser's."""
    queryset = Correction.objects.select_related("figure__warband__campaign", "by")
    correction = _found(queryset, "No such correction.", pk=correction_id)
    campaign = correction.figure.warband.campaign
    if not may_read(campaign, user):
        raise Http404("No such correction.")
    if confirm and not is_organiser(campaign, user):
        raise PermissionDenied("Only the organiser confirms a correction.")
    return correction


def figure_for_captive(user, figure_id: int) -> Figure:
    figure = _found(
        Figure.objects.select_related("warband__campaign", "warband__owner"),
        "No such figure.",
        pk=figure_id,
    )
    if not may_read(figure.warband.campaign, user):
        raise Http404("No such figure.")
    return figure


def may_read_job(job: Job, user) -> bool:
    """A campaign's job (recalculation, rankings), to whoever may read its campaign; registered
    for its kinds with core.jobs (campaign.apps), whose 404 the others get."""
    campaign = job_campaign(job)
    return campaign is not None and may_read(campaign, user)


def may_read_book_job(job: Job, user) -> bool:
    """A campaign book's job (its scope is the campaign's outputs', `b:<id>`), to whoever may
    read the campaign, as the book itself."""
    campaign_id = scope_id(job.scope, BOOK_SCOPE)
    campaign = None if campaign_id is None else Campaign.objects.filter(pk=campaign_id).first()
    return campaign is not None and may_read(campaign, user)


def job_campaign(job: Job) -> Campaign | None:
    """The campaign a job works on (its scope), or None (a lab run's, or one since deleted)."""
    campaign_id = scope_id(job.scope, CAMPAIGN_SCOPE)
    return None if campaign_id is None else Campaign.objects.filter(pk=campaign_id).first()


# --- the table companion (a battle sheet, the calculators' figures) ----------------------------


def may_play(battle: Battle, user) -> bool:
    """The two warbands' players and the organiser roll, change and file a battle."""
    return user.is_authenticated and user.id in (
        battle.warband_a.owner_id,
        battle.warband_b.owner_id,
        battle.campaign.organiser_id,
    )


def battle_for(user, battle_id: int, *, play: bool = False) -> Battle:
    """Anyone who may read the campaign watches a battle; its players and the organiser play."""
    battle = _found(battles_queryset(), "No such battle.", pk=battle_id)
    if not may_read(battle.campaign, user):
        raise Http404("No such battle.")
    if play and not may_play(battle, user):
        raise PermissionDenied("Only the two players or the organiser may play this battle.")
    return battle


def figure_readable(user, figure_id: int) -> Figure:
    """A figure the user may read, with what the calculators need (its kit); 404 otherwise."""
    figure = _found(
        Figure.objects.select_related("warband__campaign").prefetch_related("equipment"),
        "No such figure.",
        pk=figure_id,
    )
    if not may_read(figure.warband.campaign, user):
        raise Http404("No such figure.")
    return figure


NOT_A_MEMBER_ROLL = "Only the campaign's players roll with its figures: join the campaign first."


def figure_to_roll(user, figure_id: int) -> Figure:
    """A figure a table calculator rolls for: the roll is logged into its campaign, and reading
    a public campaign is not playing in it (issue 25, finding 9). 404 to whoever may not read
    the campaign, 403 to a reader who is not a member."""
    figure = figure_readable(user, figure_id)
    if not is_member(figure.warband.campaign, user):
        raise PermissionDenied(NOT_A_MEMBER_ROLL)
    return figure


def may_file_chase(chase: CampaignChase, user) -> bool:
    """The two warbands' players and the organiser file a campaign chase as a report (P14)."""
    return user.is_authenticated and user.id in (
        chase.trappers.owner_id,
        chase.indians.owner_id,
        chase.campaign.organiser_id,
    )


def chase_for(user, chase_id: int, *, play: bool = False) -> CampaignChase:
    """A campaign chase: read by anyone who may read the campaign; filed by its players."""
    chase = _found(
        CampaignChase.objects.select_related(
            "campaign", "session", "trappers__owner", "indians__owner", "report"
        ),
        "No such chase.",
        pk=chase_id,
    )
    if not may_read(chase.campaign, user):
        raise Http404("No such chase.")
    if play and not may_file_chase(chase, user):
        raise PermissionDenied("Only the two players or the organiser may file this chase.")
    return chase
