"""Two organisers editing the house rules at once (C31): a PUT or PATCH carries the version it
started from, a stale one is a 409 with the current document and saves nothing, and the page
shows both sides with the organiser's change ready to apply again."""

from __future__ import annotations

import pytest

from campaign.errors import HouseRulesConflict
from campaign.models import Activity, HouseRules
from campaign.services.house_rules import house_rules_save
from tests.campaign.games_support import signed_in
from tests.campaign.test_house_rules_views import form_of, page

MUSKET = "factions.rangers.equipment.musket.price"
BOW = "factions.indians.equipment.bow.price"


def url(campaign):
    return f"/api/campaigns/{campaign.id}/house-rules/"


def price(body, faction, item):
    return body["rules"]["factions"][faction]["equipment"][item]["price"]


def test_a_second_patch_from_the_same_version_is_a_409_with_the_current_document(
    campaign, organiser
):
    client = signed_in(organiser)
    first = client.patch(url(campaign), {"version": 0, "changes": {MUSKET: 12}}, format="json")
    assert first.status_code == 200
    assert first.json()["version"] == 1

    second = client.patch(url(campaign), {"version": 0, "changes": {BOW: 7}}, format="json")

    assert second.status_code == 409
    body = second.json()
    assert body["version"] == 1
    assert price(body, "rangers", "musket") == 12  # the document saved now
    assert price(body, "indians", "bow") == 5  # the refused change is not in it
    assert body["changed"] == [MUSKET]
    assert body["errors"][0]["field"] == "version"
    assert "version 1 now, not 0" in body["detail"]
    assert second.headers["ETag"] == '"1"'
    assert HouseRules.objects.filter(campaign=campaign).count() == 1
    assert Activity.objects.filter(kind=Activity.Kind.HOUSE_RULES).count() == 1


def test_a_second_put_from_the_same_version_is_a_409_and_saves_nothing(campaign, organiser):
    client = signed_in(organiser)
    start = client.get(url(campaign)).json()
    mine, theirs = dict(start), dict(start)
    theirs["rules"] = {**start["rules"], "budget": 300}
    mine["rules"] = {**start["rules"], "budget": 250}
    assert client.put(url(campaign), theirs, format="json").status_code == 200

    response = client.put(url(campaign), mine, format="json")

    assert response.status_code == 409
    assert response.json()["rules"]["budget"] == 300
    assert client.get(url(campaign)).json()["rules"]["budget"] == 300


def test_the_change_applied_again_on_the_version_the_409_gave_is_saved(campaign, organiser):
    client = signed_in(organiser)
    client.patch(url(campaign), {"version": 0, "changes": {MUSKET: 12}}, format="json")
    refused = client.patch(url(campaign), {"version": 0, "changes": {BOW: 7}}, format="json")
    again = {"version": refused.json()["version"], "changes": {BOW: 7}}
    body = client.patch(url(campaign), again, format="json").json()
    assert body["version"] == 2
    assert (price(body, "rangers", "musket"), price(body, "indians", "bow")) == (12, 7)


def test_if_match_carries_the_version_when_the_body_does_not(campaign, organiser):
    client = signed_in(organiser)
    etag = client.get(url(campaign)).headers["ETag"]
    assert etag == '"0"'
    ok = client.patch(url(campaign), {"changes": {MUSKET: 12}}, format="json", HTTP_IF_MATCH=etag)
    assert ok.status_code == 200
    stale = client.patch(url(campaign), {"changes": {BOW: 7}}, format="json", HTTP_IF_MATCH=etag)
    assert stale.status_code == 409


@pytest.mark.parametrize("method", ["put", "patch"])
def test_a_save_without_a_version_is_a_400_naming_version(campaign, organiser, method):
    client = signed_in(organiser)
    if method == "put":
        body = {"rules": client.get(url(campaign)).json()["rules"]}
    else:
        body = {"changes": {MUSKET: 12}}
    response = getattr(client, method)(url(campaign), body, format="json")
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["version"]
    assert not HouseRules.objects.exists()


def test_a_save_without_a_version_also_names_what_is_wrong_with_the_rules(campaign, organiser):
    response = signed_in(organiser).patch(url(campaign), {"changes": {MUSKET: 500}}, format="json")
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == [MUSKET, "version"]


