"""POST /api/warbands/: founding a warband through the API (C2-C6), all or nothing."""

import copy

import pytest
from rest_framework.test import APIClient

from campaign import services
from campaign.models import (
    Campaign,
    EquipmentPiece,
    Figure,
    LedgerEntry,
    Membership,
    RollRecord,
    Warband,
)
from campaign.rules.skills import SKILL_LISTS

# The war party of tests/factories.py as a client sends it: 127 of the 200 budget (C2).
HERO = {
    "name": "Running Elk", "profile": "indians_hero", "equipment": ["bow", "tomahawk"],
    "starting_skills": [{"list": "combat", "die": 4}, {"list": "woodcraft", "die": 2}],
}  # fmt: skip
VETERAN = {
    "name": "Grey Wolf", "profile": "indians_veteran", "equipment": ["musket"],
    "starting_skills": [{"list": "combat", "die": 6}],
}  # fmt: skip


def brave(*equipment, name="Brave"):
    return {"name": name, "profile": "indians_trooper", "equipment": list(equipment)}


WAR_PARTY = [
    HERO, VETERAN, brave("bow", name="Swift Otter"), brave("bow", "shield", name="Red Hawk"),
    brave("lance", name="Little Bear"), brave("tomahawk", name="Quiet Fox"),
]  # fmt: skip


