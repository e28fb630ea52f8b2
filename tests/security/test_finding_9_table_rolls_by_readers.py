"""Issue 25, finding 9: a signed-in stranger wrote roll-log rows (TableLog) into a public
campaign through the table calculators, `POST /api/tables/shooting/ {"shooter": <id>}`. Reading
a public campaign is not playing in it: a roll with a campaign's figure is its members' (403 to
a reader who does not play in it, 404 to a stranger to a private campaign, as the other writes).

Named people: the player (a member), a stranger.
"""

from __future__ import annotations

import pytest

from campaign.models import Campaign, TableLog
from tests.campaign.games_support import figure, signed_in

SHOOT, MELEE = "/api/tables/shooting/", "/api/tables/melee/"
MORALE, RALLY, LAST_WOUND = "/api/tables/morale/", "/api/tables/rally/", "/api/tables/last-wound/"


def _bodies(war_party, patrol) -> list[tuple[str, dict]]:
    elk, pike = figure(war_party, "Running Elk").id, figure(patrol, "Sgt. Pike").id
    return [
        (SHOOT, {"shooter": elk, "range": "short"}),
        (MELEE, {"attacker": elk, "defender": pike, "attacker_factors": [],
                 "defender_factors": []}),
        (MORALE, {"figure": elk, "modifiers": []}),
        (RALLY, {"figure": elk, "modifiers": []}),
        (LAST_WOUND, {"figure": elk}),
    ]  # fmt: skip


@pytest.mark.parametrize("public", [True, False], ids=["public", "private"])
def test_finding_9_a_stranger_logs_no_roll_into_a_campaign(
    campaign, war_party, patrol, stranger, public
):
    Campaign.objects.filter(pk=campaign.pk).update(is_public=public)
    api = signed_in(stranger)

    for url, body in _bodies(war_party, patrol):
        answer = api.post(url, body, format="json")
        assert answer.status_code == (403 if public else 404), (url, answer.content)
        assert "errors" in answer.json() or "detail" in answer.json()

    assert not TableLog.objects.exists()


def test_finding_9_a_member_still_rolls_and_a_figureless_roll_is_anyones(
    campaign, player, war_party, patrol, stranger
):
    Campaign.objects.filter(pk=campaign.pk).update(is_public=True)
    shot = signed_in(player).post(
        SHOOT, {"shooter": figure(war_party, "Running Elk").id, "range": "short"}, format="json"
    )
    assert shot.status_code == 200
    assert TableLog.objects.get().campaign_id == campaign.id

    wound = signed_in(stranger).post(LAST_WOUND, {}, format="json")  # no figure: no campaign
    assert wound.status_code == 200
    assert TableLog.objects.filter(campaign__isnull=True).count() == 1
