"""Finding 11: a wrong invite code answered 400 for a private campaign and 404 for an id that
does not exist, which told a stranger which ids are private campaigns."""

from __future__ import annotations

from rest_framework.test import APIClient


def test_finding_11_a_wrong_code_answers_the_same_for_a_private_campaign_and_a_missing_id(
    campaign, stranger
):
    client = APIClient()
    client.force_authenticate(stranger)
    code = {"invite_code": "WRONGCODE9"}
    private = client.post(f"/api/campaigns/{campaign.id}/join/", code, format="json")
    missing = client.post(f"/api/campaigns/{campaign.id + 1000}/join/", code, format="json")
    assert campaign.is_public is False
    assert (private.status_code, private.json()) == (missing.status_code, missing.json())
    assert private.status_code == 400
