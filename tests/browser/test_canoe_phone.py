"""The canoe games on a phone (390 x 844), issue 21: after each move the next action is on
screen without scrolling back (a Moosehead trip and a race), and the Moosehead map has a zoom
control and labels that are not cut off."""

from __future__ import annotations

from playwright.sync_api import expect

SHOTS = "/tmp/shots/table"
STEPS = 40  # enough throws and taps to cross several turns


def _version(page) -> str:
    return page.locator("#table").get_attribute("data-version")


def _new_table(page, version: str) -> None:
    page.wait_for_function(
        "v => { const t = document.querySelector('#table'); return t && t.dataset.version !== v }",
        arg=version,
    )


def _in_view(page, locator) -> bool:
    """The element's box is inside the window (no scrolling by the test)."""
    return page.evaluate(
        """el => { const r = el.getBoundingClientRect();
                   return r.bottom > 0 && r.top < window.innerHeight
                       && r.right > 0 && r.left < window.innerWidth; }""",
        locator.element_handle(),
    )


def test_a_moosehead_trip_on_a_phone_keeps_every_next_action_on_screen(page):
    page.goto("/play/")
    page.select_option("select[name=kind]", "moosehead")
    page.check("input[name=mode][value=solo]")
    page.select_option("select[name=moosehead-variant]", "short")
    page.fill("input[name=moosehead-nights]", "1")
    page.click("#start")
    expect(page.locator("svg.lakes-map")).to_be_visible()
    page.screenshot(path=f"{SHOTS}/moosehead-start-390.png")

    seen = {"tap": 0, "throw": 0}
    for step in range(STEPS):
        if page.locator("#winner").count():
            break
        version = _version(page)
        spots = page.locator("svg.lakes-map g.reach")
        if spots.count():
            visible = [s for s in spots.all() if _in_view(page, s)]
            assert visible, f"step {step}: no reachable space on screen"
            if step < 6:
                page.screenshot(path=f"{SHOTS}/moosehead-step-{step}-tap-390.png")
            visible[0].click()
            picked = page.locator("#moves .move-group.picked button")
            if picked.count():
                assert _in_view(page, picked.first), f"step {step}: the move's buttons are off"
                picked.first.click()
            seen["tap"] += 1
        else:
            button = page.locator("#actions button").first
            assert _in_view(page, button), f"step {step}: {button.inner_text()} is off screen"
            if step < 6:
                page.screenshot(path=f"{SHOTS}/moosehead-step-{step}-throw-390.png")
            button.click()
            seen["throw"] += 1
        _new_table(page, version)
    assert seen["tap"] >= 3 and seen["throw"] >= 3


def test_the_moosehead_map_zooms_on_a_phone(page):
    page.goto("/play/")
    page.select_option("select[name=kind]", "moosehead")
    page.check("input[name=mode][value=solo]")
    page.click("#start")
    svg = page.locator("svg.lakes-map")
    expect(svg).to_be_visible()
    before = svg.bounding_box()["width"]
    page.click("[data-zoom=out]")
    smaller = svg.bounding_box()["width"]
    assert smaller < before
    page.screenshot(path=f"{SHOTS}/moosehead-zoomed-out-390.png")
    page.click("[data-zoom=in]")
    page.click("[data-zoom=in]")
    assert svg.bounding_box()["width"] > before
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_race_on_a_phone_keeps_the_next_action_on_screen(page):
    page.goto("/play/?kind=race")
    page.check("input[name=mode][value=solo]")
    page.click("#start")
    expect(page.locator("#table")).to_be_visible()
    for step in range(12):
        if page.locator("#winner").count():
            break
        button = page.locator("#actions button").first
        expect(button).to_be_attached()
        assert _in_view(page, button), f"step {step}: {button.inner_text()} is off screen"
        if step < 3:
            page.screenshot(path=f"{SHOTS}/race-step-{step}-390.png")
        version = _version(page)
        button.click()
        _new_table(page, version)
