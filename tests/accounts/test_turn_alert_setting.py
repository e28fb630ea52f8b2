"""The profile's choice of canoe turn alerts: shown with the default, saved, kept when left out."""

from __future__ import annotations

import re

import pytest

from accounts.models import Profile

pytestmark = pytest.mark.django_db


def test_the_profile_offers_the_four_choices_with_ten_minutes_chosen(client, mohawk):
    client.force_login(mohawk)

    page = client.get("/accounts/profile/").content.decode()

    for label in (
        "As soon as it is my turn",
        "After 10 minutes",
        "Once a day, all my games in one mail",
        "Never",
    ):
        assert label in page
    checked = re.findall(r'name="turn_alerts" value="(\w+)"[^>]* checked>', page)
    assert checked == ["10min"]


@pytest.mark.parametrize("choice", ["now", "daily", "never", "10min"])
def test_the_profile_saves_the_turn_alert_choice(client, mohawk, choice):
    client.force_login(mohawk)

    response = client.post(
        "/accounts/profile/",
        {"display_name": "", "email": "mohawk@club.example", "turn_alerts": choice},
    )

    assert response.status_code == 302
    assert Profile.objects.get(user=mohawk).turn_alerts == choice


def test_a_profile_saved_without_the_choice_keeps_it(client, mohawk):
    Profile.objects.create(user=mohawk, turn_alerts="daily")
    client.force_login(mohawk)

    client.post("/accounts/profile/", {"display_name": "Magua", "email": ""})

    assert Profile.objects.get(user=mohawk).turn_alerts == "daily"


def test_an_unknown_choice_is_an_error_in_place(client, mohawk):
    client.force_login(mohawk)

    response = client.post(
        "/accounts/profile/", {"email": "mohawk@club.example", "turn_alerts": "hourly"}
    )

    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not Profile.objects.exists()
