"""Campaigns, their players and warbands, the figures on a roster and the treasury ledger.

Rules live in `campaign.rules` (plain Python); these models hold the data and the properties
that derive from their own fields. Every write goes through `campaign.services`.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from campaign.rules.factions import FACTIONS, SPECIALISTS, STATUS_NAMES, STATUSES


def new_invite_code() -> str:
    # Ten characters from an alphabet without look-alikes, so it can be read out at the club.
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(10))


class CampaignQuerySet(models.QuerySet):
    def visible_to(self, user):
        """Campaigns a user may look at: public ones, and those they organise or play in."""
        if not user.is_authenticated:
            return self.filter(is_public=True)
        return self.filter(
            models.Q(is_public=True) | models.Q(organiser=user) | models.Q(memberships__user=user)
        ).distinct()

    def lock(self, campaign_id: int) -> None:
        """Hold the campaign's row until the transaction ends, so work on its jobs and rankings
        runs one at a time (a row lock on PostgreSQL; SQLite serialises every write anyway)."""
        list(self.select_for_update().filter(pk=campaign_id).values_list("pk"))


class Campaign(models.Model):
    name = models.CharField(max_length=100)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised_campaigns"
    )
    # Settings (RULINGS: "setting" means a per-campaign option with the given default).
    starting_treasury = models.PositiveIntegerField(
        default=200, validators=[MaxValueValidator(100_000)], help_text="C2"
    )
    currency = models.CharField(max_length=3, default="£", help_text="C2")
    manual_dice = models.BooleanField(
        default=True, help_text="Players may type in faces from real dice (C12)."
    )
    report_confirmation = models.BooleanField(
        default=True, help_text="The opponent confirms a game report before it counts."
    )
    is_public = models.BooleanField(default=False, help_text="Anyone may read it.")
    invite_code = models.CharField(max_length=16, unique=True, default=new_invite_code)
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(
        null=True, blank=True, help_text="A closed campaign is read-only: its season is over."
    )
    # Where each new chronicle entry is posted (a Discord-compatible webhook; https to a public
    # host: campaign.services.webhooks). The organiser's alone: it holds the webhook's secret.
    webhook_url = models.URLField(max_length=500, blank=True, default="")

    objects = CampaignQuerySet.as_manager()

    # What the organiser sets when starting a campaign (and may change later).
    SETTINGS = ("starting_treasury", "currency", "manual_dice", "report_confirmation", "is_public")

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    def money(self, amount: int) -> str:
        """An amount in the campaign's currency, the sign before it: £20, −£72."""
        sign = "\u2212" if amount < 0 else ""
        return f"{sign}{self.currency}{abs(amount)}"

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None


class Membership(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_membership_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.campaign}"


FACTION_CHOICES = [(f.key, f.name) for f in FACTIONS.values()]


class Warband(models.Model):
    class State(models.TextChoices):
        DRAFT = "draft", "Draft"
        FOUNDED = "founded", "Founded"
        RETIRED = "retired", "Retired"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="warbands")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="warbands"
    )
    name = models.CharField(max_length=80)
    faction = models.CharField(max_length=20, choices=FACTION_CHOICES)
    state = models.CharField(max_length=10, choices=State.choices, default=State.DRAFT)
    treasury = models.IntegerField(default=0, validators=[MinValueValidator(0)])
    rating = models.IntegerField(default=0, help_text="Team rating, C11")
    rating_stale = models.BooleanField(
        default=False, help_text="A recalculation is queued and has not run yet."
    )
    games_played = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    founded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(treasury__gte=0), name="treasury_not_negative"
            )
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def faction_rules(self):
        return FACTIONS[self.faction]

    @property
    def is_draft(self) -> bool:
        return self.state == self.State.DRAFT


class FigureQuerySet(models.QuerySet):
    def on_roster(self):
        """Figures that still count (C11): not dead, sold or departed."""
        return self.exclude(state__in=Figure.GONE)


