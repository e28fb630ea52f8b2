"""The Celery app. Broker and results on Redis from REDIS_URL; in-process without it."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")

app = Celery("frontier")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
