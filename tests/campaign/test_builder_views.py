"""The warband builder and founding, as the owner, an opponent in the same campaign, a stranger and
the organiser use them through the HTML pages (HTMX fragments and plain posts)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains, assertRedirects

from campaign import services
from campaign.models import EquipmentPiece, Figure, LedgerEntry, RollRecord, Warband
from tests.factories import WAR_PARTY, CampaignFactory, WarbandFactory, member

HTMX = {"HTTP_HX_REQUEST": "true"}


def login(client, user):
    client.force_login(user)
    return client


def build(warband, line_up=WAR_PARTY):
    for new in line_up:
        figure = services.warband_add_figure(warband=warband, name=new.name, profile=new.profile)
        services.figure_set_equipment(figure=figure, keys=new.equipment)
    return warband


@pytest.fixture
def draft(campaign, player):
    """The player's Indian war party, not founded yet and still empty."""
    return WarbandFactory(campaign=campaign, owner=player, name="Raiders", faction="indians")


@pytest.fixture
def valid_draft(draft):
    """The draft holding the demo's valid war party (127 of 200, C2)."""
    return build(draft)


@pytest.fixture
def brave(draft):
    return services.warband_add_figure(warband=draft, name="Swift Otter", profile="indians_trooper")


@pytest.fixture
def ranger(campaign, player):
    section = WarbandFactory(campaign=campaign, owner=player, name="Scouts", faction="rangers")
    figure = services.warband_add_figure(
        warband=section, name="Pvt. Hill", profile="rangers_trooper"
    )
    services.figure_set_equipment(figure=figure, keys=["musket"])
    return figure


def kit(figure) -> list[tuple[str, int]]:
    return list(EquipmentPiece.objects.filter(figure=figure).values_list("key", "price"))


def add_url(warband):
    return reverse("builder-add", args=[warband.id])


def equip_url(figure):
    return reverse("builder-equip", args=[figure.id])


# --- starting a draft --------------------------------------------------------------------------


def test_a_player_starts_a_draft_and_lands_in_the_builder(client, campaign, other_player):
    url = reverse("warband-create", args=[campaign.id])
    response = login(client, other_player).post(url, {"name": "Rogers' Boys", "faction": "rangers"})
    warband = Warband.objects.get(name="Rogers' Boys")
    assertRedirects(response, reverse("builder", args=[warband.id]))
    assert (warband.owner, warband.faction, warband.state) == (other_player, "rangers", "draft")


@pytest.mark.parametrize(
    "data, error",
    [
        ({"name": "x" * 10_240, "faction": "rangers"}, "at most 80 characters"),
        ({"name": "Vikings", "faction": "vikings"}, "Select a valid choice."),
        ({"name": "", "faction": "rangers"}, "This field is required."),
    ],
    ids=["ten-kilobyte-name", "C1-unknown-faction", "no-name"],
)
def test_a_bad_new_warband_is_a_form_error_and_saves_nothing(client, campaign, player, data, error):
    url = reverse("warband-create", args=[campaign.id])
    response = login(client, player).post(url, data)
    assertContains(response, error)
    assert not Warband.objects.exists()


def test_a_stranger_cannot_start_a_draft_in_a_private_campaign(client, campaign, stranger):
    url = reverse("warband-create", args=[campaign.id])
    response = login(client, stranger).post(url, {"name": "Mine", "faction": "rangers"})
    assert response.status_code == 404
    assert not Warband.objects.exists()


def test_a_stranger_must_join_a_public_campaign_before_starting_a_draft(client, stranger):
    public = CampaignFactory(is_public=True)
    url = reverse("warband-create", args=[public.id])
    response = login(client, stranger).post(url, {"name": "Mine", "faction": "rangers"})
    assert response.status_code == 403
    assert not Warband.objects.exists()


# --- adding a figure ---------------------------------------------------------------------------


