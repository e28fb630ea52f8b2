from django.contrib import admin

from chase.models import (
    ActionLog,
    GameSession,
    LabRun,
    RatedPlace,
    Rating,
    RatingBoard,
    Seat,
    Variant,
)
from chase.services.ratings import ratings_history_changed


class RatedHistoryAdmin(admin.ModelAdmin):
    """A finished game or its seats changed here is the past of its kind's ratings: they are
    rebuilt once the change commits (games still being played are rated when they end; a game
    with a log cannot be deleted here, its log being append-only)."""

    def _finished_kinds(self, objects) -> set[str]:
        sessions = [getattr(o, "session", o) for o in objects]
        return {s.kind for s in sessions if s.status == GameSession.Status.FINISHED}

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        for kind in self._finished_kinds([form.instance]):
            ratings_history_changed(kind=kind)


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["role", "kind", "name", "user", "taken_at"]
    readonly_fields = ["taken_at"]


class ActionLogInline(admin.TabularInline):
    """The log is append-only: shown, never changed here."""

    model = ActionLog
    extra = 0
    fields = ["seq", "role", "by_computer", "action", "events", "version_after", "created_at"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(GameSession)
class GameSessionAdmin(RatedHistoryAdmin):
    list_display = ["id", "kind", "mode", "status", "winner", "version", "created_by", "updated_at"]
    list_filter = ["kind", "mode", "status"]
    readonly_fields = ["version", "created_at", "updated_at"]
    inlines = [SeatInline, ActionLogInline]


@admin.register(ActionLog)
class ActionLogAdmin(admin.ModelAdmin):
    list_display = ["session", "seq", "role", "by_computer", "version_after", "created_at"]
    list_filter = ["by_computer"]
    readonly_fields = [
        "session",
        "seq",
        "role",
        "by_computer",
        "action",
        "outcomes",
        "events",
        "version_after",
        "created_at",
    ]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Seat)
class SeatAdmin(RatedHistoryAdmin):
    """Find a seat by its game or its player, e.g. to hand a lost invite link back."""

    list_display = ["session", "role", "kind", "name", "user", "taken_at"]
    list_filter = ["kind"]
    search_fields = ["name", "user__username"]
    raw_id_fields = ["session", "user"]


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    """The canoe ratings, to look at only: chase.services.ratings rebuilds them from the finished
    games (a change here would be lost at the next rebuild)."""

    list_display = ["kind", "user", "mu", "sigma", "games", "wins"]
    list_filter = ["kind"]
    search_fields = ["user__username"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(RatingBoard, RatedPlace, Variant, LabRun)
class ReadOnlyChaseAdmin(admin.ModelAdmin):
    """Ratings' places and locks, and the balance lab's variants and runs: made by the app
    (chase.services.ratings, chase.services.lab), read here."""

    def has_add_permission(self, request):
        return False
