"""The shared models: the background `Job` a page shows progress for, and the content versions
cached pages are keyed by (core.content_version).

(Django also sends the migrate signals (pre_migrate, post_migrate) only to apps with a models
module; core.apps listens to them to lift and restore the content-version triggers around a
migration.)
"""

from __future__ import annotations

from django.db import models


class Job(models.Model):
    """A background job a page can show progress for (HTMX polls it): a campaign's
    recalculation or rankings, or a canoe-game lab run (chase.services.lab, no scope).

    It points at what it works on by a content scope (`c:<id>`, a campaign's, see
    core.content_version), not by a foreign key: core knows no app's model. Who may read it is
    the owning app's to say, per kind (core.jobs.register_job_kind)."""

    class State(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    kind = models.CharField(max_length=40)
    scope = models.CharField(max_length=40, blank=True, default="", db_index=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    message = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.kind} ({self.state})"

    @property
    def percent(self) -> int:
        return 100 if self.state == self.State.DONE else int(100 * self.done / max(self.total, 1))


class ContentVersion(models.Model):
    """The one row whose token changes with every write to the content (`all`, in every key of
    a cached part). A token, not a counter: a rolled-back write puts the old token back, and the
    next write draws a new one, never the one rolled back (a counter would count to the same
    number again and meet what was cached inside the rolled-back transaction)."""

    token = models.CharField(max_length=32)

    def __str__(self) -> str:
        return self.token


class ScopeVersion(models.Model):
    """The token of one scope of content (a campaign, an account, an inbox, a canoe game...),
    drawn by the database's triggers on every write to it (core.content_version)."""

    scope = models.CharField(max_length=40, primary_key=True)
    token = models.CharField(max_length=32)

    def __str__(self) -> str:
        return f"{self.scope}: {self.token}"


class IdempotentRequest(models.Model):
    """The first answer to a write sent with an `Idempotency-Key` (core.idempotency): a repeat
    of the key by the same person is answered with it, and the write is not done again.

    Keyed by (owner, key): the owner is the account (`u:<id>`) or, for a guest, the browser's
    session (`s:<session key>`), so one person's key never answers another's. Kept for at least
    IDEMPOTENCY_KEEP_HOURS (24), then swept (core.idempotency.idempotency_sweep). Not content:
    a row here changes no page (core.content_version leaves the table out)."""

    owner = models.CharField(max_length=80)
    key = models.CharField(max_length=255)
    method = models.CharField(max_length=10)
    path = models.TextField(help_text="The path and query string the key was first sent to.")
    body_hash = models.CharField(max_length=64, help_text="SHA-256 of the request body.")
    status = models.PositiveSmallIntegerField()
    headers = models.JSONField(default=dict, blank=True, help_text="The headers replayed.")
    body = models.BinaryField(default=b"", blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["owner", "key"], name="one_answer_per_owner_key")
        ]

    def __str__(self) -> str:
        return f"{self.method} {self.path} [{self.key}] → {self.status}"
