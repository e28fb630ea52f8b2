"""The client's address, as the sign-in lockout (core.auth) and the throttles (core.throttles)
both count it: one answer, so a client cannot be one address to one and another to the other."""

from __future__ import annotations

from django.conf import settings


def client_ip(request) -> str:
    """AXES_CLIENT_IP_CALLABLE: the peer's address; behind a proxy (DJANGO_BEHIND_PROXY=1)
    the address the proxy appended last to X-Forwarded-For, which a client cannot forge."""
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = forwarded.split(",")[-1].strip()
        if last:
            return last
    return request.META.get("REMOTE_ADDR", "")
