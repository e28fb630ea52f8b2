"""The organiser's way out of a stuck post-game sequence: withdraw its game, or restart it.

A sequence can get stuck for reasons no player can fix: a house rule that loops for ever or
names a result that cannot apply (C31), a bug, a roster changed under it. Once the other side
has committed, the report can no longer be withdrawn the ordinary way (services.games), and
the warband can neither play nor retire while its sequence is open. The organiser then:

- withdraws the game keeping the committed side (`game_withdraw_keeping_committed`): the open
  sequences are discarded, the committed one's roster changes stand (corrected by hand if need
  be), and the game no longer counts;
- or restarts the open sequence (`postgame_restart`): its answers are set aside (kept in its
  log) and it starts again under the house rules in force now, which the organiser may have
  fixed first. Its own dice stay the same (C22): the same rolls come up again, so a restart
  never buys new luck.

Both are written in the activity feed, for every player to see (corrections in the open).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from campaign.access import is_organiser
from campaign.errors import ReportError
from campaign.inbox import game_words
from campaign.models import Activity, GameReport, PostGame
from campaign.rules import postgame as rules
from campaign.rules.words import possessive
from campaign.selectors.house_rules import house_rules_version, rulebook_for
from campaign.services.activity import activity_record
from campaign.services.campaigns import require_open
from campaign.services.jobs import rankings_queue_rebuild
from campaign.services.postgame import _locked as _locked_sequence


def _names(postgames: list[PostGame]) -> str:
    return " and ".join(possessive(p.warband.name) for p in postgames)


@transaction.atomic
def game_withdraw_keeping_committed(*, game: GameReport, actor, note: str = "") -> GameReport:
    """The organiser withdraws a confirmed game one of whose sequences is still open, even
    when the other side has committed: the open sequences are discarded, a committed one's
    roster changes stand, and the game no longer counts in the league. `note` is added to the
    activity feed's line (why, or who found it)."""
    game = (
        GameReport.objects.select_for_update(of=("self",))
        .select_related("campaign", "warband_a", "warband_b")
        .get(pk=game.pk)
    )
    require_open(game.campaign)
    if not is_organiser(game.campaign, actor):
        raise PermissionDenied("Only the organiser may withdraw a game with a committed side.")
    if game.status != GameReport.Status.CONFIRMED:
        raise ReportError(
            f"This report is {game.get_status_display().lower()}: withdraw it the ordinary way.",
            field="status",
        )
    # The lock order of services.postgame: the report (above), then its sequences by id.
    postgames = list(
        game.postgames.select_for_update(of=("self",)).select_related("warband").order_by("id")
    )
    open_ = [p for p in postgames if p.status == PostGame.Status.OPEN]
    committed = [p for p in postgames if p.status == PostGame.Status.COMMITTED]
    if not open_:
        raise ReportError(
            "Both post-games are committed: nothing is stuck. Correct the rosters by hand.",
            field="status",
        )
    PostGame.objects.filter(pk__in=[p.pk for p in open_]).delete()
    game.status = GameReport.Status.WITHDRAWN
    game.save(update_fields=["status", "updated_at"])
    text = f"{actor} withdrew {game_words(game)}: {_names(open_)} post-game is discarded"
    if committed:
        text += f"; {_names(committed)} committed post-game stands"
    activity_record(
        campaign=game.campaign_id,
        kind=Activity.Kind.RELEASE,
        text=text + (f" ({note})" if note else ""),
        url=reverse("game", args=[game.id]),
        actor=actor,
    )
    rankings_queue_rebuild(campaign_id=game.campaign_id)
    return game


@transaction.atomic
def postgame_restart(*, postgame: PostGame, actor, note: str = "") -> PostGame:
    """The organiser starts an open sequence again from its first prompt, under the house
    rules in force now (C31). Its answers are set aside, kept in its log as one "restart" line
    (C22: nothing taken back silently); its dice stay its own, so the same rolls come up."""
    row = _locked_sequence(postgame)
    campaign = row.warband.campaign
    require_open(campaign)
    if not is_organiser(campaign, actor):
        raise PermissionDenied("Only the organiser may restart a post-game sequence.")
    if row.status == PostGame.Status.COMMITTED:
        raise ReportError(
            "This post-game sequence is committed: there is nothing to restart.",
            field="status",
            rule="C22",
        )
    version = house_rules_version(campaign)
    try:  # it must at least start under the rules it would play by
        rules.PostGameRun.from_dicts(row.sheet, row.report, book=rulebook_for(campaign, version))
    except Exception as error:  # noqa: BLE001 - any reason it cannot start is told in words
        raise ReportError(
            f"{possessive(row.warband.name)} post-game cannot start again under house rules "
            f"version {version} ({error}): withdraw the game instead.",
            field="status",
        ) from None
    was = row.game.rules_version if row.rules_version is None else row.rules_version
    count = len(row.answers)
    record = {
        "at": 0,
        "step": "injuries",
        "purpose": "restart",
        "by": actor.username,
        "typed": False,
        "text": f"restarted by the organiser: {count} answer{'' if count == 1 else 's'} set "
        f"aside; from the start under house rules version {version} (it played by {was})",
        "when": timezone.now().isoformat(timespec="seconds"),
    }
    row.undone = [{**u, "at": 0} for u in row.undone] + [record]
    row.answers = []
    row.rules_version = version
    row.version += 1
    row.save(update_fields=["answers", "undone", "rules_version", "version", "updated_at"])
    text = (
        f"{actor} restarted {possessive(row.warband.name)} post-game after "
        f"{game_words(row.game)} under house rules version {version}"
    )
    activity_record(
        campaign=campaign.id,
        kind=Activity.Kind.RELEASE,
        text=text + (f" ({note})" if note else ""),
        url=reverse("postgame", args=[row.id]),
        actor=actor,
    )
    return row
