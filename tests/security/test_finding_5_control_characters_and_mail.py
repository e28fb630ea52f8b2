"""Issue 25, finding 5: a line break in a name was saved (PATCH 200), and filing a report with
that warband, the opponent's e-mail set, answered 500 BadHeaderError after the game was saved.

Names (warbands, figures, campaigns, display names, canoe names) refuse control characters
with a 400 or a form error naming the field; and a mail that cannot be sent never fails the
request that caused it: it is logged, and a worker retries any send error a few times.

Named people: the player (files the report), the other player (the opponent, with an e-mail).
"""

from __future__ import annotations

import logging
import smtplib

import pytest
from django.core import mail
from django.test import Client

from accounts.models import Profile
from campaign import tasks
from campaign.models import Campaign, GameReport, Warband
from campaign.tasks import mail_inbox_item_task
from tests.campaign.games_support import battle_payload, signed_in

BAD = ["Wolves\nof the Ohio", "Wolves\rof", "Wolves\tof", "Wolves\x07of", "Wolves\u2028of"]
IDS = ["newline", "return", "tab", "bell", "line-separator"]


def _fields(response) -> list[str]:
    return [e["field"] for e in response.json()["errors"]]


# --- names refuse control characters -----------------------------------------------------------


@pytest.mark.parametrize("name", BAD, ids=IDS)
def test_finding_5_the_api_refuses_a_warband_or_campaign_name_with_control_characters(
    campaign, organiser, player, war_party, name
):
    renamed = signed_in(player).patch(
        f"/api/warbands/{war_party.id}/", {"name": name}, format="json"
    )
    assert renamed.status_code == 400 and _fields(renamed) == ["name"]
    campaign_patch = signed_in(organiser).patch(
        f"/api/campaigns/{campaign.id}/", {"name": name}, format="json"
    )
    assert campaign_patch.status_code == 400 and _fields(campaign_patch) == ["name"]
    created = signed_in(organiser).post("/api/campaigns/", {"name": name}, format="json")
    assert created.status_code == 400 and _fields(created) == ["name"]

    assert Warband.objects.get(pk=war_party.pk).name == "Magalakutway"
    assert list(Campaign.objects.values_list("name", flat=True)) == ["Ohio Valley 1755"]


def test_finding_5_a_new_warbands_figure_names_are_checked_naming_the_figure(campaign, player):
    body = {"campaign": campaign.id, "name": "Raiders", "faction": "indians", "figures": [
        {"name": "Grey Wolf", "profile": "indians_hero", "equipment": ["bow"]},
        {"name": "Swift\nOtter", "profile": "indians_trooper", "equipment": ["bow"]},
    ]}  # fmt: skip
    created = signed_in(player).post("/api/warbands/", body, format="json")
    assert created.status_code == 400
    assert "figures[1].name" in _fields(created)
    assert not Warband.objects.filter(name="Raiders").exists()


def test_finding_5_the_pages_refuse_control_characters_naming_the_field(
    client, campaign, player, war_party
):
    client.force_login(player)
    renamed = client.post(f"/warbands/{war_party.id}/rename/", {"name": "A\nB"})
    assert renamed.status_code == 400 and "name" in renamed.content.decode().lower()
    assert Warband.objects.get(pk=war_party.pk).name == "Magalakutway"

    draft = Warband.objects.create(campaign=campaign, owner=player, name="Raiders",
                                   faction="indians")  # fmt: skip
    added = client.post(
        f"/warbands/{draft.id}/build/add/", {"name": "Swift\tOtter", "profile": "indians_trooper"}
    )
    assert added.status_code == 400 and "control characters" in added.content.decode()
    assert not draft.figures.exists()

    new = client.post("/campaigns/new/", {"name": "Ohio\nValley", "starting_treasury": 200,
                                          "currency": "£"})  # fmt: skip
    assert new.status_code in (200, 400)
    assert "control characters" in new.content.decode()
    assert Campaign.objects.count() == 1

    profile = client.post("/accounts/profile/", {"display_name": "Mag\x1bua"})
    assert profile.status_code in (200, 400)
    assert "control characters" in profile.content.decode()
    assert not Profile.objects.filter(display_name__contains="\x1b").exists()


def test_finding_5_canoe_names_refuse_control_characters_in_the_api_and_the_lobby(db):
    api = Client()
    created = api.post(
        "/api/sessions/",
        {"kind": "race", "mode": "hotseat",
         "options": {"canoes": 2, "names": [{"canoe": "Sea\nSerpent", "colony": "Delaware"}]}},
        content_type="application/json",
    )  # fmt: skip
    assert created.status_code == 400 and _fields(created) == ["names[0]"]
    lobby = api.post("/play/new/", {"kind": "race", "mode": "hotseat", "race-canoes": "2",
                                    "race-names-1-canoe": "Sea\rSerpent"})  # fmt: skip
    assert lobby.status_code == 400


# --- a mail that cannot be sent ----------------------------------------------------------------


@pytest.fixture
def opponent_mailed(other_player):
    other_player.email = "other@club.example"
    other_player.save()
    return other_player


def test_finding_5_an_old_name_with_a_line_break_still_files_and_mails(
    campaign, player, war_party, patrol, opponent_mailed, django_capture_on_commit_callbacks
):
    Warband.objects.filter(pk=war_party.pk).update(name="Magalakutway\nof the Ohio")  # an old row

    with django_capture_on_commit_callbacks(execute=True):
        filed = signed_in(player).post(
            "/api/games/", battle_payload(campaign, war_party, patrol), format="json"
        )

    assert filed.status_code == 201, filed.content
    assert GameReport.objects.count() == 1
    [message] = mail.outbox
    assert "\n" not in message.subject and "Magalakutway of the Ohio" in message.subject


class FailingBackend:
    """A mail server that refuses everything, with an error no one listed in advance."""

    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        raise RuntimeError("the mail server is having a bad day")


def test_finding_5_a_mail_that_cannot_be_sent_does_not_fail_the_request(
    settings, caplog, campaign, player, war_party, patrol, opponent_mailed,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    settings.EMAIL_BACKEND = f"{__name__}.FailingBackend"

    with caplog.at_level(logging.WARNING), django_capture_on_commit_callbacks(execute=True):
        filed = signed_in(player).post(
            "/api/games/", battle_payload(campaign, war_party, patrol), format="json"
        )

    assert filed.status_code == 201, filed.content
    assert GameReport.objects.count() == 1
    assert any("not sent" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize(
    "error", [RuntimeError("boom"), ValueError("bad header"), smtplib.SMTPException("down")]
)
def test_finding_5_a_worker_retries_any_send_error_a_few_times(monkeypatch, opponent_mailed, error):
    retried = []

    def failing_mail(**kwargs):
        raise error

    def retry(**kwargs):
        retried.append(kwargs)
        return RuntimeError("retry")  # what Celery's retry raises, for the test

    monkeypatch.setattr("accounts.mail.inbox_item_mail", failing_mail)
    monkeypatch.setattr(mail_inbox_item_task, "retry", retry)
    with pytest.raises(RuntimeError, match="retry"):
        mail_inbox_item_task.run(
            user_id=opponent_mailed.id, kind="confirm_report", title="A game", url="/games/1/"
        )
    assert retried and retried[0]["exc"] is error
    few = getattr(tasks, "MAIL_RETRIES", None)
    assert retried[0]["max_retries"] == few and 1 <= few <= 5
