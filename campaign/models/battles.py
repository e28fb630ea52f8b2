"""The table companion: a battle played at the club (the live battle sheet both players see),
each figure's state in it, and the log of every roll made at the table (C23, C24)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from campaign.models.campaigns import Campaign, Figure, Warband
from campaign.models.games import GameReport

FIGURE_STATES = [
    ("ok", "OK"),
    ("flesh_wound", "Flesh wound"),
    ("down", "Down"),
    ("out_of_action", "Out of action"),
]


class BattleQuerySet(models.QuerySet):
    def on(self):
        return self.filter(status=Battle.Status.ON)


class Battle(models.Model):
    """A game being played: the turn, the initiative, and (through `figures`) every figure's
    state. Both players' pages poll `version`; every change bumps it."""

    class Status(models.TextChoices):
        ON = "on", "Being played"
        FILED = "filed", "Report filed"
        ABANDONED = "abandoned", "Abandoned"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="battles")
    warband_a = models.ForeignKey(Warband, on_delete=models.PROTECT, related_name="+")
    warband_b = models.ForeignKey(Warband, on_delete=models.PROTECT, related_name="+")
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ON)
    turn = models.PositiveSmallIntegerField(default=1)
    initiative = models.ForeignKey(
        Warband,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The side that won this turn's initiative roll.",
    )
    goes_first = models.ForeignKey(
        Warband, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # C24: the highest losses threshold (20, 40) each side has tested at, so a check is
    # prompted once.
    checked_a = models.PositiveSmallIntegerField(default=0)
    checked_b = models.PositiveSmallIntegerField(default=0)
    version = models.PositiveIntegerField(default=0)
    report = models.OneToOneField(
        GameReport, on_delete=models.SET_NULL, null=True, blank=True, related_name="battle"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    objects = BattleQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(warband_a=models.F("warband_b")),
                name="battle_two_different_warbands",
            )
        ]

    def __str__(self) -> str:
        return f"{self.warband_a} v {self.warband_b} (turn {self.turn})"

    @property
    def is_on(self) -> bool:
        return self.status == self.Status.ON


class BattleFigure(models.Model):
    """One figure's game so far: its state, the wounds it took and inflicted, its scalps, and
    the enemy figure that wounded it (the last) and put it down (C17 `put_down_by`)."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="figures")
    figure = models.ForeignKey(Figure, on_delete=models.PROTECT, related_name="battle_lines")
    took_part = models.BooleanField(default=True)
    state = models.CharField(max_length=15, choices=FIGURE_STATES, default="ok")
    wounds_taken = models.PositiveSmallIntegerField(default=0)
    wounds_inflicted = models.PositiveSmallIntegerField(default=0)
    scalps = models.PositiveSmallIntegerField(default=0)
    wounded_by = models.ForeignKey(
        Figure, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    put_down_by = models.ForeignKey(
        Figure, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    last_wound_due = models.BooleanField(
        default=False, help_text="Hit, or down at the start of a turn: the D6 is to be rolled."
    )

    class Meta:
        ordering = ["figure__position", "figure_id"]
        constraints = [
            models.UniqueConstraint(fields=["battle", "figure"], name="battle_one_line_per_figure")
        ]

    def __str__(self) -> str:
        return f"{self.figure} in {self.battle}"

    @property
    def standing(self) -> bool:
        return self.took_part and self.state in ("ok", "flesh_wound")

    @property
    def lost(self) -> bool:
        return self.took_part and self.state in ("down", "out_of_action")


class TableLog(models.Model):
    """Every roll made with the table's calculators (the battle sheet's or the API's), and what
    else happened on a battle sheet, in words: who, how (typed-in faces or the app's, C12)."""

    class Kind(models.TextChoices):
        SHOOTING = "shooting", "Shooting"
        MELEE = "melee", "Melee"
        MORALE = "morale", "Morale"
        RALLY = "rally", "Rally"
        LAST_WOUND = "last_wound", "Last wound"
        INITIATIVE = "initiative", "Initiative"
        TURN = "turn", "Turn"
        FIGURE = "figure", "Figure"
        BATTLE = "battle", "Battle"

    campaign = models.ForeignKey(
        Campaign,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="table_log",
        help_text="Empty for a last-wound roll made through the API for no figure.",
    )
    battle = models.ForeignKey(
        Battle, on_delete=models.CASCADE, null=True, blank=True, related_name="log"
    )
    turn = models.PositiveSmallIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    figure = models.ForeignKey(
        Figure, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    other = models.ForeignKey(
        Figure,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The target or defender.",
    )
    faces = models.JSONField(default=list, blank=True)
    typed_in = models.BooleanField(default=False)
    result = models.CharField(max_length=20, blank=True)
    text = models.CharField(max_length=500)
    data = models.JSONField(default=dict, blank=True, help_text="The request and the answer.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["battle", "id"])]

    def __str__(self) -> str:
        return self.text