def test_the_owner_adds_a_figure_and_gets_the_list_and_the_summary_back(client, draft, player):
    response = login(client, player).post(
        add_url(draft), {"name": "Running Elk", "profile": "indians_hero"}, **HTMX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert '<div id="figures">' in html
    assert 'id="summary" hx-swap-oob="true"' in html
    assert "Running Elk" in html
    assert "Hero · rep 4 · £30" in html  # C4
    assert '<strong id="left" class="">£170</strong>' in html  # C2: 200 - 30
    figure = draft.figures.get()
    assert (figure.name, figure.status, figure.reputation, figure.experience) == (
        "Running Elk",
        "hero",
        4,
        30,
    )


def test_without_htmx_adding_a_figure_goes_back_to_the_builder_page(client, draft, player):
    response = login(client, player).post(
        add_url(draft), {"name": "Running Elk", "profile": "indians_hero"}
    )
    assertRedirects(response, reverse("builder", args=[draft.id]))
    assertContains(client.get(reverse("builder", args=[draft.id])), "Running Elk")


def test_a_figure_left_unnamed_takes_its_profiles_name(client, draft, player):
    login(client, player).post(add_url(draft), {"name": "", "profile": "indians_green"}, **HTMX)
    assert draft.figures.get().name == "Young blood"


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain-post"])
def test_a_ten_kilobyte_name_is_a_readable_error_and_adds_nothing(client, draft, player, htmx):
    response = login(client, player).post(
        add_url(draft), {"name": "x" * 10_240, "profile": "indians_hero"}, **(HTMX if htmx else {})
    )
    assertContains(response, "at most 80 characters", status_code=400)
    assert not Figure.objects.exists()


def test_a_profile_of_another_faction_posted_by_hand_adds_nothing(client, draft, player):
    response = login(client, player).post(
        add_url(draft), {"name": "Rogers", "profile": "rangers_hero"}, **HTMX
    )
    assertContains(response, "Select a valid choice", status_code=400)
    assert response["HX-Retarget"] == "#errors"  # shown where the player reads errors
    assert not Figure.objects.exists()


# --- equipping a figure ------------------------------------------------------------------------


def test_the_owner_equips_a_figure_and_sees_its_new_cost(client, brave, player):
    prefix = f"f{brave.id}"
    response = login(client, player).post(
        equip_url(brave), {f"{prefix}-bow": "on", f"{prefix}-shield": "on"}, **HTMX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert f'id="figure-{brave.id}"' in html
    assert "Trooper · rep 2 · £19" in html  # 11 + bow 5 + shield 3 (C4)
    assert '<strong id="cost">£19</strong>' in html  # the summary, out of band
    assert sorted(kit(brave)) == [("bow", 5), ("shield", 3)]


def test_equipping_again_replaces_the_kit(client, brave, player):
    prefix = f"f{brave.id}"
    login(client, player).post(equip_url(brave), {f"{prefix}-bow": "on"}, **HTMX)
    client.post(equip_url(brave), {f"{prefix}-tomahawk": "on"}, **HTMX)
    assert kit(brave) == [("tomahawk", 1)]


def test_without_htmx_equipping_goes_back_to_the_builder_page(client, brave, player):
    response = login(client, player).post(equip_url(brave), {f"f{brave.id}-lance": "on"})
    assertRedirects(response, reverse("builder", args=[brave.warband_id]))
    assert kit(brave) == [("lance", 4)]


def test_a_veteran_may_carry_two_pistols(client, draft, player):
    veteran = services.warband_add_figure(
        warband=draft, name="Grey Wolf", profile="indians_veteran"
    )
    response = login(client, player).post(
        equip_url(veteran), {f"f{veteran.id}-pistol": "2"}, **HTMX
    )
    assert response.status_code == 200
    assert kit(veteran) == [("pistol", 10), ("pistol", 10)]  # C4: £10 for the Indians, C5


def test_an_item_of_another_faction_posted_by_hand_is_refused_and_nothing_changes(
    client, ranger, player
):
    prefix = f"f{ranger.id}"
    response = login(client, player).post(
        equip_url(ranger), {f"{prefix}-musket": "on", f"{prefix}-bow": "on"}, **HTMX
    )
    assertContains(
        response,
        "Pvt. Hill: the Rangers cannot buy &#x27;bow&#x27; (sold by the Coureurs de Bois and "
        "Indians).",
        status_code=400,
    )
    assert response["HX-Retarget"] == "#errors"
    assert kit(ranger) == [("musket", 10)]


def test_a_veteran_and_hero_only_item_on_a_trooper_is_refused_and_nothing_changes(
    client, brave, player
):
    prefix = f"f{brave.id}"
    login(client, player).post(equip_url(brave), {f"{prefix}-bow": "on"}, **HTMX)
    response = client.post(
        equip_url(brave), {f"{prefix}-bow": "on", f"{prefix}-pistol": "1"}, **HTMX
    )
    assertContains(
        response,
        "Swift Otter: the Infantry pistol is for Veterans and Heroes only.",
        status_code=400,
    )
    assert kit(brave) == [("bow", 5)]


def test_three_pistols_posted_by_hand_are_refused_and_nothing_changes(client, draft, player):
    hero = services.warband_add_figure(warband=draft, name="Chief", profile="indians_hero")
    response = login(client, player).post(equip_url(hero), {f"f{hero.id}-pistol": "3"}, **HTMX)
    assertContains(response, "Select a valid choice", status_code=400)
    assert kit(hero) == []


# --- removing a figure -------------------------------------------------------------------------


def test_the_owner_removes_a_figure_and_the_summary_follows(client, brave, player):
    response = login(client, player).post(reverse("builder-remove", args=[brave.id]), **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="summary" hx-swap-oob="true"' in html
    assert '<strong id="count">0</strong>' in html
    assert "Swift Otter" not in html
    assert not Figure.objects.exists()


def test_without_htmx_removing_goes_back_to_the_builder_page(client, brave, player):
    response = login(client, player).post(reverse("builder-remove", args=[brave.id]))
    assertRedirects(response, reverse("builder", args=[brave.warband_id]))
    assert not Figure.objects.exists()


def test_removing_a_figure_drops_its_kit(client, brave, player):
    services.figure_set_equipment(figure=brave, keys=["bow"])
    login(client, player).post(reverse("builder-remove", args=[brave.id]), **HTMX)
    assert not EquipmentPiece.objects.exists()


# --- the live problems list --------------------------------------------------------------------


def test_an_empty_draft_lists_the_rules_it_breaks_in_words(client, draft, player):
    response = login(client, player).get(reverse("builder", args=[draft.id]))
    assertContains(response, "A warband needs exactly 1 Hero (its leader): you have 0.")
    assertContains(response, "A warband needs at least 2 Troopers: you have 0.")
    assertContains(response, "Indians need at least 3 figures with a bow: you have 0.")
    assertNotContains(response, reverse("warband-found", args=[draft.id]))


def test_the_problems_list_follows_each_change(client, draft, player):
    response = login(client, player).post(
        add_url(draft), {"name": "Chief", "profile": "indians_hero"}, **HTMX
    )
    assertNotContains(response, "exactly 1 Hero")
    assertContains(response, "at least 2 Troopers: you have 0.")
    response = client.post(add_url(draft), {"name": "", "profile": "indians_hero"}, **HTMX)
    assertContains(response, "exactly 1 Hero (its leader): you have 2.")


def test_a_draft_over_budget_names_cost_and_budget(client, draft, player):
    build(draft, WAR_PARTY * 2)
    response = login(client, player).get(reverse("builder", args=[draft.id]))
    assertContains(response, "The warband costs 254 but the budget is 200: 54 too much.")
    assertContains(response, '<strong id="left" class="bad">£-54</strong>')  # shown as bad


def test_a_valid_draft_says_so_and_offers_founding(client, valid_draft, player):
    response = login(client, player).get(reverse("builder", args=[valid_draft.id]))
    assertContains(response, "Every rule is met.")
    assertContains(response, '<strong id="left" class="">£73</strong>', html=False)
    assertContains(response, reverse("warband-found", args=[valid_draft.id]))


# --- who may build -----------------------------------------------------------------------------

ACTIONS = ["view", "add", "equip", "remove"]


def act(client, action, figure):
    warband = figure.warband
    if action == "view":
        return client.get(reverse("builder", args=[warband.id]))
    if action == "add":
        return client.post(add_url(warband), {"name": "Spy", "profile": "indians_green"}, **HTMX)
    if action == "equip":
        return client.post(equip_url(figure), {f"f{figure.id}-bow": "on"}, **HTMX)
    return client.post(reverse("builder-remove", args=[figure.id]), **HTMX)


@pytest.mark.parametrize("action", ACTIONS)
def test_an_opponent_in_the_same_campaign_may_not_touch_the_draft(
    client, brave, other_player, action
):
    response = act(login(client, other_player), action, brave)
    assert response.status_code == 403
    assert list(Figure.objects.values_list("name", flat=True)) == ["Swift Otter"]
    assert kit(brave) == []


@pytest.mark.parametrize("action", ACTIONS)
def test_a_stranger_cannot_even_find_the_draft(client, brave, stranger, action):
    response = act(login(client, stranger), action, brave)
    assert response.status_code == 404
    assert list(Figure.objects.values_list("name", flat=True)) == ["Swift Otter"]
    assert kit(brave) == []


@pytest.mark.parametrize("action", ACTIONS)
def test_anyone_logged_out_is_sent_to_log_in(client, brave, action):
    response = act(client, action, brave)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert list(Figure.objects.values_list("name", flat=True)) == ["Swift Otter"]


def test_the_organiser_may_correct_a_players_draft(client, brave, organiser):
    response = act(login(client, organiser), "equip", brave)
    assert response.status_code == 200
    assert kit(brave) == [("bow", 5)]


def test_a_founded_warband_is_not_built_any_more(client, war_party, player):
    login(client, player)
    assertRedirects(
        client.get(reverse("builder", args=[war_party.id])),
        reverse("warband", args=[war_party.id]),
    )
    response = client.post(add_url(war_party), {"name": "Late", "profile": "indians_green"}, **HTMX)
    assertContains(response, "This warband is founded", status_code=400)
    assert war_party.figures.count() == 6


# --- founding ----------------------------------------------------------------------------------


def rolls_form(
    warband,
    *,
    hero=(("combat", "4"), ("woodcraft", "2")),
    veteran=(("combat", "6"),),
) -> dict[str, str]:
    """The founding form for the demo war party: a (list, typed faces) pair per starting skill
    roll of the Chief (two) and of the Veteran Brave (one), C6."""
    data = {}
    for profile, rolls in (("indians_hero", hero), ("indians_veteran", veteran)):
        figure = warband.figures.get(profile=profile)
        for n, (list_key, faces) in enumerate(rolls):
            data[f"list_{figure.id}_{n}"] = list_key
            data[f"faces_{figure.id}_{n}"] = faces
    return data


def found_url(warband):
    return reverse("warband-found", args=[warband.id])


def test_the_found_page_asks_for_a_list_and_a_die_per_starting_skill(client, valid_draft, player):
    hero = valid_draft.figures.get(profile="indians_hero")
    veteran = valid_draft.figures.get(profile="indians_veteran")
    response = login(client, player).get(found_url(valid_draft))
    assertContains(response, "The warband costs £127 of £200.")
    for name in (f"list_{hero.id}_0", f"list_{hero.id}_1", f"list_{veteran.id}_0"):
        assertContains(response, f'name="{name}"')
        assertContains(response, f'name="{name.replace("list", "faces")}"')
    assertContains(response, "Running Elk: skill roll 2")
    assertNotContains(response, 'value="shooting"')  # C1: not an Indian list


def test_founding_with_typed_dice_gives_the_skills_those_faces_show(client, valid_draft, player):
    response = login(client, player).post(
        found_url(valid_draft), rolls_form(valid_draft), follow=True
    )
    assertRedirects(response, reverse("warband", args=[valid_draft.id]))
    assertContains(response, "Raiders is founded.")
    assertContains(response, "Fierce")  # combat 4
    assertContains(response, "Expert trader")  # woodcraft 2
    assertContains(response, "Tough")  # combat 6
    assertContains(response, '<strong id="treasury">£73</strong>', html=False)
    valid_draft.refresh_from_db()
    assert valid_draft.state == "founded"
    assert valid_draft.figures.get(profile="indians_hero").skills == ["fierce", "expert_trader"]


def test_a_duplicate_typed_skill_is_rolled_again_from_the_next_face(client, valid_draft, player):
    data = rolls_form(valid_draft, hero=(("combat", "4"), ("combat", "4 1")))
    login(client, player).post(found_url(valid_draft), data)
    assert valid_draft.figures.get(profile="indians_hero").skills == ["fierce", "brawling"]


@pytest.mark.parametrize(
    "face", ["7", "x", "0", "²"], ids=["C12-seven", "C12-letter", "C12-zero", "C12-superscript-two"]
)
def test_a_typed_face_that_is_not_on_a_d6_is_a_form_error(client, valid_draft, player, face):
    response = login(client, player).post(
        found_url(valid_draft), rolls_form(valid_draft, hero=(("combat", face), ("woodcraft", "2")))
    )
    assertContains(response, "is not a D6 face (1-6).")
    valid_draft.refresh_from_db()
    assert valid_draft.state == "draft"
    assert not LedgerEntry.objects.exists()


def test_a_duplicate_without_a_face_for_the_re_roll_founds_nothing(client, valid_draft, player):
    data = rolls_form(valid_draft, hero=(("combat", "4"), ("combat", "4")))
    response = login(client, player).post(found_url(valid_draft), data)
    assertContains(response, "type in one more face", status_code=400)
    valid_draft.refresh_from_db()
    assert valid_draft.state == "draft"
    assert not LedgerEntry.objects.exists()
    assert not RollRecord.objects.exists()
    assert valid_draft.figures.get(profile="indians_hero").skills == []


@pytest.fixture
def app_dice_campaign(organiser):
    return CampaignFactory(organiser=organiser, name="No dice typed", manual_dice=False)


def test_without_manual_dice_no_die_is_asked_for_and_a_typed_one_is_ignored(
    client, app_dice_campaign, player
):
    member(app_dice_campaign, player)
    warband = build(WarbandFactory(campaign=app_dice_campaign, owner=player, faction="indians"))
    login(client, player)
    page = client.get(found_url(warband))
    assertContains(page, 'name="list_')
    assertNotContains(page, 'name="faces_')
    response = client.post(found_url(warband), rolls_form(warband))
    assertRedirects(response, reverse("warband", args=[warband.id]))
    warband.refresh_from_db()
    assert warband.state == "founded"
    records = RollRecord.objects.filter(warband=warband)
    assert records.count() == 3
    assert not any(r.typed_in for r in records)  # the app rolled every one (C12)
    hero = warband.figures.get(profile="indians_hero")
    assert len(set(hero.skills)) == 2


def test_an_invalid_draft_shows_its_problems_and_cannot_be_founded(client, draft, player):
    build(draft, WAR_PARTY[1:])  # no Hero, two bows
    login(client, player)
    page = client.get(found_url(draft))
    assertContains(page, "A warband needs exactly 1 Hero (its leader): you have 0.")
    assertContains(page, "Indians need at least 3 figures with a bow: you have 2.")
    assertNotContains(page, "Roll and found")
    veteran = draft.figures.get(profile="indians_veteran")
    response = client.post(found_url(draft), {f"list_{veteran.id}_0": "combat"})
    assertContains(response, "exactly 1 Hero", status_code=400)
    assertContains(response, "with a bow: you have 2.", status_code=400)
    draft.refresh_from_db()
    assert draft.state == "draft"
    assert not LedgerEntry.objects.exists()


def test_founding_twice_pays_the_budget_once(client, valid_draft, player):
    login(client, player).post(found_url(valid_draft), rolls_form(valid_draft))
    response = client.post(found_url(valid_draft), rolls_form(valid_draft))
    assertRedirects(response, reverse("warband", args=[valid_draft.id]))
    assert list(LedgerEntry.objects.values_list("amount", flat=True)) == [200, -127]
    valid_draft.refresh_from_db()
    assert valid_draft.treasury == 73
    assert RollRecord.objects.count() == 3


def test_an_opponent_may_not_found_someone_elses_draft(client, valid_draft, other_player):
    response = login(client, other_player).post(found_url(valid_draft), rolls_form(valid_draft))
    assert response.status_code == 403
    valid_draft.refresh_from_db()
    assert valid_draft.state == "draft"


def test_a_stranger_cannot_even_find_the_found_page(client, valid_draft, stranger):
    assert login(client, stranger).get(found_url(valid_draft)).status_code == 404
