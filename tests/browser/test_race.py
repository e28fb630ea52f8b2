"""The Colonial Canoe Race in a real browser: a hot-seat race of four canoes, two of them the
computer's, set up in the lobby with the human canoes named there, and played to the finish by
clicking the human seats' actions. Nothing is hidden in a race, so there is never a "pass the
device" screen: the table just says which canoe is to move."""

from __future__ import annotations

from playwright.sync_api import expect

from chase.models import GameSession
from tests.browser.test_battle import settled

MAX_STEPS = 400  # clicks: a short course needs far fewer


def _wait_for_new_table(page, version: str) -> None:
    page.wait_for_function(
        "v => { const t = document.querySelector('#table'); return t && t.dataset.version !== v }",
        arg=version,
    )


def test_a_hot_seat_race_with_two_computer_canoes_is_played_to_the_finish_without_handovers(
    page,
):
    page.goto("/play/")
    page.select_option("select[name=kind]", "race")
    expect(page.locator("input[name=race-canoes]")).to_be_visible()
    page.check("input[name=mode][value=hotseat]")

    # The seats follow the number of canoes (the options are redrawn, typed values kept).
    page.fill("input[name=race-names-1-colony]", "Delaware")
    page.fill("input[name=race-canoes]", "5")
    page.locator("input[name=race-canoes]").dispatch_event("change")
    expect(page.locator(".seat-row")).to_have_count(5)
    expect(page.locator("input[name=race-names-1-colony]")).to_have_value("Delaware")
    settled(page)  # the redrawn options wired up: a change before is not heard
    page.fill("input[name=race-canoes]", "4")
    page.locator("input[name=race-canoes]").dispatch_event("change")
    expect(page.locator(".seat-row")).to_have_count(4)
    settled(page)  # the redrawn options wired up: a change before is not heard

    page.fill("input[name=race-leg_length]", "12")
    page.fill("input[name=race-names-1-canoe]", "Sea Serpent")
    page.fill("input[name=race-names-1-colony]", "Delaware")
    page.fill("input[name=race-names-2-canoe]", "Red Fox")
    page.fill("input[name=race-names-2-colony]", "Rhode Island")
    page.check("input[name=race-computer_seats][value=canoe-3]")
    page.check("input[name=race-computer_seats][value=canoe-4]")
    page.click("#start")
    expect(page.locator("svg.course")).to_be_visible()

    movers = set()
    for _ in range(MAX_STEPS):
        if page.locator("#winner").count():
            break
        expect(page.locator("#pass")).to_have_count(0)  # never "pass the device"
        expect(page.locator("#i-am")).to_have_count(0)
        to_move = page.locator("#to-move").inner_text()
        assert to_move.endswith(" to move.")
        movers.add(to_move.removesuffix(" to move."))
        version = page.locator("#table").get_attribute("data-version")
        page.locator("#actions button").first.click()
        _wait_for_new_table(page, version)
    else:
        raise AssertionError(f"the race did not finish in {MAX_STEPS} steps")
    # Both human canoes were named as the one to move, with no screen between them.
    assert {"Delaware (Sea Serpent)", "Rhode Island (Red Fox)"} <= movers

    session = GameSession.objects.get()
    assert session.status == "finished"
    assert {s.role: s.kind for s in session.seats.all()} == {
        "canoe-1": "human", "canoe-2": "human", "canoe-3": "computer", "canoe-4": "computer",
    }  # fmt: skip
    assert set(session.log.filter(by_computer=True).values_list("role", flat=True)) == {
        "canoe-3", "canoe-4",
    }  # fmt: skip
    results = page.locator("#results")
    expect(results.locator("h2")).to_have_text("Finishing order")
    expect(results.locator("li")).to_have_count(4)
    finishers = session.state["finishers"]
    first = next(c for c in session.state["canoes"] if c["role"] == finishers[0])
    winner_row = results.locator("li").first
    expect(winner_row.locator(".place")).to_have_text("1st")
    expect(winner_row.locator(".colony")).to_have_text(first["colony"])
    expect(winner_row.locator(".canoe-name")).to_have_text(first["name"])
    expect(results).to_contain_text("Delaware")
    expect(results).to_contain_text("Sea Serpent")
    expect(results).to_contain_text("Rhode Island")
    expect(results).to_contain_text("Red Fox")
    expect(page.locator("#winner")).to_contain_text(f"{first['colony']} ({first['name']}) won")
    expect(page.locator("#rematch")).to_be_visible()


def test_after_a_move_the_page_scrolls_to_whose_canoe_moves_next(page):
    page.goto("/play/?kind=race")
    page.check("input[name=mode][value=hotseat]")
    page.fill("input[name=race-canoes]", "2")
    page.locator("input[name=race-canoes]").dispatch_event("change")
    expect(page.locator(".seat-row")).to_have_count(2)
    page.click("#start")
    expect(page.locator("#to-move")).to_be_visible()

    for _ in range(6):  # until the other canoe is to move
        before = page.locator("#to-move").inner_text()
        version = page.locator("#table").get_attribute("data-version")
        page.locator("#actions button").last.scroll_into_view_if_needed()
        page.locator("#actions button").first.click()
        _wait_for_new_table(page, version)
        if page.locator("#to-move").inner_text() != before:
            break
    status = page.locator(".status[data-handover]")
    expect(status).to_be_in_viewport()
