"""The roster page, its print view and the organiser's treasury correction.

The war party is the demo's (tests.factories.WAR_PARTY), founded by the player with typed dice:
127 of 200 spent, £73 left, rating 200 (C2, C11).
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains, assertRedirects

from campaign.models import EquipmentPiece, Figure, LedgerEntry
from tests.factories import CampaignFactory, FigureFactory, WarbandFactory, founded_war_party


def login(client, user):
    client.force_login(user)
    return client


def card(response, figure: Figure) -> str:
    """The HTML of one figure's card on the roster page."""
    html = response.content.decode()
    start = html.index(f'id="figure-{figure.id}"')
    return html[start : html.index("</article>", start)]


def roster_url(warband):
    return reverse("warband", args=[warband.id])


# --- the roster page ---------------------------------------------------------------------------

# name, profile name, status, reputation, movement (C7), equipment, skills (C6), experience (C8)
ROSTER = [
    ("Running Elk", "Indian Chief", "Hero", 4, "7/4", "Bow (5), Tomahawk (1)",
     ["Fierce", "Expert trader"], "starting 30, now 30"),
    ("Grey Wolf", "Veteran Brave", "Veteran", 3, "9/5", "Musket (10)", ["Tough"],
     "starting 19, now 19"),
    ("Swift Otter", "Brave", "Trooper", 2, "6/3", "Bow (5)", [], "starting 11, now 11"),
    ("Red Hawk", "Brave", "Trooper", 2, "6/3", "Bow (5), Shield (3)", [], "starting 11, now 11"),
    ("Little Bear", "Brave", "Trooper", 2, "6/3", "Indian lance (4)", [], "starting 11, now 11"),
    ("Quiet Fox", "Brave", "Trooper", 2, "6/3", "Tomahawk (1)", [], "starting 11, now 11"),
]  # fmt: skip


@pytest.mark.parametrize(
    "name, profile, status, reputation, move, equipment, skills, experience",
    ROSTER,
    ids=[f"C7-{row[0].replace(' ', '-')}" for row in ROSTER],
)
def test_the_roster_shows_each_figures_numbers(
    client,
    war_party,
    player,
    name,
    profile,
    status,
    reputation,
    move,
    equipment,
    skills,
    experience,
):
    response = login(client, player).get(roster_url(war_party))
    html = card(response, war_party.figures.get(name=name))
    assert f"<strong>{name}</strong>" in html
    assert profile in html
    assert f'<span class="tag">{status}</span>' in html
    assert f"<dt>Reputation</dt><dd>{reputation}</dd>" in html
    assert f"<dt>Move</dt><dd>{move}</dd>" in html
    assert f'<span class="label">Equipment</span> {equipment}</p>' in html
    for skill in skills:
        assert f">{skill}</abbr>" in html
    if not skills:
        assert '<span class="label">Skills</span> none</p>' in html
    assert f'<dt>Experience</dt><dd class="xp">{experience}</dd>' in html


def ledger(response) -> list[list[str]]:
    """The ledger table's rows as cell texts, the dates left out (the phone's too)."""
    html = response.content.decode()
    body = html[html.index('<table id="ledger">') :]
    body = body[body.index("<tbody>") : body.index("</tbody>")]
    body = re.sub(r'<small class="narrow-only[^>]*>.*?</small><br class="narrow-only">', "", body)
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    return [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)[1:] for row in rows]


def test_the_roster_shows_treasury_rating_and_every_ledger_line(client, war_party, player):
    response = login(client, player).get(roster_url(war_party))
    assertContains(response, '<strong id="treasury">£73</strong>', html=True)
    assertContains(response, '<strong id="rating">200</strong>', html=True)
    assert ledger(response) == [
        ["Starting budget", "+£200", "£0", "£200"],
        ["Figures and equipment at founding", "−£127", "£200", "£73"],
    ]


def test_lasting_injuries_change_the_numbers_on_the_card(client, war_party, player):
    otter = war_party.figures.get(name="Swift Otter")
    otter.injuries = ["leg_wound", "chest_wound"]
    otter.shooting_increase = 1
    otter.save()
    html = card(login(client, player).get(roster_url(war_party)), otter)
    assert "<dt>Move</dt><dd>4/1</dd>" in html  # C14: 6/3, -1 leg, -1 chest on both rates
    assert "<dt>Melee</dt><dd>-1</dd>" in html
    assert "<dt>Shooting</dt><dd>+0</dd>" in html  # +1 increase, -1 chest wound
    assert "Leg wound: movement -1&quot;" in html
    assert "Chest wound: -1 movement, shooting and melee" in html


