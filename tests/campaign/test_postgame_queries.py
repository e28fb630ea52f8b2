"""What a post-game sequence's state and an answer cost (issue 35): a club's two sequences
answer every 7.5 s, so a query or a replay more on each is paid all night (and a report every
few minutes opens two). The pins fail if the cut regresses; the answer a step gives is still
the sequence as a fresh read shows it.

A step answers from the row it wrote and the run it saved it from (api.postgames._step,
selectors.games.postgame_keep_run); the rule book is built once a process (RuleBook.shared).
"""

from __future__ import annotations

import pytest

from campaign.rules import book as books
from campaign.rules.postgame import sequence as replays
from campaign.services.house_rules import house_rules_save
from tests.campaign.games_support import signed_in

# Read the sequence: its row with its warband, campaign and game, the membership.
STATE_QUERIES = 2
# The step: the same read, then in a transaction the game report and the sequence locked, the
# campaign still open, the answers saved; the answer is drawn from the row written.
ANSWER_QUERIES = 9


def url(sequence, action=""):
    return f"/api/postgames/{sequence.id}/{action + '/' if action else ''}"


@pytest.fixture
def owner(player):
    return signed_in(player)


@pytest.fixture
def replays_counted(monkeypatch):
    """How many times the rules replay a sequence from its answers."""
    calls = []
    replay = replays.replay_answers

    def counted(*args, **kwargs):
        calls.append(1)
        return replay(*args, **kwargs)

    monkeypatch.setattr(replays, "replay_answers", counted)
    return calls


@pytest.fixture
def books_built(monkeypatch):
    """How many rule books are built (each a copy of every table)."""
    built = []
    init = books.RuleBook.__init__

    def counted(self, *args, **kwargs):
        built.append(1)
        init(self, *args, **kwargs)

    monkeypatch.setattr(books.RuleBook, "__init__", counted)
    return built


def test_reading_a_sequence_takes_two_queries_and_one_replay(
    owner, sequence, django_assert_max_num_queries, replays_counted
):
    with django_assert_max_num_queries(STATE_QUERIES):
        assert owner.get(url(sequence)).status_code == 200
    assert len(replays_counted) == 1


def test_an_answer_is_read_saved_and_shown_in_nine_queries_and_two_replays(
    owner, sequence, django_assert_max_num_queries, replays_counted
):
    """One replay to answer the prompt, one of the answers with the new one; the sequence
    shown is that run, not a third."""
    with django_assert_max_num_queries(ANSWER_QUERIES):
        response = owner.post(url(sequence, "advance"), {}, format="json")
    assert response.status_code == 200
    assert len(replays_counted) == 2


def test_under_house_rules_a_read_adds_one_query_for_their_version(
    owner, organiser, campaign, war_party, patrol, player, other_player,
    django_assert_max_num_queries,
):  # fmt: skip
    from campaign import services
    from tests.campaign.games_support import file_battle, sequence_of

    house_rules_save(campaign=campaign, actor=organiser, changes={"income.won": "D6"})
    game = file_battle(campaign, war_party, patrol, player)
    services.game_confirm(game=game, actor=other_player)
    sequence = sequence_of(game, war_party)
    with django_assert_max_num_queries(STATE_QUERIES + 1):
        assert owner.get(url(sequence)).status_code == 200
    with django_assert_max_num_queries(ANSWER_QUERIES + 1):
        assert owner.post(url(sequence, "advance"), {}, format="json").status_code == 200


def test_reading_a_sequence_again_builds_no_rule_book(owner, sequence, books_built):
    owner.get(url(sequence))
    owner.get(url(sequence))
    owner.post(url(sequence, "advance"), {}, format="json")
    assert len(books_built) <= 1  # the campaign's, once a process


@pytest.mark.parametrize(
    "steps",
    [
        [("advance", {})],
        [("advance", {}), ("advance", {})],
        [("advance", {}), ("undo", {})],
    ],
    ids=["an answer", "two answers", "an answer undone"],
)
def test_a_steps_answer_is_the_sequence_as_a_fresh_read_shows_it(owner, sequence, steps):
    for action, body in steps:
        response = owner.post(url(sequence, action), body, format="json")
        assert response.status_code == 200, response.json()
        fresh = owner.get(url(sequence))
        assert response.json() == fresh.json()
        assert response["ETag"] == fresh["ETag"]


# Confirming a report: the game read to check who confirms (not its lines nor its sequences:
# the service reads it again, locked), then the locks, both rosters, the two sequences opened,
# the activity, the rankings' job; the game shown as it is now.
CONFIRM_QUERIES = 29


def test_confirming_a_report_opens_both_sequences_in_a_bounded_number_of_queries(
    campaign, war_party, patrol, player, other_player, django_assert_max_num_queries
):
    from tests.campaign.games_support import file_battle

    game = file_battle(campaign, war_party, patrol, player)
    with django_assert_max_num_queries(CONFIRM_QUERIES):
        response = signed_in(other_player).post(f"/api/games/{game.id}/confirm/")
    assert response.status_code == 200
    assert len(response.json()["postgames"]) == 2


def test_a_step_on_the_page_replays_as_the_api_does(
    client, player, sequence, replays_counted, django_assert_max_num_queries
):
    """The page's step (HTMX) draws the fragment from the run the step saved, not a replay of
    the sequence read again: one replay to answer, one of the answers with the new one."""
    client.force_login(player)
    response = client.post(f"/postgames/{sequence.id}/advance/", {}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert len(replays_counted) == 2
    sequence.refresh_from_db()
    assert f'data-version="{sequence.version}"' in response.content.decode()
