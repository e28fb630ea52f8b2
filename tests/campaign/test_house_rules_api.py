"""The house-rules API (C31): GET/PUT/PATCH /api/campaigns/{id}/house-rules/, the preview and
the versions. The organiser changes them; a player gets 403, a stranger to the private campaign
404. A bad value or an unknown path is a 400 naming the path, and nothing is saved."""

import pytest

from campaign import services
from campaign.models import Activity, HouseRules
from campaign.rules.book import seed_document
from tests.campaign.games_support import signed_in
from tests.factories import WarbandFactory

MUSKET = "factions.rangers.equipment.musket.price"


def url(campaign, tail=""):
    return f"/api/campaigns/{campaign.id}/house-rules/{tail}"


def test_a_new_campaign_plays_the_seeds_rules(campaign, player):
    body = signed_in(player).get(url(campaign)).json()
    assert body["version"] == 0
    assert body["changed"] == []
    assert body["rules"]["factions"]["rangers"]["equipment"]["musket"]["price"] == 10
    assert body["rules"]["injuries"]["table"]["dead"] == {"low": 11, "high": 15}
    assert body["rules"]["budget"] == campaign.starting_treasury


def test_the_factions_keys_are_those_of_the_rules_api(campaign, player):
    client = signed_in(player)
    factions = {f["key"]: f for f in client.get("/api/rules/factions/").json()["factions"]}
    rules = client.get(url(campaign)).json()["rules"]["factions"]
    assert set(rules) == set(factions)
    for key, faction in factions.items():
        assert set(rules[key]["equipment"]) == {i["key"] for i in faction["equipment"]}
        assert set(rules[key]["profiles"]) == {p["key"] for p in faction["profiles"]}


WHO = [("organiser", 200), ("player", 403), ("stranger", 404)]


@pytest.mark.parametrize("who, status", WHO)
def test_who_may_patch_the_house_rules(request, campaign, who, status):
    response = signed_in(request.getfixturevalue(who)).patch(
        url(campaign), {"version": 0, "changes": {MUSKET: 12}}, format="json"
    )
    assert response.status_code == status
    assert HouseRules.objects.filter(campaign=campaign).exists() is (status == 200)
    if status == 200:
        body = response.json()
        assert body["version"] == 1
        assert body["changed"] == [MUSKET]
        assert body["rules"]["factions"]["rangers"]["equipment"]["musket"]["price"] == 12


@pytest.mark.parametrize("who, status", WHO)
def test_who_may_put_the_whole_set(request, campaign, who, status):
    document = seed_document(budget=campaign.starting_treasury)
    document["income"]["lost"] = "2D6"
    body = {"version": 0, "rules": document}
    response = signed_in(request.getfixturevalue(who)).put(url(campaign), body, format="json")
    assert response.status_code == status
    if status == 200:
        assert response.json()["changed"] == ["income.lost"]


@pytest.mark.parametrize("who, status", WHO)
def test_who_may_preview(request, campaign, who, status):
    response = signed_in(request.getfixturevalue(who)).post(
        url(campaign, "preview/"), {"changes": {MUSKET: 12}}, format="json"
    )
    assert response.status_code == status
    assert not HouseRules.objects.exists()


def test_a_stranger_cannot_read_a_private_campaigns_rules(campaign, stranger):
    assert signed_in(stranger).get(url(campaign)).status_code == 404


def test_each_patch_is_a_new_version_in_the_activity_feed(campaign, organiser):
    client = signed_in(organiser)
    client.patch(url(campaign), {"version": 0, "changes": {MUSKET: 12}}, format="json")
    change = {"version": 1, "changes": {"income.lost": "2D6"}}
    body = client.patch(url(campaign), change, format="json").json()
    assert body["version"] == 2
    assert body["changed"] == ["factions.rangers.equipment.musket.price", "income.lost"]
    versions = client.get(url(campaign, "versions/")).json()
    assert [(v["version"], v["author"]["username"]) for v in versions] == [
        (2, "organiser"),
        (1, "organiser"),
    ]
    feed = Activity.objects.filter(campaign=campaign, kind=Activity.Kind.HOUSE_RULES)
    assert [a.text.split(":")[0] for a in feed] == [
        "House rules version 2 saved by organiser",
        "House rules version 1 saved by organiser",
    ]


