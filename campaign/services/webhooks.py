"""A campaign's webhook: each new chronicle entry posted where the club talks (Discord, or any
host that takes Discord's JSON), from a worker, with a timeout and retries.

An entry is new when its game's last post-game sequence is committed (`webhook_queue_entry`,
called by postgame_commit in its transaction): a `WebhookPost` row is made, queued, and the task
sent once the transaction commits. The row is the durable record: the task takes it (one worker
at a time), posts, marks it sent, so an entry is posted once; a lost message is sent again by
the sweep. The address is checked again right before each post (core.outbound: https, public
hosts only, pinned to the address checked).

What is sent: Discord's webhook body, `{"content", "embeds", "allowed_mentions"}`, within its
limits (2,000 characters of content; an embed's title 256, description 4,096, a field 1,024,
6,000 in all), and mentioning no one (a warband called "@everyone" pings nobody).
"""

from __future__ import annotations

import http.client
import logging
import re
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from campaign.errors import CampaignError
from campaign.models import Campaign, GameReport, PostGame, WebhookPost
from campaign.selectors.chronicle import ChronicleEntry, chronicle_entry, day_words
from core import outbound
from core.queue import send, send_on_commit

logger = logging.getLogger(__name__)

WEBHOOK_TASK = "campaign.post_chronicle_entry"
TIMEOUT_SECONDS = 5
RETRIES = 5  # tries after the first, with a growing wait (campaign.tasks)
SENDING_LEASE = timedelta(minutes=2)  # a post taken longer ago than this was lost with its worker
QUEUED_GRACE = timedelta(minutes=30)  # the sweep sends again a post queued longer than this
CONTENT_MAX, TITLE_MAX, DESCRIPTION_MAX = 2000, 256, 4096
FIELD_NAME_MAX, FIELD_MAX, FOOTER_MAX, EMBED_MAX = 256, 1024, 2048, 6000


class WebhookRetry(Exception):
    """A post that failed in a way that may pass (no answer in time, no connection, the host
    answered 5xx or 429): tried again later."""


# --- the address -------------------------------------------------------------------------------


def webhook_check_url(url: str) -> str:
    """The address as it will be kept ("" for none), or CampaignError saying why it is refused
    (core.outbound: https, a host whose every address is public)."""
    url = (url or "").strip()
    if not url:
        return ""
    try:
        outbound.check_url(url)
    except outbound.RefusedURL as refused:
        raise CampaignError(str(refused), field="webhook_url") from None
    return url


# --- the message -------------------------------------------------------------------------------


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


MARKDOWN = re.compile(r"([\\*_~`|>\[\]])")  # bold, italics, strike, code, spoiler, quote, link


def _plain(text: str) -> str:
    """Names and words as typed, not read as Discord's Markdown."""
    return MARKDOWN.sub(r"\\\1", text)


def entry_message(entry: ChronicleEntry, campaign_name: str) -> dict:
    """The Discord-compatible body for a chronicle entry."""
    base = settings.FRONTIER_BASE_URL.rstrip("/")
    content = _cut(
        f"**{_plain(campaign_name)}**, game {entry.number} ({day_words(entry.date)}): "
        f"{_plain(entry.result_text)}",
        CONTENT_MAX,
    )
    fields = []
    if entry.pivotal:
        fields.append(("Turning points", "\n".join(s.text for s in entry.pivotal)))
    if entry.league_after:
        fields.append(("The league after it", "\n".join(m.text for m in entry.league_after)))
    for line in entry.player_lines:
        fields.append((line.author, f"“{line.text}”"))
    embed_fields = [
        {"name": _cut(name, FIELD_NAME_MAX), "value": _cut(_plain(value), FIELD_MAX)}
        for name, value in fields[:25]
    ]
    title = _cut(f"Game {entry.number}: {entry.title}", TITLE_MAX)
    footer = _cut(f"{campaign_name} · the chronicle", FOOTER_MAX)
    used = len(title) + len(footer) + sum(len(f["name"]) + len(f["value"]) for f in embed_fields)
    room = max(0, min(DESCRIPTION_MAX, EMBED_MAX - used))
    description = _cut("\n".join(f"• {_plain(s.text)}" for s in entry.statements), room)
    embed = {
        "title": title,
        "url": f"{base}{entry.url}",
        "description": description,
        "fields": embed_fields,
        "footer": {"text": footer},
        "timestamp": f"{entry.date.isoformat()}T12:00:00Z",
    }
    return {"content": content, "embeds": [embed], "allowed_mentions": {"parse": []}}


