"""What the requests of a club night cost the database: a move reads its game and its seats
once, a table poll that finds nothing new makes no query at all (chase.version_cache), and the
lobby and starting a game stay within their counts. The timings are the bench's
(bench/bench_club_requests.py); these pin the queries."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from chase import version_cache
from chase.games import get_engine
from chase.models import GameSession

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def two_browsers(owner, opponent):
    """A race across two browsers (the computer at the other canoes), each holding its seat in
    its session as the table page keeps it."""
    browsers = []
    for user in (owner, opponent):
        browser = Client()
        browser.force_login(user)
        browsers.append(browser)
    first, second = browsers
    engine = get_engine("race")
    computers = engine.roles(engine.clean_options({}))[2:]
    body = {"kind": "race", "mode": "multi", "options": {}, "computer_seats": computers}
    created = first.post("/api/sessions/", body, "application/json").json()
    mine = next(s for s in created["seats"] if s["token"])["token"]
    invite = next(s for s in created["seats"] if s["join_url"])["join_url"]
    code = invite.rstrip("/").split("/")[-1]
    theirs = second.post(
        f"/api/sessions/{created['id']}/join/", {"invite": code}, "application/json"
    ).json()["token"]
    first.get(f"/play/{created['id']}/?seat={mine}")
    second.get(f"/play/{created['id']}/?seat={theirs}")
    return created["id"], {mine: first, theirs: second}


def _to_play(session_id, seats):
    """The browser whose seat has a move now, its token and its view."""
    for token, browser in seats.items():
        view = browser.get(f"/api/sessions/{session_id}/view/?seat={token}").json()
        if view["legal_actions"]:
            return token, browser, view
    raise AssertionError("nobody has a move")


# The content tokens' bookkeeping, which differs by database (core.content_version): SQLite's
# writer's turn, PostgreSQL's note that the commit draws the tokens (or, in a test's own
# transaction, that each statement does).
BOOKKEEPING = ("UPDATE core_contentversion SET token = token", "SET CONSTRAINTS", "SET LOCAL")


def _statements(queries) -> list[str]:
    """The request's statements but the content tokens' bookkeeping."""
    return [q["sql"] for q in queries.captured_queries if not q["sql"].startswith(BOOKKEEPING)]


def _reads_of(queries, table: str) -> int:
    return sum(
        1
        for q in queries.captured_queries
        if q["sql"].startswith("SELECT") and f'FROM "{table}"' in q["sql"]
    )


def test_a_move_through_the_api_reads_the_game_and_its_seats_once(club_server, two_browsers):
    session_id, seats = two_browsers
    token, browser, view = _to_play(session_id, seats)
    body = {"seat": token, "version": view["version"], "action": view["legal_actions"][0]}

    with CaptureQueriesContext(connection) as queries:
        response = browser.post(f"/api/sessions/{session_id}/actions/", body, "application/json")

    assert response.status_code == 200, response.content
    assert response.json()["version"] > view["version"]
    assert _reads_of(queries, "chase_gamesession") == 1
    if connection.vendor == "postgresql":  # locked (its query built once: core.compiled)
        [read] = [
            q["sql"] for q in queries.captured_queries if 'FROM "chase_gamesession"' in q["sql"]
        ]
        assert read.endswith("FOR UPDATE"), read
    assert _reads_of(queries, "chase_seat") == 1
    # The signed-in user's tokens; in the transaction (a savepoint here) the game and its
    # seats, the new state, the log's last step and its new rows, the seats' clocks (one UPDATE
    # for the turn that ends, one for the turn that starts: two plain UPDATEs cost less to build
    # than one bulk_update, chase.services.pace); then the log the answer shows. It was 16: the
    # game read twice, the seats five times.
    assert len(_statements(queries)) == 11, "\n".join(sql[:90] for sql in _statements(queries))


def test_a_move_from_the_table_page_reads_the_game_and_its_seats_once(club_server, two_browsers):
    session_id, seats = two_browsers
    token, browser, view = _to_play(session_id, seats)
    form = {
        "role": view["role"],
        "version": view["version"],
        "action": json.dumps(view["legal_actions"][0]),
    }

    with CaptureQueriesContext(connection) as queries:
        response = browser.post(f"/play/{session_id}/act/", form, **HTMX)

    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<section id="table"')
    assert _reads_of(queries, "chase_gamesession") == 1
    assert _reads_of(queries, "chase_seat") == 1
    # As through the API, and the table's ratings verdict (is it a campaign's chase?).
    assert len(_statements(queries)) == 12, [sql[:60] for sql in _statements(queries)]


def test_a_move_for_a_seat_the_browser_does_not_hold_is_refused(club_server, two_browsers):
    session_id, seats = two_browsers
    token, browser, view = _to_play(session_id, seats)
    other = next(b for t, b in seats.items() if t != token)
    form = {
        "role": view["role"],
        "version": view["version"],
        "action": json.dumps(view["legal_actions"][0]),
    }

    response = other.post(f"/play/{session_id}/act/", form)

    assert response.status_code == 403
    assert GameSession.objects.get(pk=session_id).version == view["version"]


def test_a_poll_that_finds_nothing_new_makes_no_query(club_server, two_browsers):
    session_id, seats = two_browsers
    browser = next(iter(seats.values()))
    version = GameSession.objects.get(pk=session_id).version
    url = f"/play/{session_id}/?version={version}"
    browser.get(url, **HTMX)  # marks the seat as at the table (once in 20 s)

    with CaptureQueriesContext(connection) as queries:
        response = browser.get(url, **HTMX)

    assert response.status_code == 204
    assert len(queries) == 0, [q["sql"][:80] for q in queries.captured_queries]


def test_the_api_version_poll_makes_no_query_while_nothing_moved(club_server, two_browsers):
    session_id, _ = two_browsers
    version = GameSession.objects.get(pk=session_id).version
    Client().get(f"/api/sessions/{session_id}/version/")

    with CaptureQueriesContext(connection) as queries:
        response = Client().get(f"/api/sessions/{session_id}/version/")

    assert response.json() == {"version": version, "status": "playing"}
    assert len(queries) == 0


def test_a_poll_after_the_other_browser_moved_gets_the_fresh_table(club_server, two_browsers):
    session_id, seats = two_browsers
    token, mover, view = _to_play(session_id, seats)
    watcher = next(b for t, b in seats.items() if t != token)
    before = view["version"]
    assert watcher.get(f"/play/{session_id}/?version={before}", **HTMX).status_code == 204

    body = {"seat": token, "version": before, "action": view["legal_actions"][0]}
    after = mover.post(f"/api/sessions/{session_id}/actions/", body, "application/json").json()

    response = watcher.get(f"/play/{session_id}/?version={before}", **HTMX)
    assert response.status_code == 200
    assert f"version={after['version']}" in response.content.decode()


def test_a_cached_version_ahead_of_the_database_only_costs_a_render(club_server, two_browsers):
    """Set before the commit (or by a transaction rolled back): the poll reads the table from
    the database and shows what is committed, never "nothing new" for a move it missed."""
    session_id, seats = two_browsers
    browser = next(iter(seats.values()))
    version = GameSession.objects.get(pk=session_id).version
    version_cache.remember(session_id, version + 1, "playing")

    response = browser.get(f"/play/{session_id}/?version={version}", **HTMX)

    assert response.status_code == 200
    assert f"version={version}" in response.content.decode()


def test_without_a_shared_cache_every_poll_reads_the_game(two_browsers):
    session_id, seats = two_browsers
    browser = next(iter(seats.values()))
    version = GameSession.objects.get(pk=session_id).version
    version_cache.remember(session_id, version + 5, "playing")  # a dummy cache keeps nothing

    response = browser.get(f"/play/{session_id}/?version={version}", **HTMX)

    assert response.status_code == 204


def _lobby_queries(browser) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        response = browser.get("/play/")
    assert response.status_code == 200
    return [q["sql"] for q in queries.captured_queries]


def test_the_lobby_costs_the_same_queries_for_many_games_and_reads_no_position(
    club_server, owner, opponent
):
    from chase.services import sessions as services

    def more_games():
        services.session_create(kind="race", mode="solo", options={}, user=owner)
        services.session_create(
            kind="pelts", mode="multi", options={}, user=opponent, creator_sits=True
        )

    browser = Client()
    browser.force_login(owner)
    more_games()
    browser.get("/play/")
    one, kept_one = _lobby_queries(browser), _lobby_queries(browser)
    for _ in range(4):
        more_games()

    many = _lobby_queries(browser)
    _lobby_queries(browser)  # seen twice: kept from now on (core.page_cache)
    kept_many = _lobby_queries(browser)

    # The open games, the tokens (the user's and the open games' together), my games, the
    # club's variants; the open games' seats only for the rows not kept yet, in one query
    # (each game's row is kept from its first drawing: the list of one game, drawn again at
    # the second reading, reads no seats).
    assert len(many) == 5, many
    assert len(one) == len(kept_many) == len(kept_one) == 4, kept_many
    assert not any(sql.startswith('SELECT "chase_seat"') for sql in [*one, *kept_many])
    assert sum(sql.startswith('SELECT "chase_seat"') for sql in many) == 1
    games = [sql for sql in many if 'FROM "chase_gamesession"' in sql]
    assert games and all('"chase_gamesession"."state"' not in sql for sql in games)


def test_starting_a_game_across_two_browsers_stays_within_its_queries(club_server, owner, opponent):
    first, second = Client(), Client()
    first.force_login(owner)
    second.force_login(opponent)
    body = {"kind": "pelts", "mode": "multi", "options": {}}

    with CaptureQueriesContext(connection) as made:
        created = first.post("/api/sessions/", body, "application/json").json()
    invite = next(s for s in created["seats"] if s["join_url"])["join_url"].rstrip("/")
    with CaptureQueriesContext(connection) as joined:
        response = second.post(
            f"/api/sessions/{created['id']}/join/",
            {"invite": invite.split("/")[-1]},
            "application/json",
        )

    assert response.status_code == 200
    assert GameSession.objects.get(pk=created["id"]).status == "playing"
    # Created: the seats kept as they were made (not read back: that was one more), with the
    # creator's taken in the same transaction (no savepoint, no second lock, no log to append;
    # the answer reads them once). Joined: the invite's seat read with its game, the game
    # locked, the seat taken, the seats read once.
    made, joined = _statements(made), _statements(joined)
    assert (len(made), len(joined)) == (10, 10), [*made, *joined]


def test_a_games_kept_seats_are_read_once_and_forgotten_on_refresh(two_browsers):
    """A move reads a game's seats with the game (chase.services.sessions, a query built once):
    `seat_list()` and `load_seats()` read them no more; a refresh forgets them, as it forgets a
    prefetch, so a game read again shows a seat as it is now."""
    session_id, _ = two_browsers
    session = GameSession.objects.get(pk=session_id)
    seats = list(session.seats.all())
    session.keep_seats(seats)
    with CaptureQueriesContext(connection) as queries:
        session.load_seats()
        kept = session.seat_list()
        first = kept[0].session  # each seat's game is this one, as a prefetch leaves it
    assert len(queries) == 0
    assert kept is seats and first is session
    seats[0].name = "not saved"
    session.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        again = session.seat_list()
    assert _reads_of(queries, "chase_seat") == 1
    assert [s.pk for s in again] == [s.pk for s in seats]
    assert again[0].name != "not saved"
    session.keep_seats(again)
    with CaptureQueriesContext(connection) as queries:
        session.refresh_from_db(fields=["seats"])  # as for prefetched seats: nothing is read
    assert len(queries) == 0
    assert "_kept_seats" not in session.__dict__
