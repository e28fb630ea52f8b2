from django.contrib import admin

from core.models import ContentVersion, Job, ScopeVersion


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ["kind", "scope", "state", "done", "total", "message", "updated_at"]
    list_filter = ["state", "kind"]


@admin.register(ContentVersion)
class ContentVersionAdmin(admin.ModelAdmin):
    """The token cached pages are keyed by (core.content_version): read here, never typed."""

    list_display = ["id", "token"]
    readonly_fields = ["token"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ScopeVersion)
class ScopeVersionAdmin(ContentVersionAdmin):
    """The tokens of each campaign, account, inbox and canoe game (core.content_version),
    drawn by the database on every write: read here, never typed."""

    list_display = ["scope", "token"]
    search_fields = ["scope"]
