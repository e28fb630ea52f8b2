"""The balance lab's rows: a club's saved variants of a game and the lab's runs
(chase.services.lab)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Variant(models.Model):
    """A club's named house rules for a canoe game: options a signed-in player saved ("Club
    rules: trapper starts with an ace"), shown to everyone in the lobby and the balance lab."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chase_variants"
    )
    kind = models.CharField(max_length=20)
    name = models.CharField(max_length=80)
    options = models.JSONField(default=dict)  # cleaned by the engine when saved
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["kind", "name", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "kind", "name"], name="chase_one_variant_name_per_owner"
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.kind})"


class LabRun(models.Model):
    """One balance-lab run: `games` computer games of one game and options. Its progress is
    the Job row's (`done` of `total`, polled by the page and `GET /api/jobs/{id}/`); the
    counts so far are kept here after each chunk, so a run taken over resumes where it was."""

    job = models.OneToOneField("core.Job", on_delete=models.CASCADE, related_name="lab_run")
    kind = models.CharField(max_length=20)
    options = models.JSONField(default=dict)  # cleaned
    label = models.CharField(max_length=80)  # "Seed rules", or the variant's name
    games = models.PositiveIntegerField()
    seed = models.PositiveIntegerField(default=0)
    tallies = models.JSONField(default=dict)  # chase.engines.lab's counts so far
    # A search (the lab proposes, issue 38): `games` games for each of `search_values` of the
    # option `search_option` (the others as `options`), to bring `search_group`'s share of
    # the games won closest to even; the counts so far, one per value, in `search_tallies`.
    # An ordinary run leaves them empty.
    search_option = models.CharField(max_length=40, blank=True, default="")
    search_values = models.JSONField(default=list, blank=True)
    search_group = models.CharField(max_length=40, blank=True, default="")
    search_tallies = models.JSONField(default=list, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="chase_lab_runs",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.label}: {self.games} {self.kind} games"

    @property
    def is_search(self) -> bool:
        return bool(self.search_option)
