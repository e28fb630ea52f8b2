from django.contrib import admin

from core.models import Job


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ["kind", "campaign", "state", "done", "total", "message", "updated_at"]
    list_filter = ["state", "kind"]
