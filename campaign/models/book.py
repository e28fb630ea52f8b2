"""What a campaign sends out: its printable book (campaign.services.book) and the chronicle
entries posted to its webhook (campaign.services.webhooks).

Neither row is shown in a cached page, and neither may change the campaign's own content token:
the book is kept under that token, so its own row, or a post's, must not make it stale. Their
scope is the campaign's outputs (`b:<id>`, campaign.content_scopes), which nothing caches by.
"""

from __future__ import annotations

from django.db import models

from campaign.models.campaigns import Campaign
from campaign.models.games import GameReport


class CampaignBook(models.Model):
    """The campaign's book as a PDF, made by a worker from the campaign as it stood at
    `version` (the campaign's content token, core.content_version): kept, and served, until
    the campaign changes; then a new one replaces it. In the database, not on a disk, so the
    web servers and the workers share it wherever they run."""

    campaign = models.OneToOneField(Campaign, on_delete=models.CASCADE, related_name="book")
    version = models.CharField(max_length=40)
    pdf = models.BinaryField()
    pages = models.PositiveIntegerField(default=0)
    games = models.PositiveIntegerField(default=0)
    made_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Book of {self.campaign_id} ({self.pages} pages)"


class WebhookPost(models.Model):
    """One chronicle entry (a game's) to post to the campaign's webhook: made queued in the
    transaction that completes the game's entry (its last post-game committed), taken (sending)
    by one worker at a time, marked sent after the post; so an entry is posted once, whatever
    delivers its task twice. `body` is what was sent; `attempts` counts the tries."""

    class State(models.TextChoices):
        QUEUED = "queued", "Queued"
        SENDING = "sending", "Sending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="webhook_posts")
    game = models.ForeignKey(GameReport, on_delete=models.CASCADE, related_name="+")
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0)
    body = models.JSONField(default=dict, blank=True)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)  # a sending post's lease
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "game"], name="one_webhook_post_per_game")
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} to the webhook of {self.campaign_id}: {self.state}"