BAD = [
    ({MUSKET: 101}, MUSKET, "Rangers › Musket › price must be 0-100"),
    ({MUSKET: -1}, MUSKET, "Rangers › Musket › price must be 0-100"),
    ({MUSKET: "ten"}, MUSKET, "Rangers › Musket › price must be 0-100"),
    ({MUSKET: True}, MUSKET, "Rangers › Musket › price must be 0-100"),
    (
        {"factions.rangers.equipment.cannon.price": 5},
        "factions.rangers.equipment.cannon.price",
        "there is no such rule",
    ),
    (
        {"factions.rangers.equipment.musket": 5},
        "factions.rangers.equipment.musket",
        "is a table: change its fields (price, allowed, veteran_and_hero_only)",
    ),
    ({"income.won": "3D6"}, "income.won", "must be one of D6, 2D6"),
    ({"injuries.table.dead.high": 16}, "injuries.table", "overlap"),
    ({"injuries.table.dead.high": 14}, "injuries.table", "no gap: nothing on 15"),
    ({"injuries.table.dead.low": 16}, "injuries.table", "low is above high"),
    (
        {"factions.indians.limits.veteran.max": -1},
        "factions.indians.limits.veteran.max",
        "Indians › Limits › Veteran › max must be 0-30",
    ),
    (
        {"specialists.kinds.scout.counts_as": "general"},
        "specialists.kinds.scout.counts_as",
        "must be one of",
    ),
    ({"advancement.mere_mortal.6": "fly"}, "advancement.mere_mortal.6", "must be one of"),
]


@pytest.mark.parametrize(
    "changes, path, words", BAD, ids=[b[1] + "-" + str(i) for i, b in enumerate(BAD)]
)
def test_a_bad_change_is_a_400_naming_the_path_and_nothing_is_saved(
    campaign, organiser, changes, path, words
):
    client = signed_in(organiser)
    for tail, method in (("", client.patch), ("preview/", client.post)):
        response = method(url(campaign, tail), {"changes": changes}, format="json")
        assert response.status_code == 400
        errors = response.json()["errors"]
        assert any(e["field"].startswith(path) and words in e["message"] for e in errors), errors
    assert not HouseRules.objects.exists()
    assert not Activity.objects.filter(kind=Activity.Kind.HOUSE_RULES).exists()
    assert client.get(url(campaign)).json()["version"] == 0


def test_a_put_missing_a_table_is_refused_naming_it(campaign, organiser):
    document = seed_document()
    del document["income"]
    response = signed_in(organiser).put(url(campaign), document, format="json")
    assert response.status_code == 400
    errors = {e["field"]: e["message"] for e in response.json()["errors"]}
    assert errors["income"] == "Income is missing."
    assert not HouseRules.objects.exists()


def test_changes_must_be_an_object(campaign, organiser):
    response = signed_in(organiser).patch(url(campaign), {"changes": [1]}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "changes"


def test_the_preview_shows_the_change_and_saves_nothing(campaign, organiser, war_party):
    """The war party (campaign.demo): a Hero and a Veteran, 3 bows, 2 tomahawks."""
    response = signed_in(organiser).post(
        url(campaign, "preview/"),
        {
            "changes": {
                "factions.indians.equipment.bow.price": 7,
                "factions.indians.equipment.tomahawk.allowed": False,
                "factions.indians.limits.veteran.max": 0,
                "injuries.table.dead.high": 12,
                "injuries.table.multiple_injuries.low": 13,
                "income.lost": "2D6",
            }
        },
        format="json",
    )
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == 0
    (row,) = [w for w in body["warbands"] if w["id"] == war_party.id]
    # Bows 5 → 7 at list price; a tomahawk no longer sold keeps the price paid.
    assert row["rating_after"] - row["rating_before"] == 3 * 2
    assert row["kit_not_allowed"] == [
        "Running Elk carries a tomahawk: not sold",
        "Quiet Fox carries a tomahawk: not sold",
    ]
    assert row["over_limits"] == ["1 Veterans: at most 0"]
    # C18: D6 (2D6 after) for the lost game, 2D6 for each of the Hero and the Veteran, +1 for
    # Running Elk's Expert trader (woodcraft 2).
    assert row["income"] == {
        "before": {"won": 22.0, "lost": 18.5},
        "after": {"won": 22.0, "lost": 22.0},
    }
    assert body["numbers"]["before"]["income_lost"] == 3.5
    assert body["numbers"]["after"]["income_lost"] == 7.0
    assert body["numbers"]["before"]["death_chance"]["percent"] == 14.0
    assert body["numbers"]["after"]["death_chance"]["percent"] < 14.0
    assert not HouseRules.objects.exists()


def test_the_preview_names_what_a_draft_would_break(campaign, organiser, player):
    draft = WarbandFactory(campaign=campaign, owner=player, name="Draft", faction="rangers")
    rogers = services.warband_add_figure(warband=draft, name="Rogers", profile="rangers_hero")
    services.figure_set_equipment(figure=rogers, keys=["musket"])
    body = (
        signed_in(organiser)
        .post(
            url(campaign, "preview/"),
            {"changes": {"factions.rangers.equipment.musket.allowed": False, "budget": 20}},
            format="json",
        )
        .json()
    )
    (row,) = [w for w in body["warbands"] if w["id"] == draft.id]
    assert row["draft"] is True
    assert (row["rating_before"], row["rating_after"]) == (40, 30)
    assert row["kit_not_allowed"] == [
        "Rogers: the Rangers cannot buy 'musket' (sold by the Regulars, Coureurs de Bois and "
        "Indians)."
    ]
    assert row["over_limits"] == ["The warband costs 30 but the budget is 20: 10 too much."]