def signed_in(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def war_party(campaign, figures=WAR_PARTY, **changes) -> dict:
    return {
        "campaign": campaign.id, "name": "Magalakutway", "faction": "indians",
        "figures": copy.deepcopy(figures), **changes,
    }  # fmt: skip


def rows() -> tuple[int, ...]:
    models = (Campaign, Membership, Warband, Figure, EquipmentPiece, LedgerEntry, RollRecord)
    return tuple(model.objects.count() for model in models)


def found(client, payload):
    return client.post("/api/warbands/", payload, format="json")


# --- founding ----------------------------------------------------------------------------------


def test_a_player_founds_a_war_party(campaign, player):
    response = found(signed_in(player), war_party(campaign))
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Magalakutway"
    assert body["faction"] == "indians"
    assert body["campaign"] == campaign.id
    assert body["owner"] == {"id": player.id, "username": "player"}
    assert body["state"] == "founded"
    assert body["treasury"] == 73  # 200 - 127 (C2)
    assert body["rating"] == 200  # C11
    assert [f["name"] for f in body["figures"]] == [f["name"] for f in WAR_PARTY]
    assert [(e["amount"], e["after"]) for e in body["ledger"]] == [(200, 200), (-127, 73)]


def test_the_founded_warband_is_what_get_returns(campaign, player):
    client = signed_in(player)
    created = found(client, war_party(campaign)).json()
    assert client.get(f"/api/warbands/{created['id']}/").json() == created


def test_each_figure_has_its_numbers_skills_and_kit(campaign, player):
    body = found(signed_in(player), war_party(campaign)).json()
    hero = body["figures"][0]
    assert hero == {
        "id": hero["id"], "name": "Running Elk", "profile": "indians_hero", "status": "hero",
        "reputation": 4, "movement": "7/4", "melee": 0, "shooting": 0, "morale": 0,
        "skills": ["fierce", "expert_trader"],  # combat 4, woodcraft 2 (C6)
        "injuries": [], "equipment": ["bow", "tomahawk"], "experience_start": 30,
        "experience": 30, "state": "active", "specialist": "",
    }  # fmt: skip
    assert body["figures"][1]["skills"] == ["tough"]  # combat 6
    assert body["figures"][2]["skills"] == []


def test_a_list_of_faces_rerolls_a_duplicate_skill(campaign, player):
    hero = {**HERO, "starting_skills": [
        {"list": "combat", "die": 4}, {"list": "combat", "die": [4, 6]},
    ]}  # fmt: skip
    body = found(signed_in(player), war_party(campaign, [hero, *WAR_PARTY[1:]])).json()
    assert body["figures"][0]["skills"] == ["fierce", "tough"]  # the second 4 is re-rolled


def test_a_duplicate_skill_without_another_face_is_refused(campaign, player):
    hero = {**HERO, "starting_skills": [{"list": "combat", "die": 4}, {"list": "combat", "die": 4}]}
    before = rows()
    response = found(signed_in(player), war_party(campaign, [hero, *WAR_PARTY[1:]]))
    assert response.status_code == 400
    assert "one more face" in response.json()["detail"]
    assert response.json()["errors"][0]["field"] == "starting_skills"
    assert rows() == before


def test_the_app_rolls_on_the_factions_lists_when_none_are_chosen(campaign, player):
    hero = {k: v for k, v in HERO.items() if k != "starting_skills"}
    veteran = {k: v for k, v in VETERAN.items() if k != "starting_skills"}
    response = found(signed_in(player), war_party(campaign, [hero, veteran, *WAR_PARTY[2:]]))
    assert response.status_code == 201
    combat = {s.key for s in SKILL_LISTS["combat"]}
    woodcraft = {s.key for s in SKILL_LISTS["woodcraft"]}
    first, second = response.json()["figures"][0]["skills"]
    assert first in combat  # the first list, then the second (C1, C6)
    assert second in woodcraft
    assert set(response.json()["figures"][1]["skills"]) <= combat
    assert not RollRecord.objects.filter(typed_in=True).exists()


def test_a_faction_with_one_list_rolls_on_it_twice(campaign, player):
    figures = [
        {"name": "Captain", "profile": "regulars_hero", "equipment": ["musket"]},
        *[{"name": f"Private {n}", "profile": "regulars_trooper", "equipment": ["musket"]}
          for n in range(3)],
    ]  # fmt: skip
    payload = {**war_party(campaign, figures), "faction": "regulars"}
    response = found(signed_in(player), payload)
    assert response.status_code == 201
    skills = response.json()["figures"][0]["skills"]
    assert len(set(skills)) == 2
    assert set(skills) <= {s.key for s in SKILL_LISTS["shooting"]}


def test_an_app_rolled_die_may_sit_beside_a_typed_one(campaign, player):
    hero = {**HERO, "starting_skills": [{"list": "combat", "die": 4}, {"list": "woodcraft"}]}
    response = found(signed_in(player), war_party(campaign, [hero, *WAR_PARTY[1:]]))
    assert response.status_code == 201
    assert response.json()["figures"][0]["skills"][0] == "fierce"


def test_typed_dice_are_refused_when_the_campaign_rolls_its_own(campaign, player):
    services.campaign_update(campaign=campaign, manual_dice=False)
    before = rows()
    response = found(signed_in(player), war_party(campaign))
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "die"
    assert "does not allow typed-in dice" in response.json()["detail"]
    assert rows() == before


def test_the_app_rolls_when_the_campaign_rolls_its_own(campaign, player):
    services.campaign_update(campaign=campaign, manual_dice=False)
    figures = [
        {**HERO, "starting_skills": [{"list": "combat"}, {"list": "woodcraft"}]},
        {**VETERAN, "starting_skills": [{"list": "combat", "die": None}]},
        *WAR_PARTY[2:],
    ]
    assert found(signed_in(player), war_party(campaign, figures)).status_code == 201


def test_a_figure_without_a_name_takes_its_profiles(campaign, player):
    figures = [*WAR_PARTY[:5], {"profile": "indians_trooper", "equipment": ["tomahawk"]}]
    body = found(signed_in(player), war_party(campaign, figures)).json()
    assert body["figures"][5]["name"] == "Brave"


# --- every C2-C6 rule, refused with its message; nothing saved ---------------------------------


RULE_CASES = [
    pytest.param(
        [HERO, *[brave("bow", "musket") for _ in range(10)]],
        "C2",
        "figures",
        "budget is 200",
        id="C2 over budget",
    ),
    pytest.param(
        [
            HERO,
            brave("bow"),
            brave("bow"),
            *[{"name": "Young blood", "profile": "indians_green"} for _ in range(13)],
        ],
        "C3",
        "figures",
        "at most 15 figures: you have 16",
        id="C3 too many figures",
    ),
    pytest.param(
        [brave("bow"), brave("bow"), brave("bow")],
        "C3",
        "figures",
        "exactly 1 Hero (its leader): you have 0",
        id="C3 no hero",
    ),
    pytest.param(
        [HERO, {**HERO, "name": "Second Chief"}, brave("bow"), brave("bow")],
        "C3",
        "figures",
        "exactly 1 Hero (its leader): you have 2",
        id="C3 two heroes",
    ),
    pytest.param(
        [HERO, VETERAN, VETERAN, VETERAN, brave("bow"), brave("bow")],
        "C3",
        "figures",
        "at most 2 Veterans: you have 3",
        id="C3 three veterans",
    ),
    pytest.param(
        [HERO, {**VETERAN, "equipment": ["bow"]}, brave("bow")],
        "C3",
        "figures",
        "at least 2 Troopers: you have 1",
        id="C3 one trooper",
    ),
    pytest.param(
        [HERO, VETERAN, brave("bow"), brave("musket"), brave()],
        "C3",
        "figures",
        "at least 3 figures with a bow: you have 2",
        id="C3 too few bows",
    ),
    pytest.param(
        [*WAR_PARTY, {"name": "Shaman", "profile": "indians_shaman"}],
        "C4",
        "figures[6].profile",
        "have no profile 'indians_shaman'",
        id="C4 unknown profile",
    ),
    pytest.param(
        [*WAR_PARTY[:5], brave("rifle", name="Quiet Fox")],
        "C4",
        "figures[5].equipment",
        "cannot buy 'rifle' (sold by the Regulars, Coureurs de Bois and Rangers)",
        id="C4 an item another faction sells",
    ),  # fmt: skip
    pytest.param(
        [*WAR_PARTY[:5], brave("cannon", name="Quiet Fox")],
        "C4",
        "figures[5].equipment",
        "cannot buy 'cannon' (there is no such item)",
        id="C4 an item nobody sells",
    ),
    pytest.param(
        [*WAR_PARTY[:5], brave("pistol", name="Quiet Fox")],
        "C4",
        "figures[5].equipment",
        "Quiet Fox: the Infantry pistol is for Veterans and Heroes only",
        id="C4 a veteran-and-hero-only item on a trooper",
    ),  # fmt: skip
    pytest.param(
        [*WAR_PARTY[:5], brave("lance", "lance", name="Quiet Fox")],
        "C5",
        "figures[5].equipment",
        "may carry the Indian lance once only (you gave 2)",
        id="C5 two of one item",
    ),
    pytest.param(
        [HERO, {**VETERAN, "equipment": ["pistol"] * 3}, *WAR_PARTY[2:]],
        "C5",
        "figures[1].equipment",
        "Infantry pistol 2 times only (you gave 3)",
        id="C5 three pistols",
    ),
    pytest.param(
        [{**HERO, "starting_skills": [{"list": "combat", "die": 4}]}, *WAR_PARTY[1:]],
        "C6",
        "starting_skills",
        "rolls 2 starting skill(s): choose 2 list(s), not 1",
        id="C6 a hero with one starting skill",
    ),
    pytest.param(
        [HERO, VETERAN, {**brave("bow"), "starting_skills": [{"list": "combat"}]}, *WAR_PARTY[3:]],
        "C6",
        "starting_skills",
        "rolls 0 starting skill(s)",
        id="C6 a trooper with a skill",
    ),  # fmt: skip
    pytest.param(
        [
            {**HERO, "starting_skills": [{"list": "combat", "die": 4}, {"list": "shooting"}]},
            *WAR_PARTY[1:],
        ],
        "C1",
        "starting_skills",
        "roll on combat or woodcraft, not 'shooting'",
        id="C1 a skill list of another faction",
    ),  # fmt: skip
]


@pytest.mark.parametrize(("figures", "rule", "field", "message"), RULE_CASES)
def test_a_warband_that_breaks_a_rule_is_refused(campaign, player, figures, rule, field, message):
    before = rows()
    response = found(signed_in(player), war_party(campaign, figures))
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert any(
        e["rule"] == rule and e["field"] == field and message in e["message"] for e in errors
    ), errors
    assert rows() == before


def test_every_broken_rule_is_named_at_once(campaign, player):
    figures = [brave("pistol"), brave("lance", "lance")]
    response = found(signed_in(player), war_party(campaign, figures))
    assert response.json()["detail"] == "The warband breaks the rules."
    assert [(e["rule"], e["field"]) for e in response.json()["errors"]] == [
        ("C4", "figures[0].equipment"),
        ("C5", "figures[1].equipment"),
        ("C3", "figures"),  # no hero
        ("C3", "figures"),  # too few bows
    ]


# --- bad input: a 400 naming the field, never a 500, nothing saved -----------------------------

MISSING = object()


def _put(payload: dict, where: str, value) -> None:
    *path, last = [int(p) if p.isdigit() else p for p in where.split(".")]
    target = payload
    for step in path:
        target = target[step]
    if value is MISSING:
        del target[last]
    else:
        target[last] = value


BAD_INPUT = [
    ("campaign", MISSING, "campaign"),
    ("campaign", "twelve", "campaign"),
    ("campaign", -1, "campaign"),
    ("campaign", 0, "campaign"),
    ("campaign", 10**30, "campaign"),
    ("campaign", None, "campaign"),
    ("name", MISSING, "name"),
    ("name", "", "name"),
    ("name", "x" * 10_000, "name"),
    ("name", "x" * 81, "name"),
    ("name", {"first": "Magalakutway"}, "name"),
    ("faction", MISSING, "faction"),
    ("faction", "hurons", "faction"),
    ("faction", 7, "faction"),
    ("figures", MISSING, "figures"),
    ("figures", "all of them", "figures"),
    ("figures", {"0": HERO}, "figures"),
    ("figures", [HERO] * 31, "figures"),
    ("figures.2", "Swift Otter", "figures[2]"),
    ("figures.2.profile", MISSING, "figures[2].profile"),
    ("figures.2.profile", 12, "figures[2].profile"),
    ("figures.2.profile", "x" * 10_000, "figures[2].profile"),
    ("figures.2.name", "x" * 10_000, "figures[2].name"),
    ("figures.2.equipment", "bow", "figures[2].equipment"),
    ("figures.2.equipment", ["bow"] * 11, "figures[2].equipment"),
    ("figures.2.equipment", [{"key": "bow"}], "figures[2].equipment[0]"),
    ("figures.2.equipment", ["x" * 10_000], "figures[2].equipment[0]"),
    ("figures.0.starting_skills", "combat", "figures[0].starting_skills"),
    ("figures.0.starting_skills", [{"list": "combat"}] * 6, "figures[0].starting_skills"),
    ("figures.0.starting_skills.0.list", "magic", "figures[0].starting_skills[0].list"),
    ("figures.0.starting_skills.0.list", MISSING, "figures[0].starting_skills[0].list"),
    ("figures.0.starting_skills.0.die", 0, "figures[0].starting_skills[0].die"),
    ("figures.0.starting_skills.0.die", 7, "figures[0].starting_skills[0].die"),
    ("figures.0.starting_skills.0.die", -4, "figures[0].starting_skills[0].die"),
    ("figures.0.starting_skills.0.die", "x", "figures[0].starting_skills[0].die"),
    ("figures.0.starting_skills.0.die", "4", "figures[0].starting_skills[0].die"),
    ("figures.0.starting_skills.0.die", 4.5, "figures[0].starting_skills[0].die"),
    ("figures.0.starting_skills.0.die", True, "figures[0].starting_skills[0].die"),
    ("figures.0.starting_skills.0.die", [], "figures[0].starting_skills[0].die"),
    ("figures.0.starting_skills.0.die", [4, 9], "figures[0].starting_skills[0].die"),
    ("figures.0.starting_skills.0.die", [4] * 11, "figures[0].starting_skills[0].die"),
    ("figures.0.starting_skills.0.die", {"face": 4}, "figures[0].starting_skills[0].die"),
]


@pytest.mark.parametrize(
    ("where", "value", "field"),
    [pytest.param(w, v, f, id=f"{w}={'missing' if v is MISSING else repr(v)[:20]}")
     for w, v, f in BAD_INPUT],
)  # fmt: skip
def test_bad_input_is_a_400_naming_the_field(campaign, player, where, value, field):
    payload = war_party(campaign)
    _put(payload, where, value)
    before = rows()
    response = found(signed_in(player), payload)
    assert response.status_code == 400
    assert field in {e["field"] for e in response.json()["errors"]}, response.json()
    assert rows() == before


def test_a_list_instead_of_an_object_is_a_400(campaign, player):
    response = found(signed_in(player), [war_party(campaign)])
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] is None


def test_a_campaign_that_does_not_exist_is_404(campaign, player):
    payload = war_party(campaign)
    payload["campaign"] = 424242
    before = rows()
    response = found(signed_in(player), payload)
    assert response.status_code == 404
    assert rows() == before


# --- who may found -----------------------------------------------------------------------------


def test_the_organiser_may_found_a_warband(campaign, organiser):
    assert found(signed_in(organiser), war_party(campaign)).status_code == 201


def test_a_stranger_cannot_found_a_warband_in_a_private_campaign(campaign, stranger):
    before = rows()
    response = found(signed_in(stranger), war_party(campaign))
    assert response.status_code == 404
    assert rows() == before


def test_a_stranger_cannot_found_a_warband_in_a_public_campaign(campaign, stranger):
    services.campaign_update(campaign=campaign, is_public=True)
    before = rows()
    response = found(signed_in(stranger), war_party(campaign))
    assert response.status_code == 403
    assert response.json() == {"detail": "Join the campaign first."}
    assert rows() == before
