"""The campaign page's activity feed: reports, confirmations, commits, recruits, deaths and
captives, newest first, written by the services in the same transaction as the change."""

from __future__ import annotations

from campaign import services
from campaign.models import Activity
from tests.campaign.games_support import WAR_PARTY_SCRIPT, drive, file_battle, sequence_of

GAME = "Magalakutway v The 44th Foot Patrol (1 May 2025)"  # as the feed names the battle


def test_a_report_and_its_confirmation_show_on_the_campaign_page(
    client, campaign, war_party, patrol, player, other_player
):
    game = file_battle(campaign, war_party, patrol, player)
    services.game_confirm(game=game, actor=other_player)
    client.force_login(player)
    page = client.get(f"/campaigns/{campaign.id}/").content.decode()
    confirmed = page.index(f"other confirmed {GAME}: both post-game sequences are open")
    reported = page.index(f"player reported {GAME}: Magalakutway won")
    assert confirmed < reported  # newest first


def test_a_commit_writes_its_line_and_a_death(battle, player, war_party, campaign):
    script = [[1, 1], *WAR_PARTY_SCRIPT[1:]]  # Swift Otter: injury 11, Dead (C13)
    services.postgame_commit(
        postgame=drive(sequence_of(battle, war_party), player, script), actor=player
    )
    lines = list(Activity.objects.filter(campaign=campaign).values_list("kind", "text"))
    assert ("commit", f"player committed Magalakutway's post-game after {GAME}") in lines
    assert ("death", f"Swift Otter of Magalakutway died after {GAME}") in lines


def test_a_recruit_writes_its_line(battle, player, war_party, campaign):
    script = [
        *WAR_PARTY_SCRIPT[:-1],
        {"action": "recruit", "profile": "indians_trooper", "name": "Little Bear"},
        {"action": "done"},
    ]
    services.postgame_commit(
        postgame=drive(sequence_of(battle, war_party), player, script), actor=player
    )
    assert Activity.objects.filter(
        campaign=campaign, kind="recruit", text="Magalakutway recruited Little Bear"
    ).exists()


def test_a_failed_report_writes_no_line(campaign, war_party, player):
    import datetime

    import pytest

    from campaign.errors import ReportError

    with pytest.raises(ReportError):
        services.game_file(
            campaign=campaign,
            actor=player,
            warbands=[war_party.id, war_party.id],
            winner=None,
            played_on=datetime.date(2025, 5, 1),
            figures=[],
        )
    assert not Activity.objects.exclude(kind="member").exists()  # only the players' joins


# --- joins, leaves and renames (issue 21) --------------------------------------------------------


def test_a_join_a_leave_and_a_rename_show_on_the_campaign_page(
    client, campaign, war_party, stranger, organiser
):
    services.campaign_join(campaign=campaign, user=stranger, invite_code=campaign.invite_code)
    client.force_login(stranger)
    client.post(f"/campaigns/{campaign.id}/members/{stranger.id}/remove/")
    client.force_login(war_party.owner)
    client.post(f"/warbands/{war_party.id}/rename/", {"name": "Rogers Boys"})
    client.force_login(organiser)
    page = client.get(f"/campaigns/{campaign.id}/").content.decode()
    page = page[page.index('id="activity-heading"') :]
    renamed = page.index("Magalakutway is now called Rogers Boys")
    left = page.index("stranger left Ohio Valley 1755")
    joined = page.index("stranger joined Ohio Valley 1755")
    assert renamed < left < joined  # newest first


def test_the_organiser_removing_a_player_is_told_as_a_removal(campaign, player, organiser):
    services.campaign_remove_member(campaign=campaign, user=player, actor=organiser)
    assert Activity.objects.filter(
        campaign=campaign, kind="member", text="player was removed from Ohio Valley 1755"
    ).exists()


def test_a_name_ending_in_s_takes_the_apostrophe_alone_in_the_feed(
    battle, player, war_party, campaign
):
    services.warband_rename(warband=war_party, name="Rogers Boys", actor=player)
    services.postgame_commit(
        postgame=drive(sequence_of(battle, war_party), player, WAR_PARTY_SCRIPT), actor=player
    )
    texts = Activity.objects.filter(campaign=campaign, kind="commit").values_list("text", flat=True)
    assert any(t.startswith("player committed Rogers Boys' post-game") for t in texts)


def test_leaving_your_own_campaign_without_a_warband_says_you(client, campaign, player):
    client.force_login(player)
    page = client.get(f"/campaigns/{campaign.id}/members/{player.id}/remove/")
    assert b"You have no warband." in page.content
