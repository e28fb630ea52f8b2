"""Live pages in real browsers: a canoe table on two browsers, each with its own stream
(Server-Sent Events, static/js/live.js). A move in one shows in the other at once, and the
other asks nothing while nothing moves (no `?version=` polls); with the streams blocked (a
proxy that refuses them) both pages poll every 2 s by themselves, and the move still shows."""

from __future__ import annotations

import os
import pathlib

import pytest
from playwright.sync_api import expect

from chase.models import GameSession
from chase.services import sessions as services
from core import events

IDLE_SECONDS = 5  # longer than two polling periods
SHOTS = pathlib.Path(os.environ.get("FRONTIER_SHOTS", "/tmp/shots/live"))


@pytest.fixture
def race(transactional_db):
    """A race across two browsers: canoe 1's seat taken by its creator, canoe 2's invite."""
    session = services.session_create(
        kind="race", mode="multi", options={"canoes": 2}, creator_sits=True
    )
    seats = {s.role: s for s in session.seats.all()}
    return session, seats["canoe-1"].token, seats["canoe-2"].invite


def _two_tables(new_page, race, block_streams: bool = False, routed: bool = False):
    """`routed`: the pages run without the service worker, so that a route sees every request
    (block_streams' routes only ever meet the streams, which the worker leaves alone)."""
    session, token, invite = race
    pages, asked = [], {}
    for url in (f"/play/{session.pk}/?seat={token}", f"/play/join/{invite}/"):
        page = new_page(900, 900, service_workers="block" if routed else "allow")
        if block_streams:
            page.route("**/events/**", lambda route: route.abort())
        asked[page] = []
        page.on("request", lambda request, page=page: asked[page].append(request.url))
        page.goto(url)
        pages.append(page)
    version = str(GameSession.objects.get().version)  # both seats taken: the race is on
    for page in pages:
        expect(page.locator("#table")).to_have_attribute("data-version", version)
        asked[page].clear()  # from here on: what each asks while it watches
    mover = next(p for p in pages if p.locator("#act button[name=action]").count())
    watcher = pages[1] if mover is pages[0] else pages[0]
    return mover, watcher, asked


def _fail_the_first(page, pattern: str, how: str) -> list[str]:
    """The first request of `page` to `pattern` fails (`how`: "dropped", the connection lost;
    "bad gateway", a proxy's 502; "nothing new", a stale 204); the rest go through. Returns
    the failed requests' URLs."""
    failed: list[str] = []

    def handle(route):
        if failed:
            route.continue_()
            return
        failed.append(route.request.url)
        if how == "dropped":
            route.abort("internetdisconnected")
        elif how == "nothing new":
            route.fulfill(status=204)
        else:
            route.fulfill(status=502, content_type="text/html", body="<h1>Bad gateway</h1>")

    page.route(pattern, handle)
    return failed


def _polls(urls: list[str]) -> list[str]:
    return [url for url in urls if "?version=" in url]


def test_a_move_shows_on_the_other_table_without_polling(new_page, race):
    mover, watcher, asked = _two_tables(new_page, race)
    expect(watcher.locator("html")).to_have_attribute("data-live", "push")
    watcher.wait_for_timeout(IDLE_SECONDS * 1000)
    assert _polls(asked[watcher]) == []  # nothing asked while nothing moved
    before = int(watcher.locator("#table").get_attribute("data-version"))

    mover.locator("#act button[name=action]").first.click()

    expect(watcher.locator("#table")).not_to_have_attribute("data-version", str(before))
    after = int(watcher.locator("#table").get_attribute("data-version"))
    assert after == GameSession.objects.get().version > before
    assert len(_polls(asked[watcher])) == 1  # one fetch, told by the stream
    assert _polls(asked[mover]) == []  # the mover's own answer already showed its move
    watcher.wait_for_timeout(IDLE_SECONDS * 1000)
    assert len(_polls(asked[watcher])) == 1  # and quiet again


def test_with_the_streams_blocked_both_tables_poll_and_the_move_still_shows(new_page, race):
    mover, watcher, asked = _two_tables(new_page, race, block_streams=True)
    expect(watcher.locator("html")).to_have_attribute("data-live", "poll")
    watcher.wait_for_timeout(IDLE_SECONDS * 1000)
    assert len(_polls(asked[watcher])) >= 2  # every 2 s, as before
    before = watcher.locator("#table").get_attribute("data-version")

    mover.locator("#act button[name=action]").first.click()

    expect(watcher.locator("#table")).not_to_have_attribute("data-version", before)


def test_a_stream_that_ends_at_once_every_time_gives_way_to_polling(new_page, race):
    """A proxy that answers the stream but passes nothing on (it buffers, then closes)."""
    session, token, _ = race
    page = new_page()
    page.route(
        "**/events/**",
        lambda route: route.fulfill(status=200, content_type="text/event-stream", body=""),
    )
    page.goto(f"/play/{session.pk}/?seat={token}")
    expect(page.locator("html")).to_have_attribute("data-live", "poll")


@pytest.mark.parametrize("failure", ["dropped", "bad gateway", "nothing new"])
def test_a_catch_up_fetch_that_fails_is_asked_again(new_page, race, failure):
    """The stream says the game moved; the fragment's fetch is lost (the hall's Wi-Fi dropped
    it), a proxy answers 502, or something stale on the way answers "nothing new". The page
    asks again by itself: it does not wait for another move, which at a game's end never comes
    (a race's end screen once stayed a turn behind)."""
    mover, watcher, asked = _two_tables(new_page, race, routed=True)
    expect(watcher.locator("html")).to_have_attribute("data-live", "push")
    failed = _fail_the_first(watcher, "**/play/*/?version=*", failure)
    before = int(watcher.locator("#table").get_attribute("data-version"))

    mover.locator("#act button[name=action]").first.click()

    expect(watcher.locator("#table")).not_to_have_attribute("data-version", str(before))
    assert int(watcher.locator("#table").get_attribute("data-version")) == (
        GameSession.objects.get().version
    )
    assert len(failed) == 1
    assert len(_polls(asked[watcher])) == 2  # the one that failed, and the one asked again
    expect(watcher.locator("html")).to_have_attribute("data-live", "push")  # still on its stream