# --- queueing ----------------------------------------------------------------------------------


def webhook_queue_entry(*, game: GameReport) -> WebhookPost | None:
    """In the transaction that commits one of the game's post-games: when it was the last, and
    the campaign has a webhook, queue the entry's post (once per game, ever)."""
    campaign = Campaign.objects.only("pk", "webhook_url").get(pk=game.campaign_id)
    if not campaign.webhook_url:
        return None
    if PostGame.objects.filter(game=game).exclude(status=PostGame.Status.COMMITTED).exists():
        return None  # the other side's sequence is still open: the entry is not complete
    post, created = WebhookPost.objects.get_or_create(campaign_id=campaign.pk, game=game)
    if created:
        send_on_commit(WEBHOOK_TASK, {"post_id": post.pk}, inline=partial(_inline, post.pk))
    return post


def _inline(post_id: int) -> None:
    """The broker is down: one try here; the sweep tries again later."""
    try:
        webhook_post(post_id=post_id, final=False)
    except WebhookRetry as error:
        logger.warning("Webhook post %s not sent, the sweep will retry: %s", post_id, error)


# --- posting -----------------------------------------------------------------------------------


def _take(post_id: int) -> WebhookPost | None:
    """The post for this worker (sending), or None: sent already, failed, gone, or being sent
    by another worker whose lease is fresh."""
    now = timezone.now()
    takeable = Q(state=WebhookPost.State.QUEUED) | Q(
        state=WebhookPost.State.SENDING, updated_at__lt=now - SENDING_LEASE
    )
    taken = WebhookPost.objects.filter(takeable, pk=post_id).update(
        state=WebhookPost.State.SENDING, updated_at=now
    )
    return WebhookPost.objects.select_related("campaign", "game").get(pk=post_id) if taken else None


def _settle(post: WebhookPost, state: str, **changes) -> None:
    WebhookPost.objects.filter(pk=post.pk).update(
        state=state, attempts=post.attempts + 1, updated_at=timezone.now(), **changes
    )


def webhook_post(*, post_id: int, final: bool) -> WebhookPost | None:
    """One try at posting a chronicle entry. Sent: marked so, never posted again. A failure that
    may pass raises WebhookRetry (the post queued again), or, when `final`, marks it failed; an
    address refused or a 4xx answer marks it failed at once (trying again would not help)."""
    post = _take(post_id)
    if post is None:
        return None
    campaign = post.campaign
    entry = chronicle_entry(post.game)
    if not campaign.webhook_url or entry is None:  # the webhook removed, the game withdrawn
        _settle(post, WebhookPost.State.FAILED, error="Nothing to post any more.")
        return post
    body = entry_message(entry, campaign.name)
    try:
        status = outbound.post_json(campaign.webhook_url, body, timeout=TIMEOUT_SECONDS)
    except outbound.RefusedURL as refused:
        _settle(post, WebhookPost.State.FAILED, body=body, error=str(refused)[:200])
        return post
    except (OSError, http.client.HTTPException) as error:
        return _again(post, body, f"Could not reach the webhook: {error!r}", final)
    if 200 <= status < 300:
        _settle(
            post,
            WebhookPost.State.SENT,
            body=body,
            status_code=status,
            sent_at=timezone.now(),
            error="",
        )
    elif status >= 500 or status == 429:
        return _again(post, body, f"The webhook answered {status}", final, status=status)
    else:
        _settle(post, WebhookPost.State.FAILED, body=body, status_code=status,
                error=f"The webhook refused the post: {status}")  # fmt: skip
    post.refresh_from_db()
    return post


def _again(post: WebhookPost, body: dict, error: str, final: bool, status=None):
    state = WebhookPost.State.FAILED if final else WebhookPost.State.QUEUED
    _settle(post, state, body=body, status_code=status, error=error[:200])
    if not final:
        raise WebhookRetry(error)
    post.refresh_from_db()
    return post


def webhook_sweep() -> int:
    """Posts a lost message or a dead worker left queued (or sending) long past their retries,
    sent again (the periodic sweep calls this)."""
    now = timezone.now()
    lost = Q(state=WebhookPost.State.QUEUED, updated_at__lt=now - QUEUED_GRACE) | Q(
        state=WebhookPost.State.SENDING, updated_at__lt=now - SENDING_LEASE
    )
    ids = list(WebhookPost.objects.filter(lost).values_list("pk", flat=True))
    for post_id in ids:
        send(WEBHOOK_TASK, {"post_id": post_id}, inline=partial(_inline, post_id))
    return len(ids)
