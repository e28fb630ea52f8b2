"""What waits for whom (accounts.inbox with the campaign's sources): each kind appears for the
player who must act, and leaves once they have acted. Named people: the player files the
battle, the other player is their opponent, the organiser runs the campaign, the stranger is
in no campaign."""

from __future__ import annotations

from accounts.inbox import inbox_for
from campaign import services
from tests.campaign.games_support import (
    WAR_PARTY_SCRIPT,
    drive,
    file_battle,
    sequence_of,
)


def kinds(user) -> list[tuple[str, str]]:
    return [(item.kind, item.url) for item in inbox_for(user)]


def test_a_filed_report_waits_for_the_opponent_only(
    pending, player, other_player, organiser, stranger
):
    assert kinds(other_player) == [("confirm_report", f"/games/{pending.id}/")]
    item = inbox_for(other_player)[0]
    assert item.title == (
        "Magalakutway v The 44th Foot Patrol (1 May 2025) in Ohio Valley 1755, filed by player"
    )
    assert item.since == pending.created_at
    assert kinds(player) == []  # the filer waits; nothing for them to do
    assert kinds(organiser) == []
    assert kinds(stranger) == []


def test_confirming_the_report_turns_it_into_a_post_game_for_each_owner(
    pending, player, other_player, war_party, patrol
):
    services.game_confirm(game=pending, actor=other_player)
    mine = sequence_of(pending, war_party)
    theirs = sequence_of(pending, patrol)
    assert kinds(player) == [("run_postgame", f"/postgames/{mine.id}/")]
    assert kinds(other_player) == [("run_postgame", f"/postgames/{theirs.id}/")]
    assert (
        inbox_for(player)[0].title
        == "Magalakutway after Magalakutway v The 44th Foot Patrol (1 May 2025)"
    )


def test_a_withdrawn_report_leaves_the_inbox(pending, player, other_player):
    services.game_withdraw(game=pending, actor=player)
    assert kinds(other_player) == []


def test_a_committed_post_game_leaves_the_inbox(battle, player, war_party):
    sequence = drive(sequence_of(battle, war_party), player, WAR_PARTY_SCRIPT)
    services.postgame_commit(postgame=sequence, actor=player)
    assert [kind for kind, _ in kinds(player)] == []


def test_a_captured_figure_asks_its_owner_for_a_ransom_offer(
    red_hawk, player, other_player, war_party
):
    items = [i for i in inbox_for(player) if i.kind == "settle_captive"]
    assert len(items) == 1
    assert items[0].title == (
        "Offer a ransom for Red Hawk of Magalakutway, held by The 44th Foot Patrol"
    )
    assert items[0].url == f"/warbands/{war_party.id}/games/#captive-{red_hawk.id}"
    # the captor has nothing to settle until an offer stands (only their own post-game)
    assert [k for k, _ in kinds(other_player)] == ["run_postgame"]


def test_a_ransom_offer_moves_to_the_captor_and_an_acceptance_clears_it(
    red_hawk, player, other_player, patrol
):
    services.captive_ransom_offer(figure=red_hawk, price=15, actor=player)
    assert [i.kind for i in inbox_for(player)] == []
    offered = [i for i in inbox_for(other_player) if i.kind == "settle_captive"]
    assert [(i.title, i.url) for i in offered] == [
        (
            "player offers £15 for Red Hawk, held by The 44th Foot Patrol",
            f"/warbands/{patrol.id}/games/#held-{red_hawk.id}",
        )
    ]
    services.captive_ransom_accept(figure=red_hawk, actor=other_player, price=15)
    assert [i.kind for i in inbox_for(other_player)] == ["run_postgame"]
    assert [i.kind for i in inbox_for(player)] == []


def test_the_inbox_is_oldest_first(campaign, war_party, patrol, player, other_player, organiser):
    first = file_battle(campaign, war_party, patrol, other_player)
    second = file_battle(campaign, war_party, patrol, other_player)
    assert [i.url for i in inbox_for(player)] == [f"/games/{first.id}/", f"/games/{second.id}/"]
