"""The House rules page (C31): members read it, the organiser previews and saves; a bad value
is named and nothing is saved; a row resets to the seed; JSON download and upload."""

import io
import json

import pytest

from campaign.models import HouseRules
from campaign.rules.book import leaves

MUSKET = "factions.rangers.equipment.musket.price"


def page(campaign):
    return f"/campaigns/{campaign.id}/house-rules/"


def form_fields(document) -> dict:
    """A rules document as the page's form posts it: a ticked box "on", an unticked one left
    out, an empty number "", every other value as text."""
    return {
        path: "on" if value is True else "" if value is None else str(value)
        for path, value in leaves(document)
        if value is not False
    }


def form_of(client, campaign) -> dict:
    """The form as the page posts it, unchanged: every field with its value."""
    download = client.get(f"{page(campaign)}?format=json").json()
    # the hidden field: the version drawn from
    return {"version": str(download["version"]), **form_fields(download["rules"])}


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client


def test_a_member_reads_the_rules_without_a_save_button(client, campaign, player):
    client.force_login(player)
    response = client.get(page(campaign))
    assert response.status_code == 200
    assert b"Rangers: equipment" in response.content
    assert b"save-button" not in response.content
    assert client.post(page(campaign), {"action": "save"}).status_code == 403


def test_a_stranger_gets_404(client, campaign, stranger):
    client.force_login(stranger)
    assert client.get(page(campaign)).status_code == 404


def test_the_organiser_previews_then_saves(organiser_client, campaign):
    data = form_of(organiser_client, campaign) | {MUSKET: "12", "action": "preview"}
    response = organiser_client.post(page(campaign), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert b"What this change would do" in response.content
    assert b"Rangers equipment: Musket, price" in response.content
    assert not HouseRules.objects.exists()
    response = organiser_client.post(page(campaign), data | {"action": "save"})
    assert response.status_code == 302
    (row,) = HouseRules.objects.all()
    assert row.overrides == {"factions": {"rangers": {"equipment": {"musket": {"price": 12}}}}}
    shown = organiser_client.get(page(campaign)).content.decode()
    assert "seed: 10" in shown and "Version 1 · organiser" in shown


def test_a_bad_value_is_named_and_nothing_is_saved(organiser_client, campaign):
    data = form_of(organiser_client, campaign) | {MUSKET: "500", "action": "save"}
    response = organiser_client.post(page(campaign), data)
    assert response.status_code == 400
    assert "Rangers › Musket › price must be 0-100" in response.content.decode()
    assert 'value="500"' in response.content.decode()  # what was typed is kept
    assert not HouseRules.objects.exists()


def test_a_row_resets_to_the_seed(organiser_client, campaign):
    data = form_of(organiser_client, campaign) | {MUSKET: "12"}
    response = organiser_client.post(page(campaign), data | {"reset": MUSKET})
    assert response.status_code == 200
    assert f'name="{MUSKET}" value="10"' in response.content.decode()


def test_the_set_downloads_and_uploads_as_json(organiser_client, campaign):
    body = organiser_client.get(f"{page(campaign)}?format=json").json()
    body["rules"]["income"]["lost"] = "2D6"
    upload = io.BytesIO(json.dumps(body).encode())
    upload.name = "rules.json"
    response = organiser_client.post(page(campaign), {"file": upload, "action": "preview"})
    assert response.status_code == 200
    assert b"income.lost" in response.content
    assert not HouseRules.objects.exists()


def test_a_file_that_is_not_json_is_refused(organiser_client, campaign):
    upload = io.BytesIO(b"not json")
    upload.name = "rules.json"
    response = organiser_client.post(page(campaign), {"file": upload})
    assert b"The file is not JSON" in response.content
    assert not HouseRules.objects.exists()


def test_a_saved_version_shows_in_the_campaigns_activity_feed(client, campaign, organiser, player):
    organiser_client = client
    organiser_client.force_login(organiser)
    data = form_of(organiser_client, campaign) | {MUSKET: "12", "action": "save"}
    organiser_client.post(page(campaign), data)
    client.force_login(player)
    shown = client.get(f"/campaigns/{campaign.id}/").content.decode()
    assert "House rules version 1 saved by organiser: changed Rangers equipment: Musket, price" in (
        shown
    )
    assert f'href="{page(campaign)}"' in shown
