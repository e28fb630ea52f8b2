"""Games played at the club and the post-game sequence of each side (C12-C22)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from campaign.models.campaigns import Campaign, Figure, Warband


class GameReportQuerySet(models.QuerySet):
    def confirmed(self):
        return self.filter(status=GameReport.Status.CONFIRMED)


class GameReport(models.Model):
    """A game played at the club between two warbands, filed by a player or the organiser."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for the opponent"
        CONFIRMED = "confirmed", "Confirmed"
        WITHDRAWN = "withdrawn", "Withdrawn"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="games")
    warband_a = models.ForeignKey(Warband, on_delete=models.PROTECT, related_name="+")
    warband_b = models.ForeignKey(Warband, on_delete=models.PROTECT, related_name="+")
    winner = models.ForeignKey(
        Warband,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="Empty for a draw.",
    )
    played_on = models.DateField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    filed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # Team ratings before the game, stored at confirmation (C9's underdog bonus uses them).
    rating_a_before = models.IntegerField(null=True, blank=True)
    rating_b_before = models.IntegerField(null=True, blank=True)
    # C31: the house-rules version in force when the game was reported (0: the seed's rules);
    # its post-game sequences play by it, whatever changes later.
    rules_version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = GameReportQuerySet.as_manager()

    class Meta:
        ordering = ["played_on", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(warband_a=models.F("warband_b")), name="two_different_warbands"
            )
        ]

    def __str__(self) -> str:
        return f"{self.warband_a} v {self.warband_b} ({self.played_on})"


class GameFigure(models.Model):
    """One figure's part in a reported game."""

    class Outcome(models.TextChoices):
        OK = "ok", "OK"
        DOWN = "down", "Down"
        OUT_OF_ACTION = "out_of_action", "Out of action"

    report = models.ForeignKey(GameReport, on_delete=models.CASCADE, related_name="figures")
    figure = models.ForeignKey(Figure, on_delete=models.PROTECT, related_name="games")
    took_part = models.BooleanField(default=True)
    outcome = models.CharField(max_length=15, choices=Outcome.choices, default=Outcome.OK)
    wounds_inflicted = models.PositiveSmallIntegerField(default=0)
    scalps = models.PositiveSmallIntegerField(default=0)
    # C17: the enemy figure that put this one down or out of action, when the report names it
    # (optional); its Crack shot may then force a re-roll of this figure's injury.
    put_down_by = models.ForeignKey(
        Figure, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["report", "figure"], name="one_line_per_figure")
        ]

    def __str__(self) -> str:
        return f"{self.figure} in {self.report}"


def new_dice_secret() -> str:
    """A new sequence's secret for its own app dice (C22)."""
    return secrets.token_hex(16)


class PostGame(models.Model):
    """One warband's post-game sequence for one confirmed game (C12-C22).

    The sequence is the rules' pure replay of `sheet` + `report` + `answers`: undo drops the last
    answer. Nothing touches the roster until commit, which applies the result exactly once.
    """

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        COMMITTED = "committed", "Committed"

    game = models.ForeignKey(GameReport, on_delete=models.CASCADE, related_name="postgames")
    warband = models.ForeignKey(Warband, on_delete=models.CASCADE, related_name="postgames")
    sheet = models.JSONField(help_text="The warband as it stood when the game was confirmed")
    report = models.JSONField(help_text="This side's view of the game, for the rules")
    answers = models.JSONField(default=list, blank=True)
    undone = models.JSONField(
        default=list, blank=True, help_text="Every undo, kept in the log both players see (C22)"
    )
    # C22: the key of the sequence's own app dice, fixed when it opens. Never shown: not in the
    # API, the pages nor the export, so nobody reads the dice ahead.
    dice_secret = models.CharField(max_length=64, default=new_dice_secret, editable=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    # Moves on with every step (an answer, a trade, an undo, the commit, a restart): a write
    # may carry the version it was made on (`If-Match`), and a stale one is a conflict (409).
    version = models.PositiveIntegerField(default=0)
    committed_at = models.DateTimeField(null=True, blank=True)
    committed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    result = models.JSONField(null=True, blank=True, help_text="The preview that was applied")
    # C31: empty, the sequence plays by the rules its game was reported under; set when the
    # organiser restarted a stuck sequence under the rules in force then.
    rules_version = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="The house-rules version it plays by after the organiser restarted it; "
        "empty: its game's",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "warband"], name="one_postgame_per_side")
        ]

    def __str__(self) -> str:
        return f"Post-game of {self.warband} after {self.game}"
