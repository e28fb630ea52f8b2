"""The league page, a warband's rating history, and job progress (views/league.py)."""

from django.urls import path

from campaign.views import league

urlpatterns = [
    path("campaigns/<int:campaign_id>/league/", league.league, name="campaign-league"),
    path(
        "campaigns/<int:campaign_id>/recalculate/",
        league.campaign_recalculate,
        name="campaign-recalculate",
    ),
    path(
        "warbands/<int:warband_id>/rating-history/",
        league.warband_rating_history,
        name="warband-rating-history",
    ),
    path("jobs/<int:job_id>/", league.job_detail, name="job"),
]
