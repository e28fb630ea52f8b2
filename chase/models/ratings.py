"""The canoe games' ratings: a board per game kind, each player's rating and each rated place.
chase.services.ratings rebuilds them whole from the finished games."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from chase.models.sessions import GameSession


class RatingBoard(models.Model):
    """One row per game kind: locked while that kind's ratings are rebuilt, so two rebuilds
    run one after the other."""

    kind = models.CharField(max_length=20, unique=True)
    games = models.PositiveIntegerField(default=0)  # rated games at the last rebuild
    rebuilt_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"ratings of {self.kind}"


class RatingQuerySet(models.QuerySet):
    def leaderboard(self, kind: str):
        """A kind's ratings, the highest displayed rating (mu - 3 sigma) first."""
        shown = models.F("mu") - 3 * models.F("sigma")
        return (
            self.filter(kind=kind)
            .select_related("user")
            .alias(shown=shown)
            .order_by("-shown", "-games", "pk")
        )


class Rating(models.Model):
    """A player's openskill (Plackett-Luce) rating at one game kind; `user` None is the shared
    "Computer" of that kind. Shown as mu - 3 sigma (`display`)."""

    kind = models.CharField(max_length=20)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="chase_ratings",
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)

    objects = RatingQuerySet.as_manager()

    class Meta:
        ordering = ["kind", "-mu"]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "user"],
                condition=Q(user__isnull=False),
                name="chase_one_rating_per_player",
            ),
            models.UniqueConstraint(
                fields=["kind"], condition=Q(user__isnull=True), name="chase_one_computer_rating"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.kind}: {self.display:.1f}"

    @property
    def player(self) -> str:
        return self.user.username if self.user_id else "Computer"

    @property
    def display(self) -> float:
        return self.mu - 3 * self.sigma


class RatedPlace(models.Model):
    """One player's place in one rated game, with their rating before and after it: the end
    screen's new ratings, a player's recent games and their head-to-head are read from here.
    `user` None is the Computer (its seats in one team count once)."""

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="rated")
    kind = models.CharField(max_length=20)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="chase_rated_places",
    )
    roles = models.JSONField(default=list)
    rank = models.PositiveSmallIntegerField()  # 0 is first; equal ranks are a tie
    # Placed first alone or sharing it, in a game some team lost: a game where everyone tied
    # (every canoe out, a chase nobody won) is no one's win.
    won = models.BooleanField(default=False)
    order = models.PositiveIntegerField()  # the game's place in the rebuild (finishing order)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    finished_at = models.DateTimeField()

    class Meta:
        ordering = ["-order", "rank"]
        indexes = [models.Index(fields=["kind", "user"])]

    def __str__(self) -> str:
        return f"game {self.session_id}: {self.user_id or 'Computer'} placed {self.rank + 1}"

    @property
    def display(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def display_before(self) -> float:
        return self.mu_before - 3 * self.sigma_before
