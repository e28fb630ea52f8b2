"""The campaign REST API under /api/, grouped by subject (schema /api/schema/, docs /api/docs/)."""

from django.urls import path

from campaign.api import campaigns, games, league, postgames, warbands
from config.auth import obtain_auth_token

token = [path("token/", obtain_auth_token, name="api-token")]

campaign_routes = [
    path("campaigns/", campaigns.CampaignsView.as_view(), name="api-campaigns"),
    path("campaigns/<int:campaign_id>/", campaigns.campaign_detail, name="api-campaign"),
    path("campaigns/<int:campaign_id>/join/", campaigns.campaign_join, name="api-campaign-join"),
]

warband_routes = [
    path("rules/factions/", warbands.rules_factions, name="api-rules-factions"),
    path("warbands/", warbands.WarbandsView.as_view(), name="api-warbands"),
    path("warbands/<int:warband_id>/", warbands.warband_detail, name="api-warband"),
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
    path("campaigns/<int:campaign_id>/league/", league.campaign_league, name="api-campaign-league"),
    path(
        "campaigns/<int:campaign_id>/recalculate/",
        league.campaign_recalculate,
        name="api-campaign-recalculate",
    ),
    path("jobs/<int:job_id>/", league.job_detail, name="api-job"),
]

urlpatterns = [
    *token,
    *campaign_routes,
    *warband_routes,
    *game_routes,
    *postgame_routes,
    *league_routes,
]
