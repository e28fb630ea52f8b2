"""Where a seat was taken from (core.addresses.address_digest): a keyed hash of the client's
network, never the address; the same for one IPv4 address or one IPv6 /64, nothing for the
machine itself."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from core.addresses import address_digest


def digest(address: str, **extra) -> str:
    return address_digest(RequestFactory().get("/", REMOTE_ADDR=address, **extra))


def test_one_address_always_gives_the_same_digest_and_never_the_address_itself():
    first = digest("198.51.100.7")

    assert first == digest("198.51.100.7") and len(first) == 32
    assert "198" not in first and "100.7" not in first
    assert first != digest("198.51.100.8")


def test_one_ipv6_household_is_one_address_whatever_the_last_64_bits():
    assert digest("2001:db8:1:2::1") == digest("2001:db8:1:2:aaaa:bbbb:cccc:dddd")
    assert digest("2001:db8:1:2::1") != digest("2001:db8:1:3::1")
    assert digest("::ffff:198.51.100.7") == digest("198.51.100.7")


@pytest.mark.parametrize("address", ["127.0.0.1", "::1", "::ffff:127.0.0.1", "", "not-an-ip"])
def test_the_machine_itself_or_an_unknown_address_is_no_address(address):
    assert digest(address) == ""


def test_behind_a_proxy_the_address_it_appended_counts(settings):
    settings.BEHIND_PROXY = True

    forged = digest("127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.1, 198.51.100.7")

    assert forged == digest("198.51.100.7")
