"""E-mail players about what now waits for them, after the change commits.

The services call `players_notify` with the inbox item that appeared; the mail goes out by a
Celery task once the transaction commits (never on a rollback), to each player but the one who
caused it, and only if their profile wants that kind (checked when it is sent).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from accounts.inbox import Item
from accounts.mail import inbox_item_mail
from campaign.models import UnsentMail
from core.events import clock_version, publish
from core.queue import send, send_on_commit

MAIL_TASK = "campaign.mail_inbox_item"  # campaign.tasks, which imports the services: by name


def players_notify(*, user_ids: Iterable[int | None], item: Item, actor=None) -> None:
    for user_id in sorted({u for u in user_ids if u is not None} - {getattr(actor, "id", None)}):
        kwargs = {"user_id": user_id, "kind": item.kind, "title": item.title, "url": item.url}
        send_on_commit(MAIL_TASK, kwargs, inline=partial(mail_inline, **kwargs))
        publish(f"inbox:{user_id}", clock_version())  # their top bar's badge, live


def mail_inline(**kwargs) -> bool:
    """The mail sent here, the broker being unreachable; if that fails too (the mail server is
    down as well), it is kept for the sweep and the error raised for core.queue to log."""
    try:
        return inbox_item_mail(**kwargs)
    except Exception:
        UnsentMail.objects.create(**kwargs)
        raise


def unsent_mail_resend(*, limit: int = 100) -> int:
    """The sweep's part: send again, oldest first, the mails kept while Redis was down (to the
    mail queue when it is back, else here once more, kept again if that fails). Returns how many
    were taken. A mail is removed only once sent or handed on, so none is lost."""
    taken = 0
    for mail in UnsentMail.objects.all()[:limit]:
        kwargs = mail.as_kwargs()
        send(MAIL_TASK, kwargs, inline=partial(mail_inline, **kwargs))
        mail.delete()
        taken += 1
    return taken
