"""The game sessions' REST API under /api/ (see chase.api)."""

from django.urls import path

from chase import api, api_balance, ratings_api

urlpatterns = [
    path("sessions/", api.sessions_create, name="api-sessions"),
    path("sessions/<int:session_id>/view/", api.session_view, name="api-session-view"),
    path("sessions/<int:session_id>/actions/", api.session_actions, name="api-session-actions"),
    path("sessions/<int:session_id>/version/", api.session_version, name="api-session-version"),
    path("sessions/<int:session_id>/rematch/", api.session_rematch, name="api-session-rematch"),
    path("sessions/<int:session_id>/join/", api.session_join, name="api-session-join"),
    path("sessions/<int:session_id>/odds/", api.session_odds, name="api-session-odds"),
    path("rules/canoe-games/", api.canoe_games, name="api-canoe-games"),
    path("canoe-games/ratings/", ratings_api.canoe_ratings, name="api-canoe-ratings"),
    path("players/<str:username>/", ratings_api.player_detail, name="api-player"),
    path(
        "sessions/<int:session_id>/hand-over/",
        api.session_hand_over,
        name="api-session-hand-over",
    ),
    path("sessions/<int:session_id>/abandon/", api.session_abandon, name="api-session-abandon"),
    path("canoe-games/balance/", api_balance.canoe_games_balance, name="api-canoe-balance"),
]
