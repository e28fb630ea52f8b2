"""The ratings' pages (leaderboard, player page, the table's end screen and rated notes) and
My games, whose lists put the games waiting for the player first."""

from __future__ import annotations

import pytest
from django.test import Client

from chase.games import get_engine
from chase.models import GameSession
from chase.services import sessions as services
from chase.services.ratings import ratings_after_finish, ratings_rebuild
from tests.chase.ratings_helpers import decided_race
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_leaderboard_page_lists_the_players_best_first(client, ann, bob):
    decided_race([ann, bob], finishers=["canoe-2", "canoe-1"])
    ratings_rebuild(kind="race")

    page = client.get("/play/ratings/race/").content.decode()

    assert page.index('data-player="bob"') < page.index('data-player="ann"')
    assert "μ − 3σ" in page
    assert 'href="/players/bob/"' in page


def test_an_unknown_game_has_no_leaderboard(client, db):
    assert client.get("/play/ratings/chess/").status_code == 404


def test_the_player_page_shows_ratings_recent_games_and_head_to_head(client, ann, bob):
    decided_race([ann, bob], finishers=["canoe-2", "canoe-1"])
    decided_race([ann, bob], finishers=["canoe-1"], out=["canoe-2"])
    ratings_rebuild(kind="race")

    page = client.get("/players/ann/").content.decode()

    assert 'id="player-ratings"' in page and 'data-kind="race"' in page
    assert " ± " in page
    assert page.count('class="card-link"') == 2
    rivals = page[page.index('id="player-rivals"') :]
    assert (
        '<a href="/players/bob/">bob</a></td><td class="num">2</td><td class="num">1</td>' in rivals
    )


def test_an_unknown_player_has_no_page(client, db):
    assert client.get("/players/nobody/").status_code == 404


def test_the_end_screen_shows_the_new_ratings_and_links_the_leaderboard(client, ann, bob):
    session = decided_race([ann, bob], finishers=["canoe-2", "canoe-1"])
    ratings_rebuild(kind="race")

    page = client.get(f"/play/{session.pk}/").content.decode()

    assert 'id="new-ratings"' in page
    assert page.index('data-player="bob"') < page.index('data-player="ann"')
    assert 'href="/play/ratings/race/"' in page and 'href="/players/ann/"' in page


def test_a_hot_seat_table_says_it_is_not_rated(client, ann):
    client.force_login(ann)
    client.post("/play/new/", {"kind": "race", "mode": "hotseat", "race-canoes": "2"})
    session = GameSession.objects.get()

    page = client.get(f"/play/{session.pk}/").content.decode()

    assert "Not rated: hot-seat games never count." in page


def test_the_lobby_says_whether_an_open_game_will_be_rated(client, ann):
    guest_game = services.session_create(kind="race", mode="multi", options={"canoes": 2})
    services.seat_take(seat=guest_game.seats.get(role="canoe-1"), user=None)
    account_game = services.session_create(
        kind="race", mode="multi", options={"canoes": 2}, user=ann, creator_sits=True
    )

    page = client.get("/play/").content.decode()

    listed = page[page.index(f'id="open-{account_game.pk}"') :]
    assert "Rated if every player who joins is signed in" in listed[: listed.index("</article>")]
    listed = page[page.index(f'id="open-{guest_game.pk}"') :]
    assert "Not rated: a seat is played by a guest" in listed[: listed.index("</article>")]


def _pelts(mover, other) -> GameSession:
    """A Pelts chase across browsers: `mover` holds the seat with a move at the start."""
    session = services.session_create(kind="pelts", mode="multi", options={})
    first = next(
        r for r in ("trapper", "indian") if get_engine("pelts").legal_actions(session.state, r)
    )
    services.seat_take(seat=session.seats.get(role=first), user=mover)
    services.seat_take(seat=session.seats.exclude(role=first).get(), user=other)
    session.refresh_from_db()
    assert session.status == GameSession.Status.PLAYING
    return session


def test_my_games_lists_those_waiting_for_me_then_ongoing_then_finished(client, ann, bob):
    finished = decided_race([ann, bob], finishers=["canoe-1", "canoe-2"])
    my_move = _pelts(ann, bob)
    their_move = _pelts(bob, ann)
    waiting_for_players = services.session_create(
        kind="race", mode="multi", options={"canoes": 2}, user=ann, creator_sits=True
    )
    client.force_login(ann)

    page = client.get("/play/mine/").content.decode()

    waiting, rest = page.split('id="mine-ongoing"')
    ongoing, done = rest.split('id="mine-finished"')
    assert f'id="mine-game-{my_move.pk}"' in waiting
    assert f'id="mine-game-{their_move.pk}"' in ongoing
    assert f'id="mine-game-{waiting_for_players.pk}"' in ongoing
    assert f'id="mine-game-{finished.pk}"' in done
    assert f'href="/play/{finished.pk}/replay/"' in done


def test_my_games_asks_a_visitor_to_log_in(client, db):
    response = client.get("/play/mine/")

    assert response.status_code == 302 and "login" in response["Location"]


def test_an_end_screen_waiting_for_its_ratings_looks_again_until_they_are_in(client, ann, bob):
    session = decided_race([ann, bob], finishers=["canoe-2", "canoe-1"])  # not rebuilt yet

    page = client.get(f"/play/{session.pk}/").content.decode()

    note = page[page.index('id="rated-note"') :]
    assert "being worked out" in note[: note.index("</p>")]
    assert f'hx-get="/play/{session.pk}/"' in note[: note.index(">")]
    assert 'id="new-ratings"' not in page


