"""Two organiser tabs on the house rules at once, on a phone (390 px, C31): the first saves a
dearer musket; the second, drawn from the same version, saves a dearer bow and another musket
price. The second is refused and shows both sides, its own change still in the form over the
version saved meanwhile, and applies it again in one click."""

from __future__ import annotations

import pathlib

from playwright.sync_api import expect

from campaign.models import HouseRules
from tests.browser.helpers import log_in
from tests.browser.test_accessibility import serious_violations

SHOTS = pathlib.Path("/tmp/shots/houserules")
MUSKET = "factions.rangers.equipment.musket.price"
BOW = "factions.indians.equipment.bow.price"


def test_a_second_tab_saving_from_the_same_version_sees_both_sides_and_applies_again(
    new_page, ohio_valley
):
    rules = f"/campaigns/{ohio_valley['campaign'].id}/house-rules/"
    first, second = new_page(), new_page()
    log_in(first, "alice")
    log_in(second, "alice")
    first.goto(rules)
    second.goto(rules)

    first.fill(f"input[name='{MUSKET}']", "12")
    first.click("#save-button")
    expect(first.locator("body")).to_contain_text("House rules version 1 saved.")

    second.fill(f"input[name='{MUSKET}']", "11")
    second.fill(f"input[name='{BOW}']", "7")
    second.click("#save-button")

    conflict = second.locator("#conflict")
    expect(conflict).to_contain_text("Someone saved version 1 while you were editing")
    expect(conflict).to_contain_text("nothing was saved")
    musket = conflict.locator(f"tr[data-path='{MUSKET}']")
    expect(musket).to_contain_text("both changed: yours is in the form")
    expect(musket.locator("td")).to_have_text([
        "Rangers equipment: Musket, price both changed: yours is in the form",
        "10", "11", "12",
    ])  # fmt: skip
    expect(conflict.locator(f"tr[data-path='{BOW}'] td")).to_have_text([
        "Indians equipment: Bow, price your change", "5", "7", "5",
    ])  # fmt: skip
    expect(second.locator(f"input[name='{BOW}']")).to_have_value("7")  # nothing typed lost
    expect(second.locator(f"input[name='{MUSKET}']")).to_have_value("11")
    expect(second.locator("#save-button")).to_have_text("Apply my changes again as version 2")
    assert HouseRules.objects.count() == 1
    assert serious_violations(second) == []
    assert second.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    SHOTS.mkdir(parents=True, exist_ok=True)
    second.screenshot(path=str(SHOTS / "conflict.png"))
    conflict.screenshot(path=str(SHOTS / "conflict-panel.png"))

    second.click("#save-button")
    expect(second.locator("body")).to_contain_text("House rules version 2 saved.")
    latest = HouseRules.objects.get(version=2).overrides["factions"]
    assert latest["rangers"]["equipment"]["musket"]["price"] == 11
    assert latest["indians"]["equipment"]["bow"]["price"] == 7
