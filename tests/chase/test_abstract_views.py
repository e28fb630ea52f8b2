"""The abstract chase's pages: the lobby's choices (templates, length, terrain, a campaign's
warband for its members), the table's ladder and the game master's controls."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.test import Client

from chase.engines.odds import Odds
from chase.models import GameSession
from chase.services import odds as odds_service
from chase.services import sessions as services
from tests.chase.conftest import new_game, play_randomly, seat
from tests.factories import CampaignFactory, FigureFactory, UserFactory, WarbandFactory, member

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _buttons(html: str) -> list[dict]:
    values = re.findall(r'name="action" value="([^"]+)"', html)
    return [json.loads(v.replace("&quot;", '"').replace("&#x27;", "'")) for v in values]


def test_the_lobby_offers_the_chases_templates_length_and_terrain(client):
    html = client.get("/play/?kind=abstract", **HTMX).content.decode()

    assert 'name="abstract-template"' in html and "Road: courier and dragoons" in html
    assert 'name="abstract-length"' in html and "Dogfight: until one side withdraws" in html
    assert 'name="abstract-terrain"' in html
    assert html.count('class="seat-row"') == 5  # the game master and the canoe chase's four
    assert 'name="abstract-warband"' not in html  # nobody signed in: no campaign


def test_choosing_the_road_chase_redraws_the_seats(client):
    html = client.get("/play/?kind=abstract&abstract-template=road", **HTMX).content.decode()

    rows = re.findall(r'data-role="([^"]+)"', html)
    assert rows == ["gm", "p1", "p2", "p3"]
    assert "Lachance (courier)" in html


@pytest.fixture
def coureurs():
    """A campaign's warband: a Hero of reputation 5, a Veteran of 3, a captive, a Trooper."""
    campaign = CampaignFactory()
    owner = member(campaign, UserFactory(username="roux"))
    warband = WarbandFactory(campaign=campaign, owner=owner, name="Coureurs", state="founded")
    FigureFactory(warband=warband, name="Roux", status="hero", reputation=5, position=1)
    FigureFactory(warband=warband, name="Old Jacques", status="veteran", reputation=3, position=2)
    FigureFactory(warband=warband, name="Taken", reputation=2, position=3, state="captured")
    FigureFactory(warband=warband, name="Petit", status="trooper", reputation=2, position=4)
    return warband


def test_a_member_plays_the_prey_with_the_figures_of_a_warband_of_their_campaign(coureurs):
    client = Client()
    client.force_login(coureurs.owner)
    lobby = client.get("/play/?kind=abstract", **HTMX).content.decode()
    assert f'<option value="{coureurs.pk}">Coureurs ({coureurs.campaign.name})</option>' in lobby

    response = client.post(
        "/play/new/",
        {
            "kind": "abstract",
            "mode": "hotseat",
            "abstract-template": "canoe",
            "abstract-warband": str(coureurs.pk),
            "abstract-warband_side": "prey",
        },
    )

    assert response.status_code == 302, response.content.decode()[:3000]
    participants = GameSession.objects.get().options["participants"]
    assert [(p["name"], p["side"], p["trait_die"], p["wild_card"]) for p in participants] == [
        ("Roux", "trappers", "d12", True),  # reputation 5, a Hero: a wild card
        ("Old Jacques", "trappers", "d8", False),
        ("Petit", "trappers", "d6", False),  # the captive stays out
        ("Grey Wolf", "Indians", "d10", True),
        ("War canoe", "Indians", "d6", False),
    ]
    assert {p["top_speed"] for p in participants[:3]} == {5}  # the canoe they paddle


def test_the_warband_may_take_the_pursuers_places_instead(coureurs):
    client = Client()
    client.force_login(coureurs.owner)

    html = client.get(
        f"/play/?kind=abstract&abstract-warband={coureurs.pk}&abstract-warband_side=pursuers",
        **HTMX,
    ).content.decode()

    assert re.findall(r'data-role="([^"]+)"', html) == ["gm", "p1", "p2", "p3", "p4", "p5"]
    assert "Roux (Indians)" in html and "Pierre (trappers)" in html


