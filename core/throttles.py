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


def throttle_take(request, scope: str, count: int) -> int | None:
    """Count `count` uses of `scope` at once, as `throttle_wait` counts one (the balance lab's
    runs: the page starts two per form, the API one; both are counted per run against the same
    account). None when all `count` fit in what is left, and then they are counted; else the
    whole seconds to wait, and nothing is counted."""
    throttle = ScopedThrottle()
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        scope = f"{scope}_account"
        if scope not in throttle.THROTTLE_RATES:
            return None
    throttle.scope = scope
    throttle.rate = throttle.get_rate()
    throttle.num_requests, throttle.duration = throttle.parse_rate(throttle.rate)
    throttle.key = throttle.get_cache_key(request, SimpleNamespace(throttle_scope=scope))
    throttle.history = throttle.cache.get(throttle.key, [])
    throttle.now = throttle.timer()
    while throttle.history and throttle.history[-1] <= throttle.now - throttle.duration:
        throttle.history.pop()
    if len(throttle.history) + count > throttle.num_requests:
        if not throttle.history:  # more than the whole rate at once: never fits
            return max(1, round(throttle.duration))
        return max(1, round(throttle.wait() or 1))
    throttle.history[:0] = [throttle.now] * count
    throttle.cache.set(throttle.key, throttle.history, throttle.duration)
    return None


class AddressThrottle(AnonScopedRateThrottle):
    """A scope counted by the client's address whoever is signed in: for what a session or a
    token changes nothing about (guessing passwords, making accounts). A client that keeps its
    cookie, or sends a token, is the same address."""

    def allow_request(self, request, view):
        return ScopedRateThrottle.allow_request(self, request, view)

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


def address_throttle_wait(request, scope: str) -> int | None:
    """Count this request of a page against `scope` by address, signed in or not: None when it
    may go on, else the whole seconds to wait."""
    throttle = AddressThrottle()
    if throttle.allow_request(request, SimpleNamespace(throttle_scope=scope)):
        return None
    return max(1, round(throttle.wait() or 1))


def too_many(response: HttpResponse, wait: int, status: int = 429) -> HttpResponse:
    """A page's answer past its rate: 429 with Retry-After (or `status`: 503 for a full
    queue)."""
    response.status_code = status
    response["Retry-After"] = str(wait)
    return response


def wait_words(wait: int) -> str:
    """ "try again in 40 seconds" / "in 3 minutes": how long, for people."""
    if wait < 90:
        return f"{wait} second{'s' if wait != 1 else ''}"
    minutes = round(wait / 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"
