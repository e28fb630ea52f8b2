"""Send the canoe games' turn alerts, digests and deadline reminders that are due
(chase.services.alerts).

A club server runs this as the `chase.turn_alerts` task on celery beat; the demo server (`make
run`) runs it in a thread of its own process (core.ticker). Elsewhere without beat (gunicorn
without Redis), run it from cron every minute, or beside the server with `--every 60`.
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from chase.services.alerts import turn_alerts_send


class Command(BaseCommand):
    help = "Send the canoe turn alerts, daily digests and deadline reminders now due."

    def add_arguments(self, parser):
        parser.add_argument(
            "--every",
            type=int,
            default=0,
            metavar="SECONDS",
            help="Keep running, sending what is due every SECONDS (0: once, for cron).",
        )

    def handle(self, *args, every: int = 0, **options):
        while True:
            sent = turn_alerts_send()
            self.stdout.write(
                f"{sent['alerts']} alert(s), {sent['digests']} digest(s), "
                f"{sent['reminders']} reminder(s) sent."
            )
            if every <= 0:
                return
            time.sleep(every)
