"""The campaign REST API under /api/, grouped by subject (schema /api/schema/, docs /api/docs/)."""

from django.urls import path

from campaign.api import (
    campaigns,
    chronicle,
    corrections,
    exports,
    games,
    house_rules,
    league,
    postgames,
    tables,
    warbands,
)
from core.auth import obtain_auth_token

token = [path("token/", obtain_auth_token, name="api-token")]

campaign_routes = [
    path("campaigns/", campaigns.CampaignsView.as_view(), name="api-campaigns"),
    path("campaigns/<int:campaign_id>/", campaigns.campaign_detail, name="api-campaign"),
    path("campaigns/<int:campaign_id>/join/", campaigns.campaign_join, name="api-campaign-join"),
    path("campaigns/<int:campaign_id>/export/", exports.campaign_export, name="api-export"),
    path(
        "campaigns/<int:campaign_id>/export/rosters.csv",
        exports.rosters_csv,
        name="api-export-rosters",
    ),
    path(
        "campaigns/<int:campaign_id>/export/league.csv",
        exports.league_csv,
        name="api-export-league",
    ),
    path(
        "campaigns/<int:campaign_id>/house-rules/",
        house_rules.house_rules,
        name="api-house-rules",
    ),
    path(
        "campaigns/<int:campaign_id>/house-rules/preview/",
        house_rules.house_rules_preview_view,
        name="api-house-rules-preview",
    ),
    path(
        "campaigns/<int:campaign_id>/house-rules/versions/",
        house_rules.house_rules_versions,
        name="api-house-rules-versions",
    ),
    path(
        "campaigns/<int:campaign_id>/invite-code/",
        campaigns.campaign_invite_code,
        name="api-campaign-invite-code",
    ),
    path(
        "campaigns/<int:campaign_id>/members/<int:user_id>/",
        campaigns.campaign_member,
        name="api-campaign-member",
    ),
]

warband_routes = [
    path("rules/factions/", warbands.rules_factions, name="api-rules-factions"),
    path("warbands/", warbands.WarbandsView.as_view(), name="api-warbands"),
    path("warbands/<int:warband_id>/", warbands.warband_detail, name="api-warband"),
    path("warbands/<int:warband_id>/retire/", warbands.warband_retire, name="api-warband-retire"),
    path(
        "figures/<int:figure_id>/corrections/",
        corrections.figure_corrections,
        name="api-figure-corrections",
    ),
    path(
        "corrections/<int:correction_id>/confirm/",
        corrections.correction_confirm,
        name="api-correction-confirm",
    ),
]

game_routes = [
    path("games/", games.GamesView.as_view(), name="api-games"),
    path("games/<int:game_id>/", games.GameView.as_view(), name="api-game"),
    path("games/<int:game_id>/confirm/", games.game_confirm, name="api-game-confirm"),
    path("games/<int:game_id>/withdraw/", games.game_withdraw, name="api-game-withdraw"),
]

postgame_routes = [
    path("postgames/<int:postgame_id>/", postgames.postgame_detail, name="api-postgame"),
    path(
        "postgames/<int:postgame_id>/advance/",
        postgames.postgame_advance,
        name="api-postgame-advance",
    ),
    path("postgames/<int:postgame_id>/trade/", postgames.postgame_trade, name="api-postgame-trade"),
    path("postgames/<int:postgame_id>/undo/", postgames.postgame_undo, name="api-postgame-undo"),
    path(
        "postgames/<int:postgame_id>/restart/",
        postgames.postgame_restart,
        name="api-postgame-restart",
    ),
    path(
        "postgames/<int:postgame_id>/commit/",
        postgames.postgame_commit,
        name="api-postgame-commit",
    ),
    path("captives/<int:figure_id>/ransom/", postgames.captive_ransom, name="api-captive-ransom"),
    path(
        "captives/<int:figure_id>/ransom/accept/",
        postgames.captive_ransom_accept,
        name="api-captive-ransom-accept",
    ),
    path("captives/<int:figure_id>/sell/", postgames.captive_sell, name="api-captive-sell"),
]

league_routes = [
    path(
        "campaigns/<int:campaign_id>/chronicle/",
        chronicle.campaign_chronicle,
        name="api-campaign-chronicle",
    ),
    path(
        "campaigns/<int:campaign_id>/chronicle/<int:game_id>/lines/",
        chronicle.chronicle_line_add,
        name="api-chronicle-line-add",
    ),
    path(
        "campaigns/<int:campaign_id>/chronicle/<int:game_id>/lines/<int:line_id>/",
        chronicle.chronicle_line_delete,
        name="api-chronicle-line-delete",
    ),
    path("campaigns/<int:campaign_id>/league/", league.campaign_league, name="api-campaign-league"),
    path(
        "campaigns/<int:campaign_id>/recalculate/",
        league.campaign_recalculate,
        name="api-campaign-recalculate",
    ),
]

table_routes = [
    path("tables/shooting/", tables.shooting, name="api-tables-shooting"),
    path("tables/melee/", tables.melee, name="api-tables-melee"),
    path("tables/morale/", tables.morale, name="api-tables-morale"),
    path("tables/rally/", tables.rally, name="api-tables-rally"),
    path("tables/last-wound/", tables.last_wound, name="api-tables-last-wound"),
    path("rules/tables/", tables.rules_tables, name="api-rules-tables"),
]

urlpatterns = [
    *token,
    *campaign_routes,
    *warband_routes,
    *game_routes,
    *postgame_routes,
    *league_routes,
    *table_routes,
]
