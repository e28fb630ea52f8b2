"""A newcomer signs up, starts a campaign and builds a warband on a phone-sized screen."""

import re

from playwright.sync_api import expect

from campaign.models import Warband


def test_a_newcomer_builds_an_indian_war_party_and_sees_its_roster(page):
    page.goto("/accounts/signup/")
    page.fill("#id_username", "magua")
    page.fill("#id_password1", "a long river 1757")
    page.fill("#id_password2", "a long river 1757")
    page.click("button[type=submit]")

    page.click("text=New campaign")
    page.fill("#id_name", "Lake George 1757")
    page.click("button:has-text('Save')")
    expect(page.locator("h1")).to_have_text("Lake George 1757")

    page.click("text=Found a warband")
    page.fill("#id_name", "Magalakutway")
    page.select_option("#id_faction", "indians")
    page.click("button:has-text('Start building')")
    expect(page.locator("#problems")).to_contain_text("exactly 1 Hero")

    line_up = [
        ("indians_hero", "Running Elk", ["bow"]),
        ("indians_veteran", "Grey Wolf", ["musket"]),
        ("indians_trooper", "Swift Otter", ["bow"]),
        ("indians_trooper", "Red Hawk", []),
        ("indians_trooper", "Little Bear", ["lance"]),
        ("indians_trooper", "Quiet Fox", ["tomahawk"]),
    ]
    for profile, name, kit in line_up:
        page.select_option("select[name=profile]", profile)
        page.fill("input[name=name]", name)
        with page.expect_response(re.compile(r"/build/add/$")):
            page.click("button:has-text('Add figure')")
        row = page.locator("article.figure-row", has_text=name)
        expect(row).to_contain_text(name)
        for item in kit:
            with page.expect_response(re.compile(r"/equip/$")):
                row.locator(f"input[name$='-{item}']").check()
            expect(row.locator(f"input[name$='-{item}']")).to_be_checked()

    # Only two bows so far: the builder names the broken rule in words (C3).
    expect(page.locator("#problems")).to_contain_text(
        "Indians need at least 3 figures with a bow: you have 2"
    )
    with page.expect_response(re.compile(r"/equip/$")):
        page.locator("article.figure-row", has_text="Red Hawk").locator(
            "input[name$='-bow']"
        ).check()
    expect(page.locator("#problems")).to_have_text("Every rule is met.")
    # 30+19+11*4 = 93 for figures; bow 5 + musket 10 + bow 5 + bow 5 + lance 4 + tomahawk 1 = 30.
    expect(page.locator("#cost")).to_have_text("£123")
    expect(page.locator("#left")).to_have_text("£77")

    page.click("#found-link")
    for field in page.locator("input[name^=faces_]").all():
        field.fill("")  # the app rolls
    page.click("button:has-text('Roll and found')")

    expect(page).to_have_title(re.compile("Magalakutway"))
    expect(page.locator("#treasury")).to_have_text("£77")
    expect(page.locator("#rating")).to_have_text("200")  # C11: 77 + 30 kit + 93 levels
    expect(page.locator(".roster-card")).to_have_count(6)
    hero = page.locator(".roster-card", has_text="Running Elk")
    expect(hero).to_contain_text("7/4")  # C7
    assert Warband.objects.get(name="Magalakutway").figures.get(name="Running Elk").skills
