"""The organiser's way out of a stuck post-game (issue 32): a house-rules injury table on which
every roll is Multiple injuries (saved before such tables were refused) can never end, so the
sequence refuses its injury roll every time. The
44th Foot Patrol committed; Magalakutway's sequence can never finish, the game can no longer be
withdrawn the ordinary way, and the war party can neither play nor retire. The organiser
restarts the sequence under fixed rules, or withdraws the game keeping the committed side;
either is in the activity feed, and the `postgames_stuck` command finds such sequences."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from campaign import services
from campaign.errors import ConflictError, ReportError, RosterError
from campaign.models import Activity, GameReport, HouseRules, PostGame
from campaign.rules.errors import RulesError
from campaign.rules.injuries import INJURY_TABLE
from campaign.services.house_rules import house_rules_save
from tests.campaign.games_support import (
    FOOT_PATROL_SCRIPT,
    WAR_PARTY_SCRIPT,
    drive,
    file_battle,
    sequence_of,
    signed_in,
)

ENDLESS = {
    "injuries": {
        "table": {
            r.key: {"low": 11, "high": 66}
            if r.key == "multiple_injuries"
            else {"low": 0, "high": 0}
            for r in INJURY_TABLE
        }
    }
}


@pytest.fixture
def stuck(campaign, organiser, player, other_player, war_party, patrol):
    """The game, reported under the endless table (version 1), the patrol committed and the war
    party's sequence going round Multiple injuries."""
    HouseRules.objects.create(campaign=campaign, version=1, overrides=ENDLESS, author=organiser)
    game = file_battle(campaign, war_party, patrol, player)
    services.game_confirm(game=game, actor=other_player)
    services.postgame_commit(
        postgame=drive(sequence_of(game, patrol), other_player, FOOT_PATROL_SCRIPT),
        actor=other_player,
    )
    sequence = sequence_of(game, war_party)
    with pytest.raises(RulesError, match="cannot go on"):  # 22: Multiple injuries, never ending
        drive(sequence, player, [[2, 2]])
    sequence.refresh_from_db()
    assert sequence.answers == []  # the injury roll is asked for again, and again refused
    return game


def releases(campaign) -> list[str]:
    return list(
        Activity.objects.filter(campaign=campaign, kind=Activity.Kind.RELEASE).values_list(
            "text", flat=True
        )
    )


def fixed_rules(campaign, organiser):
    """The organiser puts the seed's injury table back: version 2."""
    seed = {r.key: {"low": r.low, "high": r.high} for r in INJURY_TABLE}
    changes = {f"injuries.table.{k}.{end}": v[end] for k, v in seed.items() for end in v}
    house_rules_save(campaign=campaign, actor=organiser, changes=changes, version=1)


def test_today_the_stuck_game_cannot_be_withdrawn_and_the_war_party_cannot_retire(
    stuck, organiser, war_party
):
    with pytest.raises(ConflictError, match="withdraw the game keeping the committed side"):
        services.game_withdraw(game=stuck, actor=organiser)
    with pytest.raises(RosterError, match="post-game sequence is open"):
        services.warband_retire(warband=war_party)


def test_the_organiser_restarts_the_sequence_under_the_fixed_rules_and_it_finishes(
    stuck, campaign, organiser, player, war_party
):
    fixed_rules(campaign, organiser)
    sequence = services.postgame_restart(postgame=sequence_of(stuck, war_party), actor=organiser)

    assert sequence.answers == []
    assert sequence.rules_version == 2
    (restart,) = [u for u in sequence.undone if u["purpose"] == "restart"]
    assert "0 answers set aside" in restart["text"]
    assert "under house rules version 2 (it played by 1)" in restart["text"]
    assert releases(campaign) == [
        "organiser restarted Magalakutway's post-game after Magalakutway v The 44th Foot "
        "Patrol (1 May 2025) under house rules version 2"
    ]
    committed = services.postgame_commit(
        postgame=drive(sequence, player, WAR_PARTY_SCRIPT), actor=player
    )
    assert committed.status == PostGame.Status.COMMITTED
    assert stuck.postgames.get(warband=stuck.warband_b).rules_version is None  # the patrol's


