"""Corrections of a founded figure (C30): a ledger-like record of each, never an edit made
silently."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from campaign.models.campaigns import Figure
from campaign.rules.corrections import correction_words


class Correction(models.Model):
    """One correction of a figure: who asked, when, why, and the values before and after (only
    the fields it changes). The organiser's applies at once; the owner's waits for the
    organiser's confirmation when the campaign confirms reports (C30)."""

    class State(models.TextChoices):
        APPLIED = "applied", "Applied"
        AWAITING = "awaiting", "Awaiting the organiser"

    figure = models.ForeignKey(Figure, on_delete=models.CASCADE, related_name="corrections")
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    reason = models.CharField(max_length=300)
    before = models.JSONField()
    after = models.JSONField()
    state = models.CharField(max_length=10, choices=State.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    applied_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Correction of {self.figure} ({self.state})"

    @property
    def words(self) -> str:
        """ "reputation 2 → 1; injuries none → Leg wound" """
        return correction_words(self.before, self.after)