def test_a_stranger_is_not_offered_another_campaigns_warband_and_cannot_post_it(coureurs):
    client = Client()
    client.force_login(UserFactory(username="stranger"))
    assert "Coureurs" not in client.get("/play/?kind=abstract", **HTMX).content.decode()

    response = client.post(
        "/play/new/",
        {"kind": "abstract", "mode": "hotseat", "abstract-warband": str(coureurs.pk)},
    )

    assert response.status_code == 400
    assert not GameSession.objects.exists()


def _table_as(role: str, session: GameSession) -> str:
    client = Client()
    client.get(f"/play/{session.pk}/?seat={seat(session, role).token}")
    return client.get(f"/play/{session.pk}/").content.decode()


def test_the_game_master_sees_the_ladder_and_tells_what_each_attack_does(seeded):
    seeded(3)
    session = new_game(kind="abstract", mode="solo", play_as="gm", template="road")
    assert session.state["phase"] in ("act", "between")  # the computer riders rolled and acted

    html = _table_as("gm", session)

    assert 'class="ladder"' in html and html.count('class="band ') == 4
    assert 'class="chase-card' in html
    assert "Round 1 of 5" in html
    buttons = _buttons(html)
    assert buttons and all(b["type"] in ("resolve", "next", "record") for b in buttons)
    if session.state["pending"]:
        assert 'id="pending"' in html and "The game master decides" in html
    else:
        assert 'id="records"' in html and "Start round 2" in html


def test_a_participant_sees_no_other_participants_cards_before_they_are_turned(seeded):
    seeded(6)
    session = new_game(kind="abstract", mode="hotseat", template="road")
    roll = next(a for a in _buttons(_table_as("p1", session)) if a["type"] == "roll")
    services.session_act(
        session_id=session.pk, token=seat(session, "p1").token, version=0, action=roll
    )
    session.refresh_from_db()
    drawn = session.state["participants"][0]["drawn"]
    assert drawn

    mine = _table_as("p1", session)
    theirs = _table_as("p2", session)

    assert all(f'data-card="{card}"' in mine for card in drawn)
    assert not any(f'data-card="{card}"' in theirs for card in drawn)
    words = re.sub(r"<[^>]+>", "", theirs)
    assert "Choosing a card: Lachance" in words or "Card face down: Lachance" in words


def test_the_game_master_may_play_everyone_hot_seat_to_the_end_and_ask_a_rematch(client, seeded):
    seeded(8)
    response = client.post(
        "/play/new/",
        {"kind": "abstract", "mode": "hotseat", "abstract-template": "road"},
    )
    session = GameSession.objects.get()
    url = response.url
    for _ in range(600):
        html = client.get(url).content.decode()
        if 'id="winner"' in html:
            break
        version = re.search(r'data-version="(\d+)"', html).group(1)
        role = re.search(r'name="role" value="([^"]*)"', html).group(1)
        passing = re.search(r'action="(/play/\d+/device/[^"]+/)"', html)
        if passing:  # "I am ...": the next seat to move takes the device
            client.post(passing.group(1))
            continue
        buttons = _buttons(html)
        gentle = [b for b in buttons if b.get("result") in ("hit", "unhurt", "recovers")]
        action = (gentle or buttons)[0]
        client.post(
            f"/play/{session.pk}/act/",
            {"role": role, "version": version, "action": json.dumps(action)},
        )
    else:
        raise AssertionError("the chase did not end")

    session.refresh_from_db()
    assert session.status == "finished" and session.state["round"] <= 5
    assert set(session.log.values_list("role", flat=True)) >= {"gm", "p1", "p2", "p3"}
    assert "What became of them" in html
    rematch = client.post(f"/play/{session.pk}/rematch/")
    assert rematch.status_code == 302
    again = GameSession.objects.get(rematch_of=session)
    assert again.kind == "abstract" and again.options == session.options


