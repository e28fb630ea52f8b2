"""Issue 25, finding 11: `POST /api/campaigns/{id}/recalculate/` ran on a closed campaign. A
closed campaign's books are kept as they are: the recalculation is refused like every other
write (400 saying it is closed), by the API and by the league page's button, and no job is
queued."""

from __future__ import annotations

from django.utils import timezone

from campaign.models import Campaign
from core.content_version import campaign_scope
from core.models import Job
from tests.campaign.games_support import signed_in


def _close(campaign) -> None:
    Campaign.objects.filter(pk=campaign.pk).update(closed_at=timezone.now())


def test_finding_11_the_api_refuses_to_recalculate_a_closed_campaign(campaign, battle, organiser):
    _close(campaign)

    answer = signed_in(organiser).post(f"/api/campaigns/{campaign.id}/recalculate/")

    assert answer.status_code == 400, answer.content
    assert "is closed" in answer.json()["detail"]
    assert not Job.objects.filter(kind="recalculate").exists()


def test_finding_11_the_league_button_refuses_it_in_words(client, campaign, battle, organiser):
    _close(campaign)
    client.force_login(organiser)

    answer = client.post(f"/campaigns/{campaign.id}/recalculate/", HTTP_HX_REQUEST="true")

    assert answer.status_code == 400
    assert "is closed" in answer.content.decode()
    assert not Job.objects.filter(kind="recalculate").exists()


def test_finding_11_an_open_campaign_still_recalculates(campaign, battle, organiser):
    answer = signed_in(organiser).post(f"/api/campaigns/{campaign.id}/recalculate/")
    assert answer.status_code == 202
    assert Job.objects.filter(scope=campaign_scope(campaign.id)).exists()
