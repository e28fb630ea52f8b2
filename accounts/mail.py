"""E-mail about an inbox item: one plain-text message to one player, if they want it.

Sent by a Celery task after the change it tells of has committed (campaign.tasks); this module
only decides and sends. Django's e-mail backend decides where it goes: the console under
`make run`, SMTP on a club server, the locmem outbox in tests.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
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
