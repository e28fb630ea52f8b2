"""Finding 7: a captive was ransomed for £0 by its owner alone. A ransom is an offer by the
owner (at least 1) that the captor's owner accepts (or the organiser records); until then the
captor may still sell (C16)."""

from __future__ import annotations

from campaign.models import Figure, Warband
from tests.campaign.games_support import signed_in


def treasuries(*warbands) -> list[int]:
    return [Warband.objects.get(pk=w.pk).treasury for w in warbands]


def test_finding_7_a_ransom_needs_the_captors_acceptance(
    red_hawk, war_party, patrol, player, other_player
):
    before = treasuries(war_party, patrol)
    owner = signed_in(player)
    free = owner.post(f"/api/captives/{red_hawk.id}/ransom/", {"price": 0}, format="json")
    assert free.status_code == 400
    assert free.json()["errors"][0]["field"] == "price"

    offer = owner.post(f"/api/captives/{red_hawk.id}/ransom/", {"price": 12}, format="json")
    assert offer.status_code == 200
    assert (offer.json()["state"], offer.json()["ransom_offer"]) == ("captured", 12)
    assert treasuries(war_party, patrol) == before  # nothing paid on the owner's word alone
    assert Figure.objects.get(pk=red_hawk.pk).state == "captured"
    # the owner cannot accept his own offer
    own = owner.post(f"/api/captives/{red_hawk.id}/ransom/accept/", {}, format="json")
    assert own.status_code == 403

    # both rosters show the offer; the captor's has the button to accept it
    theirs = _games_page(other_player, patrol)
    assert "offers a ransom of <strong>£12</strong>" in theirs
    assert "Accept the ransom" in theirs
    assert "Ransom offered: <strong>£12</strong>" in _games_page(player, war_party)

    accepted = signed_in(other_player).post(
        f"/api/captives/{red_hawk.id}/ransom/accept/", {"price": 12}, format="json"
    )
    assert accepted.status_code == 200
    assert (accepted.json()["state"], accepted.json()["ransom_offer"]) == ("active", None)
    assert treasuries(war_party, patrol) == [before[0] - 12, before[1] + 12]


def test_finding_7_b_until_accepted_the_captor_may_still_sell(red_hawk, player, other_player):
    signed_in(player).post(f"/api/captives/{red_hawk.id}/ransom/", {"price": 12}, format="json")
    sold = signed_in(other_player).post(
        f"/api/captives/{red_hawk.id}/sell/", {"dice": [3]}, format="json"
    )
    assert sold.status_code == 200
    assert sold.json() == {
        "id": red_hawk.id, "warband": red_hawk.warband_id, "name": "Red Hawk", "state": "sold",
        "ransom_offer": None,
    }  # fmt: skip


def test_finding_7_c_an_offer_changed_since_it_was_read_is_a_409(red_hawk, player, other_player):
    owner, captor = signed_in(player), signed_in(other_player)
    owner.post(f"/api/captives/{red_hawk.id}/ransom/", {"price": 12}, format="json")
    owner.post(f"/api/captives/{red_hawk.id}/ransom/", {"price": 2}, format="json")
    stale = captor.post(f"/api/captives/{red_hawk.id}/ransom/accept/", {"price": 12}, format="json")
    assert stale.status_code == 409
    assert "changed to £2" in stale.json()["detail"]
    assert Figure.objects.get(pk=red_hawk.pk).state == "captured"


def test_finding_7_d_the_pages_offer_and_accept(client, red_hawk, war_party, patrol, player,
                                                 other_player):  # fmt: skip
    client.force_login(player)
    response = client.post(f"/figures/{red_hawk.id}/ransom/", {"price": "7"})
    assert response.status_code == 302
    assert Figure.objects.get(pk=red_hawk.pk).state == "captured"
    client.force_login(other_player)
    response = client.post(f"/figures/{red_hawk.id}/ransom/accept/", {"price": "7"})
    assert response.status_code == 302
    assert Figure.objects.get(pk=red_hawk.pk).state == "active"
    roster = client.get(f"/warbands/{patrol.id}/").content.decode()
    assert "Ransom for Red Hawk of Magalakutway received" in roster


def _games_page(user, warband) -> str:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.get(f"/warbands/{warband.id}/games/").content.decode()
