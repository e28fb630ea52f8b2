"""Player rankings: Glicko-2 (campaign.rules.glicko) over the confirmed games, rebuilt whole."""

from __future__ import annotations

import pytest

from campaign import services
from campaign.models import GameReport, Ranking
from campaign.rules.glicko import Result, rate_periods
from core.content_version import campaign_scope
from core.models import Job
from tests.campaign_data import game, warband
from tests.factories import UserFactory, member

# --- from the campaign's games -----------------------------------------------------------------


@pytest.fixture
def sides(campaign):
    """Three players, one warband each."""
    return [
        warband(campaign, member(campaign, UserFactory(username=name)), name=f"{name}'s band")
        for name in ("ann", "ben", "cal")
    ]


def _standings(campaign):
    return {
        r.user.username: (round(r.rating, 2), round(r.deviation, 2), r.games)
        for r in Ranking.objects.filter(campaign=campaign).select_related("user")
    }


def test_confirmed_games_rank_the_warbands_owners_and_a_draw_counts_half(campaign, sides):
    ann, ben, cal = sides
    game(ann, ben, winner=ann, day=0)
    game(ben, cal, winner=None, day=0)
    game(ann, cal, day=1, status=GameReport.Status.PENDING)  # not confirmed: not rated

    assert services.rankings_rebuild(campaign_id=campaign.id) == 3

    one_day = [
        Result(1, ann.owner_id, ben.owner_id, 1.0),
        Result(2, ben.owner_id, cal.owner_id, 0.5),
    ]
    expected = rate_periods([one_day])
    table = _standings(campaign)
    for side in sides:
        standing = expected[side.owner_id]
        name = side.owner.username
        assert table[name] == (round(standing.rating, 2), round(standing.deviation, 2),
                               standing.games)  # fmt: skip
    assert table["ann"][0] > 1500 > table["ben"][0]
    assert table["cal"][0] == 1500  # a draw with an equal player: no change
    assert table["ben"][2] == 2


def test_editing_an_old_game_changes_every_later_ranking(campaign, sides):
    ann, ben, cal = sides
    first = game(ann, ben, winner=ann, day=0)
    game(ben, cal, winner=ben, day=7)
    game(cal, ann, winner=cal, day=14)
    services.rankings_rebuild(campaign_id=campaign.id)
    before = _standings(campaign)
    cal_history = Ranking.objects.get(campaign=campaign, user=cal.owner).history

    first.winner = ben  # the organiser corrects the first game's result
    first.save()
    services.rankings_queue_rebuild(campaign_id=campaign.id)
    services.job_run(
        job_id=Job.objects.filter(scope=campaign_scope(campaign.id)).get(state="queued").id
    )

    after = _standings(campaign)
    assert after["ben"][0] > before["ben"][0] and after["ann"][0] < before["ann"][0]
    # cal never played the first game, yet its later ratings moved with it.
    assert after["cal"] != before["cal"]
    assert Ranking.objects.get(campaign=campaign, user=cal.owner).history != cal_history


def test_a_withdrawn_game_no_longer_counts_and_its_only_player_drops_out(campaign, sides):
    ann, ben, cal = sides
    game(ann, ben, winner=ann, day=0)
    lone = game(ann, cal, winner=cal, day=1)
    services.rankings_rebuild(campaign_id=campaign.id)
    assert set(_standings(campaign)) == {"ann", "ben", "cal"}

    lone.status = GameReport.Status.WITHDRAWN
    lone.save()
    services.rankings_rebuild(campaign_id=campaign.id)

    assert set(_standings(campaign)) == {"ann", "ben"}
    assert _standings(campaign)["ann"][2] == 1


def test_a_game_between_two_warbands_of_one_player_is_not_ranked(campaign, sides):
    ann = sides[0]
    other = warband(campaign, ann.owner, name="ann's second band")
    game(ann, other, winner=ann)
    assert services.rankings_rebuild(campaign_id=campaign.id) == 0


def test_rebuilding_twice_leaves_the_same_rows(campaign, sides):
    ann, ben, cal = sides
    game(ann, ben, winner=ann, day=0)
    game(cal, ben, day=2)
    services.rankings_rebuild(campaign_id=campaign.id)
    rows = sorted(Ranking.objects.values_list("id", "user", "rating", "deviation", "history"))
    services.rankings_rebuild(campaign_id=campaign.id)
    assert sorted(Ranking.objects.values_list("id", "user", "rating", "deviation", "history")) == (
        rows
    )


def test_games_waiting_for_the_rankings_share_one_queued_job(campaign):
    first = services.rankings_queue_rebuild(campaign_id=campaign.id)
    second = services.rankings_queue_rebuild(campaign_id=campaign.id)
    assert first.id == second.id
    first.state = "running"
    first.save()
    # A running rebuild may have read the games before this change: a new one is queued.
    assert services.rankings_queue_rebuild(campaign_id=campaign.id).id != first.id
