"""A guest on a phone (390 px) opens a *Several browsers* invite before signing in, signs up from
the table, comes back to it, and the seat is the new account's, in My games too (issue 33)."""

from __future__ import annotations

import pathlib

from playwright.sync_api import expect

from chase.models import Seat
from chase.services import sessions as services
from tests.factories import UserFactory

SHOTS = pathlib.Path("/tmp/shots/dice")


def test_a_guest_signs_up_from_the_table_and_keeps_the_seat(new_page, transactional_db):
    owner = UserFactory(username="trapper-tom")
    session = services.session_create(
        kind="pelts", mode="multi", options={}, user=owner, creator_sits=True
    )
    invite = session.seats.get(role="indian").invite
    SHOTS.mkdir(parents=True, exist_ok=True)

    page = new_page()
    page.goto(f"/play/join/{invite}/")
    expect(page.locator(".panel.seats")).to_contain_text("Guest")
    note = page.locator("#guest-note")
    expect(note).to_contain_text("You play as a guest")
    expect(note).to_contain_text("not rated")
    page.locator("#guest-note").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "guest-table-390.png"), full_page=True)

    page.click("#guest-signup")
    page.fill("#id_username", "river-rose")
    page.fill("#id_password1", "Wampum-belt-1757")
    page.fill("#id_password2", "Wampum-belt-1757")
    page.click("main button[type=submit]")

    expect(page).to_have_url(f"{page.url.split('/play/')[0]}/play/{session.pk}/")
    expect(page.locator("#guest-note")).to_have_count(0)
    expect(page.locator(".panel.seats")).to_contain_text("river-rose")
    expect(page.locator("#rated-note")).to_contain_text("Rated")
    page.screenshot(path=str(SHOTS / "guest-after-signup-table-390.png"), full_page=True)
    assert Seat.objects.get(session=session, role="indian").user.username == "river-rose"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # nothing cut off on the phone

    page.goto("/play/mine/")
    expect(page.locator("main")).to_contain_text(f"#{session.pk}")
    page.screenshot(path=str(SHOTS / "guest-after-signup-mine-390.png"), full_page=True)
