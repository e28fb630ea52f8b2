import os
import sys

from django.apps import AppConfig
from django.conf import settings
from django.core.signals import request_finished, request_started
from django.db.backends.signals import connection_created
from django.db.models.signals import post_migrate, pre_migrate

from core import ticker


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Shared"

    def ready(self):
        from core import content_version  # reads the app registry: loaded only now
        from core.logs import on_request_finished  # with the other signal receivers, at ready

        # The jobs are content: a job's progress shows in the pages of the scope it works on
        # (a campaign's); a job of no scope (a lab run) in none.
        content_version.register_content(
            "core", {"core_job": [("SELECT NULLIF(R.scope, '') AS scope", None)]}
        )

        # Every write to the content changes the version cached pages are keyed by.
        connection_created.connect(content_version.install, dispatch_uid="content-version")
        pre_migrate.connect(content_version.pause_for_migrations, sender=self)
        post_migrate.connect(content_version.resume_after_migrations, sender=self)
        request_started.connect(content_version.request_started, dispatch_uid="content-version")
        request_finished.connect(content_version.request_finished, dispatch_uid="content-version")
        # Log lines after a request has finished carry no request id (core.logs).
        request_finished.connect(on_request_finished, dispatch_uid="request-id")

        # Answers kept for Idempotency-Key repeats are forgotten after a day (core.idempotency):
        # celery beat on a club server, the ticker below on the demo server.
        from core import tasks  # noqa: F401 - registers core's tasks with Celery
        from core.idempotency import idempotency_sweep  # the models: only now

        ticker.register(idempotency_sweep)

        # The demo server has no celery beat: its periodic work (the canoe turn alerts) runs in
        # a thread of runserver's serving process instead (core.ticker says when, and why).
        eager = settings.CELERY_TASK_ALWAYS_EAGER
        if ticker.wanted(argv=sys.argv, environ=os.environ, eager=eager):
            ticker.start_once(settings.FRONTIER_IN_PROCESS_TICK_SECONDS)