@pytest.mark.parametrize("version", ["0", True, -1, 1.5, None])
def test_a_version_that_is_not_a_whole_number_is_a_400(campaign, organiser, version):
    body = {"version": version, "changes": {MUSKET: 12}}
    response = signed_in(organiser).patch(url(campaign), body, format="json")
    assert response.status_code == 400
    assert "version" in [e["field"] for e in response.json()["errors"]]
    assert not HouseRules.objects.exists()


def test_a_bare_whole_set_may_carry_its_version_beside_the_tables(campaign, organiser):
    client = signed_in(organiser)
    rules = client.get(url(campaign)).json()["rules"]
    response = client.put(url(campaign), {**rules, "budget": 250, "version": 0}, format="json")
    assert response.status_code == 200
    assert response.json()["changed"] == ["budget"]


def test_the_service_refuses_a_stale_version(campaign, organiser):
    house_rules_save(campaign=campaign, actor=organiser, changes={MUSKET: 12}, version=0)
    with pytest.raises(HouseRulesConflict) as refused:
        house_rules_save(campaign=campaign, actor=organiser, changes={BOW: 7}, version=0)
    assert (refused.value.started, refused.value.version, refused.value.status_code) == (0, 1, 409)


# --- the page --------------------------------------------------------------------------------


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client


def test_a_second_save_of_the_page_from_the_same_version_shows_both_sides(
    organiser_client, campaign, organiser
):
    """Two tabs drawn from the seed's rules: the first saves a dearer musket, the second a
    dearer bow and a cheaper musket. The second is refused and sees both sides; its form holds
    version 1 with its own changes over it, and saving it again applies them."""
    drawn = form_of(organiser_client, campaign)
    first = drawn | {MUSKET: "12", "action": "save"}
    assert organiser_client.post(page(campaign), first).status_code == 302

    second = drawn | {MUSKET: "11", BOW: "7", "action": "save"}
    response = organiser_client.post(page(campaign), second)

    assert response.status_code == 409
    html = response.content.decode()
    assert "Someone saved version 1 while you were editing" in html
    assert "nothing was saved" in html
    assert HouseRules.objects.count() == 1
    rows = response.context["conflict"]["rows"]
    by_path = {r["path"]: r for r in rows}
    assert by_path[MUSKET]["was_words"] == "10"
    assert by_path[MUSKET]["mine_words"] == "11"
    assert by_path[MUSKET]["now_words"] == "12"
    assert by_path[MUSKET]["mine_changed"] and by_path[MUSKET]["theirs_changed"]
    assert (by_path[BOW]["mine_words"], by_path[BOW]["now_words"]) == ("7", "5")
    assert "both changed: yours is in the form" in html
    # The form: version 1 with the organiser's changes written over it, nothing typed lost.
    assert f'name="{BOW}" value="7"' in html
    assert f'name="{MUSKET}" value="11"' in html
    assert 'name="version" value="1"' in html
    assert "Apply my changes again as version 2" in html

    reapplied = second | {"version": "1"}
    assert organiser_client.post(page(campaign), reapplied).status_code == 302
    latest = HouseRules.objects.get(version=2)
    indians = latest.overrides["factions"]["indians"]["equipment"]
    assert indians["bow"]["price"] == 7


def test_a_change_only_the_other_organiser_made_is_kept_when_mine_is_applied_again(
    organiser_client, campaign
):
    drawn = form_of(organiser_client, campaign)
    organiser_client.post(page(campaign), drawn | {MUSKET: "12", "action": "save"})
    response = organiser_client.post(page(campaign), drawn | {BOW: "7", "action": "save"})
    assert response.status_code == 409
    html = response.content.decode()
    assert f'name="{MUSKET}" value="12"' in html  # theirs, kept in the form
    assert f'name="{BOW}" value="7"' in html  # mine, written over it
    assert "their change, kept" in html


def test_a_preview_keeps_the_version_the_form_was_drawn_from(organiser_client, campaign):
    drawn = form_of(organiser_client, campaign)
    organiser_client.post(page(campaign), drawn | {MUSKET: "12", "action": "save"})
    response = organiser_client.post(page(campaign), drawn | {BOW: "7", "reset": MUSKET})
    assert 'name="version" value="0"' in response.content.decode()


def test_a_page_save_without_its_version_is_refused(organiser_client, campaign):
    data = form_of(organiser_client, campaign) | {MUSKET: "12", "action": "save"}
    del data["version"]
    response = organiser_client.post(page(campaign), data)
    assert response.status_code == 400
    assert "which version of the rules it was drawn from" in response.content.decode()
    assert f'name="{MUSKET}" value="12"' in response.content.decode()
    assert not HouseRules.objects.exists()
