"""The game pages under /play/: the lobby, the table, joining, and the replay."""

from django.urls import path

from chase import lab_views, rating_views, views

app_name = "chase"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("new/", views.game_create, name="create"),
    path("lab/", lab_views.lab_page, name="lab"),
    path("lab/progress/", lab_views.lab_progress, name="lab_progress"),
    path("variants/", lab_views.variant_save, name="variant_save"),
    path("variants/start/", lab_views.variant_start, name="variant_start"),
    path("join/<str:invite>/", views.join, name="join"),
    path("how-to-play/<str:kind>/", views.how_to_play, name="how_to_play"),
    path("ratings/<str:kind>/", rating_views.leaderboard, name="ratings"),
    path("mine/", rating_views.mine, name="mine"),
    path("<int:session_id>/", views.table, name="table"),
    path("<int:session_id>/act/", views.act, name="act"),
    path("<int:session_id>/resume/", rating_views.resume, name="resume"),
    path("<int:session_id>/device/<str:role>/", views.take_device, name="device"),
    path("<int:session_id>/sit/<str:role>/", views.sit, name="sit"),
    path("<int:session_id>/replay/", views.replay, name="replay"),
    path("<int:session_id>/odds/", views.odds, name="odds"),
    path("<int:session_id>/rematch/", views.rematch, name="rematch"),
    path("<int:session_id>/hand-over/<str:role>/", views.hand_over, name="hand_over"),
    path("<int:session_id>/abandon/", views.abandon, name="abandon"),
]