def test_a_move_told_while_the_table_is_being_redrawn_still_reaches_it(new_page, race):
    """htmx wires a part swapped in to the stream only when it settles (some 20 ms after the
    swap): an event that comes in between reaches no part. A race's end screen stayed a turn
    behind so (the last move came while the table was redrawn for the one before it). Here the
    watcher's part is replaced by a copy htmx never wires up, so that no part hears the next
    event: the page still catches up."""
    mover, watcher, _ = _two_tables(new_page, race)
    expect(watcher.locator("html")).to_have_attribute("data-live", "push")
    watcher.evaluate(
        """() => {
            const part = document.querySelector("[data-live-poll]");
            part.replaceWith(part.cloneNode(true));  // no htmx data: not wired to the stream
        }"""
    )
    before = int(watcher.locator("#table").get_attribute("data-version"))

    mover.locator("#act button[name=action]").first.click()

    expect(watcher.locator("#table")).not_to_have_attribute(
        "data-version", str(before), timeout=5000
    )  # under the stream's 15 s keep-alive, which tells nothing the page was told once
    assert int(watcher.locator("#table").get_attribute("data-version")) == (
        GameSession.objects.get().version
    )


def test_a_table_whose_connection_came_back_returns_to_its_stream(new_page, race):
    """The hall's Wi-Fi drops: the stream fails, the table polls (each poll failing too while
    the connection is gone). When the connection returns, the table opens its stream again
    and stops polling: a blip does not leave a phone polling every 2 s for the rest of the
    game (nor the server answering it)."""
    mover, watcher, asked = _two_tables(new_page, race)
    expect(watcher.locator("html")).to_have_attribute("data-live", "push")

    watcher.context.set_offline(True)
    # The open stream is a connection already made, which the browser's offline switch leaves
    # alone: the server ends it, as a dropped connection would end.
    events.hub._lost(ConnectionError("the hall's Wi-Fi dropped"))
    expect(watcher.locator("html")).to_have_attribute("data-live", "poll", timeout=20000)
    watcher.context.set_offline(False)
    expect(watcher.locator("html")).to_have_attribute("data-live", "push", timeout=10000)
    watcher.wait_for_timeout(500)  # the new stream's first word heard
    asked[watcher].clear()
    before = int(watcher.locator("#table").get_attribute("data-version"))

    mover.locator("#act button[name=action]").first.click()

    expect(watcher.locator("#table")).not_to_have_attribute("data-version", str(before))
    assert int(watcher.locator("#table").get_attribute("data-version")) == (
        GameSession.objects.get().version
    )
    watcher.wait_for_timeout(IDLE_SECONDS * 1000)
    assert len(_polls(asked[watcher])) == 1  # the fetch the stream told it to make; no polling
    expect(watcher.locator("html")).to_have_attribute("data-live", "push")
    SHOTS.mkdir(parents=True, exist_ok=True)
    watcher.screenshot(path=str(SHOTS / "table-back-on-its-stream-900.png"))


# --- a tap that does not get through ---------------------------------------------------------


def _table_version(page) -> int:
    return int(page.locator("#table").get_attribute("data-version"))


def test_a_move_tapped_with_no_connection_says_it_was_not_sent(new_page, race):
    """A canoe move is not one of the outbox's kept writes: with no connection the table says
    so in words (before, it said the tap was kept and would be sent, and nothing ever was), the
    live polls do not wipe the words away (the streams blocked here: the tables poll, as they do
    once the hall's Wi-Fi has broken their streams), and the same tap once the connection is
    back moves."""
    mover, _, _ = _two_tables(new_page, race, block_streams=True, routed=True)
    expect(mover.locator("html")).to_have_attribute("data-live", "poll")
    before = _table_version(mover)
    mover.context.set_offline(True)
    mover.locator("#act button[name=action]").first.click()
    errors = mover.locator("#errors")
    expect(errors).to_contain_text("No connection: that was not sent, and nothing changed.")
    expect(errors).not_to_contain_text("kept")
    assert GameSession.objects.get().version == before
    mover.wait_for_timeout(4500)  # two polls, each failing with no connection
    expect(errors).to_contain_text("that was not sent")
    SHOTS.mkdir(parents=True, exist_ok=True)
    mover.screenshot(path=str(SHOTS / "move-not-sent-offline-900.png"))

    mover.context.set_offline(False)
    mover.locator("#act button[name=action]").first.click()
    expect(mover.locator("#table")).not_to_have_attribute("data-version", str(before))
    assert GameSession.objects.get().version > before
    expect(errors).to_be_empty()


def test_a_move_the_server_could_not_take_says_so(new_page, race):
    """A proxy answers 502 while the server restarts: before, the tap did nothing visible."""
    mover, _, _ = _two_tables(new_page, race, routed=True)
    before = _table_version(mover)
    refused = _fail_the_first(mover, "**/play/*/act/", "bad gateway")
    mover.locator("#act button[name=action]").first.click()
    errors = mover.locator("#errors")
    expect(errors).to_contain_text("The server could not take that just now (error 502)")
    assert GameSession.objects.get().version == before

    mover.locator("#act button[name=action]").first.click()
    expect(mover.locator("#table")).not_to_have_attribute("data-version", str(before))
    expect(errors).to_be_empty()
    assert len(refused) == 1