@pytest.mark.parametrize("state", ["dead", "sold", "departed"])
def test_dead_sold_and_departed_figures_leave_the_grid_for_former_members(
    client, war_party, player, state
):
    fox = war_party.figures.get(name="Quiet Fox")
    fox.state = state
    fox.save()
    html = login(client, player).get(roster_url(war_party)).content.decode()
    grid = html[html.index('<div class="roster">') : html.index("<h2>Former members</h2>")]
    former = html[html.index('<ul class="former" id="former">') :]
    former = former[: former.index("</ul>")]
    assert f'id="figure-{fox.id}"' not in grid
    assert "Quiet Fox" in former
    assert f"· {state}" in former
    assert "Swift Otter" in grid


def test_kit_in_storage_is_listed_by_its_name_and_price(client, war_party, player):
    EquipmentPiece.objects.create(warband=war_party, key="hand_weapon", price=2)
    EquipmentPiece.objects.create(warband=war_party, key="lance", price=4)
    response = login(client, player).get(roster_url(war_party))
    assertContains(response, "<h2>Storage</h2>")
    assertContains(response, "<p>Hand weapon (2), Indian lance (4)</p>")


def test_a_stranger_cannot_see_a_roster_in_a_private_campaign(client, war_party, stranger):
    assert login(client, stranger).get(roster_url(war_party)).status_code == 404
    assert client.get(reverse("warband-print", args=[war_party.id])).status_code == 404


def test_an_opponent_reads_the_roster_but_gets_no_correction_form(client, war_party, other_player):
    response = login(client, other_player).get(roster_url(war_party))
    assertContains(response, "Running Elk")
    assertNotContains(response, reverse("warband-treasury", args=[war_party.id]))


def test_anyone_reads_a_roster_in_a_public_campaign(client, db):
    war_party = founded_war_party(CampaignFactory(is_public=True))
    response = client.get(roster_url(war_party))
    assertContains(response, "Magalakutway")
    assertContains(response, "Running Elk")
    assertNotContains(response, reverse("warband-treasury", args=[war_party.id]))


# --- the print view ----------------------------------------------------------------------------


def test_the_print_view_has_a_card_per_figure_as_the_seed_prints_it(client, war_party, player):
    response = login(client, player).get(reverse("warband-print", args=[war_party.id]))
    html = response.content.decode()
    assert html.count('<section class="card">') == 6
    for name, *_ in ROSTER:
        assert f"<strong>{name}</strong>" in html
    assert "War party · Magalakutway" in html
    assert "Weapons total = 6" in html  # the Chief: bow 5 + tomahawk 1
    assert "Starting level = 30 &nbsp; Current level = 30" in html
    assert "7/4 &nbsp; +0 shooting &nbsp; +0 melee &nbsp; +0 morale" in html
    assert "Fierce: Extra +1 when charging." in html


def test_the_print_view_leaves_out_the_dead(client, war_party, player):
    war_party.figures.filter(name="Quiet Fox").update(state=Figure.State.DEAD)
    response = login(client, player).get(reverse("warband-print", args=[war_party.id]))
    assertNotContains(response, "Quiet Fox")
    assert response.content.decode().count('<section class="card">') == 5


# --- the organiser's treasury correction --------------------------------------------------------


def treasury_url(warband):
    return reverse("warband-treasury", args=[warband.id])


def test_the_organiser_corrects_a_treasury_and_the_ledger_says_why(client, war_party, organiser):
    login(client, organiser)
    assertContains(client.get(roster_url(war_party)), treasury_url(war_party))
    response = client.post(
        treasury_url(war_party), {"amount": "-10", "reason": "Income counted twice"}, follow=True
    )
    assertRedirects(response, roster_url(war_party))
    assertContains(response, "Treasury corrected.")
    assert ledger(response)[-1] == [
        "Organiser&#x27;s correction: Income counted twice",
        "−£10",
        "£73",
        "£63",
    ]
    assertContains(response, '<strong id="treasury">£63</strong>', html=True)
    assertContains(response, '<strong id="rating">190</strong>', html=True)  # C11
    entry = war_party.ledger.last()
    assert (entry.amount, entry.before, entry.after, entry.actor) == (-10, 73, 63, organiser)


