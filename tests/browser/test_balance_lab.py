"""The balance lab on a phone: a club member saves a Pelts variant, compares it with the seed
rules, watches both runs' progress, and reads the two results side by side."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from chase.engines import lab
from chase.models import GameSession, LabRun, Variant
from tests.browser.helpers import log_in
from tests.factories import UserFactory

SHOTS = "/tmp/shots/balance"


@pytest.fixture
def member(db, settings):
    settings.CHASE_LAB_POLL_SECONDS = 0  # a poll plays ten games of each run: progress shows
    return UserFactory(username="voyageur")


def test_the_lab_compares_two_pelts_variants_with_progress_to_the_result(page, member):
    log_in(page, "voyageur")
    page.goto("/play/")
    page.click("#lab-link")
    expect(page.locator("h1")).to_have_text("Balance lab")

    page.select_option("#lab-kind", "pelts")  # the forms follow the game chosen
    page.wait_for_load_state("networkidle")
    page.fill("#variant-name", "Club rules: trapper ace, 3 obstacles")
    page.get_by_label("Trappers start with an ace").last.select_option("yes")
    page.locator("#id_variant-obstacles").fill("3")
    page.click("#variant-save")
    expect(page.locator(".lab-variants")).to_contain_text("Club rules: trapper ace, 3 obstacles")
    variant = Variant.objects.get()

    expect(page.locator("#lab-kind")).to_have_value("pelts")
    page.select_option("#lab-b-variant", str(variant.pk))
    page.fill("#lab-games", "40")
    page.click("#lab-start")

    # Progress first: each poll plays ten more games of each run.
    expect(page.locator(".lab-progress").first).to_contain_text(re.compile(r"[123]0 of 40 games"))
    page.screenshot(path=f"{SHOTS}/lab-progress.png", full_page=True)
    runs = page.locator(".lab-run")
    expect(runs).to_have_count(2)
    expect(page.locator(".lab-run .lab-result")).to_have_count(2, timeout=20_000)
    expect(page.locator(".lab-run[data-state=done]")).to_have_count(2)

    seed_run, variant_run = LabRun.objects.order_by("pk")
    expect(runs.nth(0).locator("h2")).to_have_text("Seed rules")
    expect(runs.nth(1).locator("h2")).to_have_text("Club rules: trapper ace, 3 obstacles")
    for shown, run in zip((runs.nth(0), runs.nth(1)), (seed_run, variant_run), strict=True):
        found = lab.result(run.tallies)
        assert found["games"] == 40
        share = round(100 * found["wins"]["trapper"])
        expect(shown.locator("tr[data-group=trapper]")).to_contain_text(f"{share}% ±")
        expect(shown).to_contain_text(f"Mean length: {found['mean_length']}")
    compare = page.locator("#lab-compare")
    expect(compare).to_contain_text("Seed rules")
    for run in (seed_run, variant_run):
        share = round(100 * lab.result(run.tallies)["wins"]["trapper"])
        expect(compare.locator("tbody tr").first).to_contain_text(f"{share}% ±")
    expect(runs.nth(1)).to_contain_text("Obstacles: 3 · Trappers start with an ace: yes")
    assert variant_run.options["obstacles"] == 3 and variant_run.options["trapper_ace"] is True
    # Nothing is wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=f"{SHOTS}/lab-result.png", full_page=True)


def test_a_game_is_started_from_a_saved_variant_in_the_lobby(page, member):
    Variant.objects.create(
        owner=member, kind="pelts", name="Club rules: three Indian canoes",
        options={"indian_canoes": 3},
    )  # fmt: skip
    log_in(page, "voyageur")
    page.goto("/play/")
    expect(page.locator("#variants")).to_contain_text("Start from a variant")
    page.screenshot(path=f"{SHOTS}/lobby-variants.png", full_page=True)
    page.select_option(
        "#variant-choice", label="Club rules: three Indian canoes (pelts, by voyageur)"
    )
    page.select_option("#variant-mode", "solo")
    page.click("#variant-start button")
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    session = GameSession.objects.get()
    assert session.options["indian_canoes"] == 3 and session.mode == "solo"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
