"""The Moosehead Lake trip in a real browser: a short trip of one paddler against two computer
canoes played to the end on a phone-sized screen by tapping the highlighted spaces on the map,
and a trip across two browsers, each seeing the other's moves."""

from __future__ import annotations

import pathlib

from playwright.sync_api import expect

from chase.models import GameSession

MAX_STEPS = 600  # taps and throws: a short computer trip takes about 35 rounds


def _version(page) -> str:
    return page.locator("#table").get_attribute("data-version")


def _wait_for_new_table(page, version: str) -> None:
    page.wait_for_function(
        "v => { const t = document.querySelector('#table'); return t && t.dataset.version !== v }",
        arg=version,
    )


def _play_one_step(page) -> str:
    """Tap the first highlighted space on the map if a throw left a choice (choosing among the
    buttons it picks out when the space is reached several ways); else throw (or enter the
    Unmapped Region, or wait). Returns what it did."""
    version = _version(page)
    spots = page.locator("svg.lakes-map g.reach")
    if spots.count():
        spots.first.click()
        picked = page.locator("#moves .move-group.picked button")
        if picked.count():
            picked.first.click()
        _wait_for_new_table(page, version)
        return "tap"
    page.locator("#actions button").first.click()
    _wait_for_new_table(page, version)
    return "throw"


def test_a_short_trip_against_two_computer_canoes_is_played_to_the_end_on_a_phone(page):
    page.goto("/play/")
    page.select_option("select[name=kind]", "moosehead")
    expect(page.locator("select[name=moosehead-variant]")).to_be_visible()
    page.check("input[name=mode][value=solo]")
    page.select_option("select[name=moosehead-variant]", "short")
    page.fill("input[name=moosehead-nights]", "1")
    page.fill("input[name=moosehead-names-1]", "Wren")
    page.click("#start")
    expect(page.locator("svg.lakes-map")).to_be_visible()
    expect(page.locator("#you")).to_have_text("Wren")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the map scrolls alone

    done = {"tap": 0, "throw": 0}
    for _ in range(MAX_STEPS):
        if page.locator("#winner").count():
            break
        done[_play_one_step(page)] += 1
    else:
        raise AssertionError(f"the trip did not end in {MAX_STEPS} steps")

    session = GameSession.objects.get()
    assert session.status == "finished" and session.options["variant"] == "short"
    assert done["tap"] > 5  # the human moved by tapping the map
    assert set(session.log.filter(by_computer=True).values_list("role", flat=True)) == {
        "canoe-2",
        "canoe-3",
    }
    winner = next(p for p in session.state["players"] if p["role"] == session.winner)
    expect(page.locator("#winner")).to_contain_text(f"{winner['name']} won the game")
    results = page.locator("#results")
    expect(results.locator("li")).to_have_count(3)
    expect(results.locator("li").first.locator(".paddler")).to_have_text(winner["name"])
    expect(results).to_contain_text("Wren")
    expect(page.locator("#log")).to_contain_text("lands on Greenville dock")
    expect(page.locator("#rematch")).to_be_visible()


def test_two_browsers_play_a_trip_and_each_sees_the_others_moves(new_page):
    ann = new_page(390, 844)
    ann.goto("/play/")
    ann.select_option("select[name=kind]", "moosehead")
    expect(ann.locator("input[name=moosehead-players]")).to_be_visible()
    ann.check("input[name=mode][value=multi]")
    ann.fill("input[name=moosehead-players]", "2")
    ann.locator("input[name=moosehead-players]").dispatch_event("change")
    expect(ann.locator(".seat-row")).to_have_count(2)
    ann.click("#start")
    expect(ann.locator("#waiting")).to_be_visible()
    link = ann.locator("input[data-role=canoe-2]").input_value()

    bo = new_page(1200, 900)
    bo.goto(link)
    expect(bo.locator("#you")).to_have_text("Bo")
    expect(ann.locator("#to-move")).to_contain_text("Ann", timeout=6000)
    expect(bo.locator("#actions")).to_have_count(0)  # not Bo's turn

    turns = {"Ann": 0, "Bo": 0}  # whole turns: a throw, and a tap when the throw left a choice
    pages = {"Ann": ann, "Bo": bo}
    for _ in range(40):
        if min(turns.values()) >= 2:
            break
        state = GameSession.objects.get().state
        name = state["players"][state["current"]]["name"]
        mover, other = pages[name], pages["Bo" if name == "Ann" else "Ann"]
        # The mover's table shows its turn (by polling, after the other's move).
        expect(mover.locator("#actions button, svg.lakes-map g.reach").first).to_be_visible(
            timeout=6000
        )
        _play_one_step(mover)
        after = GameSession.objects.get()
        if after.state["players"][after.state["current"]]["name"] != name:
            turns[name] += 1
            # The other browser learns of the move by polling: it is in its log.
            told = after.log.order_by("-seq").first().events[0]["text"]
            expect(other.locator("#log")).to_contain_text(told[:40], timeout=6000)
    assert min(turns.values()) >= 2

    session = GameSession.objects.get()
    assert session.mode == "multi" and session.status == "playing"
    expect(bo.locator("svg.lakes-map g.token")).to_have_count(2)


SHOTS = pathlib.Path("/tmp/shots/moose")


def test_a_paddler_asks_for_their_chances_at_the_start_and_mid_trip_on_a_phone(page, settings):
    settings.CHASE_ODDS_PLAYOUTS = 40
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto("/play/")
    page.select_option("select[name=kind]", "moosehead")
    page.check("input[name=mode][value=solo]")
    page.fill("input[name=moosehead-names-1]", "Wren")
    page.click("#start")
    expect(page.locator("svg.lakes-map")).to_be_visible()

    for moment in ("start", "mid-trip"):
        if moment == "mid-trip":
            for _ in range(12):
                _play_one_step(page)
        page.click("#chances")
        answer = page.locator("#odds-answer")
        expect(answer.locator("li")).to_have_count(3, timeout=30_000)  # a shared machine
        expect(answer).to_contain_text("From 40 games played out")
        expect(answer).to_contain_text("±")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        answer.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"odds-{moment}.png"))
