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
from core.queue import send_on_commit

MAIL_TASK = "campaign.mail_inbox_item"  # campaign.tasks, which imports the services: by name


def players_notify(*, user_ids: Iterable[int | None], item: Item, actor=None) -> None:
    for user_id in sorted({u for u in user_ids if u is not None} - {getattr(actor, "id", None)}):
        kwargs = {"user_id": user_id, "kind": item.kind, "title": item.title, "url": item.url}
        send_on_commit(MAIL_TASK, kwargs, inline=partial(inbox_item_mail, **kwargs))
