"""Issue 25, finding 7: a private campaign answered "No such campaign." and a missing id "No
Campaign matches the given query.", which told a stranger which ids exist. Everywhere a
campaign (or anything of one) is looked up, a private one and a missing one get the same 404
and the same body.

Named people: a stranger (signed in, a member of nothing) and the organiser.
"""

from __future__ import annotations

import pytest

from campaign.models import Campaign
from tests.campaign.games_support import signed_in

MISSING = 987_654

CAMPAIGN_PATHS = [
    "/api/campaigns/{id}/",
    "/api/warbands/?campaign={id}",
    "/api/games/?campaign={id}",
    "/api/campaigns/{id}/league/",
    "/api/campaigns/{id}/export/",
    "/api/campaigns/{id}/export/rosters.csv",
    "/api/campaigns/{id}/export/league.csv",
]


@pytest.mark.parametrize("path", CAMPAIGN_PATHS)
def test_finding_7_a_private_campaign_and_a_missing_id_answer_alike(campaign, stranger, path):
    assert not Campaign.objects.get(pk=campaign.pk).is_public
    api = signed_in(stranger)

    private = api.get(path.format(id=campaign.id))
    missing = api.get(path.format(id=MISSING))

    assert private.status_code == missing.status_code == 404
    assert private.json() == missing.json() == {"detail": "No such campaign."}


@pytest.mark.parametrize(
    ("path", "what"),
    [
        ("/api/warbands/{id}/", "warband"),
        ("/api/games/{id}/", "game"),
        ("/api/postgames/{id}/", "post-game sequence"),
    ],
)
def test_finding_7_a_private_campaigns_rows_and_missing_ids_answer_alike(
    sequence, war_party, battle, stranger, path, what
):
    ids = {"warband": war_party.id, "game": battle.id, "post-game sequence": sequence.id}
    api = signed_in(stranger)

    private = api.get(path.format(id=ids[what]))
    missing = api.get(path.format(id=MISSING))

    assert private.status_code == missing.status_code == 404
    assert private.json() == missing.json()


def test_finding_7_the_pages_answer_a_private_and_a_missing_campaign_alike(client, campaign):
    for path in ("/campaigns/{id}/", "/campaigns/{id}/league/"):
        private = client.get(path.format(id=campaign.id))
        missing = client.get(path.format(id=MISSING))
        assert private.status_code == missing.status_code == 404
        assert private.content == missing.content
