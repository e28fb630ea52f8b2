"""The Celery app. Broker and results on Redis from REDIS_URL; in-process without it.

Every CELERY_* setting lives in config/settings/base.py: late acknowledgement and rejection on a
lost worker (a job whose worker dies is delivered again), prefetch 1, the publish retry policy
and the beat schedule of the sweep. Jobs are idempotent, so a second delivery is harmless.

    celery -A config worker -Q celery --loglevel=info    # ratings, rankings, the sweep
    celery -A config worker -Q odds --concurrency=1 --loglevel=info   # the canoe games' odds
    celery -A config worker -Q lab --concurrency=1 --loglevel=info    # balance-lab runs
    celery -A config worker -Q mail --concurrency=1 --loglevel=info   # e-mails, turn alerts
    celery -A config beat --loglevel=info       # exactly one: the periodic sweep

The odds, the lab and the mail have queues of their own (CELERY_TASK_ROUTES; the odds bounded by
CHASE_ODDS_QUEUE_MAX, the lab by CHASE_LAB_QUEUE_MAX), so a flood of odds, a long lab run or a
hung mail server never delays a rating; a worker started without `-Q` serves only `celery`.
"""

import os

from celery import Celery
from celery.signals import (
    after_setup_logger,
    after_setup_task_logger,
    heartbeat_sent,
    task_postrun,
    task_prerun,
    worker_ready,
    worker_shutdown,
)

from core import heartbeat, logs

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")

app = Celery("frontier")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Signs of life for /healthz (core.heartbeat): connected here, before a worker builds its heart.
worker_ready.connect(heartbeat.on_worker_ready, weak=False)
heartbeat_sent.connect(heartbeat.on_heartbeat_sent, weak=False)
worker_shutdown.connect(heartbeat.on_worker_shutdown, weak=False)
# A task's log lines carry its task id where a request's carry the request id (core.logs).
task_prerun.connect(logs.on_task_prerun, weak=False)
task_postrun.connect(logs.on_task_postrun, weak=False)
# The handlers Celery sets up for a worker or beat (console, --logfile) write the same lines.
after_setup_logger.connect(logs.on_celery_logging, weak=False)
after_setup_task_logger.connect(logs.on_celery_logging, weak=False)
