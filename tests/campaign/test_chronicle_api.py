"""The chronicle API: reading a campaign's chronicle, a member's line added and taken back.

People: the organiser, a player, another player, a stranger; the campaign is private.
"""

from __future__ import annotations

import pytest

from campaign.demo import load_demo
from campaign.models import ChronicleLine
from campaign.models.chronicle import LINE_MAX
from tests.campaign.games_support import file_battle, signed_in


@pytest.fixture
def game(campaign, organiser, war_party, patrol):
    return file_battle(campaign, war_party, patrol, organiser)  # confirmed at once


def lines_url(game) -> str:
    return f"/api/campaigns/{game.campaign_id}/chronicle/{game.id}/lines/"


def test_the_demo_chronicle_is_read_with_each_statement_and_its_record(db):
    campaign = load_demo()
    response = signed_in(campaign.organiser).get(f"/api/campaigns/{campaign.id}/chronicle/")
    assert response.status_code == 200
    [entry] = response.json()["entries"]
    assert (entry["number"], entry["date"], entry["title"]) == (
        1, "2025-05-03", "Magalakutway v The 44th Foot Patrol")  # fmt: skip
    assert [(s["name"], s["player"], s["result"]) for s in entry["sides"]] == [
        ("Magalakutway", "alice", "won"), ("The 44th Foot Patrol", "bob", "lost")]  # fmt: skip
    bought = next(s for s in entry["statements"] if s["kind"] == "spending")
    assert bought["text"] == "Magalakutway bought a Musket for Swift Otter for £10."
    assert bought["url"].startswith("/postgames/")
    assert bought["ledger"] == [{"warband": entry["sides"][0]["warband"], "amount": -10}]
    assert entry["text"].startswith("Game 1, 3 May 2025: Magalakutway v The 44th Foot Patrol")


def test_a_stranger_gets_404_for_a_private_chronicle_and_its_lines(stranger, campaign, game):
    client = signed_in(stranger)
    assert client.get(f"/api/campaigns/{campaign.id}/chronicle/").status_code == 404
    assert client.post(lines_url(game), {"text": "Hi"}, format="json").status_code == 404


def test_a_player_adds_a_line_and_reads_it_in_the_entry(player, campaign, game):
    client = signed_in(player)
    response = client.post(lines_url(game), {"text": "We held the ford"}, format="json")
    assert response.status_code == 201
    assert (response.json()["author"], response.json()["text"]) == ("player", "We held the ford")
    [entry] = client.get(f"/api/campaigns/{campaign.id}/chronicle/").json()["entries"]
    assert [(line["author"], line["text"]) for line in entry["player_lines"]] == [
        ("player", "We held the ford")
    ]
    assert all(s["text"] != "We held the ford" for s in entry["statements"])  # kept apart


def test_a_line_too_long_is_refused_naming_the_field(player, game):
    response = signed_in(player).post(
        lines_url(game), {"text": "x" * (LINE_MAX + 1)}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "text"
    assert not ChronicleLine.objects.exists()


def test_only_the_author_deletes_a_line(player, other_player, game):
    created = signed_in(player).post(lines_url(game), {"text": "Ours"}, format="json").json()
    url = f"{lines_url(game)}{created['id']}/"
    assert signed_in(other_player).delete(url).status_code == 403
    assert signed_in(player).delete(url).status_code == 204
    assert not ChronicleLine.objects.exists()
