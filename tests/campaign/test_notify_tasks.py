"""E-mail about what waits for a player: sent by a Celery task once the change commits (never
on a rollback), to whoever must act but not to the one who acted, and only if their profile
wants that kind and they gave an address (Django's locmem outbox in tests)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import transaction

from accounts.models import Profile
from campaign.models import GameReport
from tests.campaign.games_support import file_battle


@pytest.fixture(autouse=True)
def addresses(player, other_player, organiser):
    for user in (player, other_player, organiser):
        user.email = f"{user.username}@club.example"
        user.save()


def test_filing_a_report_mails_the_opponent_after_commit(
    campaign, war_party, patrol, player, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        game = file_battle(campaign, war_party, patrol, player)
        assert mail.outbox == []  # nothing before the commit
    for callback in callbacks:
        callback()
    [message] = mail.outbox
    assert message.to == ["other@club.example"]
    assert message.subject == (
        "Frontier: Magalakutway v The 44th Foot Patrol (1 May 2025) in Ohio Valley 1755, "
        "filed by player"
    )
    assert f"http://127.0.0.1:8000/games/{game.id}/" in message.body
    assert "Reports to confirm" in message.body
    assert "/accounts/profile/" in message.body


def test_a_rolled_back_report_sends_nothing(
    campaign, war_party, patrol, player, django_capture_on_commit_callbacks
):
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        file_battle(campaign, war_party, patrol, player)
        raise RuntimeError("the request failed after the service")
    assert mail.outbox == []
    assert not GameReport.objects.exists()


def test_confirming_mails_the_filer_to_run_the_post_game_but_not_the_confirmer(
    campaign, war_party, patrol, player, other_player, django_capture_on_commit_callbacks
):
    from campaign import services

    game = file_battle(campaign, war_party, patrol, player)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_confirm(game=game, actor=other_player)
    [message] = mail.outbox
    assert message.to == ["player@club.example"]
    assert "Post-game sequences to run" in message.body
    postgame = game.postgames.get(warband=war_party)
    assert f"/postgames/{postgame.id}/" in message.body


def test_a_player_who_turned_the_kind_off_gets_no_mail(
    campaign, war_party, patrol, player, other_player, django_capture_on_commit_callbacks
):
    Profile.objects.create(user=other_player, email_off=["confirm_report"])
    with django_capture_on_commit_callbacks(execute=True):
        file_battle(campaign, war_party, patrol, player)
    assert mail.outbox == []


def test_a_player_with_no_address_gets_no_mail(
    campaign, war_party, patrol, player, other_player, django_capture_on_commit_callbacks
):
    other_player.email = ""
    other_player.save()
    with django_capture_on_commit_callbacks(execute=True):
        file_battle(campaign, war_party, patrol, player)
    assert mail.outbox == []


def test_a_ransom_offer_mails_the_captors_owner(
    battle, player, other_player, war_party, django_capture_on_commit_callbacks
):
    from campaign import services
    from tests.campaign.games_support import WAR_PARTY_SCRIPT, drive, figure, sequence_of

    script = [[2, 2], [6, 2], *WAR_PARTY_SCRIPT[2:]]  # Red Hawk captured (C16)
    services.postgame_commit(
        postgame=drive(sequence_of(battle, war_party), player, script), actor=player
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.captive_ransom_offer(figure=figure(war_party, "Red Hawk"), price=12, actor=player)
    [message] = mail.outbox
    assert message.to == ["other@club.example"]
    assert "player offers £12 for Red Hawk" in message.subject
