"""Requests this server sends to an address a user typed in (a campaign's webhook).

Such an address must not turn the server against its own network (server-side request forgery):
only https, only to a host whose every address is public, never a private, loopback,
link-local, multicast, reserved or unspecified one. The name is checked after DNS resolution,
when the address is saved and again right before each request (DNS can change: a name that was
public yesterday may point inside today), and the request goes to the address that was checked
(pinned: no second look-up between the check and the connection, which a name with a very short
time to live could otherwise answer differently). TLS still checks the certificate against the
host's name. Redirects are never followed.

FRONTIER_WEBHOOK_ALLOW_PRIVATE (tests and development only) lets http:// and private addresses
through, so the tests post to a receiver on this machine.
"""

from __future__ import annotations

import http.client
import ipaddress
import json
import socket
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

REFUSED_KINDS = (
    ("is_loopback", "loopback"),
    ("is_link_local", "link-local"),
    ("is_multicast", "multicast"),
    ("is_unspecified", "unspecified"),
    ("is_reserved", "reserved"),
    ("is_private", "private"),
)
READ_AT_MOST = 64 * 1024  # bytes of an answer read: only its status matters
USER_AGENT = "Frontier (campaign webhook)"


class RefusedURL(ValueError):
    """An address the server will not send to; the message says why, for the person who typed
    it."""


def allow_private() -> bool:
    return bool(getattr(settings, "FRONTIER_WEBHOOK_ALLOW_PRIVATE", False))


def resolve(host: str, port: int) -> list[str]:
    """Every address the name resolves to (the tests replace this)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(info[4][0] for info in infos))


def refusal(address: str) -> str | None:
    """Why this address is refused ("private", "loopback"...), or None for a public one."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])  # an IPv6 zone id is not the address
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # ::ffff:127.0.0.1 is 127.0.0.1
    for flag, words in REFUSED_KINDS:
        if getattr(ip, flag):
            return words
    if not ip.is_global:  # shared address space (100.64.0.0/10) and the like
        return "non-public"
    return None


@dataclass(frozen=True)
class Target:
    """A checked address: where to connect (`address`, pinned) and what to ask for."""

    scheme: str
    host: str
    port: int
    path: str
    address: str


def check_url(url: str) -> Target:
    """The URL checked as above, its host resolved now; RefusedURL otherwise."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as error:
        raise RefusedURL(f"This is not a web address: {error}.") from None
    private = allow_private()
    if parts.scheme != "https" and not (private and parts.scheme == "http"):
        raise RefusedURL("The address must begin with https://.")
    if parts.username or parts.password:
        raise RefusedURL("The address must not hold a user name or password before the host.")
    host = parts.hostname
    if not host:
        raise RefusedURL("The address has no host.")
    port = port or (443 if parts.scheme == "https" else 80)
    try:
        addresses = resolve(host, port)
    except (OSError, ValueError):  # not found; a name no resolver takes (UnicodeError too)
        raise RefusedURL(f"{host} could not be found.") from None
    if not addresses:
        raise RefusedURL(f"{host} could not be found.")
    if not private:
        for address in addresses:
            why = refusal(address)
            if why is not None:
                raise RefusedURL(
                    f"{host} is a {why} address ({address}): a webhook goes to a public host "
                    "on the internet only."
                )
    path = parts.path or "/"
    if parts.query:
        path += f"?{parts.query}"
    return Target(parts.scheme, host, port, path, addresses[0])


def _connection(target: Target, timeout: float) -> http.client.HTTPConnection:
    if target.scheme == "https":
        connection = http.client.HTTPSConnection(
            target.host, target.port, timeout=timeout, context=ssl.create_default_context()
        )
    else:
        connection = http.client.HTTPConnection(target.host, target.port, timeout=timeout)

    def pinned(address, timeout=timeout, source_address=None):
        # The checked address, not a new look-up of the name; TLS (HTTPSConnection.connect,
        # after this) still sends and checks the host's name.
        return socket.create_connection((target.address, address[1]), timeout, source_address)

    connection._create_connection = pinned
    return connection


def post_json(url: str, body: dict, *, timeout: float) -> int:
    """POST `body` as JSON to `url` (checked again now, and pinned); the answer's status.
    Raises RefusedURL, or OSError / http.client.HTTPException when the host cannot be reached,
    times out or answers nonsense."""
    target = check_url(url)
    data = json.dumps(body).encode()
    connection = _connection(target, timeout)
    try:
        connection.request(
            "POST",
            target.path,
            body=data,
            headers={"Content-Type": "application/json", "User-Agent": USER_AGENT},
        )
        response = connection.getresponse()
        response.read(READ_AT_MOST)
        return response.status
    finally:
        connection.close()
