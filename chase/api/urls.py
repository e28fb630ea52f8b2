"""The canoe games' REST API under /api/: sessions, odds, ratings and the lab (chase.api.*)."""

from django.urls import path

from chase import streams
from chase.api import lab, odds, ratings, sessions

urlpatterns = [
    path("sessions/", sessions.sessions_create, name="api-sessions"),
    path(
        "sessions/<int:session_id>/view/",
        sessions.SessionView.as_view(),
        name="api-session-view",
    ),
    path(
        "sessions/<int:session_id>/actions/", sessions.session_actions, name="api-session-actions"
    ),
    # text/event-stream, a plain Django view (served by the event process: core.streams)
    path("sessions/<int:session_id>/events/", streams.session_events, name="api-session-events"),
    path(
        "sessions/<int:session_id>/version/", sessions.session_version, name="api-session-version"
    ),
    path(
        "sessions/<int:session_id>/rematch/", sessions.session_rematch, name="api-session-rematch"
    ),
    path("sessions/<int:session_id>/join/", sessions.session_join, name="api-session-join"),
    path("sessions/<int:session_id>/odds/", odds.session_odds, name="api-session-odds"),
    path("rules/canoe-games/", sessions.canoe_games, name="api-canoe-games"),
    path("canoe-games/ratings/", ratings.canoe_ratings, name="api-canoe-ratings"),
    path("players/<str:username>/", ratings.player_detail, name="api-player"),
    path(
        "sessions/<int:session_id>/hand-over/",
        sessions.session_hand_over,
        name="api-session-hand-over",
    ),
    path(
        "sessions/<int:session_id>/abandon/", sessions.session_abandon, name="api-session-abandon"
    ),
    path("canoe-games/balance/", lab.canoe_games_balance, name="api-canoe-balance"),
]