def test_the_replay_shows_the_chase_step_by_step(seeded):
    seeded(9)
    session = new_game(kind="abstract", mode="solo", play_as="gm", template="road")

    html = Client().get(f"/play/{session.pk}/replay/?step=1").content.decode()

    assert 'class="ladder"' in html
    assert "rolls d" in html


@pytest.mark.parametrize(
    ("length", "meaning", "rows"),
    [
        pytest.param(
            "standard",
            "the courier if any of them is still free after the last round, the dragoons if "
            "they stop every one of them",
            {"courier": "The courier, escaping", "dragoons": "The dragoons, catching them"},
            id="A1-standard",
        ),
        pytest.param(
            "dogfight",
            "the side left holding the field",
            {"courier": "The courier, holding the field"},
            id="A1-dogfight",
        ),
    ],
)
def test_a_seat_asks_its_chances_and_is_told_what_they_mean(settings, length, meaning, rows):
    settings.CHASE_ODDS_PLAYOUTS = 30
    session = new_game(kind="abstract", mode="hotseat", template="road", length=length)
    client = Client()
    client.get(f"/play/{session.pk}/?seat={seat(session, 'p1').token}")
    assert (
        f'hx-get="/play/{session.pk}/odds/?role=p1"'
        in client.get(f"/play/{session.pk}/").content.decode()
    )

    answer = client.get(f"/play/{session.pk}/odds/?role=p1", **HTMX)

    assert answer.status_code == 200
    html = answer.content.decode()
    assert meaning in html
    for side, words in rows.items():
        assert re.search(rf'data-role="{side}"><span class="odds-who">{words}</span>', html)
    assert "From 30 games played out" in html and "± " in html


def test_the_game_masters_sure_looking_chances_are_not_called_certain(settings, monkeypatch):
    """Issue 33: "100% / 0%, ± 0.0" at the start of a canoe chase the Indians then won. When
    every playout of the computer game master (no harm recorded) ends one way, as there, that
    is no proof: the page says "over 99%" with the interval, never 100%."""
    settings.CHASE_ODDS_PLAYOUTS = 30
    every_playout_one_way = Odds(30, 0.0, {"trappers": 1.0, "Indians": 0.0})
    monkeypatch.setattr(odds_service, "win_odds", lambda *a, **k: every_playout_one_way)
    session = new_game(kind="abstract", mode="hotseat")
    client = Client()
    client.get(f"/play/{session.pk}/?seat={seat(session, 'gm').token}")

    html = client.get(f"/play/{session.pk}/odds/?role=gm", **HTMX).content.decode()

    percents = re.findall(r'class="odds-percent">([^<]+)<', html)
    assert percents == ["over 99%", "under 1%"]
    assert "100%" not in html and "Certain" not in html
    assert "Not certain: 30 games played out are not a proof" in html
    assert "± 0.0" not in html
    assert "With 95% confidence: the trappers, escaping 88.6–100.0%; the Indians, catching " in html


def test_the_chances_at_the_end_of_a_finished_chase_are_certain_and_say_why(settings):
    settings.CHASE_ODDS_PLAYOUTS = 30
    session = new_game(kind="abstract", mode="hotseat")
    session = play_randomly(session, random.Random(3), steps=3000)
    assert session.status == GameSession.Status.FINISHED
    last = session.log.count() - 1

    html = Client().get(f"/play/{session.pk}/odds/?step={last}", **HTMX).content.decode()

    assert "Certain:</strong> The game is over." in html
    assert sorted(re.findall(r'class="odds-percent">([^<]+)<', html)) in (
        ["0%", "100%"], ["0%", "0%"],
    )  # fmt: skip
    assert "Not certain" not in html
