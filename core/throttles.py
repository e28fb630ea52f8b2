"""Throttles shared by the API apps and the pages.

Rates live in REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], by scope. An anonymous client is counted
by its address (core.addresses.client_ip: a forged X-Forwarded-For is not a new address), a
signed-in one by its account. The counts live in the default cache: Redis on a club server
(shared by every process), each process's memory without it or while Redis is down.
"""

from __future__ import annotations

from types import SimpleNamespace

from django.http import HttpResponse
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle

from core.addresses import client_ip


class AnonScopedRateThrottle(ScopedRateThrottle):
    """A scoped rate (the view's `throttle_scope`) that limits only anonymous clients, by IP.

    Signed-in players are known and accountable; an anonymous client that guesses passwords or
    creates games in a loop is the one to slow down. Rates live in
    REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"].
    """

    @property
    def THROTTLE_RATES(self):  # noqa: N802 - DRF's name; read per request, not at import
        return api_settings.DEFAULT_THROTTLE_RATES

    def get_ident(self, request):
        """The client's address as the sign-in lockout sees it. DRF's own takes the whole
        X-Forwarded-For header when no proxy count is set, so a client sending a new one with
        each request would have a fresh count each time."""
        return client_ip(request)

    def allow_request(self, request, view):
        if request.user and request.user.is_authenticated:
            return True
        return super().allow_request(request, view)


class ScopedThrottle(AnonScopedRateThrottle):
    """For the costly endpoints (odds, new games, the table calculators): anonymous clients by
    address at the scope's rate, signed-in accounts by account at the generous `<scope>_account`
    rate (not limited when that rate is not set)."""

    def allow_request(self, request, view):
        if request.user and request.user.is_authenticated:
            scope = f"{getattr(view, self.scope_attr, None)}_account"
            if scope not in self.THROTTLE_RATES:
                return True
            view = SimpleNamespace(**{self.scope_attr: scope})
        return ScopedRateThrottle.allow_request(self, request, view)


def throttle_wait(request, scope: str) -> int | None:
    """Count this request of a page (a Django view) against `scope` as ScopedThrottle does for
    the API: None when it may go on, else the whole seconds to wait."""
    throttle = ScopedThrottle()
    if throttle.allow_request(request, SimpleNamespace(throttle_scope=scope)):
        return None
    return max(1, round(throttle.wait() or 1))


def too_many(response: HttpResponse, wait: int) -> HttpResponse:
    """A page's answer past its rate: 429 with Retry-After."""
    response.status_code = 429
    response["Retry-After"] = str(wait)
    return response


def wait_words(wait: int) -> str:
    """ "try again in 40 seconds" / "in 3 minutes": how long, for people."""
    if wait < 90:
        return f"{wait} second{'s' if wait != 1 else ''}"
    minutes = round(wait / 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"
