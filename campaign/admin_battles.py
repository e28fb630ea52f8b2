"""Admin for the table companion: battles, their figure lines, the table log and the campaign
chases (P14)."""

from django.contrib import admin

from campaign.models import Battle, BattleFigure, CampaignChase, TableLog


class BattleFigureInline(admin.TabularInline):
    model = BattleFigure
    extra = 0
    raw_id_fields = ["figure", "wounded_by", "put_down_by"]


@admin.register(Battle)
class BattleAdmin(admin.ModelAdmin):
    list_display = ["__str__", "campaign", "status", "turn", "created_at", "report"]
    list_filter = ["status"]
    raw_id_fields = ["warband_a", "warband_b", "initiative", "goes_first", "report"]
    inlines = [BattleFigureInline]


@admin.register(BattleFigure)
class BattleFigureAdmin(admin.ModelAdmin):
    list_display = ["figure", "battle", "state", "wounds_taken", "wounds_inflicted", "scalps"]
    raw_id_fields = ["battle", "figure", "wounded_by", "put_down_by"]


@admin.register(TableLog)
class TableLogAdmin(admin.ModelAdmin):
    list_display = ["text", "kind", "campaign", "battle", "actor", "typed_in", "created_at"]
    list_filter = ["kind", "typed_in"]
    raw_id_fields = ["campaign", "battle", "figure", "other"]


@admin.register(CampaignChase)
class CampaignChaseAdmin(admin.ModelAdmin):
    list_display = ["__str__", "campaign", "session", "report", "created_at"]
    raw_id_fields = ["campaign", "session", "trappers", "indians", "started_by", "report"]
