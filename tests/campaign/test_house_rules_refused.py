"""The rulebooks an outside review typed (issue 32), each refused (C31): a 400 naming the path at
fault in words, nothing saved, no activity line, on the API, the page and the upload alike."""

from __future__ import annotations

import io
import json

import pytest

from campaign.models import Activity, Correction, HouseRules
from campaign.rules.book import seed_document
from campaign.rules.injuries import INJURY_TABLE, MULTIPLE
from tests.campaign.games_support import signed_in
from tests.campaign.test_house_rules_views import form_fields

ENDLESS = {f"injuries.table.{r.key}.{end}": 0 for r in INJURY_TABLE for end in ("low", "high")} | {
    f"injuries.table.{MULTIPLE}.low": 11,
    f"injuries.table.{MULTIPLE}.high": 66,
}
PROMOTED_HEROES = {f"advancement.hero_and_veteran.{face}": "promotion" for face in "123456"}

REFUSED = [
    pytest.param(
        ENDLESS, "injuries.table.multiple_injuries", "would never end", id="C15-endless-re-rolls"
    ),
    pytest.param(
        PROMOTED_HEROES,
        "advancement.hero_and_veteran.1",
        "Promotion moves a Green or a Trooper one step up",
        id="C10-promotion-for-heroes",
    ),
    pytest.param(
        {"experience.underdog.².low": 5},
        "experience.underdog.².low",
        "there is no such rule",
        id="C9-a-path-with-a-superscript-two",
    ),
    pytest.param(
        {"injuries.table.dead.high": "11"},
        "injuries.table.dead.high",
        "must be 0-66: a whole number, not '11'",
        id="C13-a-bound-as-text",
    ),
    pytest.param(
        {"injuries.table.dead.high": None},
        "injuries.table.dead.high",
        "a whole number, not None",
        id="C13-a-bound-null",
    ),
    pytest.param(
        {"injuries.table.dead.high": 10.5},
        "injuries.table.dead.high",
        "a whole number, not 10.5",
        id="C13-a-bound-of-ten-and-a-half",
    ),
]


def url(campaign, tail=""):
    return f"/api/campaigns/{campaign.id}/house-rules/{tail}"


def nothing_saved(campaign, client) -> None:
    assert not HouseRules.objects.filter(campaign=campaign).exists()
    assert not Activity.objects.filter(kind=Activity.Kind.HOUSE_RULES).exists()
    assert client.get(url(campaign)).json()["version"] == 0


@pytest.mark.parametrize("changes, path, words", REFUSED)
def test_each_rulebook_of_the_review_is_a_400_naming_its_path(
    campaign, organiser, changes, path, words
):
    client = signed_in(organiser)
    for method, tail in ((client.patch, ""), (client.post, "preview/")):
        response = method(url(campaign, tail), {"changes": changes}, format="json")
        assert response.status_code == 400
        errors = response.json()["errors"]
        assert any(e["field"] == path and words in e["message"] for e in errors), errors
    nothing_saved(campaign, client)


@pytest.mark.parametrize("changes, path, words", [p for p in REFUSED if p.values[1].isascii()])
def test_each_rulebook_of_the_review_is_refused_as_a_whole_set_too(
    campaign, organiser, changes, path, words
):
    client = signed_in(organiser)
    document = client.get(url(campaign)).json()["rules"]
    for key, value in changes.items():
        *parents, last = key.split(".")
        node = document
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        node[last] = value
    response = client.put(url(campaign), document, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert any(e["field"] == path and words in e["message"] for e in errors), errors
    nothing_saved(campaign, client)


def test_the_page_refuses_a_hero_promotion_posted_by_hand(client, campaign, organiser):
    client.force_login(organiser)
    form = form_fields(seed_document())
    form |= {"advancement.hero_and_veteran.6": "promotion", "action": "save", "version": "0"}
    response = client.post(f"/campaigns/{campaign.id}/house-rules/", form)
    assert response.status_code == 400
    assert "Promotion moves a Green or a Trooper one step up" in response.content.decode()
    nothing_saved(campaign, signed_in(organiser))


def test_the_page_offers_heroes_no_promotion(client, campaign, organiser):
    client.force_login(organiser)
    page = client.get(f"/campaigns/{campaign.id}/house-rules/").content.decode()
    hero_row = page.split('name="advancement.hero_and_veteran.1"')[1].split("</select>")[0]
    assert "Promotion" not in hero_row
    mortal_row = page.split('name="advancement.mere_mortal.6"')[1].split("</select>")[0]
    assert "Promotion" in mortal_row


UPLOADS = [
    pytest.param(b"[" * 100_000 + b"]" * 100_000, "nested deeper than", id="deeply-nested"),
    pytest.param(
        json.dumps(seed_document()).replace('"low": 22', '"low": NaN', 1).encode(),
        "NaN is not a JSON number",
        id="a-NaN-row",
    ),
    pytest.param(
        json.dumps(seed_document()).replace('"high": 15', '"high": 10.5', 1).encode(),
        "Injury table › Dead › high must be 0-66: a whole number, not 10.5",
        id="a-bound-of-ten-and-a-half",
    ),
]


@pytest.mark.parametrize("content, words", UPLOADS)
@pytest.mark.parametrize("action", ["preview", "save"])
def test_an_upload_the_rules_refuse_is_a_400_in_words(
    client, campaign, organiser, content, words, action
):
    client.force_login(organiser)
    upload = io.BytesIO(content)
    upload.name = "rules.json"
    response = client.post(
        f"/campaigns/{campaign.id}/house-rules/", {"file": upload, "action": action, "version": 0}
    )
    assert response.status_code == 400
    assert words in response.content.decode()
    nothing_saved(campaign, signed_in(organiser))


def test_a_put_of_a_hundred_thousand_unknown_keys_answers_a_short_400(campaign, organiser):
    client = signed_in(organiser)
    document = seed_document() | {f"unknown_{n}": n for n in range(100_000)}
    response = client.put(url(campaign), document, format="json")
    assert response.status_code == 400
    assert len(response.content) < 5_000
    assert "more than 2000 values" in response.json()["errors"][0]["message"]
    nothing_saved(campaign, client)


def test_many_problems_list_the_first_twenty_and_count_the_rest(campaign, organiser):
    client = signed_in(organiser)
    document = seed_document() | {f"unknown_{n}": n for n in range(500)} | {"version": 0}
    response = client.put(url(campaign), document, format="json")
    body = response.json()
    assert response.status_code == 400
    assert len(body["errors"]) == 21
    assert body["errors"][-1]["message"] == "… and 480 more problems."
    assert body["detail"] == "The house rules have 500 problems."
    nothing_saved(campaign, client)


def test_a_correction_of_150000_leg_wounds_is_refused(organiser, otter):
    response = signed_in(organiser).post(
        f"/api/figures/{otter.id}/corrections/",
        {"changes": {"injuries": ["leg_wound"] * 150_000}, "reason": "Typed by a script"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "injuries"
    assert not Correction.objects.exists()