class Figure(models.Model):
    class State(models.TextChoices):
        ACTIVE = "active", "Active"
        MISSES_NEXT_GAME = "misses_next_game", "Misses the next game"
        CAPTURED = "captured", "Captured"
        DEAD = "dead", "Dead"
        SOLD = "sold", "Sold"
        DEPARTED = "departed", "Departed"

    GONE = (State.DEAD, State.SOLD, State.DEPARTED)

    warband = models.ForeignKey(Warband, on_delete=models.CASCADE, related_name="figures")
    name = models.CharField(max_length=80)
    profile = models.CharField(max_length=40, help_text="Profile key from the rules data")
    status = models.CharField(
        max_length=10, choices=[(s, STATUS_NAMES[s]) for s in reversed(STATUSES)]
    )
    reputation = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(5)]
    )
    melee_increase = models.PositiveSmallIntegerField(default=0)
    shooting_increase = models.PositiveSmallIntegerField(default=0)
    morale_increase = models.PositiveSmallIntegerField(default=0)
    skills = models.JSONField(default=list, blank=True)
    injuries = models.JSONField(default=list, blank=True)
    experience_start = models.PositiveIntegerField()
    experience = models.PositiveIntegerField()
    state = models.CharField(max_length=20, choices=State.choices, default=State.ACTIVE)
    specialist = models.CharField(
        max_length=20, blank=True, choices=[(k, s.name) for k, s in SPECIALISTS.items()]
    )
    # C10 bookkeeping: advancement rolls since the last promotion or reputation gain, and the
    # status at which the Hero/Veteran table's reputation gain was taken.
    advancement_rolls = models.PositiveSmallIntegerField(default=0)
    reputation_gained_as = models.CharField(max_length=10, blank=True)
    # C10: a reputation gain made while it held every increase its status allows ended the +1.
    advancement_bonus_ended = models.BooleanField(default=False)
    position = models.PositiveSmallIntegerField(default=0)
    # C16: while captured, the owner's standing ransom offer, which the captor's owner accepts
    # (or the organiser records); until then the captor may still sell the figure.
    ransom_offer = models.PositiveIntegerField(null=True, blank=True)
    ransom_offered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = FigureQuerySet.as_manager()

    class Meta:
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return self.name

    @property
    def increases(self) -> dict[str, int]:
        return {
            "melee": self.melee_increase,
            "shooting": self.shooting_increase,
            "morale": self.morale_increase,
        }

    @property
    def on_roster(self) -> bool:
        return self.state not in self.GONE


class EquipmentPiece(models.Model):
    """One piece of kit the warband owns, carried by a figure or in storage.

    The price is pinned when it is bought, so a later change to the rules data does not
    rewrite what a warband paid (and its rating, C11, counts what was paid).
    """

    warband = models.ForeignKey(Warband, on_delete=models.CASCADE, related_name="equipment")
    figure = models.ForeignKey(
        Figure, on_delete=models.CASCADE, null=True, blank=True, related_name="equipment"
    )
    key = models.CharField(max_length=30)
    price = models.PositiveIntegerField()
    bought_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return self.key

    @property
    def in_storage(self) -> bool:
        return self.figure_id is None


class LedgerEntry(models.Model):
    """Every change to a warband's treasury, with its reason and the values before and after."""

    warband = models.ForeignKey(Warband, on_delete=models.CASCADE, related_name="ledger")
    amount = models.IntegerField()
    before = models.IntegerField()
    after = models.IntegerField()
    reason = models.CharField(max_length=200)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name_plural = "ledger entries"

    def __str__(self) -> str:
        return f"{self.warband}: {self.amount:+d} ({self.reason})"


class RollRecord(models.Model):
    """A roll made outside the post-game sequence (founding skills), for the record (C12)."""

    warband = models.ForeignKey(Warband, on_delete=models.CASCADE, related_name="rolls")
    figure = models.ForeignKey(Figure, on_delete=models.CASCADE, null=True, blank=True)
    purpose = models.CharField(max_length=40)
    faces = models.JSONField()
    typed_in = models.BooleanField(default=False)
    result = models.CharField(max_length=200)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.purpose}: {self.result}"
