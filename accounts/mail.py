"""E-mail about an inbox item: one plain-text message to one player, if they want it; and the
back-off after a mail to a player failed, shared by every sender of the periodic mail.

Sent by a Celery task after the change it tells of has committed (campaign.tasks); this module
only decides and sends. Django's e-mail backend decides where it goes: the console under
`make run`, SMTP on a club server, the locmem outbox in tests.
"""

from __future__ import annotations

import datetime
import smtplib

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse

from accounts.inbox import KINDS
from accounts.models import Profile


def absolute(path: str) -> str:
    return settings.FRONTIER_BASE_URL.rstrip("/") + path


def inbox_item_mail(*, user_id: int, kind: str, title: str, url: str) -> bool:
    """Send the player one e-mail about a new inbox item. Returns whether one was sent: not
    when they have no address, turned this kind off on their profile, or are gone."""
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        return False
    profile = Profile.objects.filter(user=user).first() or Profile(user=user)
    if not profile.wants_email(kind):
        return False
    label = KINDS[kind].label if kind in KINDS else "Waiting for you"
    context = {
        "name": str(profile),
        "title": title,
        "label": label,
        "url": absolute(url),
        "inbox_url": absolute(reverse("home")),
        "profile_url": absolute(reverse("profile")),
    }
    body = render_to_string("accounts/email/inbox_item.txt", context)
    # One line: a line break in an old name would make a header the mail server refuses.
    subject = " ".join(f"Frontier: {title}".split())
    send_mail(subject, body, None, [user.email])
    return True


# --- back-off after a failure ------------------------------------------------------------------

BACKOFF_FIRST = datetime.timedelta(minutes=1)  # then doubled at each failure in a row
BACKOFF_MAX = datetime.timedelta(hours=1)
# What says the recipient is the trouble (the server answered and refused this one); any other
# error (a timeout, a refused or dropped connection, a server that never says hello) is the
# mail server's: the rest of a run waits for the next one rather than for the same timeout.
RECIPIENT_ERRORS = (
    smtplib.SMTPRecipientsRefused,
    smtplib.SMTPSenderRefused,
    smtplib.SMTPDataError,
    smtplib.SMTPNotSupportedError,
)


def _backoff_key(user_id: int) -> str:
    return f"mail:backoff:{user_id}"


def mail_backed_off(user_id: int, now: datetime.datetime) -> bool:
    """Whether a mail to this player failed lately and the next try is not due at `now`."""
    entry = cache.get(_backoff_key(user_id))
    return entry is not None and now < entry["until"]


def mail_failed(user_id: int, now: datetime.datetime) -> datetime.datetime:
    """A mail to this player failed at `now`: the next try waits BACKOFF_FIRST, then twice as
    long after each failure in a row, up to BACKOFF_MAX. Returns when it is due."""
    entry = cache.get(_backoff_key(user_id))
    wait = min(entry["wait"] * 2, BACKOFF_MAX) if entry is not None else BACKOFF_FIRST
    until = now + wait
    timeout = (wait + BACKOFF_MAX).total_seconds()  # long enough to double from, then forgotten
    cache.set(_backoff_key(user_id), {"until": until, "wait": wait}, timeout)
    return until


def mail_delivered(user_id: int) -> None:
    cache.delete(_backoff_key(user_id))


def server_fault(error: BaseException) -> bool:
    """Whether a send error is the mail server's (unreachable, hung, refusing us all) rather
    than this recipient's."""
    return not isinstance(error, RECIPIENT_ERRORS)
