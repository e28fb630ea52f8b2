from django.contrib.auth import views as auth_views
from django.urls import include, path

from campaign import views

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("campaigns/new/", views.campaign_create, name="campaign-create"),
    path("campaigns/join/", views.campaign_join, name="campaign-join"),
    path("campaigns/<int:campaign_id>/", views.campaign_detail, name="campaign"),
    path(
        "campaigns/<int:campaign_id>/settings/", views.campaign_settings, name="campaign-settings"
    ),
    path("campaigns/<int:campaign_id>/warbands/new/", views.warband_create, name="warband-create"),
    path("warbands/<int:warband_id>/", views.warband_detail, name="warband"),
    path("warbands/<int:warband_id>/print/", views.warband_print, name="warband-print"),
    path("warbands/<int:warband_id>/treasury/", views.warband_treasury, name="warband-treasury"),
    path("warbands/<int:warband_id>/build/", views.builder, name="builder"),
    path("warbands/<int:warband_id>/build/add/", views.builder_add_figure, name="builder-add"),
    path("warbands/<int:warband_id>/found/", views.warband_found, name="warband-found"),
    path("figures/<int:figure_id>/equip/", views.builder_equip, name="builder-equip"),
    path("figures/<int:figure_id>/remove/", views.builder_remove_figure, name="builder-remove"),
    path("", include("campaign.urls_games")),
    path("", include("campaign.urls_league")),
]
