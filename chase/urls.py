"""The game pages under /play/: the lobby, the table, joining, the replay, the odds panel, the
ratings and the balance lab (chase.views.*)."""

from django.urls import path

from chase.views import lab, odds, ratings, sessions

app_name = "chase"

urlpatterns = [
    path("", sessions.lobby, name="lobby"),
    path("new/", sessions.game_create, name="create"),
    path("lab/", lab.lab_page, name="lab"),
    path("lab/progress/", lab.lab_progress, name="lab_progress"),
    path("lab/propose/", lab.lab_propose, name="lab_propose"),
    path("variants/", lab.variant_save, name="variant_save"),
    path("variants/start/", lab.variant_start, name="variant_start"),
    path("join/<str:invite>/", sessions.join, name="join"),
    path("how-to-play/<str:kind>/", sessions.how_to_play, name="how_to_play"),
    path("ratings/<str:kind>/", ratings.leaderboard, name="ratings"),
    path("mine/", ratings.mine, name="mine"),
    path("<int:session_id>/", sessions.table, name="table"),
    path("<int:session_id>/act/", sessions.act, name="act"),
    path("<int:session_id>/resume/", ratings.resume, name="resume"),
    path("<int:session_id>/device/<str:role>/", sessions.take_device, name="device"),
    path("<int:session_id>/sit/<str:role>/", sessions.sit, name="sit"),
    path("<int:session_id>/replay/", sessions.replay, name="replay"),
    path("<int:session_id>/odds/", odds.odds, name="odds"),
    path("<int:session_id>/rematch/", sessions.rematch, name="rematch"),
    path("<int:session_id>/hand-over/<str:role>/", sessions.hand_over, name="hand_over"),
    path("<int:session_id>/abandon/", sessions.abandon, name="abandon"),
]
