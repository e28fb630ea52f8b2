"""The game sessions' REST API under /api/ (see chase.api)."""

from django.urls import path

from chase import api, api_balance

urlpatterns = [
    path("sessions/", api.sessions_create, name="api-sessions"),
    path("sessions/<int:session_id>/view/", api.session_view, name="api-session-view"),
    path("sessions/<int:session_id>/actions/", api.session_actions, name="api-session-actions"),
    path("sessions/<int:session_id>/version/", api.session_version, name="api-session-version"),
    path("sessions/<int:session_id>/rematch/", api.session_rematch, name="api-session-rematch"),
    path("sessions/<int:session_id>/join/", api.session_join, name="api-session-join"),
    path("sessions/<int:session_id>/odds/", api.session_odds, name="api-session-odds"),
    path("canoe-games/balance/", api_balance.canoe_games_balance, name="api-canoe-balance"),
]
