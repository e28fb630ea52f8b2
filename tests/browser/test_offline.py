"""The table keeps working when the hall's Wi-Fi does not: kept pages open with no connection
(the service worker, core.pwa), and the writes made meanwhile wait in the outbox
(static/js/outbox.js) and reach the server once each, in order, when it returns."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from campaign import services
from campaign.models import Battle, PostGame, TableLog
from campaign.selectors.games import postgame_run
from campaign.services import battles as battle_services
from campaign.services import dice as dice_source
from core import pwa
from tests.browser.conftest import TIMEOUT_MS
from tests.browser.helpers import htmx_ready, log_in
from tests.browser.test_csp import watch
from tests.campaign.games_support import WAR_PARTY_SCRIPT, file_battle, sequence_of

SHOTS = "/tmp/shots-offline"


def controlled(page) -> None:
    """The service worker has taken the page over (it fetches and keeps what follows). A page
    loaded while it installed is taken over when it activates, unless its activation fell
    between two pages (the login's redirect): then the next page load is."""
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("() => Boolean(navigator.serviceWorker.controller)"):
        page.reload()
    page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")


def kept(page, path: str, text: str) -> None:
    """Wait until the service worker's copy of `path` holds `text` (kept as last seen)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.evaluate(
        """async ([path, text]) => {
            const cache = await caches.open("frontier-pages");
            const found = await cache.match(new URL(path, location.origin).href);
            return Boolean(found) && (await found.text()).includes(text);
        }""",
        [path, text],
    ):
        assert time.monotonic() < deadline, f"{path} was not kept with {text!r}"
        page.wait_for_timeout(100)


def waiting(page) -> int:
    return page.evaluate("() => window.frontierOutbox.count()")


def test_a_sheet_opened_before_opens_offline_as_last_seen_and_a_new_page_says_why_not(
    new_page, club
):
    campaign, war_party, patrol = club
    battle = battle_services.battle_start(
        campaign=campaign, actor=war_party.owner, warband_a=war_party.id, warband_b=patrol.id
    )
    page = new_page()
    problems = watch(page)
    log_in(page, "magua")
    controlled(page)
    page.goto(f"/battles/{battle.id}/")
    kept(page, f"/battles/{battle.id}/", 'id="sheet"')
    page.goto("/help/")
    kept(page, "/help/", "<h1")

    page.context.set_offline(True)
    page.goto(f"/battles/{battle.id}/")
    expect(page.locator("#offline-banner")).to_contain_text("Offline: as last seen at ")
    expect(page.locator("#turn")).to_have_text("Turn 1")
    expect(page.locator("h1")).to_contain_text("Magalakutway")
    page.screenshot(path=f"{SHOTS}/offline-sheet.png", full_page=True)
    page.goto("/help/")
    expect(page.locator("#offline-banner")).to_be_visible()
    page.goto(f"/warbands/{patrol.id}/")  # never opened on this phone
    expect(page.locator("#offline-page")).to_contain_text("not opened on this phone before")
    page.screenshot(path=f"{SHOTS}/offline-never-opened.png")

    page.context.set_offline(False)
    page.goto(f"/battles/{battle.id}/")
    expect(page.locator("#turn")).to_have_text("Turn 1")
    expect(page.locator("#offline-banner")).to_have_count(0)

    # Signing out forgets the kept pages: the next person on this phone does not read them.
    page.click(".topbar button:has-text('Log out')")
    expect(page.locator(".topbar")).to_contain_text("Log in")
    pages_kept = "async () => (await caches.keys()).includes('frontier-pages')"
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while page.evaluate(pages_kept):
        assert time.monotonic() < deadline, "the kept pages outlived the sign-out"
        page.wait_for_timeout(100)
    assert [p for p in problems if "Content Security Policy" in p] == []


# --- 30 actions, the middle 20 with no connection ----------------------------------------------


def badge_says(page, count: int) -> None:
    expect(page.locator("#outbox-badge summary")).to_have_text(f"{count} waiting to send")


def typed_answer(page, faces, position: int) -> None:
    dice = page.locator("input.die")
    expect(dice).to_have_count(len(faces))
    for box, face in zip(dice.all(), faces, strict=True):
        box.fill(str(face))
    page.click("#use-dice")
    expect(page.locator("#sequence")).to_have_attribute("data-position", str(position))


def save_figure(page, figure_id: int, inflicted: int) -> None:
    """The figure's Edit panel (opened from the cache when offline): wounds inflicted, Save."""
    if not page.locator("#calc-panel[data-kind=figure]").count():
        page.click(f"#fig-{figure_id} [data-act=edit]")
        expect(page.locator("#calc-panel[data-kind=figure]")).to_be_visible()
    page.fill("input[name=wounds_inflicted]", str(inflicted))
    page.click("#save-figure")


def inflicted(text: str) -> int:
    """The new wounds-inflicted figure of a mark's log line."""
    return int(re.search(r"wounds inflicted \d+ → (\d+)", text).group(1))


def the_app_would_roll(postgame: PostGame) -> list[int]:
    """What the sequence's own dice (C22) give for its next roll, worked out by the rules
    without saving anything: what the server must roll on sync."""
    row = PostGame.objects.get(pk=postgame.pk)
    run = postgame_run(row)
    roller = dice_source.stream_dice(row.dice_secret, run.stream_position)
    return list(run.answer(dice=None, choice=None, by="magua", roller=roller).answers[-1].dice)


def test_thirty_actions_with_the_middle_twenty_offline_reach_the_server_once_each_in_order(
    new_page, club
):
    campaign, war_party, patrol = club
    magua, harcourt = war_party.owner, patrol.owner
    game = file_battle(campaign, war_party, patrol, magua)
    services.game_confirm(game=game, actor=harcourt)
    postgame = sequence_of(game, war_party)
    battle = battle_services.battle_start(
        campaign=campaign, actor=magua, warband_a=war_party.id, warband_b=patrol.id
    )
    elk = war_party.figures.get(name="Running Elk").id
    sheet, sequence = f"/battles/{battle.id}/", f"/postgames/{postgame.id}/"

    page = new_page()
    problems = watch(page)
    log_in(page, "magua")
    controlled(page)

    # 1-5, online: three post-game answers with typed dice; a turn and a figure on the sheet.
    page.goto(sequence)
    htmx_ready(page)
    for position, faces in enumerate(WAR_PARTY_SCRIPT[:3], start=1):
        typed_answer(page, faces, position)
    page.goto(sheet)
    htmx_ready(page)
    page.click("#next-turn")
    expect(page.locator("#turn")).to_have_text("Turn 2")
    save_figure(page, elk, 1)
    expect(page.locator(f"#tally-{elk}")).to_contain_text("inflicted 1")
    # Both pages kept as they were last seen: at the versions the last writes made.
    kept(page, sequence, f'data-version="{PostGame.objects.get(pk=postgame.pk).version}"')
    kept(page, sheet, f'data-version="{Battle.objects.get(pk=battle.pk).version}"')
    expected_roll = the_app_would_roll(postgame)

    # 6-25, offline.
    page.context.set_offline(True)
    page.goto(sequence)
    expect(page.locator("#offline-banner")).to_contain_text("Offline: as last seen at")
    expect(page.locator("#prompt-text")).to_contain_text("Income")
    page.click("#roll")  # 6: the app's dice, never rolled here (C22): the server's, on sync
    expect(page.locator("[data-outbox-note]")).to_have_text(
        "Pending: rolled by the server when back online."
    )
    expect(page.locator("#use-dice")).to_be_disabled()  # the next question is the server's
    badge_says(page, 1)
    page.screenshot(path=f"{SHOTS}/offline-postgame-pending.png", full_page=True)

    page.goto(sheet)
    expect(page.locator("#offline-banner")).to_be_visible()
    for action in range(19):  # 7-25: turns and figure marks, alternately
        if action % 2 == 0:
            page.click("#next-turn")
        else:
            save_figure(page, elk, 2 + action // 2)
        badge_says(page, 2 + action)
    page.locator("#outbox-badge summary").click()
    page.screenshot(path=f"{SHOTS}/offline-sheet-waiting.png", full_page=True)
    assert TableLog.objects.filter(battle=battle).count() == 3  # nothing reached the server

    # Back: the outbox empties itself, in order.
    page.context.set_offline(False)
    page.wait_for_function("() => document.getElementById('outbox-badge').dataset.count === '0'")
    expect(page.locator("#outbox-badge")).to_be_hidden()
    expect(page.locator("#turn")).to_have_text("Turn 12")  # the answers swapped in

    # 26-30, online: a turn and a mark on the sheet, then the rest of the post-game.
    page.click("#next-turn")
    expect(page.locator("#turn")).to_have_text("Turn 13")
    save_figure(page, elk, 11)
    expect(page.locator(f"#tally-{elk}")).to_contain_text("inflicted 11")
    page.goto(sequence)
    htmx_ready(page)
    expect(page.locator("#sequence")).to_have_attribute("data-position", "4")
    typed_answer(page, WAR_PARTY_SCRIPT[4], 5)
    typed_answer(page, WAR_PARTY_SCRIPT[5], 6)
    page.click("#done-trading")
    expect(page.locator("#sequence")).to_have_attribute("data-step", "ready")

    # The server has every action once, in order.
    log = list(TableLog.objects.filter(battle=battle).order_by("id"))[1:]
    turns = [e.text for e in log if e.kind == TableLog.Kind.TURN]
    marks = [e.text for e in log if e.kind == TableLog.Kind.FIGURE]
    turn, mark = TableLog.Kind.TURN, TableLog.Kind.FIGURE
    assert [e.kind for e in log] == [turn, mark] + [turn, mark] * 9 + [turn] + [turn, mark]
    assert [t.split(" begins")[0] for t in turns] == [f"Turn {n}" for n in range(2, 14)]
    assert [inflicted(m) for m in marks] == list(range(1, 12)), marks
    answers = PostGame.objects.get(pk=postgame.pk).answers
    assert [a["dice"] for a in answers[:6]] == [
        *WAR_PARTY_SCRIPT[:3], expected_roll, *WAR_PARTY_SCRIPT[4:6]
    ]  # fmt: skip
    assert [a["typed"] for a in answers[:6]] == [True, True, True, False, True, True]
    assert answers[6]["trade"] == {"action": "done"} and len(answers) == 7
    assert page.evaluate("() => window.frontierOutbox.count()") == 0
    assert [p for p in problems if "Content Security Policy" in p] == []


def test_a_write_whose_answer_was_lost_is_sent_again_and_done_once(new_page, club):
    """The sheet's Wi-Fi drops after the server did a turn and before its answer arrived: the
    outbox keeps it and sends it again under the same key; the server answers with the first
    answer, and the turn is done once."""
    campaign, war_party, patrol = club
    battle = battle_services.battle_start(
        campaign=campaign, actor=war_party.owner, warband_a=war_party.id, warband_b=patrol.id
    )
    page = new_page()
    log_in(page, "magua")
    page.goto(f"/battles/{battle.id}/")
    htmx_ready(page)
    sent, replayed = [], []

    def lose_the_first_answer(route):
        sent.append(route.request.header_value("Idempotency-Key"))
        if len(sent) == 1:
            route.fetch()  # the server does it...
            route.abort("internetdisconnected")  # ...and its answer never reaches the phone
        else:
            route.continue_()

    page.route(f"**/battles/{battle.id}/turn/", lose_the_first_answer)
    page.on(
        "response",
        lambda r: (
            replayed.append(r.header_value("Idempotent-Replayed")) if "/turn/" in r.url else 0
        ),
    )
    page.click("#next-turn")
    badge_says(page, 1)
    # The badge's list, not the form's note: the live stream may already have brought the
    # fresh sheet (the server did the turn), and with it a new form without the note.
    expect(page.locator("#outbox-badge")).to_contain_text("Next turn")
    expect(page.locator("#turn")).to_have_text("Turn 2")  # sent again on the retry timer
    expect(page.locator("#outbox-badge")).to_be_hidden()
    assert len(sent) == 2 and sent[0] == sent[1]  # the same key
    assert replayed == ["true"]  # the first answer, not the turn done again
    assert Battle.objects.get(pk=battle.pk).turn == 2
    assert TableLog.objects.filter(battle=battle, kind=TableLog.Kind.TURN).count() == 1


def test_a_turn_queued_offline_after_the_opponent_moved_comes_back_as_a_conflict_to_keep(
    new_page, club
):
    """magua presses Next turn with no connection; meanwhile harcourt marks a figure. Back
    online, magua's turn is not done over what he never saw: the conflict shows his beside the
    sheet now, and Send mine anyway does it on the sheet as it stands."""
    campaign, war_party, patrol = club
    battle = battle_services.battle_start(
        campaign=campaign, actor=war_party.owner, warband_a=war_party.id, warband_b=patrol.id
    )
    page = new_page()
    problems = watch(page)
    log_in(page, "magua")
    page.goto(f"/battles/{battle.id}/")
    htmx_ready(page)

    page.context.set_offline(True)
    page.click("#next-turn")
    badge_says(page, 1)
    bell = patrol.figures.get(name="Pte. Bell").id
    battle_services.battle_set_figure(
        battle=battle, actor=patrol.owner, figure=bell, state="down", wounds_taken=1,
        wounds_inflicted=0, scalps=0,
    )  # fmt: skip
    page.context.set_offline(False)

    conflict = page.locator("#conflict")
    expect(conflict).to_contain_text("Changed while yours was on its way")
    expect(conflict.locator("#conflict-mine")).to_contain_text("Next turn")
    expect(conflict.locator("#conflict-now")).to_contain_text("Pte. Bell")
    expect(page.locator("#outbox-badge")).to_be_hidden()
    assert Battle.objects.get(pk=battle.pk).turn == 1  # nothing done over harcourt's mark
    page.screenshot(path=f"{SHOTS}/offline-conflict.png")

    page.click("#send-mine")
    expect(page.locator("#turn")).to_have_text("Turn 2")
    assert Battle.objects.get(pk=battle.pk).turn == 2
    assert TableLog.objects.filter(battle=battle, kind=TableLog.Kind.TURN).count() == 1
    assert [p for p in problems if "Content Security Policy" in p] == []


ASK_VERSION = """() => new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("message", (event) => {
        if (event.data.type === "version") resolve(event.data.version);
    }, { once: true });
    navigator.serviceWorker.controller.postMessage({ type: "version" });
})"""


def test_new_static_files_bring_a_new_service_worker_and_shell(new_page, db, monkeypatch):
    """A release that changes a static file changes /sw.js's text: the browser installs the new
    worker in place of the old, and the old shell's cache is gone."""
    monkeypatch.setattr(pwa, "static_version", lambda: "release1")
    page = new_page()
    page.goto("/help/")
    controlled(page)
    assert page.evaluate(ASK_VERSION) == "release1"

    monkeypatch.setattr(pwa, "static_version", lambda: "release2")
    page.evaluate(
        """async () => {
            const sw = navigator.serviceWorker;
            const changed = new Promise((resolve) =>
                sw.addEventListener("controllerchange", resolve, { once: true }));
            await (await navigator.serviceWorker.getRegistration()).update();
            await changed;
        }"""
    )
    assert page.evaluate(ASK_VERSION) == "release2"
    shells = "async () => (await caches.keys()).filter((n) => n.startsWith('frontier-shell-'))"
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while page.evaluate(shells) != ["frontier-shell-release2"]:  # the old one deleted as it
        assert time.monotonic() < deadline, page.evaluate(shells)  # activates
        page.wait_for_timeout(100)
