"""The dice stay honest offline (C22, C12): a post-game roll queued on a phone without signal is
never rolled in the browser. Sent later ("roll when back online"), the server rolls it from the
sequence's own dice stream, so it shows exactly the faces it would have shown sent at once,
whatever else was rolled meanwhile; sent twice by the outbox, it is rolled once. Faces typed
from real dice are taken only where the campaign allows them (C12).

The same game played in two campaigns by the same warbands gives two sequences asking the same
rolls in the same order (Swift Otter's injury first, D66); the second is given the first's dice
secret, so both read one stream (the injected dice source: tests/conftest.py fixes the secrets
and the app's dice)."""

from __future__ import annotations

import uuid

import pytest

from campaign import services
from campaign.models import PostGame
from tests.campaign.games_support import file_battle, foot_patrol, sequence_of, signed_in
from tests.factories import CampaignFactory, founded_war_party, member

HTMX = {"HTTP_HX_REQUEST": "true"}


def queued_roll(client, sequence, *, key: str, version: int = 0, dice=None, position="0"):
    """What the outbox sends: the form as the page had it, its key, the version it was read at
    (and "Send mine anyway": the same without the old position, on the version now)."""
    body = {**({"position": position} if position else {}), **({"dice": dice} if dice else {})}
    return client.post(
        f"/postgames/{sequence.id}/advance/",
        body,
        HTTP_IDEMPOTENCY_KEY=key,
        HTTP_IF_MATCH=f'"{version}"',
        **HTMX,
    )


def first_faces(sequence) -> list[int]:
    return PostGame.objects.get(pk=sequence.pk).answers[0]["dice"]


@pytest.fixture
def twins(campaign, organiser, player, other_player, war_party, patrol):
    """Magalakutway's sequences of one game played in two campaigns; the second reads the
    first's dice."""
    game = file_battle(campaign, war_party, patrol, player)
    services.game_confirm(game=game, actor=other_player)
    elsewhere = CampaignFactory(organiser=organiser, name="Lake George 1757")
    member(elsewhere, player)
    member(elsewhere, other_player)
    war_party_2 = founded_war_party(elsewhere, player)
    game_2 = file_battle(elsewhere, war_party_2, foot_patrol(elsewhere, other_player), player)
    services.game_confirm(game=game_2, actor=other_player)
    at_once, later = sequence_of(game, war_party), sequence_of(game_2, war_party_2)
    PostGame.objects.filter(pk=later.pk).update(dice_secret=at_once.dice_secret)
    return at_once, later, game


def test_a_roll_sent_later_shows_the_faces_it_would_have_shown_at_once(
    twins, browser, player, other_player, patrol
):
    at_once, later, first_game = twins
    assert queued_roll(browser, at_once, key=str(uuid.uuid4())).status_code == 200

    # Meanwhile the table rolls on: the calculators' dice, the other side's post-game.
    api = signed_in(player)
    for _ in range(5):
        api.post("/api/tables/last-wound/", {}, format="json")
    services.postgame_answer(postgame=sequence_of(first_game, patrol), actor=other_player)

    key = str(uuid.uuid4())
    sent = queued_roll(browser, later, key=key)
    resent = queued_roll(browser, later, key=key)  # the outbox never heard the answer

    assert sent.status_code == resent.status_code == 200
    assert resent["Idempotent-Replayed"] == "true" and resent.content == sent.content
    assert first_faces(later) == first_faces(at_once)
    answers = PostGame.objects.get(pk=later.pk).answers
    assert len(answers) == 1 and answers[0].get("typed") is not True  # the app's, once


def test_a_queued_roll_that_went_stale_rolls_nothing_until_sent_again(twins, browser, player):
    at_once, later, _ = twins
    for sequence in (at_once, later):  # the first roll typed in at the table, on both
        services.postgame_answer(postgame=sequence, actor=player, dice=[2, 2])
    # The phone had queued "roll" on the sequence as it was before that (version 0).

    stale = queued_roll(browser, later, key=str(uuid.uuid4()), version=0)

    assert stale.status_code == 409
    assert b"the server rolls them from the sequence&#x27;s own dice" in stale.content
    assert len(PostGame.objects.get(pk=later.pk).answers) == 1
    # Sent again on the version now ("Send mine anyway"), it is the next roll of the stream,
    # the one a roll made at once on that version shows.
    again = queued_roll(browser, later, key=str(uuid.uuid4()), version=1, position=None)
    assert again.status_code == 200
    queued_roll(browser, at_once, key=str(uuid.uuid4()), version=1, position="1")
    assert (
        PostGame.objects.get(pk=later.pk).answers[1]["dice"]
        == PostGame.objects.get(pk=at_once.pk).answers[1]["dice"]
    )


def test_queued_typed_faces_are_refused_where_the_campaign_rolls_its_own_dice(
    campaign, sequence, browser
):
    services.campaign_update(campaign=campaign, manual_dice=False)

    answer = queued_roll(browser, sequence, key=str(uuid.uuid4()), dice=["2", "2"])

    assert answer.status_code == 400
    assert b"does not allow dice typed in" in answer.content
    assert PostGame.objects.get(pk=sequence.pk).answers == []


def test_queued_typed_faces_are_taken_where_the_campaign_allows_them(sequence, browser):
    answer = queued_roll(browser, sequence, key=str(uuid.uuid4()), dice=["6", "1"])
    assert answer.status_code == 200
    (made,) = PostGame.objects.get(pk=sequence.pk).answers
    assert made["dice"] == [6, 1] and made["typed"] is True
