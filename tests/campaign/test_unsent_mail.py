"""An e-mail that failed while Redis was down (sent inline, the mail server down too) is kept,
and the beat's sweep sends it once they are back (docs/club-server/failure-modes.md)."""

from __future__ import annotations

import datetime
import socket

import pytest
from django.core import mail
from django.utils import timezone

from accounts.inbox import Item
from campaign import services
from campaign.models import UnsentMail
from campaign.services.notify import players_notify
from tests.factories import UserFactory
from tests.worker.celery_app import celery_broker

pytestmark = pytest.mark.django_db


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_mail_that_failed_while_redis_was_down_is_sent_by_the_sweep(
    settings, django_capture_on_commit_callbacks
):
    reader = UserFactory(username="reader", email="reader@club.example")
    item = Item(kind="confirm", title="Confirm the game at Fort Edward", url="/games/1/",
                since=timezone.now() - datetime.timedelta(minutes=1))  # fmt: skip
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", closed_port()
    settings.EMAIL_USE_TLS, settings.EMAIL_TIMEOUT = False, 2

    with (
        celery_broker(f"redis://127.0.0.1:{closed_port()}/0"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        players_notify(user_ids=[reader.id], item=item)

    kept = UnsentMail.objects.get()
    assert (kept.user, kept.title, kept.url) == (reader, item.title, item.url)

    # Redis and the mail server are back (here: in-process tasks and the test outbox).
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    swept = services.jobs_sweep()

    assert swept["mails"] == 1
    assert [m.to for m in mail.outbox] == [["reader@club.example"]]
    assert "Confirm the game at Fort Edward" in mail.outbox[0].subject
    assert not UnsentMail.objects.exists()
    assert services.jobs_sweep()["mails"] == 0  # sent once, not again
