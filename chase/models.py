"""Game sessions of the canoe games: the game, its seats and its append-only action log.

The state is the engine's plain data, stored as it is; the Django side never looks inside it.
Every random outcome an action used is kept in its log row, so a game replays from the
options and the log alone (chase.services.session_replay).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q


def new_token() -> str:
    """A seat's secret: whoever holds it plays that seat. 128 bits from `secrets`; looked up
    by the unique index only, never compared by hand."""
    return secrets.token_urlsafe(16)


def new_invite() -> str:
    """A seat's single-use invite code (the join link): 128 bits from `secrets`. It takes a
    free seat once and hands out a fresh seat token; it is never a credential itself."""
    return secrets.token_urlsafe(16)


def is_code(text) -> bool:
    """Whether this could be a token or an invite at all (token_urlsafe's alphabet, at most
    64 characters): anything else (a NUL byte, say) is refused before it reaches a query."""
    return (
        isinstance(text, str)
        and 0 < len(text) <= 64
        and text.isascii()
        and text.replace("-", "").replace("_", "").isalnum()
    )


class GameSessionQuerySet(models.QuerySet):
    def open_to_join(self):
        """Games across several browsers still waiting for a player at some human seat."""
        free = Seat.objects.filter(
            session=models.OuterRef("pk"), kind=Seat.Kind.HUMAN, taken_at__isnull=True
        )
        return (
            self.filter(mode=GameSession.Mode.MULTI, status=GameSession.Status.WAITING)
            .filter(models.Exists(free))
            .filter(campaign_chase__isnull=True)  # a campaign chase's seats are its players'
            .filter(rematch_of__isnull=True)  # so are a rematch's (finding 8)
        )

    def held_by(self, user, tokens):
        """Games this person plays: created, holding a seat as a user, or by a token they keep."""
        held = Q(seats__token__in=list(tokens))
        if user is not None and user.is_authenticated:
            held |= Q(created_by=user) | Q(seats__user=user)
        return self.filter(held).distinct()


class GameSession(models.Model):
    class Pace(models.TextChoices):
        LIVE = "live", "Live (in one sitting)"
        DAILY = "daily", "Daily (24 hours a move)"
        WEEKLY = "weekly", "Weekly (a week a move)"

    class Mode(models.TextChoices):
        HOTSEAT = "hotseat", "Hot-seat (one device, pass it round)"
        MULTI = "multi", "Several browsers (invite links)"
        SOLO = "solo", "Solo against the computer"

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for players"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    kind = models.CharField(max_length=20)
    mode = models.CharField(max_length=10, choices=Mode.choices)
    options = models.JSONField(default=dict)  # cleaned by the engine
    state = models.JSONField(default=dict)
    version = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    winner = models.CharField(max_length=40, null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="chase_sessions",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # The finished game this one is the rematch of; one rematch per game (a second "Rematch"
    # click, or another player's, finds the first).
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )
    # How long a seat has to move in a game across browsers (chase.pace); live: no clock.
    pace = models.CharField(max_length=10, choices=Pace.choices, default=Pace.LIVE)
    # Ended by its other players after a seat missed its deadline (no winner).
    abandoned = models.BooleanField(default=False)

    objects = GameSessionQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["mode", "status"])]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.mode}, {self.status})"

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED


class Seat(models.Model):
    class Kind(models.TextChoices):
        HUMAN = "human", "Human"
        COMPUTER = "computer", "Computer"

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="seats")
    role = models.CharField(max_length=40)
    position = models.PositiveSmallIntegerField(default=0)  # the engine's turn order
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.HUMAN)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="chase_seats",
    )
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    # The join link's code: good while the seat is free (taking the seat, by any way, spends
    # it); None for a computer seat.
    invite = models.CharField(
        max_length=64, unique=True, null=True, blank=True, default=new_invite, editable=False
    )
    name = models.CharField(max_length=150, blank=True)
    taken_at = models.DateTimeField(null=True, blank=True)
    # The turn clock (chase.pace): since when this seat has had a move waiting (None: not its
    # turn), its deadline in a daily or weekly game, the last poll of a browser holding it
    # (at the table), and when its turn alert and deadline reminder went out for this turn.
    turn_since = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    seen_at = models.DateTimeField(null=True, blank=True)
    alerted_at = models.DateTimeField(null=True, blank=True)
    reminded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "role"], name="chase_one_seat_per_role")
        ]

    def __str__(self) -> str:
        return f"{self.role} in game {self.session_id}"

    @property
    def is_computer(self) -> bool:
        return self.kind == self.Kind.COMPUTER

    @property
    def is_taken(self) -> bool:
        return self.is_computer or self.taken_at is not None

    @property
    def open_invite(self) -> str | None:
        """The invite code while it can still be used: a free human seat's."""
        return None if self.is_taken else self.invite


class ActionLog(models.Model):
    """One row per thing that happened: seq 0 is the setup, then every action, a computer's
    included. Written once by the services, never changed or deleted."""

    class Kind(models.TextChoices):
        MOVE = "move", "A move (or the setup)"
        HAND_OVER = "hand_over", "A late seat handed to the computer"
        ABANDON = "abandon", "The game ended as abandoned"

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="log")
    seq = models.PositiveIntegerField()
    # Not a move: the replay keeps the state as it was and shows the row's events.
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.MOVE)
    role = models.CharField(max_length=40, null=True, blank=True)  # None: the setup
    by_computer = models.BooleanField(default=False)
    action = models.JSONField(null=True, blank=True)  # None: the setup
    outcomes = models.JSONField(default=list)  # Chance.outcomes: faces, shuffles, draws
    events = models.JSONField(default=list)
    version_after = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["session", "seq"], name="chase_one_log_row_per_seq")
        ]

    def __str__(self) -> str:
        return f"game {self.session_id} step {self.seq}"


# --- ratings (chase.ratings rebuilds them whole from the finished games) -----------------------


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
