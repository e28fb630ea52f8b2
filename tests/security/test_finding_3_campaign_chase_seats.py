"""Issue 25, finding 3: a stranger took a member's seat in a campaign chase, even in a private
campaign. A campaign chase is never in the public lobby; only the warband's owner (or the
organiser) takes its seat, by the lobby's sit, by its invite link or by the API; and a stranger
sees nothing of a private campaign's names through the chase's pages.

Named people: the player (starts the chase across two browsers, playing the trappers with their
war party), the other player (owns the patrol paddling the Indian canoes), the organiser and a
stranger.
"""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from campaign.models import Campaign
from campaign.services import chases
from chase.models import GameSession
from tests.campaign.test_chases_services import rowers


def _start(campaign, player, war_party, patrol, *, public: bool):
    Campaign.objects.filter(pk=campaign.pk).update(is_public=public)
    chase = chases.chase_start(
        campaign=campaign, actor=player, trappers=war_party.id, indians=patrol.id,
        rowers=rowers(war_party, patrol), mode=GameSession.Mode.MULTI, play_as="trapper",
    )  # fmt: skip
    return chase.session


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _indian_seat(session: GameSession):
    return session.seats.get(role="indian")


@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
def test_finding_3_a_campaign_chase_is_never_in_the_public_lobby(
    campaign, player, war_party, patrol, stranger, public
):
    session = _start(campaign, player, war_party, patrol, public=public)
    assert session.status == GameSession.Status.WAITING  # a free seat waits for its player

    for client in (_client(), _client(stranger)):
        lobby = client.get("/play/").content.decode()
        assert f"/play/{session.id}/" not in lobby
        assert "Ohio Valley" not in lobby and "Magalakutway" not in lobby


@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
def test_finding_3_a_stranger_cannot_take_a_members_seat(
    campaign, player, war_party, patrol, stranger, public
):
    session = _start(campaign, player, war_party, patrol, public=public)
    invite = _indian_seat(session).invite

    for client in (_client(), _client(stranger)):
        sat = client.post(f"/play/{session.id}/sit/indian/")
        assert sat.status_code in (403, 404), sat.status_code
        joined = client.get(f"/play/join/{invite}/")
        assert joined.status_code in (403, 404), joined.status_code
    api = APIClient()
    api.force_authenticate(stranger)
    answer = api.post(f"/api/sessions/{session.id}/join/", {"invite": invite}, format="json")
    assert answer.status_code in (403, 404), answer.content

    seat = _indian_seat(session)
    assert seat.taken_at is None and seat.user is None and seat.invite == invite


def test_finding_3_the_warbands_owner_takes_the_seat_by_its_invite(
    campaign, player, other_player, war_party, patrol
):
    session = _start(campaign, player, war_party, patrol, public=False)
    owner = _client(other_player)

    joined = owner.get(f"/play/join/{_indian_seat(session).invite}/")

    assert joined.status_code == 302
    seat = _indian_seat(session)
    assert seat.user == other_player and seat.taken_at is not None
    assert 'id="you"' in owner.get(f"/play/{session.id}/").content.decode()


def test_finding_3_the_organiser_or_the_owner_may_sit_from_the_chase_link(
    campaign, organiser, player, other_player, war_party, patrol
):
    session = _start(campaign, player, war_party, patrol, public=False)
    # A member who owns neither warband is refused; the organiser may take the seat.
    assert _client(player).post(f"/play/{session.id}/sit/indian/").status_code == 403
    assert _client(organiser).post(f"/play/{session.id}/sit/indian/").status_code == 302
    assert _indian_seat(session).user == organiser


def test_finding_3_a_stranger_sees_nothing_of_a_private_campaign_through_the_chase(
    campaign, player, war_party, patrol, stranger
):
    session = _start(campaign, player, war_party, patrol, public=False)
    for client in (_client(), _client(stranger)):
        for path in (f"/play/{session.id}/", f"/play/{session.id}/replay/"):
            response = client.get(path)
            assert response.status_code == 404, path
            assert b"Ohio Valley" not in response.content and b"player" not in response.content
        view = client.get(f"/api/sessions/{session.id}/view/")
        assert view.status_code == 404 and b"player" not in view.content
        assert view.json() == client.get(f"/api/sessions/{session.id + 99}/view/").json()


def test_finding_3_a_public_campaigns_chase_is_watched_but_not_joined(
    campaign, player, war_party, patrol, stranger
):
    session = _start(campaign, player, war_party, patrol, public=True)
    table = _client(stranger).get(f"/play/{session.id}/")
    assert table.status_code == 200
    assert "A campaign chase in Ohio Valley 1755" in table.content.decode()
    assert 'id="you"' not in table.content.decode()
