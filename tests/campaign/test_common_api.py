"""The API's doors: tokens, anonymous clients, the rules data, error bodies and the schema."""

import pytest
from rest_framework.test import APIClient


def test_a_player_gets_a_token_and_reads_with_it(campaign, player):
    # UserFactory's password is not saved (skip_postgeneration_save): save it here.
    player.set_password("correct horse battery")
    player.save()
    client = APIClient()
    response = client.post(
        "/api/token/", {"username": "player", "password": "correct horse battery"}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]

    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    response = client.get("/api/campaigns/")
    assert response.status_code == 200
    assert [c["name"] for c in response.json()] == ["Ohio Valley 1755"]


def test_a_wrong_password_gets_no_token(player):
    response = APIClient().post(
        "/api/token/", {"username": "player", "password": "wrong"}, format="json"
    )
    assert response.status_code == 400
    assert "token" not in response.json()
    assert response.json()["errors"][0]["message"].startswith("Unable to log in")


def test_a_made_up_token_is_refused(campaign):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token 0123456789abcdef0123456789abcdef01234567")
    assert client.get("/api/campaigns/").status_code in (401, 403)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/campaigns/"),
        ("post", "/api/campaigns/"),
        ("get", "/api/campaigns/{campaign}/"),
        ("post", "/api/campaigns/{campaign}/join/"),
        ("get", "/api/warbands/?campaign={campaign}"),
        ("post", "/api/warbands/"),
        ("get", "/api/warbands/{warband}/"),
    ],
)
def test_an_anonymous_client_is_turned_away(war_party, method, path):
    url = path.format(campaign=war_party.campaign_id, warband=war_party.id)
    response = getattr(APIClient(), method)(url, {}, format="json")
    assert response.status_code in (401, 403)
    assert response.json() == {"detail": "Authentication credentials were not provided."}


def test_anyone_may_read_the_rules(db):
    response = APIClient().get("/api/rules/factions/")
    assert response.status_code == 200
    rules = response.json()
    assert set(rules) >= {"factions", "skill_lists", "specialists"}
    indians = next(f for f in rules["factions"] if f["key"] == "indians")
    assert indians["skill_lists"] == ["combat", "woodcraft"]  # C1
    assert indians["required_weapon"] == "bow"  # C3
    hero = indians["profiles"][0]
    assert hero == {
        "key": "indians_hero", "name": "Indian Chief", "status": "hero", "reputation": 4,
        "cost": 30, "limits": {"min": 1, "max": 1},
    }  # fmt: skip
    trooper = next(p for p in indians["profiles"] if p["status"] == "trooper")
    assert trooper["limits"] == {"min": 2, "max": None}
    pistol = next(i for i in indians["equipment"] if i["key"] == "pistol")
    assert pistol == {
        "key": "pistol", "name": "Infantry pistol", "price": 10, "veteran_and_hero_only": True
    }  # fmt: skip


def test_the_rules_give_the_die_face_of_each_skill(db):
    rules = APIClient().get("/api/rules/factions/").json()
    fierce = rules["skill_lists"]["combat"][3]
    assert fierce["key"] == "fierce"
    assert fierce["die"] == 4
    assert set(rules["skill_lists"]) == {"combat", "shooting", "movement", "woodcraft"}
    assert "scout" in {s["key"] for s in rules["specialists"]}


def test_malformed_json_is_a_400_in_the_usual_shape(campaign, player):
    client = APIClient()
    client.force_authenticate(player)
    response = client.post("/api/warbands/", "{not json", content_type="application/json")
    assert response.status_code == 400
    body = response.json()
    assert body["detail"].startswith("JSON parse error")
    assert body["errors"] == [{"rule": None, "field": None, "message": body["detail"]}]


def test_the_schema_is_served(db):
    response = APIClient().get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/warbands/{warband_id}/" in response.content


def test_the_docs_page_is_served(db):
    assert APIClient().get("/api/docs/").status_code == 200
