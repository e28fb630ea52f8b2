"""`manage.py export_club`: the move's dump (docs/club-server/README.md) carries the club's
accounts and the demo's rows, but not the demo accounts' published password."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.authtoken.models import Token

from campaign.demo import DEMO_PASSWORD, load_demo

pytestmark = pytest.mark.django_db


def users_in(dump) -> dict[str, str]:
    """username -> password hash, as the dump carries them."""
    found = {}
    for obj in ET.parse(dump).getroot().iter("object"):
        if obj.get("model") == "auth.user":
            fields = {f.get("name"): f.text for f in obj.iter("field")}
            found[fields["username"]] = fields["password"]
    return found


def tokens_in(dump) -> list[str]:
    return [
        obj.find("field[@name='user']/natural").text
        for obj in ET.parse(dump).getroot().iter("object")
        if obj.get("model") == "authtoken.token"
    ]


def test_the_demo_accounts_travel_locked_and_the_clubs_own_as_they_are(tmp_path):
    load_demo()
    member = get_user_model().objects.create_user("marie", password="her-own-pass-phrase")
    Token.objects.create(user=member)
    Token.objects.create(user=get_user_model().objects.get(username="alice"))
    dump = tmp_path / "frontier.xml"

    call_command("export_club", "--output", str(dump), stdout=io.StringIO())

    users = users_in(dump)
    assert users["alice"].startswith("!") and users["bob"].startswith("!")  # unusable
    assert users["marie"] == member.password
    assert tokens_in(dump) == ["marie"]
    assert 'model="campaign.warband"' in dump.read_text()  # the demo's rows still come
    # The laptop keeps its demo as it was.
    assert get_user_model().objects.get(username="alice").check_password(DEMO_PASSWORD)
    assert Token.objects.filter(user__username="alice").exists()


def test_a_demo_account_given_a_password_of_its_own_travels_with_it(tmp_path):
    load_demo()
    bob = get_user_model().objects.get(username="bob")
    bob.set_password("bob-changed-it-long-ago")
    bob.save()
    dump = tmp_path / "frontier.xml"

    call_command("export_club", "--output", str(dump), stdout=io.StringIO())

    assert users_in(dump)["bob"] == bob.password
