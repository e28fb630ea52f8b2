"""Game sessions of the canoe games: the game, its seats and its append-only action log.

The state is the engine's plain data, stored as it is; the Django side never looks inside it.
Every random outcome an action used is kept in its log row, so a game replays from the
options and the log alone (chase.services.sessions.session_replay).
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
    class ComputerLevel(models.TextChoices):
        """How well the computer plays (chase.engines.levels says what each level does)."""

        EASY = "easy", "Easy"
        NORMAL = "normal", "Normal"
        HARD = "hard", "Hard"

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
    # How long a seat has to move in a game across browsers (chase.services.pace); live: no clock.
    pace = models.CharField(max_length=10, choices=Pace.choices, default=Pace.LIVE)
    # Ended by its other players after a seat missed its deadline (no winner).
    abandoned = models.BooleanField(default=False)
    # How well the computer plays its seats (chase.engines.levels): every computer seat of the
    # game, a seat handed over to it included.
    computer_level = models.CharField(
        max_length=10, choices=ComputerLevel.choices, default=ComputerLevel.NORMAL
    )

    objects = GameSessionQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["mode", "status"])]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.mode}, {self.status})"

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    def seat_list(self) -> list[Seat]:
        """The game's seats in their order: those a move read with the game
        (`keep_seats`), else `seats.all()` (prefetched, or read now)."""
        kept = self.__dict__.get("_kept_seats")
        return kept if kept is not None else list(self.seats.all())

    def refresh_from_db(self, using=None, fields=None, from_queryset=None):
        """As Django's, which forgets prefetched seats: kept seats are forgotten too, and, as
        for prefetched ones, `fields=["seats"]` then reads nothing."""
        if fields is None or "seats" in fields:
            kept = self.__dict__.pop("_kept_seats", None)
            if kept is not None and fields is not None:
                fields = [field for field in fields if field != "seats"]
                if not fields:
                    return
        super().refresh_from_db(using=using, fields=fields, from_queryset=from_queryset)

    def load_seats(self) -> None:
        """Read the seats now in one query, unless they are read already (kept or prefetched)."""
        if "_kept_seats" not in self.__dict__:
            models.prefetch_related_objects([self], "seats")

    def keep_seats(self, seats: list[Seat]) -> None:
        """The game's seats, read by the caller in their order (a query built once per
        process, chase.services.sessions): `seat_list()` gives them from now on, and each
        seat's `session` is this game, as a prefetch would leave them."""
        for seat in seats:
            seat.session = self
        self.__dict__["_kept_seats"] = seats


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
    # Where the seat was taken from, as a keyed hash of the client's network (never the address
    # itself: core.addresses.address_digest); "" when unknown. Two accounts sitting down from
    # one address are not rated against each other (chase.services.ratings).
    address = models.CharField(max_length=32, blank=True, default="", editable=False)
    # The turn clock (chase.services.pace): since when this seat has had a move waiting (None:
    # not its turn), its deadline in a daily or weekly game, the last poll of a browser holding it
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
