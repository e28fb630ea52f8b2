"""The HTML pages around a campaign: home, signing up and in, creating, joining, reading, settings.

People: the organiser, a player (a member), a stranger (not a member), and anyone (logged out).
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from pytest_django.asserts import (
    assertContains,
    assertNotContains,
    assertRedirects,
    assertTemplateUsed,
)

from campaign.models import Campaign, Membership
from tests.factories import CampaignFactory, UserFactory

PASSWORD = "correct horse battery"  # tests.factories.UserFactory


@pytest.fixture
def public_campaign(db):
    return CampaignFactory(name="Lake George Open", is_public=True)


def login(client, user):
    client.force_login(user)
    return client


# --- home --------------------------------------------------------------------------------------


def test_anyone_sees_the_public_campaigns_and_a_way_to_sign_up(client, campaign, public_campaign):
    response = client.get(reverse("home"))
    assertContains(response, "Lake George Open")
    assertNotContains(response, "Ohio Valley 1755")  # private
    assertContains(response, reverse("signup"))
    assertContains(response, reverse("login"))
    assertNotContains(response, "My campaigns")


def test_a_visitor_sees_what_frontier_does_with_pictures(client, db):
    response = client.get(reverse("home"))
    assertTemplateUsed(response, "home_visitor.html")
    for words in ("The campaign", "After the game", "The canoe games"):
        assertContains(response, f"<h2>{words}</h2>", html=True)
    for picture in ("home-roster.png", "home-postgame.png", "home-race.png"):
        assertContains(response, picture)


def test_a_player_sees_their_own_campaigns_on_the_home_page(client, campaign, player):
    response = login(client, player).get(reverse("home"))
    assertContains(response, "My campaigns")
    assertContains(response, "Ohio Valley 1755")
    assertContains(response, "Log out player")


def test_a_stranger_with_no_campaign_is_told_how_to_start_or_join(client, campaign, stranger):
    response = login(client, stranger).get(reverse("home"))
    assertNotContains(response, "Ohio Valley 1755")
    assertContains(response, "No campaigns yet.")


# --- signing up, in and out --------------------------------------------------------------------


def test_signing_up_creates_the_account_and_logs_in(client, db):
    response = client.post(
        reverse("signup"),
        {"username": "mohawk", "password1": "Wampum-belt-1755", "password2": "Wampum-belt-1755"},
    )
    assertRedirects(response, reverse("home"))
    assert get_user_model().objects.filter(username="mohawk").exists()
    assertContains(client.get(reverse("home")), "Log out mohawk")


def test_signing_up_with_passwords_that_differ_shows_the_error_and_creates_nobody(client, db):
    response = client.post(
        reverse("signup"),
        {"username": "mohawk", "password1": "Wampum-belt-1755", "password2": "Wampum-belt-1756"},
    )
    assertContains(response, "password fields didn’t match")
    assert not get_user_model().objects.filter(username="mohawk").exists()


def test_a_player_logs_in_and_out(client, player):
    response = client.post(reverse("login"), {"username": "player", "password": PASSWORD})
    assertRedirects(response, reverse("home"))
    assertContains(client.get(reverse("home")), "Log out player")

    response = client.post(reverse("logout"))
    assertRedirects(response, reverse("home"))
    home = client.get(reverse("home"))
    assertNotContains(home, "Log out player")
    assertContains(home, reverse("login"))


def test_a_wrong_password_is_refused_with_a_message(client, player):
    response = client.post(reverse("login"), {"username": "player", "password": "wrong"})
    assert response.status_code == 200
    assertContains(response, "Please enter a correct username and password")
    assertContains(client.get(reverse("home")), reverse("login"))  # still logged out


# --- creating a campaign -----------------------------------------------------------------------

NEW_CAMPAIGN = {
    "name": "Fort William Henry",
    "starting_treasury": "150",
    "currency": "$",
    "manual_dice": "on",
    "is_public": "",
}


def test_anyone_logged_out_is_sent_to_log_in_before_creating_a_campaign(client, db):
    response = client.get(reverse("campaign-create"))
    assertRedirects(response, f"{reverse('login')}?next={reverse('campaign-create')}")


def test_a_player_creates_a_campaign_and_organises_it(client, stranger):
    response = login(client, stranger).post(reverse("campaign-create"), NEW_CAMPAIGN)
    campaign = Campaign.objects.get(name="Fort William Henry")
    assertRedirects(response, reverse("campaign", args=[campaign.id]))
    assert campaign.organiser == stranger
    assert (campaign.starting_treasury, campaign.currency, campaign.manual_dice) == (150, "$", True)
    assert Membership.objects.filter(campaign=campaign, user=stranger).exists()
    page = client.get(reverse("campaign", args=[campaign.id]))
    assertContains(page, "starting treasury $150")
    assertContains(page, reverse("campaign-settings", args=[campaign.id]))


@pytest.mark.parametrize(
    "field, value, error",
    [
        ("name", "", "This field is required."),
        ("name", "x" * 10_000, "Ensure this value has at most 100 characters"),
        ("starting_treasury", "-5", "Ensure this value is greater than or equal to 0."),
        ("starting_treasury", "100001", "Ensure this value is less than or equal to 100000."),
        ("starting_treasury", "9" * 30, "Ensure this value is less than or equal to 100000."),
        ("starting_treasury", "lots", "Enter a whole number."),
        ("starting_treasury", "", "This field is required."),
    ],
    ids=[
        "C2-empty-name",
        "C2-ten-kilobyte-name",
        "C2-negative-budget",
        "C2-budget-over-the-limit",
        "C2-huge-budget",
        "C2-budget-in-words",
        "C2-no-budget",
    ],
)
def test_a_bad_campaign_form_shows_the_error_and_saves_nothing(
    client, stranger, field, value, error
):
    response = login(client, stranger).post(
        reverse("campaign-create"), {**NEW_CAMPAIGN, field: value}
    )
    assert response.status_code == 200
    assertContains(response, error)
    assert not Campaign.objects.exists()


# --- joining -----------------------------------------------------------------------------------


def test_a_stranger_joins_with_the_invite_code(client, campaign, stranger):
    response = login(client, stranger).post(
        reverse("campaign-join"), {"invite_code": campaign.invite_code}, follow=True
    )
    assertRedirects(response, reverse("campaign", args=[campaign.id]))
    assertContains(response, "Welcome to Ohio Valley 1755.")
    assertContains(response, campaign.invite_code)
    assert Membership.objects.filter(campaign=campaign, user=stranger).exists()


def test_the_invite_code_may_be_typed_in_lower_case_with_spaces(client, campaign, stranger):
    response = login(client, stranger).post(
        reverse("campaign-join"), {"invite_code": f" {campaign.invite_code.lower()} "}
    )
    assertRedirects(response, reverse("campaign", args=[campaign.id]))
    assert Membership.objects.filter(campaign=campaign, user=stranger).exists()


def test_joining_twice_keeps_one_membership(client, campaign, player):
    login(client, player).post(reverse("campaign-join"), {"invite_code": campaign.invite_code})
    assert Membership.objects.filter(campaign=campaign, user=player).count() == 1


def test_a_wrong_invite_code_is_refused_in_words_and_joins_nothing(client, campaign, stranger):
    response = login(client, stranger).post(reverse("campaign-join"), {"invite_code": "WRONGCODE2"})
    assert response.status_code == 400
    assertContains(response, "No campaign has that invite code.", status_code=400)
    assert not Membership.objects.filter(user=stranger).exists()


def test_a_ten_kilobyte_invite_code_is_a_form_error(client, campaign, stranger):
    response = login(client, stranger).post(reverse("campaign-join"), {"invite_code": "A" * 10_240})
    assertContains(response, "Ensure this value has at most 16 characters")
    assert not Membership.objects.filter(user=stranger).exists()


def test_an_invite_link_fills_in_the_code(client, campaign, stranger):
    url = f"{reverse('campaign-join')}?invite_code={campaign.invite_code}"
    response = login(client, stranger).get(url)
    assertContains(response, f'value="{campaign.invite_code}"')
    assert not Membership.objects.filter(user=stranger).exists()  # only a POST joins


# --- an invite through sign-up (issue 21, item 3) -----------------------------------------------


def test_a_logged_out_friend_sees_whose_campaign_the_join_link_opens(client, campaign):
    response = client.get(reverse("join-link", args=[campaign.invite_code]))
    assertContains(response, "Join Ohio Valley 1755")
    assertContains(response, "organiser invites you to")
    assertContains(response, "Joining makes you a player in it")
    join_link = reverse("join-link", args=[campaign.invite_code])
    assertContains(response, f"{reverse('signup')}?next={join_link}")
    assertContains(response, f"{reverse('login')}?next={join_link}")


def test_a_join_link_with_a_wrong_code_says_so(client, campaign, stranger):
    response = login(client, stranger).get(reverse("join-link", args=["WRONGCODE2"]))
    assertContains(response, "No campaign has the invite code of this link", status_code=404)
    assertNotContains(response, "Ohio Valley 1755", status_code=404)


def test_a_member_opening_the_join_link_is_told_they_already_play(client, campaign, player):
    response = login(client, player).get(reverse("join-link", args=[campaign.invite_code]))
    assertContains(response, "You are already a player in Ohio Valley 1755.")


def test_the_log_in_page_names_the_campaign_and_its_sign_up_link_keeps_the_invite(client, campaign):
    join_link = reverse("join-link", args=[campaign.invite_code])
    response = client.get(f"{reverse('login')}?next={join_link}")
    assertContains(response, "Log in to join <strong>Ohio Valley 1755</strong>")
    assertContains(response, f'href="{reverse("signup")}?next={join_link}"')


def test_the_invite_survives_sign_up_to_the_filled_join_form(client, campaign):
    join_link = reverse("join-link", args=[campaign.invite_code])
    form = client.get(f"{reverse('signup')}?next={join_link}")
    assertContains(form, "Sign up to join <strong>Ohio Valley 1755</strong>")
    assertContains(form, f'name="next" value="{join_link}"')

    response = client.post(
        reverse("signup"),
        {
            "username": "mohawk",
            "password1": "Wampum-belt-1755",
            "password2": "Wampum-belt-1755",
            "next": join_link,
        },
        follow=True,
    )
    assertRedirects(response, join_link)
    assertContains(response, f'value="{campaign.invite_code}"')
    assertContains(response, 'id="join-form"')
    joined = client.post(reverse("campaign-join"), {"invite_code": campaign.invite_code})
    assertRedirects(joined, reverse("campaign", args=[campaign.id]))
    assert Membership.objects.filter(campaign=campaign, user__username="mohawk").exists()


def test_sign_up_does_not_follow_a_next_to_another_site(client, db):
    response = client.post(
        reverse("signup"),
        {
            "username": "mohawk",
            "password1": "Wampum-belt-1755",
            "password2": "Wampum-belt-1755",
            "next": "https://evil.example/",
        },
    )
    assertRedirects(response, reverse("home"))


# --- reading a campaign ------------------------------------------------------------------------


def test_a_stranger_cannot_see_a_private_campaign(client, campaign, stranger):
    response = login(client, stranger).get(reverse("campaign", args=[campaign.id]))
    assert response.status_code == 404


def test_anyone_logged_out_cannot_see_a_private_campaign(client, campaign):
    assert client.get(reverse("campaign", args=[campaign.id])).status_code == 404


def test_a_player_sees_the_campaign_its_warbands_and_the_invite_code(client, campaign, war_party):
    response = login(client, war_party.owner).get(reverse("campaign", args=[campaign.id]))
    assertContains(response, "Ohio Valley 1755")
    assertContains(response, "Magalakutway")
    assertContains(response, "£73")  # its treasury
    assertContains(response, campaign.invite_code)
    assertContains(response, reverse("warband-create", args=[campaign.id]))
    assertNotContains(response, reverse("campaign-settings", args=[campaign.id]))


@pytest.mark.parametrize("who", ["anyone", "stranger"])
def test_anyone_reads_a_public_campaign_but_not_its_invite_code(client, public_campaign, who):
    if who == "stranger":
        login(client, UserFactory(username="stranger"))
    response = client.get(reverse("campaign", args=[public_campaign.id]))
    assertContains(response, "Lake George Open")
    assertNotContains(response, public_campaign.invite_code)
    assertNotContains(response, reverse("warband-create", args=[public_campaign.id]))


def test_a_campaign_that_does_not_exist_is_404(client, player):
    assert login(client, player).get(reverse("campaign", args=[999_999])).status_code == 404


# --- settings ----------------------------------------------------------------------------------


def test_the_organiser_changes_the_settings(client, campaign, organiser):
    url = reverse("campaign-settings", args=[campaign.id])
    assertContains(login(client, organiser).get(url), 'value="Ohio Valley 1755"')
    response = client.post(
        url, {**NEW_CAMPAIGN, "name": "Ohio Valley 1756", "is_public": "on"}, follow=True
    )
    assertRedirects(response, reverse("campaign", args=[campaign.id]))
    assertContains(response, "Settings saved.")
    assertContains(response, "starting treasury $150")
    campaign.refresh_from_db()
    assert (campaign.name, campaign.starting_treasury, campaign.is_public) == (
        "Ohio Valley 1756",
        150,
        True,
    )


def test_a_bad_setting_shows_the_error_and_changes_nothing(client, campaign, organiser):
    url = reverse("campaign-settings", args=[campaign.id])
    response = login(client, organiser).post(url, {**NEW_CAMPAIGN, "starting_treasury": "-1"})
    assertContains(response, "greater than or equal to 0")
    campaign.refresh_from_db()
    assert (campaign.name, campaign.starting_treasury) == ("Ohio Valley 1755", 200)


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_player_may_not_change_the_settings(client, campaign, player, method):
    url = reverse("campaign-settings", args=[campaign.id])
    response = getattr(login(client, player), method)(url, {**NEW_CAMPAIGN, "name": "Mine now"})
    assert response.status_code == 403
    campaign.refresh_from_db()
    assert campaign.name == "Ohio Valley 1755"


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_stranger_cannot_even_find_the_settings(client, campaign, stranger, method):
    url = reverse("campaign-settings", args=[campaign.id])
    response = getattr(login(client, stranger), method)(url, {**NEW_CAMPAIGN, "name": "Mine now"})
    assert response.status_code == 404
    campaign.refresh_from_db()
    assert campaign.name == "Ohio Valley 1755"
