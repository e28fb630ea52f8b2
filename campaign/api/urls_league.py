"""The league API (campaign/api/league.py)."""

from django.urls import path

from campaign.api import league

urlpatterns = [
    path("campaigns/<int:campaign_id>/league/", league.campaign_league, name="api-campaign-league"),
    path(
        "campaigns/<int:campaign_id>/recalculate/",
        league.campaign_recalculate,
        name="api-campaign-recalculate",
    ),
    path("jobs/<int:job_id>/", league.job_detail, name="api-job"),
]
