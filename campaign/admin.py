from django.contrib import admin
from django.db import models

from campaign.models import (
    Activity,
    Campaign,
    CampaignBook,
    ChronicleLine,
    Correction,
    EquipmentPiece,
    Figure,
    GameFigure,
    GameReport,
    HouseRules,
    LedgerEntry,
    Membership,
    PostGame,
    Ranking,
    RatingPoint,
    RollRecord,
    UnsentMail,
    Warband,
    WebhookPost,
)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ["name", "organiser", "is_public", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline]
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}  # the webhook


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


class GameFigureInline(admin.TabularInline):
    model = GameFigure
    extra = 0
    raw_id_fields = ["figure"]


@admin.register(GameReport)
class GameReportAdmin(admin.ModelAdmin):
    list_display = ["__str__", "campaign", "status", "winner", "played_on", "filed_by"]
    list_filter = ["status"]
    raw_id_fields = ["warband_a", "warband_b", "winner"]
    inlines = [GameFigureInline]


@admin.register(PostGame)
class PostGameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "committed_at", "committed_by"]
    list_filter = ["status"]
    raw_id_fields = ["game", "warband"]


@admin.register(Correction)
class CorrectionAdmin(admin.ModelAdmin):
    """C30: corrections are made on the roster or through the API, so each is recorded and
    told; here they are only read."""

    list_display = ["figure", "state", "by", "created_at", "reason"]
    list_filter = ["state"]
    readonly_fields = ["figure", "by", "reason", "before", "after", "state", "confirmed_by"]

    def has_add_permission(self, request):
        return False


@admin.register(ChronicleLine)
class ChronicleLineAdmin(admin.ModelAdmin):
    """A player's own line in the chronicle: the organiser of a club server may take one down
    here (a player takes back their own on the page)."""

    list_display = ["game", "author", "created_at", "text"]
    raw_id_fields = ["game", "author"]
    search_fields = ["text", "author__username"]


@admin.register(RatingPoint)
class RatingPointAdmin(admin.ModelAdmin):
    list_display = ["warband", "game", "rating", "recorded_at"]
    raw_id_fields = ["warband", "game"]


@admin.register(Ranking)
class RankingAdmin(admin.ModelAdmin):
    list_display = ["user", "campaign", "rating", "deviation", "volatility", "games"]


@admin.register(GameFigure)
class GameFigureAdmin(admin.ModelAdmin):
    list_display = ["figure", "report", "took_part", "outcome", "wounds_inflicted", "scalps"]
    raw_id_fields = ["report", "figure"]


@admin.register(Activity)
class ActivityAdmin(admin.ModelAdmin):
    list_display = ["created_at", "campaign", "kind", "text", "actor"]
    list_filter = ["kind"]
    raw_id_fields = ["campaign", "actor"]


@admin.register(HouseRules)
class HouseRulesAdmin(admin.ModelAdmin):
    """C31: saved versions are history; they are read here, never edited."""

    list_display = ["campaign", "version", "author", "created_at"]
    readonly_fields = ["campaign", "version", "overrides", "author", "created_at"]


@admin.register(UnsentMail)
class UnsentMailAdmin(admin.ModelAdmin):
    """E-mails kept while Redis was down, until the sweep sends them (an operator may look)."""

    list_display = ["created_at", "user", "kind", "title"]
    raw_id_fields = ["user"]


@admin.register(CampaignBook)
class CampaignBookAdmin(admin.ModelAdmin):
    """A campaign's kept book (made again when the campaign changes); read, never edited."""

    list_display = ["campaign", "pages", "games", "made_at"]
    exclude = ["pdf"]
    readonly_fields = ["campaign", "version", "pages", "games", "made_at"]


@admin.register(WebhookPost)
class WebhookPostAdmin(admin.ModelAdmin):
    """Chronicle entries posted to a campaign's webhook: what was sent, and whether it went."""

    list_display = ["created_at", "campaign", "game", "state", "attempts", "status_code"]
    list_filter = ["state"]
    raw_id_fields = ["campaign", "game"]


from campaign import admin_battles  # noqa: E402, F401  (the table companion's models)
