"""The campaign REST API under /api/ (schema at /api/schema/, browsable docs at /api/docs/)."""

from django.urls import include, path

from campaign.api import views
from config.auth import obtain_auth_token

urlpatterns = [
    path("token/", obtain_auth_token, name="api-token"),
    path("rules/factions/", views.rules_factions, name="api-rules-factions"),
    path("campaigns/", views.CampaignsView.as_view(), name="api-campaigns"),
    path("campaigns/<int:campaign_id>/", views.campaign_detail, name="api-campaign"),
    path("campaigns/<int:campaign_id>/join/", views.campaign_join, name="api-campaign-join"),
    path("warbands/", views.WarbandsView.as_view(), name="api-warbands"),
    path("warbands/<int:warband_id>/", views.warband_detail, name="api-warband"),
    path("", include("campaign.api.urls_games")),
    path("", include("campaign.api.urls_league")),
]