def test_play_from_my_games_takes_up_my_seat_in_another_browser(client, ann, bob):
    game = _pelts(ann, bob)  # seats taken elsewhere: this browser holds no token
    client.force_login(ann)
    assert 'id="you"' not in client.get(f"/play/{game.pk}/").content.decode()

    assert f'href="/play/{game.pk}/resume/"' in client.get("/play/mine/").content.decode()
    response = client.get(f"/play/{game.pk}/resume/", follow=True)

    mine = game.seats.get(user=ann)
    assert response.redirect_chain == [(f"/play/{game.pk}/", 302)]
    assert f'data-seat="{mine.role}"' in response.content.decode()


def test_resuming_a_game_without_a_seat_in_it_only_watches(client, ann, bob):
    game = _pelts(ann, bob)
    client.force_login(UserFactory(username="stranger"))

    page = client.get(f"/play/{game.pk}/resume/", follow=True).content.decode()

    assert 'data-seat=""' in page


def test_a_finished_solo_race_shows_the_new_ratings_at_once(
    client, ann, django_capture_on_commit_callbacks
):
    session = decided_race(
        [ann, "computer", "computer", "computer"],
        finishers=["canoe-1", "canoe-3"],
        out=["canoe-2"],
        mode="solo",
    )
    with django_capture_on_commit_callbacks(execute=True):
        ratings_after_finish(session)

    page = client.get(f"/play/{session.pk}/").content.decode()

    assert 'id="new-ratings"' in page and "being worked out" not in page
    shown = page[page.index('id="new-ratings"') :]
    assert shown.index('data-player="ann"') < shown.index('data-player="Computer"')
    assert "(was 0.0)" in shown
    board = client.get("/play/ratings/race/").content.decode()
    assert 'data-player="ann"' in board and 'data-player="Computer"' in board


def test_a_finished_game_that_will_not_be_rated_says_why_instead_of_waiting(client, ann, bob):
    session = decided_race([ann, bob], finishers=["canoe-1", "canoe-2"], addresses=["a1", "a1"])

    page = client.get(f"/play/{session.pk}/").content.decode()

    note = page[page.index('id="rated-note"') :]
    assert "Not rated: two players sat down from the same address" in note[: note.index("</p>")]
    assert "being worked out" not in page and "hx-trigger" not in note[: note.index(">")]


def test_two_accounts_sitting_down_from_one_address_see_the_game_will_not_be_rated(ann, bob):
    first, second = Client(REMOTE_ADDR="198.51.100.7"), Client(REMOTE_ADDR="198.51.100.7")
    first.force_login(ann)
    second.force_login(bob)
    first.post("/play/new/", {"kind": "race", "mode": "multi", "race-canoes": "2"})
    session = GameSession.objects.get()
    free = session.seats.get(taken_at__isnull=True)

    second.post(f"/play/{session.pk}/sit/{free.role}/")

    page = second.get(f"/play/{session.pk}/").content.decode()
    assert "Not rated: two players sat down from the same address" in page
    addresses = set(session.seats.values_list("address", flat=True))
    assert len(addresses) == 1 and "198.51.100.7" not in addresses.pop()


def test_accounts_from_two_addresses_play_a_rated_game(ann, bob):
    first, second = Client(REMOTE_ADDR="198.51.100.7"), Client(REMOTE_ADDR="203.0.113.9")
    first.force_login(ann)
    second.force_login(bob)
    first.post("/play/new/", {"kind": "race", "mode": "multi", "race-canoes": "2"})
    session = GameSession.objects.get()
    free = session.seats.get(taken_at__isnull=True)

    second.post(f"/play/{session.pk}/sit/{free.role}/")

    assert "Rated: every seat is" in second.get(f"/play/{session.pk}/").content.decode()


def test_an_account_without_a_rated_game_has_no_page_as_a_name_nobody_has(client, ann, bob):
    decided_race([ann, "computer"], finishers=["canoe-1", "canoe-2"])
    ratings_rebuild(kind="race")

    unrated = client.get("/players/bob/")
    nobody = client.get("/players/nobody/")

    assert unrated.status_code == nobody.status_code == 404
    assert unrated.content == nobody.content
    assert client.get("/players/ann/").status_code == 200


def test_a_player_sees_their_own_page_before_their_first_rated_game(client, bob):
    client.force_login(bob)

    page = client.get("/players/bob/")

    assert page.status_code == 200 and "No rated game yet" in page.content.decode()


def test_player_pages_are_throttled_per_address(client, ann, settings):
    decided_race([ann, "computer"], finishers=["canoe-1", "canoe-2"])
    ratings_rebuild(kind="race")
    rest = settings.REST_FRAMEWORK
    settings.REST_FRAMEWORK = {
        **rest,
        "DEFAULT_THROTTLE_RATES": {**rest["DEFAULT_THROTTLE_RATES"], "players": "3/min"},
    }

    answers = [client.get(name).status_code for name in ["/players/ann/"] * 3 + ["/players/x/"]]

    assert answers == [200, 200, 200, 429]
    response = client.get("/players/ann/")
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert "try again in" in response.content.decode()
