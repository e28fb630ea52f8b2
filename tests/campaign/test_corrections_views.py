"""Correcting a figure from the roster (C30): the Correct action on each card (owner and
organiser), the form in words, the card's history and the organiser's confirm button."""

from __future__ import annotations

from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains, assertRedirects

from campaign.models import Activity, Correction


def login(client, user):
    client.force_login(user)
    return client


def card(response, target) -> str:
    html = response.content.decode()
    start = html.index(f'id="figure-{target.id}"')
    return html[start : html.index("</article>", start)]


def form_data(target, **changes):
    """The form as the page fills it in, with `changes` on top."""
    data = {
        "reputation": target.reputation,
        "experience": target.experience,
        "kit": list(target.equipment.values_list("key", flat=True)),
        "skills": target.skills,
        "injuries": target.injuries,
        "state": "alive",
        "reason": "Mistyped after the game",
    }
    return data | changes


def test_the_owner_and_the_organiser_see_correct_on_each_card(
    client, player, organiser, other_player, war_party, otter
):
    url = reverse("figure-correct", args=[otter.id])
    for person in (player, organiser):
        response = login(client, person).get(reverse("warband", args=[war_party.id]))
        assert url in card(response, otter)
    response = login(client, other_player).get(reverse("warband", args=[war_party.id]))
    assertNotContains(response, url)


def test_the_form_shows_the_figures_values_in_words(client, organiser, otter):
    response = login(client, organiser).get(reverse("figure-correct", args=[otter.id]))
    assertContains(response, "Correct Swift Otter")
    assertContains(response, "Injuries kept on the card")
    assertContains(response, "Leg wound: movement -1")
    assertContains(response, "Starting level 11.")
    assertContains(response, "Your correction applies at once.")


def test_the_opponent_may_not_open_the_form(client, other_player, otter):
    response = login(client, other_player).get(reverse("figure-correct", args=[otter.id]))
    assert response.status_code == 403


def test_the_organiser_corrects_an_injury_and_the_card_shows_it(
    client, organiser, war_party, otter
):
    response = login(client, organiser).post(
        reverse("figure-correct", args=[otter.id]), form_data(otter, injuries=["leg_wound"])
    )
    assertRedirects(
        response, reverse("warband", args=[war_party.id]) + f"#figure-{otter.id}",
        fetch_redirect_response=False,
    )  # fmt: skip
    otter.refresh_from_db()
    assert otter.injuries == ["leg_wound"]
    correction = Correction.objects.get()
    assert (correction.before, correction.after) == ({"injuries": []}, {"injuries": ["leg_wound"]})
    roster = client.get(reverse("warband", args=[war_party.id]))
    assert "injuries none → Leg wound" in card(roster, otter)
    assert "Mistyped after the game" in card(roster, otter)
    assert Activity.objects.filter(kind="correction").count() == 1


def test_the_owners_correction_waits_and_the_organiser_confirms_it_on_the_card(
    client, player, organiser, war_party, otter
):
    login(client, player).post(
        reverse("figure-correct", args=[otter.id]), form_data(otter, reputation=1)
    )
    correction = Correction.objects.get()
    assert correction.state == "awaiting"
    confirm = reverse("correction-confirm", args=[correction.id])
    owner_view = client.get(reverse("warband", args=[war_party.id]))
    assert "awaiting the organiser" in card(owner_view, otter)
    assert confirm not in card(owner_view, otter)
    organiser_view = login(client, organiser).get(reverse("warband", args=[war_party.id]))
    assert confirm in card(organiser_view, otter)
    client.post(confirm)
    otter.refresh_from_db()
    assert otter.reputation == 1


def test_a_bad_value_comes_back_on_the_form_in_words_and_saves_nothing(client, organiser, otter):
    response = login(client, organiser).post(
        reverse("figure-correct", args=[otter.id]), form_data(otter, kit=["bow", "pistol"])
    )
    assert response.status_code == 400
    words = "The Infantry pistol is for Veterans and Heroes only."
    assertContains(response, words, status_code=400)
    assert not Correction.objects.exists()


def test_nothing_changed_is_said_so(client, organiser, otter):
    response = login(client, organiser).post(
        reverse("figure-correct", args=[otter.id]), form_data(otter)
    )
    assertContains(response, "Nothing to correct", status_code=400)


def test_the_form_corrects_the_state_and_the_activity_feed_says_so(
    client, organiser, campaign, war_party, otter
):
    page = login(client, organiser).get(reverse("figure-correct", args=[otter.id]))
    assertContains(page, '<option value="captive">Held captive</option>', html=True)
    response = client.post(
        reverse("figure-correct", args=[otter.id]), form_data(otter, state="captive")
    )
    assert response.status_code == 302
    otter.refresh_from_db()
    assert otter.state == "captured"
    feed = client.get(reverse("campaign", args=[campaign.id]))
    assertContains(feed, "state alive → held captive")
