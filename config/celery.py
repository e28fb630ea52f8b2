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

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")

app = Celery("frontier")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
