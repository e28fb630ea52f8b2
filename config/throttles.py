"""Throttles shared by the API apps."""

from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle


class AnonScopedRateThrottle(ScopedRateThrottle):
    """A scoped rate (the view's `throttle_scope`) that limits only anonymous clients, by IP.

    Signed-in players are known and accountable; an anonymous client that guesses passwords or
    creates games in a loop is the one to slow down. Rates live in
    REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"].
    """

    @property
    def THROTTLE_RATES(self):  # noqa: N802 - DRF's name; read per request, not at import
        return api_settings.DEFAULT_THROTTLE_RATES

    def allow_request(self, request, view):
        if request.user and request.user.is_authenticated:
            return True
        return super().allow_request(request, view)
