"""The lobby's cached parts (chase.views.sessions): the new game's form, the open games and "My
games" are drawn once and kept for everyone who sees the same games, with each answer's own
CSRF token in every form; the lobby's stream redraws the open games alone; starting a game
stays within its queries. The timings are the bench's (bench/bench_club_requests.py)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from chase.games import get_engine
from chase.models import GameSession
from chase.services import sessions as services
from core.page_cache import CSRF_SLOT

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def _browser(user) -> Client:
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)
    return browser


def _kept_lobby(browser) -> str:
    """The lobby as the cache keeps it: asked three times (seen, stored, then read)."""
    for _ in range(2):
        browser.get("/play/")
    response = browser.get("/play/")
    assert response.status_code == 200
    assert response["X-Frontier-Cache"] == "hit"
    return response.content.decode()


def test_a_second_player_gets_the_kept_lobby_with_their_own_token_and_can_sit(
    club_server, owner, opponent
):
    waiting = services.session_create(
        kind="pelts", mode="multi", options={}, user=owner, creator_sits=True
    )
    first, second = _browser(owner), _browser(opponent)
    _kept_lobby(first)

    html = _kept_lobby(second)

    assert CSRF_SLOT not in html
    tokens = TOKEN.findall(html)
    assert len(tokens) >= 2  # the new game's form and the open game's "Play" form
    sit = f"/play/{waiting.pk}/sit/indian/"
    assert f'action="{sit}"' in html
    # The "Play" form as this page gives it posts for this browser (not another's token).
    response = second.post(sit, {"csrfmiddlewaretoken": tokens[-1]})
    assert response.status_code == 302, response.content.decode()[:500]
    assert GameSession.objects.get(pk=waiting.pk).status == GameSession.Status.PLAYING


def test_a_token_from_another_players_kept_lobby_does_not_post(club_server, owner, opponent):
    services.session_create(kind="pelts", mode="multi", options={}, user=owner, creator_sits=True)
    first, second = _browser(owner), _browser(opponent)
    theirs = TOKEN.findall(_kept_lobby(first))[-1]
    _kept_lobby(second)

    response = second.post("/play/new/", {"csrfmiddlewaretoken": theirs, "kind": "pelts"})

    assert response.status_code == 403


def test_the_kept_new_game_form_starts_a_game(club_server, owner):
    browser = _browser(owner)
    html = _kept_lobby(browser)
    token = TOKEN.search(html.split('id="new-game"', 1)[1]).group(1)

    response = browser.post(
        "/play/new/", {"csrfmiddlewaretoken": token, "kind": "race", "mode": "solo"}
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    assert GameSession.objects.get().kind == "race"
    assert 'name="race-canoes"' not in html and 'name="pelts-rocks"' in html  # the first game's


def test_the_kept_lobby_lists_a_new_open_game_and_drops_a_started_one(club_server, owner, opponent):
    browser = _browser(opponent)
    _kept_lobby(browser)
    waiting = services.session_create(
        kind="pelts", mode="multi", options={}, user=owner, creator_sits=True
    )

    assert f'id="open-{waiting.pk}"' in browser.get("/play/").content.decode()
    _kept_lobby(browser)
    services.seat_claim(session=waiting, role="indian", user=opponent)
    html = browser.get("/play/").content.decode()
    assert f'id="open-{waiting.pk}"' not in html
    assert f"#{waiting.pk} · Several browsers" in html  # now one of mine


def test_my_kept_games_show_a_game_that_started_since(club_server, owner, opponent):
    waiting = services.session_create(
        kind="pelts", mode="multi", options={}, user=owner, creator_sits=True
    )
    browser = _browser(owner)
    card = rf"#{waiting.pk} · Several browsers \(invite links\)</span>\s*<span class=\"tag"
    assert re.search(card + r' warn">Waiting for players', _kept_lobby(browser))

    services.seat_claim(session=waiting, role="indian", user=opponent)

    html = browser.get("/play/").content.decode()
    assert re.search(card + r'">Playing', html)


def test_the_lobby_stream_redraws_the_open_games_alone(
    club_server, owner, opponent, django_assert_max_num_queries
):
    browser = _browser(opponent)
    browser.get("/play/", HTTP_HX_TARGET="open-games", **HTMX)
    waiting = services.session_create(
        kind="pelts", mode="multi", options={}, user=owner, creator_sits=True
    )
    for _ in range(2):
        browser.get("/play/", HTTP_HX_TARGET="open-games", **HTMX)

    # The open games, then the tokens (the user's and their games'): no seat, no form, no
    # variant read.
    with django_assert_max_num_queries(2):
        response = browser.get("/play/", HTTP_HX_TARGET="open-games", **HTMX)

    html = response.content.decode()
    assert html.lstrip().startswith('<section id="open-games"')
    assert f'action="/play/{waiting.pk}/sit/indian/"' in html
    assert 'id="new-game"' not in html and CSRF_SLOT not in html
    assert len(TOKEN.findall(html)) == 1


@pytest.mark.parametrize("kind", ["pelts", "race", "abstract", "moosehead"])
def test_starting_a_game_of_each_kind_across_two_browsers_stays_within_its_queries(
    club_server, owner, opponent, kind, django_assert_max_num_queries
):
    first, second = Client(), Client()
    first.force_login(owner)
    second.force_login(opponent)
    engine = get_engine(kind)
    computers = engine.roles(engine.clean_options({}))[2:]
    body = {"kind": kind, "mode": "multi", "options": {}, "computer_seats": computers}

    # Was 19 and 16 (the seats read four times, the game twice more, a savepoint); then 12, the
    # seats read after they were made (now kept as made, chase.services.sessions.session_create).
    with django_assert_max_num_queries(11):
        created = first.post("/api/sessions/", body, "application/json").json()
    invite = next(s for s in created["seats"] if s["join_url"])["join_url"].rstrip("/")
    with django_assert_max_num_queries(13):
        response = second.post(
            f"/api/sessions/{created['id']}/join/",
            {"invite": invite.split("/")[-1]},
            "application/json",
        )

    assert response.status_code == 200
    seats = {s.role: s for s in GameSession.objects.get(pk=created["id"]).seats.all()}
    assert seats[response.json()["role"]].token == response.json()["token"]
    assert seats[response.json()["role"]].user == opponent


def test_the_lobby_lists_the_newest_open_games_as_the_queryset_says(owner, opponent):
    from chase.selectors import sessions as selectors

    def multi():
        return services.session_create(
            kind="pelts", mode="multi", options={}, user=owner, creator_sits=True
        )

    games = [multi() for _ in range(selectors.OPEN_LISTED + 3)]
    services.session_create(kind="race", mode="solo", options={}, user=owner)  # never open
    started = games[-1]
    invite = started.seats.get(taken_at__isnull=True).invite
    services.seat_join(invite=invite, user=opponent)  # no longer open
    listed = selectors.open_games_listed()
    assert [g.pk for g in listed] == [g.pk for g in selectors.open_games()[: selectors.OPEN_LISTED]]
    assert len(listed) == selectors.OPEN_LISTED and started.pk not in {g.pk for g in listed}
    assert listed[0].pk == games[-2].pk  # the newest open one first
    assert listed[0].options == games[-2].options  # converted as the ORM converts


def test_a_kept_row_is_drawn_again_when_a_seat_of_its_game_is_taken(club_server, owner, opponent):
    """Each open game's row is kept under its own game's scope: a seat taken while the game
    still waits for another player redraws that row (one "Play" button fewer)."""
    waiting = services.session_create(
        kind="moosehead", mode="multi", options={"players": 3}, user=owner, creator_sits=True
    )
    browser = _browser(opponent)
    free = [s.role for s in waiting.seats.all() if not s.is_taken]
    assert len(free) == 2
    row = re.compile(rf'id="open-{waiting.pk}".*?</article>', re.DOTALL)
    before = row.search(_kept_lobby(browser)).group(0)
    assert before.count("<form") == 2

    services.seat_claim(session=waiting, role=free[0], user=opponent)

    after = row.search(browser.get("/play/").content.decode()).group(0)
    assert after.count("<form") == 1
    assert f"/sit/{free[0]}/" not in after and f"/sit/{free[1]}/" in after


def test_a_new_open_game_draws_its_own_row_alone(club_server, owner, opponent):
    """On a busy server the open games change between any two readings: the rows of the games
    listed before come from the cache, and only the new game's seats are read."""
    for _ in range(3):
        services.session_create(
            kind="pelts", mode="multi", options={}, user=owner, creator_sits=True
        )
    browser = _browser(opponent)
    _kept_lobby(browser)
    new = services.session_create(
        kind="pelts", mode="multi", options={}, user=owner, creator_sits=True
    )

    with CaptureQueriesContext(connection) as queries:
        html = browser.get("/play/").content.decode()

    assert f'id="open-{new.pk}"' in html and html.count('class="panel listed"') == 4
    seats = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith('SELECT "chase_seat".') or 'FROM "chase_seat" INNER' in q["sql"]
    ]
    assert len(seats) == 1, seats
    assert seats[0].endswith(
        f'WHERE "chase_seat"."session_id" = {new.pk} ORDER BY '
        '"chase_gamesession"."updated_at" DESC, "chase_seat"."position" ASC'
    )
