"""The campaign inbox's probe (campaign.inbox.anything_waiting): one query that tells whether
anything may wait for a player in their campaigns, so that a player with nothing waiting (most
of a club, most of the night) costs their first page one query, not the sources' six. It says
yes wherever a source has an item (the suite-wide check in tests/conftest.py holds every test
that reads the inbox to that too), and no for a player with nothing to do."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.inbox import inbox_for
from campaign import services
from campaign.inbox import anything_waiting
from campaign.models import Figure


def test_a_player_with_nothing_waiting_is_told_so(campaign, war_party, patrol, player, stranger):
    assert anything_waiting(player) is False
    assert anything_waiting(stranger) is False


def test_a_filed_report_is_seen_by_the_opponent_not_the_filer(pending, player, other_player):
    assert anything_waiting(other_player) is True  # to confirm
    assert anything_waiting(player) is False  # the filer waits


def test_open_sequences_are_seen_by_both_owners(battle, player, other_player):
    assert anything_waiting(player) is True
    assert anything_waiting(other_player) is True


def test_a_captive_and_a_ransom_offer_are_seen(red_hawk, player, other_player, organiser):
    assert anything_waiting(player) is True  # offer a ransom
    services.captive_ransom_offer(figure=red_hawk, price=15, actor=player)
    assert anything_waiting(other_player) is True  # accept or sell
    assert anything_waiting(organiser) is False


def test_a_correction_is_seen_by_the_organiser(war_party, player, organiser, other_player):
    figure = Figure.objects.filter(warband=war_party).first()
    services.figure_correct(
        figure=figure, actor=player, changes={"experience": figure.experience + 1},
        reason="Forgot a point",
    )  # fmt: skip
    assert anything_waiting(organiser) is True
    assert anything_waiting(other_player) is False


def test_the_probe_agrees_with_the_sources_after_each_step(battle, player, other_player):
    """Through a game's whole post-game: wherever the sources list anything, the probe says so;
    where it says nothing, they list nothing."""
    from tests.campaign.games_support import (
        FOOT_PATROL_SCRIPT,
        WAR_PARTY_SCRIPT,
        drive,
        sequence_of,
    )

    campaign_kinds = {"confirm_report", "run_postgame", "settle_captive", "dice_changed"}

    def agrees(user):
        waiting = [i for i in inbox_for(user) if i.kind in campaign_kinds]
        return not waiting or anything_waiting(user)

    assert agrees(player) and agrees(other_player)
    sequence = drive(sequence_of(battle, battle.warband_a), player, WAR_PARTY_SCRIPT)
    services.postgame_commit(postgame=sequence, actor=player)
    assert agrees(player) and agrees(other_player)
    # The opponent's sequence is still open: the player may be shown its dice changed.
    assert anything_waiting(player) is True
    theirs = drive(sequence_of(battle, battle.warband_b), other_player, FOOT_PATROL_SCRIPT)
    services.postgame_commit(postgame=theirs, actor=other_player)
    assert agrees(player) and agrees(other_player)
    assert anything_waiting(player) is False  # both committed: nothing more for either
    assert anything_waiting(other_player) is False


@pytest.mark.usefixtures("one_minute")
def test_a_first_page_with_nothing_waiting_reads_the_campaigns_part_in_one_query(
    client, campaign, war_party, player
):
    """The lobby's top bar counts the inbox: for a player with nothing waiting in a campaign,
    the campaign's part is the probe's query alone (the six sources are not read)."""
    client.force_login(player)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("chase:lobby")).status_code == 200
    campaign_tables = [
        q["sql"] for q in queries.captured_queries
        if "campaign_gamereport" in q["sql"] or "campaign_figure" in q["sql"]
    ]  # fmt: skip
    assert len(campaign_tables) == 1, campaign_tables
    assert "EXISTS" in campaign_tables[0].upper()
