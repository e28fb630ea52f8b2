from django.contrib import admin

from campaign.models import (
    Campaign,
    EquipmentPiece,
    Figure,
    LedgerEntry,
    Membership,
    RollRecord,
    Warband,
)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ["name", "organiser", "is_public", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline]


class FigureInline(admin.TabularInline):
    model = Figure
    extra = 0
    fields = ["name", "profile", "status", "reputation", "experience", "state"]


class LedgerInline(admin.TabularInline):
    model = LedgerEntry
    extra = 0
    readonly_fields = ["amount", "before", "after", "reason", "actor", "created_at"]
    can_delete = False


@admin.register(Warband)
class WarbandAdmin(admin.ModelAdmin):
    list_display = ["name", "faction", "campaign", "owner", "state", "treasury", "rating"]
    list_filter = ["faction", "state"]
    search_fields = ["name"]
    inlines = [FigureInline, LedgerInline]


@admin.register(Figure)
class FigureAdmin(admin.ModelAdmin):
    list_display = ["name", "warband", "profile", "status", "reputation", "experience", "state"]
    list_filter = ["status", "state"]
    search_fields = ["name"]


@admin.register(EquipmentPiece)
class EquipmentPieceAdmin(admin.ModelAdmin):
    list_display = ["key", "price", "warband", "figure"]


@admin.register(LedgerEntry)
class LedgerEntryAdmin(admin.ModelAdmin):
    list_display = ["warband", "amount", "before", "after", "reason", "created_at"]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["campaign", "user", "joined_at"]


@admin.register(RollRecord)
class RollRecordAdmin(admin.ModelAdmin):
    list_display = ["warband", "figure", "purpose", "faces", "typed_in", "result"]
