"""List the post-game sequences that cannot be finished, and release them if asked.

    manage.py postgames_stuck [--campaign ID] [--idle-hours N] [--max-answers N]
                              [--release restart|withdraw]

Each stuck sequence is listed with why (selectors.stuck). `--release restart` starts it again
under the campaign's house rules in force now; `--release withdraw` withdraws its game keeping a
committed side (services.postgame_release). Either is done in the organiser's name and written
in the campaign's activity feed, marked as found by this check.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from campaign import services
from campaign.errors import ReportError
from campaign.inbox import game_words
from campaign.selectors.stuck import MAX_ANSWERS, postgame_stuck_reason, postgames_stuck

NOTE = "found stuck by the club server's check"


class Command(BaseCommand):
    help = "List post-game sequences that cannot be finished; release them with --release."

    def add_arguments(self, parser):
        parser.add_argument("--campaign", type=int, help="Only this campaign (its id).")
        parser.add_argument(
            "--idle-hours",
            type=float,
            default=0,
            help="Only sequences nobody answered for this many hours (default 0: all).",
        )
        parser.add_argument(
            "--max-answers",
            type=int,
            default=MAX_ANSWERS,
            help=f"Stuck when still asking after this many more answers (default {MAX_ANSWERS}).",
        )
        parser.add_argument(
            "--release",
            choices=["restart", "withdraw"],
            help="Restart each stuck sequence under the rules in force now, or withdraw its "
            "game keeping a committed side.",
        )

    def handle(self, *args, **options):
        if options["idle_hours"] < 0 or options["max_answers"] < 1:
            raise CommandError("--idle-hours is 0 or more, --max-answers 1 or more.")
        stuck = postgames_stuck(
            campaign_id=options["campaign"],
            idle_hours=options["idle_hours"],
            max_answers=options["max_answers"],
        )
        for found in stuck:
            postgame = found.postgame
            campaign = postgame.game.campaign
            self.stdout.write(
                f"post-game {postgame.id}: {postgame.warband.name} after "
                f"{game_words(postgame.game)} in {campaign.name} (campaign {campaign.id}), "
                f"last answered {postgame.updated_at:%Y-%m-%d %H:%M}: {found.reason}"
            )
            if options["release"]:
                self._release(postgame, options["release"], options["max_answers"])
        self.stdout.write(f"{len(stuck)} stuck post-game sequence(s).")

    def _release(self, postgame, how: str, max_answers: int) -> None:
        organiser = postgame.game.campaign.organiser
        try:
            if how == "withdraw":
                services.game_withdraw_keeping_committed(
                    game=postgame.game, actor=organiser, note=NOTE
                )
                self.stdout.write(f"  released: game {postgame.game_id} withdrawn")
                return
            row = services.postgame_restart(postgame=postgame, actor=organiser, note=NOTE)
        except ReportError as error:
            self.stdout.write(f"  not released: {error.message}")
            return
        still = postgame_stuck_reason(row, max_answers=max_answers)
        if still:
            self.stdout.write(
                f"  restarted under house rules version {row.rules_version}, and still stuck "
                f"({still}): fix the house rules and restart it again, or withdraw its game"
            )
        else:
            self.stdout.write(
                f"  released: restarted under house rules version {row.rules_version}"
            )
