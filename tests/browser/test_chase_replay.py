"""The replay in a real browser at phone width: the slider moves to a step, the turn list jumps
to a turn's first step, and autoplay steps on by itself until paused."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.chase.conftest import new_game, play_randomly, seeded  # noqa: F401 - the fixture


def _step(page) -> int:
    return int(page.locator("#step").inner_text())


def test_the_replay_slider_moves_to_a_step_and_autoplay_steps_on(page, seeded):  # noqa: F811
    session = play_randomly(new_game(), seeded(12), steps=40)  # pelts, hot-seat
    last = session.log.count() - 1
    assert last > 10

    page.goto(f"/play/{session.pk}/replay/")
    slider = page.locator("#slider")
    expect(slider).to_have_attribute("max", str(last))

    slider.fill("7")  # a range input: sets the value and fires change
    expect(page.locator("#step")).to_have_text("7")
    expect(page).to_have_url(re.compile(r"step=7"))

    slider.focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#step")).to_have_text("8")
    expect(slider).to_have_value("8")

    turns = page.locator("#jump option[value]:not([value=''])")
    assert turns.count() >= 2
    second = turns.nth(1)
    first_step = second.get_attribute("value")
    page.select_option("#jump", first_step)
    expect(page.locator("#step")).to_have_text(first_step)
    expect(page.locator(".turn")).to_contain_text("Turn 2")
    expect(slider).to_have_value(first_step)

    page.click("#autoplay")
    expect(page.locator("#autoplay")).to_have_attribute("aria-pressed", "true")
    start = _step(page)
    page.wait_for_function(f"() => +document.querySelector('#step').textContent >= {start + 2}")
    page.click("#autoplay")
    expect(page.locator("#autoplay")).to_have_attribute("aria-pressed", "false")
    paused = _step(page)
    page.wait_for_timeout(2500)
    assert _step(page) == paused  # paused: it stays
    expect(slider).to_have_value(str(paused))
