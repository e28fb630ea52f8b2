"""The shared models: the background `Job` a page shows progress for.

(Django also sends the migrate signals (pre_migrate, post_migrate) only to apps with a models
module; core.apps listens to them to lift and restore the content-version triggers around a
migration.)
"""

from __future__ import annotations

from django.db import models


class Job(models.Model):
    """A background job a page can show progress for (HTMX polls it): a campaign's
    recalculation or rankings, or a canoe-game lab run (chase.services.lab, `campaign` empty).

    It was the campaign app's model and keeps its table (`campaign_job`). `campaign` names the
    campaign's model by its label, not by an import: core imports no app of Frontier."""

    class State(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    kind = models.CharField(max_length=40)
    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, null=True, blank=True, related_name="jobs"
    )
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    message = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "campaign_job"
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.kind} ({self.state})"

    @property
    def percent(self) -> int:
        return 100 if self.state == self.State.DONE else int(100 * self.done / max(self.total, 1))
