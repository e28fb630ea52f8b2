"""The client's address, as the sign-in lockout (core.auth) and the throttles (core.throttles)
both count it: one answer, so a client cannot be one address to one and another to the other."""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.utils.crypto import salted_hmac


def client_ip(request) -> str:
    """AXES_CLIENT_IP_CALLABLE: the peer's address; behind a proxy (DJANGO_BEHIND_PROXY=1)
    the address the proxy appended last to X-Forwarded-For, which a client cannot forge."""
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = forwarded.split(",")[-1].strip()
        if last:
            return last
    return request.META.get("REMOTE_ADDR", "")


def address_digest(request) -> str:
    """A keyed hash of the client's network, to tell whether two requests came from one place
    without keeping the address: an IPv4 address whole, an IPv6 one by its /64 (one household
    or phone holds a whole /64 and may change addresses inside it). "" when unknown, and for
    the machine itself (loopback): a server that sees every client from there (a development
    server, or a proxy without DJANGO_BEHIND_PROXY) cannot tell its clients apart. The key is
    the site's secret, so the hash cannot be reversed by trying every address."""
    address = client_ip(request)
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return ""
    if ip.is_loopback or (ip.version == 6 and ip.ipv4_mapped and ip.ipv4_mapped.is_loopback):
        return ""
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # ::ffff:192.0.2.1 is 192.0.2.1
    network = str(ipaddress.ip_network(f"{ip}/64", strict=False)) if ip.version == 6 else str(ip)
    return salted_hmac("frontier.addresses.address_digest", network).hexdigest()[:32]