def test_the_organiser_withdraws_the_game_keeping_the_committed_side(
    stuck, campaign, organiser, war_party, patrol
):
    treasury = patrol.ledger.count()
    game = services.game_withdraw_keeping_committed(game=stuck, actor=organiser)

    assert game.status == GameReport.Status.WITHDRAWN
    assert list(game.postgames.values_list("warband_id", "status")) == [(patrol.id, "committed")]
    assert patrol.ledger.count() == treasury  # the committed side's changes stand
    assert releases(campaign) == [
        "organiser withdrew Magalakutway v The 44th Foot Patrol (1 May 2025): Magalakutway's "
        "post-game is discarded; The 44th Foot Patrol's committed post-game stands"
    ]
    services.warband_retire(warband=war_party)  # nothing holds the war party any more


@pytest.mark.parametrize("release", ["restart", "withdraw"])
def test_only_the_organiser_releases_a_stuck_sequence(stuck, player, war_party, release):
    with pytest.raises(Exception) as refused:
        if release == "restart":
            services.postgame_restart(postgame=sequence_of(stuck, war_party), actor=player)
        else:
            services.game_withdraw_keeping_committed(game=stuck, actor=player)
    assert type(refused.value).__name__ == "PermissionDenied"
    sequence = sequence_of(stuck, war_party)  # nothing changed
    assert sequence.status == PostGame.Status.OPEN and sequence.undone == []
    assert GameReport.objects.get(pk=stuck.pk).status == GameReport.Status.CONFIRMED
    assert releases(stuck.campaign) == []


def test_a_committed_sequence_is_not_restarted(stuck, organiser, patrol):
    with pytest.raises(ReportError, match="committed"):
        services.postgame_restart(postgame=sequence_of(stuck, patrol), actor=organiser)


def test_a_game_both_sides_committed_is_not_withdrawn_this_way(battle, organiser, player):
    services.postgame_commit(
        postgame=drive(sequence_of(battle, battle.warband_a), player, WAR_PARTY_SCRIPT),
        actor=player,
    )
    other = battle.warband_b.owner
    services.postgame_commit(
        postgame=drive(sequence_of(battle, battle.warband_b), other, FOOT_PATROL_SCRIPT),
        actor=other,
    )
    with pytest.raises(ReportError, match="nothing is stuck"):
        services.game_withdraw_keeping_committed(game=battle, actor=organiser)


# --- the API -------------------------------------------------------------------------------------


def test_the_api_restarts_a_stuck_sequence(stuck, campaign, organiser, player, war_party):
    fixed_rules(campaign, organiser)
    sequence = sequence_of(stuck, war_party)
    url = f"/api/postgames/{sequence.id}/restart/"
    assert signed_in(player).post(url).status_code == 403
    response = signed_in(organiser).post(url)
    assert response.status_code == 200
    body = response.json()
    assert body["step"] == "injuries"
    assert body["prompt"]["purpose"] == "injury"
    assert [e["purpose"] for e in body["log"]][-1] == "restart"


