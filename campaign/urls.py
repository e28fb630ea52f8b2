from django.contrib.auth import views as auth_views
from django.urls import include, path

from campaign.views import builder, campaigns, roster

# fmt: off

urlpatterns = [
    path("", campaigns.home, name="home"),
    path("accounts/signup/", campaigns.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("campaigns/new/", campaigns.campaign_create, name="campaign-create"),
    path("campaigns/join/", campaigns.campaign_join, name="campaign-join"),
    path("campaigns/<int:campaign_id>/", campaigns.campaign_detail, name="campaign"),
    path(
        "campaigns/<int:campaign_id>/settings/",
        campaigns.campaign_settings,
        name="campaign-settings",
    ),
    path(
        "campaigns/<int:campaign_id>/warbands/new/", builder.warband_create, name="warband-create"
    ),
    path("warbands/<int:warband_id>/", roster.warband_detail, name="warband"),
    path("warbands/<int:warband_id>/print/", roster.warband_print, name="warband-print"),
    path("warbands/<int:warband_id>/treasury/", roster.warband_treasury, name="warband-treasury"),
    path("warbands/<int:warband_id>/build/", builder.builder, name="builder"),
    path("warbands/<int:warband_id>/build/add/", builder.builder_add_figure, name="builder-add"),
    path("warbands/<int:warband_id>/found/", builder.warband_found, name="warband-found"),
    path("figures/<int:figure_id>/equip/", builder.builder_equip, name="builder-equip"),
    path("figures/<int:figure_id>/remove/", builder.builder_remove_figure, name="builder-remove"),
    path("", include("campaign.urls_games")),
    path("", include("campaign.urls_league")),
    path("", include("campaign.urls_battles")),
]
# fmt: on
