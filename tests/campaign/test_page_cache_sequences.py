"""A post-game sequence's progress (an answer, a trade, an undo) draws its campaign's sequences'
token (`s:<id>`), not the campaign's: the campaign's cached pages stay cached while a club
answers its sequences, and its commit, what changes the rosters, the league and the activity,
still shows at once (campaign.content_scopes.POSTGAME_PROGRESS).

Each test runs with the local-memory cache and again with Redis, as test_page_cache_views.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.urls import reverse
from pytest_django.asserts import assertContains

from campaign import services
from campaign.content_scopes import POSTGAME_OTHER, POSTGAME_PROGRESS, SEQUENCES_SCOPE
from campaign.models import PostGame
from core.models import ScopeVersion
from tests.campaign.games_support import WAR_PARTY_SCRIPT, drive, file_battle, sequence_of

pytestmark = pytest.mark.usefixtures("page_cache", "one_minute")


def cache_of(response) -> str:
    assert response.status_code == 200, response.status_code
    return response["X-Frontier-Cache"]


def warm(client, url) -> None:
    for _ in range(3):
        response = client.get(url)
    assert cache_of(response) == "hit"


def tokens() -> dict[str, str]:
    return dict(ScopeVersion.objects.values_list("scope", "token"))


def drawn(before: dict[str, str]) -> set[str]:
    after = tokens()
    return {scope for scope in after if after[scope] != before.get(scope)}


@pytest.fixture
def open_sequence(campaign, war_party, patrol, player, other_player):
    game = file_battle(campaign, war_party, patrol, player)
    services.game_confirm(game=game, actor=other_player)
    return sequence_of(game, war_party)


def test_an_answer_draws_the_sequences_token_and_the_opponents_inbox_only(
    campaign, open_sequence, player, other_player
):
    before = tokens()
    drive(open_sequence, player, WAR_PARTY_SCRIPT[:1])
    theirs = {f"i:{other_player.id}", f"ci:{other_player.id}"}  # the inbox and its campaign part
    assert drawn(before) == {f"{SEQUENCES_SCOPE}:{campaign.id}", *theirs}


def test_an_answer_and_an_undo_leave_the_campaigns_pages_cached(
    client, campaign, war_party, open_sequence, player
):
    client.force_login(player)
    pages = [
        reverse("campaign", args=[campaign.id]),
        reverse("warband", args=[war_party.id]),
        reverse("campaign-league", args=[campaign.id]),
    ]
    for url in pages:
        warm(client, url)
    sequence = drive(open_sequence, player, WAR_PARTY_SCRIPT[:2])
    services.postgame_undo(postgame=sequence, actor=player)
    assert [cache_of(client.get(url)) for url in pages] == ["hit", "hit", "hit"]


def test_the_commit_shows_on_the_roster_and_the_campaign_page_at_once(
    client, campaign, war_party, open_sequence, player
):
    client.force_login(player)
    roster = reverse("warband", args=[war_party.id])
    page = reverse("campaign", args=[campaign.id])
    warm(client, roster)
    warm(client, page)
    sequence = drive(open_sequence, player, WAR_PARTY_SCRIPT)
    assert cache_of(client.get(roster)) == "hit"  # answered, not committed: nothing shown moved
    before = tokens()
    services.postgame_commit(postgame=sequence, actor=player)
    assert f"c:{campaign.id}" in drawn(before)
    assert cache_of(client.get(roster)) == "miss"
    war_party.refresh_from_db()
    assert war_party.games_played == 1
    assertContains(client.get(page), "post-game")  # the activity line of the commit


def test_a_committed_sequences_answers_changed_by_hand_are_the_campaigns(
    campaign, open_sequence, player
):
    """Its answers are the chronicle's once committed: even a shell update counts."""
    sequence = drive(open_sequence, player, WAR_PARTY_SCRIPT)
    services.postgame_commit(postgame=sequence, actor=player)
    before = tokens()
    PostGame.objects.filter(pk=sequence.pk).update(answers=[])
    assert f"c:{campaign.id}" in drawn(before)


def test_the_sequence_page_shows_each_answer(client, campaign, open_sequence, player):
    """The post-game page (not cached) moves with every answer."""
    client.force_login(player)
    url = reverse("postgame", args=[open_sequence.id])
    before = client.get(url).content
    drive(open_sequence, player, WAR_PARTY_SCRIPT[:1])
    assert client.get(url).content != before


def test_every_column_of_a_sequence_is_progress_or_the_campaigns(db):
    """A new column of campaign_postgame must be put in one list or the other: a write to it
    alone would otherwise draw no token at all while the sequence is open."""
    with connection.cursor() as cursor:
        table = connection.introspection.get_table_description(cursor, "campaign_postgame")
    columns = {column.name for column in table}
    assert columns - {"id"} == set(POSTGAME_PROGRESS) | set(POSTGAME_OTHER)
    assert not set(POSTGAME_PROGRESS) & set(POSTGAME_OTHER)


def test_typed_dice_changed_after_an_undo_raise_the_opponents_badge_at_once(
    client, campaign, open_sequence, player, other_player
):
    """C22: the opponent's inbox lists the change, from the sequence's answers."""
    campaign.manual_dice = True
    campaign.save()
    client.force_login(other_player)
    home = reverse("home")
    for _ in range(3):  # their own sequence to run
        assertContains(client.get(home), 'aria-label="Inbox: 1 waiting"')
    sequence = services.postgame_answer(postgame=open_sequence, actor=player, dice=[6, 6])
    sequence = services.postgame_undo(postgame=sequence, actor=player)
    before = tokens()
    services.postgame_answer(postgame=sequence, actor=player, dice=[2, 2])
    assert drawn(before) >= {f"i:{other_player.id}", f"{SEQUENCES_SCOPE}:{campaign.id}"}
    assertContains(client.get(home), 'aria-label="Inbox: 2 waiting"')