def test_the_api_withdraws_a_stuck_game_when_asked_to_keep_the_committed_side(
    stuck, campaign, organiser
):
    url = f"/api/games/{stuck.id}/withdraw/"
    client = signed_in(organiser)
    refused = client.post(url, {}, format="json")
    assert refused.status_code == 409
    response = client.post(url, {"keep_committed": True}, format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "withdrawn"
    assert len(releases(campaign)) == 1


# --- the page ------------------------------------------------------------------------------------


def test_the_game_page_shows_the_organiser_the_way_out(client, stuck, organiser, player):
    client.force_login(organiser)
    html = client.get(f"/games/{stuck.id}/").content.decode()
    assert 'id="release" open' in html
    assert "Restart Magalakutway's post-game" in html
    client.force_login(player)
    assert 'id="release"' not in client.get(f"/games/{stuck.id}/").content.decode()


def test_the_page_restarts_and_the_feed_tells_every_player(
    client, stuck, campaign, organiser, player, war_party
):
    sequence = sequence_of(stuck, war_party)
    client.force_login(player)
    assert client.post(f"/postgames/{sequence.id}/restart/").status_code == 403
    client.force_login(organiser)
    asked = client.get(f"/postgames/{sequence.id}/restart/")
    assert "Restart Magalakutway&#x27;s post-game?" in asked.content.decode()
    response = client.post(f"/postgames/{sequence.id}/restart/")
    assert response.status_code == 302
    assert sequence_of(stuck, war_party).answers == []
    client.force_login(player)
    feed = client.get(f"/campaigns/{campaign.id}/").content.decode()
    assert "organiser restarted Magalakutway&#x27;s post-game" in feed


def test_the_page_withdraws_the_stuck_game(client, stuck, campaign, organiser):
    client.force_login(organiser)
    response = client.post(f"/games/{stuck.id}/withdraw-stuck/")
    assert response.status_code == 302
    stuck.refresh_from_db()
    assert stuck.status == GameReport.Status.WITHDRAWN
    feed = client.get(f"/campaigns/{campaign.id}/").content.decode()
    assert "post-game is discarded" in feed


def test_a_sequence_whose_answers_no_longer_replay_leaves_the_game_page_readable(
    client, battle, organiser, war_party
):
    sequence = sequence_of(battle, war_party)
    PostGame.objects.filter(pk=sequence.pk).update(
        answers=[{"dice": [4], "purpose": "income", "figure": None}]
    )
    client.force_login(organiser)
    response = client.get(f"/games/{battle.id}/")
    assert response.status_code == 200
    assert "its answers no longer replay" in response.content.decode()


# --- the command ---------------------------------------------------------------------------------


def run_command(*args) -> str:
    out = io.StringIO()
    call_command("postgames_stuck", *args, stdout=out)
    return out.getvalue()


def test_the_command_finds_the_sequence_an_endless_table_stops(stuck, war_party):
    out = run_command("--max-answers", "50")
    sequence = sequence_of(stuck, war_party)
    assert f"post-game {sequence.id}: Magalakutway after" in out
    assert "this sequence cannot go on" in out  # the endless table is stopped, not played
    assert out.strip().endswith("1 stuck post-game sequence(s).")
    assert sequence_of(stuck, war_party).answers == sequence.answers  # nothing saved


def test_the_command_finds_a_sequence_whose_answers_no_longer_replay(battle, war_party):
    sequence = sequence_of(battle, war_party)
    PostGame.objects.filter(pk=sequence.pk).update(
        answers=[{"dice": [4], "purpose": "income", "figure": None}]
    )
    out = run_command()
    assert f"post-game {sequence.id}" in out
    assert "its answers no longer replay" in out


def test_the_command_passes_over_a_sequence_that_can_finish(battle):
    assert run_command().strip() == "0 stuck post-game sequence(s)."


def test_the_command_waits_for_idle_hours(stuck):
    assert "0 stuck" in run_command("--idle-hours", "1")


def test_the_command_releases_by_restart_and_says_when_still_stuck(stuck, campaign, war_party):
    out = run_command("--max-answers", "30", "--release", "restart")
    assert "restarted under house rules version 1, and still stuck" in out
    assert sequence_of(stuck, war_party).rules_version == 1
    assert releases(campaign)[0].endswith("(found stuck by the club server's check)")


def test_the_command_releases_by_withdrawing(stuck, campaign):
    out = run_command("--max-answers", "30", "--release", "withdraw")
    assert f"released: game {stuck.id} withdrawn" in out
    stuck.refresh_from_db()
    assert stuck.status == GameReport.Status.WITHDRAWN
    assert "found stuck by the club server's check" in releases(campaign)[0]
    assert "0 stuck" in run_command()


def test_the_command_refuses_nonsense_bounds(db):
    with pytest.raises(CommandError):
        run_command("--max-answers", "0")
