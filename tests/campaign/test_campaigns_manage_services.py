"""Fixing mistakes in the services: a closed campaign refuses every write with a clear
message; a retired warband keeps its games and its place in the league's history."""

from __future__ import annotations

import pytest

from campaign import selectors, services
from campaign.errors import CampaignError, RosterError
from campaign.models import Campaign, GameReport, LedgerEntry, Warband
from campaign.selectors.league import league_rows
from tests.campaign.games_support import (
    FOOT_PATROL_SCRIPT,
    WAR_PARTY_SCRIPT,
    drive,
    file_battle,
    sequence_of,
)
from tests.factories import UserFactory, WarbandFactory

# Each write a player or the organiser can make, as (name, call(fixtures)).
WRITES = {
    "join": lambda f: services.campaign_join(
        campaign=f["campaign"], user=UserFactory(), invite_code=f["campaign"].invite_code
    ),
    "settings": lambda f: services.campaign_update(campaign=f["campaign"], name="Renamed"),
    "invite code": lambda f: services.campaign_new_invite_code(campaign=f["campaign"]),
    "remove player": lambda f: services.campaign_remove_member(
        campaign=f["campaign"], user=f["player"]
    ),
    "new draft": lambda f: services.warband_create_draft(
        campaign=f["campaign"], owner=f["player"], name="Late", faction="indians"
    ),
    "add figure": lambda f: services.warband_add_figure(
        warband=f["draft"], name="Brave", profile="indians_trooper"
    ),
    "delete draft": lambda f: services.warband_delete_draft(warband=f["draft"]),
    "rename": lambda f: services.warband_rename(warband=f["war_party"], name="New name"),
    "retire": lambda f: services.warband_retire(warband=f["war_party"]),
    "treasury": lambda f: services.treasury_change(
        warband=f["war_party"], amount=5, reason="Organiser's correction"
    ),
    "file a report": lambda f: file_battle(f["campaign"], f["war_party"], f["patrol"], f["player"]),
    "confirm": lambda f: services.game_confirm(game=f["pending"], actor=f["other_player"]),
    "withdraw": lambda f: services.game_withdraw(game=f["pending"], actor=f["player"]),
}


@pytest.fixture
def fixtures(campaign, player, other_player, war_party, patrol):
    draft = WarbandFactory(campaign=campaign, owner=player, name="Draft")
    pending = file_battle(campaign, war_party, patrol, player)
    return locals()


@pytest.mark.parametrize("write", WRITES, ids=list(WRITES))
def test_a_closed_campaign_refuses_every_write_with_a_clear_message(fixtures, write):
    campaign = fixtures["campaign"]
    services.campaign_close(campaign=campaign)
    before = (Warband.objects.count(), LedgerEntry.objects.count(), GameReport.objects.count())
    with pytest.raises(CampaignError, match="is closed: its books are kept"):
        WRITES[write](fixtures)
    assert (Warband.objects.count(), LedgerEntry.objects.count(), GameReport.objects.count()) == (
        before
    )


def test_a_closed_campaign_refuses_to_drive_or_commit_a_post_game(battle, sequence, player):
    services.campaign_close(campaign=battle.campaign)
    with pytest.raises(CampaignError, match="is closed"):
        services.postgame_answer(postgame=sequence, actor=player)
    with pytest.raises(CampaignError, match="is closed"):
        services.postgame_commit(postgame=sequence, actor=player)


def test_closing_twice_is_refused_and_reopening_allows_writes_again(campaign, war_party):
    services.campaign_close(campaign=campaign)
    with pytest.raises(CampaignError):
        services.campaign_close(campaign=campaign)
    services.campaign_reopen(campaign=campaign)
    services.warband_rename(warband=war_party, name="Back at it")
    assert Campaign.objects.get(pk=campaign.id).closed_at is None


@pytest.fixture
def played(battle, war_party, patrol, player, other_player):
    """The battle with both post-game sequences committed."""
    for warband, owner, script in (
        (war_party, player, WAR_PARTY_SCRIPT),
        (patrol, other_player, FOOT_PATROL_SCRIPT),
    ):
        sequence = drive(sequence_of(battle, warband), owner, script)
        services.postgame_commit(postgame=sequence, actor=owner)
    return battle


def test_a_retired_warband_keeps_its_games_and_its_league_record(played, campaign, war_party):
    services.warband_retire(warband=war_party)
    rows = {row.warband.name: row for row in league_rows(campaign)}
    assert rows["Magalakutway"].played == 1
    assert rows["Magalakutway"].won == 1
    assert rows["Magalakutway"].warband.state == Warband.State.RETIRED
    assert GameReport.objects.confirmed().filter(warband_a=war_party).count() == 1
    assert war_party.ledger.count() > 0


def test_a_retired_warband_leaves_the_campaigns_active_list(played, campaign, war_party, patrol):
    services.warband_retire(warband=war_party)
    assert [w.name for w in selectors.campaign_warbands(campaign)] == [patrol.name]
    assert [w.name for w in selectors.retired_warbands(campaign)] == ["Magalakutway"]


def test_a_player_who_leaves_keeps_their_retired_warband_in_the_league(
    played, campaign, war_party, player
):
    done = services.campaign_remove_member(campaign=campaign, user=player)
    assert done == {"retired": ["Magalakutway"], "deleted": []}
    assert any(row.warband == war_party for row in league_rows(campaign))
    assert not campaign.memberships.filter(user=player).exists()


def test_a_warband_with_an_open_post_game_is_not_retired(sequence, war_party):
    with pytest.raises(RosterError, match="post-game sequence is open: commit it first"):
        services.warband_retire(warband=war_party)
    war_party.refresh_from_db()
    assert war_party.state == Warband.State.FOUNDED
