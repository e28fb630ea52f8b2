"""Turn alerts in real browsers (issue 23): two browsers play a daily game; the waiting one's
tab title and favicon say "Your turn" once the other has played (after its 2 s poll), and each
seat's time left is on the table. Plus the profile's choice of e-mail alerts, at 390 px."""

from __future__ import annotations

import datetime
import os
import re

from django.utils import timezone
from playwright.sync_api import expect

from chase.models import GameSession
from tests.browser.test_accessibility import serious_violations
from tests.factories import UserFactory

MOVED = "v => { const t = document.querySelector('#table'); return t && t.dataset.version !== v }"
SHOTS = os.environ.get("FRONTIER_SHOTS", "")  # a folder: save the screenshots there


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name), full_page=True)


def test_the_waiting_tab_title_says_your_turn_once_the_other_browser_played(new_page):
    owner = new_page()
    owner.goto("/play/")
    owner.check("input[name=mode][value=multi]")
    owner.select_option("select[name=pace]", "daily")
    owner.select_option("select[name=pelts-play_as]", "trapper")
    owner.click("#start")
    link = owner.locator("input[data-role=indian]").input_value()
    assert GameSession.objects.get().pace == "daily"

    opponent = new_page()
    opponent.goto(link)
    expect(opponent.locator("#you")).to_have_text("the Indians")
    title = opponent.evaluate("document.title")
    assert not title.startswith("Your turn")
    expect(owner.locator("#to-move")).to_contain_text("The trappers", timeout=6000)
    # The title follows the table once htmx has settled the swap, a moment after its text.
    owner.wait_for_function("() => document.title.startsWith('Your turn · ')", timeout=6000)
    expect(opponent.locator(".seats .clock")).to_have_text(re.compile(r"^2[34] h \d\d min left$"))

    before = owner.locator("#table").get_attribute("data-version")
    while owner.locator("#table").get_attribute("data-my-turn") is not None:
        owner.get_by_role("button", name="End your phase").click()
        owner.wait_for_function(MOVED, arg=before)
        before = owner.locator("#table").get_attribute("data-version")

    opponent.wait_for_function("() => document.title.startsWith('Your turn · ')", timeout=15000)
    assert opponent.evaluate("document.title") == "Your turn · " + title
    icon = opponent.evaluate("document.querySelector(\"link[rel~='icon']\").getAttribute('href')")
    assert icon.endswith("favicon-turn.svg")
    owner.wait_for_function("() => !document.title.startsWith('Your turn')", timeout=15000)
    expect(opponent.locator(".seats .clock")).to_contain_text("left")
    _shot(opponent, "table-time-left-390.png")


def test_the_profile_offers_the_turn_alert_choice_on_a_phone(new_page, live_server):
    UserFactory(username="mohawk", email="mohawk@club.example")
    page = new_page()
    page.goto("/accounts/login/")
    page.fill("input[name=username]", "mohawk")
    page.fill("input[name=password]", "correct horse battery")
    page.click("form button[type=submit]")
    page.goto("/accounts/profile/")

    choices = page.locator("#turn-alerts")
    expect(choices).to_contain_text("Once a day, all my games in one mail")
    expect(page.locator("input[name=turn_alerts][value='10min']")).to_be_checked()
    page.check("input[name=turn_alerts][value=daily]")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("input[name=turn_alerts][value=daily]")).to_be_checked()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    choices.scroll_into_view_if_needed()
    _shot(page, "profile-turn-alerts-390.png")


def test_the_other_player_hands_a_late_seat_to_the_computer(new_page):
    owner = new_page()
    owner.goto("/play/")
    owner.check("input[name=mode][value=multi]")
    owner.select_option("select[name=pace]", "daily")
    owner.select_option("select[name=pelts-play_as]", "trapper")
    owner.click("#start")
    link = owner.locator("input[data-role=indian]").input_value()
    opponent = new_page()
    opponent.goto(link)
    expect(opponent.locator("#you")).to_have_text("the Indians")
    session = GameSession.objects.get()
    late = timezone.now() - datetime.timedelta(minutes=5)  # the trappers' day ran out
    session.seats.filter(role="trapper").update(deadline=late)

    opponent.reload()
    expect(opponent.locator("#late")).to_contain_text("The trappers missed the deadline")
    expect(opponent.locator(".seats .clock.late")).to_have_text("missed the deadline")
    expect(owner.locator("#late")).to_have_count(0)  # never offered one's own seat
    _shot(opponent, "table-late-seat-390.png")
    assert serious_violations(opponent) == []  # the late panel and the clocks pass axe
    opponent.get_by_role("button", name="Give the trappers to the computer").click()

    expect(opponent.locator("#log")).to_contain_text(
        "The trappers missed the deadline: the Indians handed the seat to the computer."
    )
    expect(opponent.locator("#late")).to_have_count(0)
    assert session.seats.get(role="trapper").kind == "computer"


# The page in a background tab (document.hidden), with a Notification API that records what
# the page shows and grants permission when asked: Chromium's own would draw nothing headless.
BACKGROUND_TAB = """
Object.defineProperty(document, "hidden", { get: () => true });
window.__shown = [];
class RecordingNotification {
  constructor(title, options) { window.__shown.push({ title: title, body: options.body }); }
  static requestPermission() {
    RecordingNotification.permission = "granted";
    return Promise.resolve("granted");
  }
}
RecordingNotification.permission = "default";
window.Notification = RecordingNotification;
"""


def test_a_player_who_allowed_notifications_gets_one_on_their_turn(new_page):
    owner = new_page()
    owner.goto("/play/")
    owner.check("input[name=mode][value=multi]")
    owner.select_option("select[name=pelts-play_as]", "trapper")
    owner.click("#start")
    link = owner.locator("input[data-role=indian]").input_value()
    opponent = new_page()
    opponent.add_init_script(BACKGROUND_TAB)
    opponent.goto(link)
    expect(opponent.locator("#you")).to_have_text("the Indians")

    opponent.get_by_role("button", name="Notify me when it is my turn").click()
    expect(opponent.locator("#notify-me")).to_have_text("Notifications on")
    assert opponent.evaluate("window.__shown") == []
    expect(owner.locator("#to-move")).to_contain_text("The trappers", timeout=6000)
    before = owner.locator("#table").get_attribute("data-version")
    while owner.locator("#table").get_attribute("data-my-turn") is not None:
        owner.get_by_role("button", name="End your phase").click()
        owner.wait_for_function(MOVED, arg=before)
        before = owner.locator("#table").get_attribute("data-version")

    opponent.wait_for_function("() => window.__shown.length > 0", timeout=15000)
    [shown] = opponent.evaluate("window.__shown")
    assert shown["title"] == "Your turn"
    assert shown["body"].startswith("Pelts, Paddling and Powder")