def test_a_correction_below_zero_is_refused_and_nothing_moves(client, war_party, organiser):
    response = login(client, organiser).post(
        treasury_url(war_party), {"amount": "-74", "reason": "Fine"}
    )
    assertContains(response, "holds only £73", status_code=400)
    war_party.refresh_from_db()
    assert war_party.treasury == 73
    assert war_party.ledger.count() == 2


@pytest.mark.parametrize(
    "data",
    [{"amount": "5", "reason": ""}, {"amount": "five", "reason": "Typo"}, {"amount": "5"}],
    ids=["no-reason", "amount-in-words", "reason-missing"],
)
def test_a_correction_without_a_whole_amount_and_a_reason_writes_nothing(
    client, war_party, organiser, data
):
    response = login(client, organiser).post(treasury_url(war_party), data, follow=True)
    assertContains(response, "Give a whole amount and a reason.")
    assert war_party.ledger.count() == 2


@pytest.mark.parametrize("who", ["owner", "opponent"])
def test_a_player_may_not_correct_a_treasury(client, war_party, player, other_player, who):
    user = player if who == "owner" else other_player
    response = login(client, user).post(
        treasury_url(war_party), {"amount": "500", "reason": "Found gold"}
    )
    assert response.status_code == 403
    war_party.refresh_from_db()
    assert war_party.treasury == 73
    assert war_party.ledger.count() == 2


def test_a_stranger_cannot_even_find_the_treasury(client, war_party, stranger):
    response = login(client, stranger).post(
        treasury_url(war_party), {"amount": "500", "reason": "Found gold"}
    )
    assert response.status_code == 404
    assert war_party.ledger.count() == 2


# --- a page costs the same queries for 1 or 15 figures ------------------------------------------


def warband_of(campaign, owner, size: int):
    """A founded warband of `size` figures, each with two pieces of kit, a skill and an injury,
    plus a piece in storage and two ledger lines: everything the roster reads per row."""
    warband = WarbandFactory(
        campaign=campaign, owner=owner, state="founded", treasury=50, name=f"Band of {size}"
    )
    for n in range(size):
        figure = FigureFactory(
            warband=warband, name=f"Brave {n}", skills=["fierce"], injuries=["leg_wound"]
        )
        EquipmentPiece.objects.create(warband=warband, figure=figure, key="bow", price=5)
        EquipmentPiece.objects.create(warband=warband, figure=figure, key="tomahawk", price=1)
    EquipmentPiece.objects.create(warband=warband, key="lance", price=4)
    for amount, before in ((200, 0), (-150, 200)):
        LedgerEntry.objects.create(
            warband=warband, amount=amount, before=before, after=before + amount, reason="Founding"
        )
    return warband


@pytest.mark.usefixtures("one_minute")  # a minute crossed between the two would count a render
@pytest.mark.parametrize("page", ["warband", "warband-print"])
def test_a_roster_of_fifteen_costs_the_same_queries_as_a_roster_of_one(
    client, campaign, player, page
):
    one, fifteen = warband_of(campaign, player, 1), warband_of(campaign, player, 15)
    login(client, player).get(reverse(page, args=[one.id]))  # the session and user, once
    with CaptureQueriesContext(connection) as small:
        small_page = client.get(reverse(page, args=[one.id]))
    with CaptureQueriesContext(connection) as big:
        big_page = client.get(reverse(page, args=[fifteen.id]))
    assertContains(small_page, "Bow (5), Tomahawk (1)", count=1)
    assertContains(big_page, "Bow (5), Tomahawk (1)", count=15)
    assert len(big) == len(small), [q["sql"] for q in big.captured_queries]


def test_the_roster_shows_the_dice_of_the_starting_skills_rolled_at_founding(
    client, war_party, player
):
    html = login(client, player).get(roster_url(war_party)).content.decode()
    rolls = html[
        html.index('id="founding-rolls"') : html.index("</ul>", html.index('id="founding-rolls"'))
    ]
    assert "Running Elk&#x27;s starting skill: D6 4: Combat: Fierce" in rolls
    assert "Grey Wolf&#x27;s starting skill: D6" in rolls
    assert "dice typed in" in rolls
