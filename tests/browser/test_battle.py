"""The battle sheet on two phones (390 px): the player starts a battle, both players play three
turns on the same sheet (the initiative, a shot and its last wound, a melee, a morale check
prompted at 20% losses, a flesh wound), the player files the report and the opponent confirms
it. Every die is typed in, so nothing depends on luck."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from campaign.models import Battle, Figure, GameReport
from campaign.services import battles as battle_services
from tests.browser.helpers import log_in
from tests.browser.test_csp import watch

SHOTS = "/tmp/shots-companion"


def ids(*warbands) -> dict[str, int]:
    return {f.name: f.id for f in Figure.objects.filter(warband__in=warbands)}


def close(page) -> None:
    page.click("#close-calc")
    expect(page.locator("#calc-panel")).to_have_count(0)


def typed(page, faces, button="#use-dice") -> None:
    boxes = page.locator("input.die")
    expect(boxes.nth(len(faces) - 1)).to_be_visible()
    for box, face in zip(boxes.all(), faces, strict=False):
        box.fill(str(face))
    page.click(button)


def settled(page) -> None:
    """htmx has wired up what it swapped in (its triggers are live once it settled)."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-added, .htmx-settling, .htmx-request')"
    )


def open_calc(page, selector: str, kind: str) -> None:
    page.click(selector)
    expect(page.locator(f"#calc-panel[data-kind={kind}]")).to_be_visible()
    settled(page)


def choose(page, select: str, value: int, kind: str) -> None:
    """Pick a figure in the panel; the panel asks the server again (wait for it)."""
    with page.expect_response(re.compile(rf"/calc/{kind}/\?")):
        page.select_option(select, str(value))
    settled(page)


def test_two_players_run_three_turns_on_one_sheet_and_file_the_report(new_page, club):
    campaign, war_party, patrol = club
    fig = ids(war_party, patrol)

    magua = new_page()
    problems = watch(magua)
    log_in(magua, "magua")
    magua.goto(f"/campaigns/{campaign.id}/games/")
    magua.click("#start-a-battle")  # loaded into the games section with HTMX
    magua.select_option("#id_warband_b", str(patrol.id))
    magua.click("#start-battle")
    expect(magua.locator("#turn")).to_have_text("Turn 1")
    battle = Battle.objects.get()

    harcourt = new_page()
    problems += watch(harcourt)
    log_in(harcourt, "harcourt")
    harcourt.goto(f"/campaigns/{campaign.id}/games/")
    harcourt.click(f"a[href='/battles/{battle.id}/']")
    expect(harcourt.locator("#turn")).to_have_text("Turn 1")

    # Turn 1: the initiative, then Grey Wolf shoots Pte. Abbott: hit, and the last wound: down.
    open_calc(magua, "#roll-initiative", "initiative")
    typed(magua, [5, 2])
    expect(magua.locator("#calc-result")).to_contain_text("Magalakutway chooses to go first")
    close(magua)
    magua.click("#goes-first")
    expect(magua.locator("#goes-first-text")).to_have_text("Magalakutway moves first")

    open_calc(magua, f"#fig-{fig['Grey Wolf']} [data-act=shoot]", "shooting")
    choose(magua, "select[name=target]", fig["Pte. Abbott"], "shooting")
    expect(magua.locator("#needed")).to_contain_text("Needs 7+ on 2D6 58.3%")
    magua.screenshot(path=f"{SHOTS}/battle-1-shot.png")
    typed(magua, [6, 5])
    expect(magua.locator("#calc-result")).to_contain_text("rolled 6+5 = 11: hit.")
    open_calc(magua, "#follow-up", "last_wound")  # the last wound for Pte. Abbott
    typed(magua, [3])
    expect(magua.locator("#calc-result")).to_contain_text("Pte. Abbott's last wound: D6 3: Down")
    close(magua)
    # The opponent's phone follows by polling.
    expect(harcourt.locator(f"#fig-{fig['Pte. Abbott']}")).to_have_attribute("data-state", "down")
    expect(harcourt.locator("#log")).to_contain_text("Grey Wolf shoots at Pte. Abbott")

    # Turn 2: Running Elk charges Pte. Bell (melee), Bell goes out of action; Abbott's D6 again.
    magua.click("#next-turn")
    expect(magua.locator("#turn")).to_have_text("Turn 2")
    open_calc(magua, f"#fig-{fig['Running Elk']} [data-act=melee]", "melee")
    choose(magua, "select[name=defender]", fig["Pte. Bell"], "melee")
    magua.click("details.factors summary")
    with magua.expect_response(re.compile(r"/calc/melee/\?")):
        magua.locator("input[name=attacker_factors][value=charging]").check()
    settled(magua)
    expect(magua.locator("#preview")).to_contain_text("Fierce: extra +1 when charging")
    magua.screenshot(path=f"{SHOTS}/battle-2-melee.png")
    typed(magua, [5, 5, 1, 1])
    expect(magua.locator("#calc-result")).to_contain_text("Pte. Bell takes a wound.")
    open_calc(magua, "#follow-up", "last_wound")
    typed(magua, [6])
    expect(magua.locator("#calc-result")).to_contain_text("Out of action")
    close(magua)
    open_calc(magua, "#prompts .prompt-wound a >> nth=0", "last_wound")  # Abbott: the D6 again
    typed(magua, [6])
    expect(magua.locator("#calc-result")).to_contain_text("Pte. Abbott's last wound: D6 6")
    close(magua)
    # Running Elk claims coup on Bell: a scalp, by hand.
    open_calc(magua, f"#fig-{fig['Running Elk']} [data-act=edit]", "figure")
    magua.fill("input[name=scalps]", "1")
    magua.click("#save-figure")
    expect(magua.locator(f"#tally-{fig['Running Elk']}")).to_contain_text("scalps 1")

    # The patrol has lost 2 of 6 (33%): its player tests the leader's morale (C24).
    prompt = harcourt.locator("#prompts .prompt-morale")
    expect(prompt).to_contain_text("The 44th Foot Patrol has lost 2 of 6 (33%)")
    open_calc(harcourt, "#prompts .prompt-morale a", "morale")
    expect(harcourt.locator("input[name=modifiers][value=losses_20]")).to_be_checked()
    harcourt.screenshot(path=f"{SHOTS}/battle-3-morale.png")
    typed(harcourt, [6, 6])
    result = harcourt.locator("#calc-result")
    expect(result).to_contain_text("6+6 − 1 = 11, column 6, row 4: no effect — ")
    close(harcourt)
    expect(harcourt.locator("#prompts .prompt-morale")).to_have_count(0)

    # Turn 3: Sgt. Pike shoots Swift Otter: a flesh wound, and she fights on.
    harcourt.click("#next-turn")
    expect(harcourt.locator("#turn")).to_have_text("Turn 3")
    open_calc(harcourt, f"#fig-{fig['Sgt. Pike']} [data-act=shoot]", "shooting")
    choose(harcourt, "select[name=target]", fig["Swift Otter"], "shooting")
    typed(harcourt, [6, 6])
    open_calc(harcourt, "#follow-up", "last_wound")
    typed(harcourt, [1])
    expect(harcourt.locator("#calc-result")).to_contain_text("Flesh wound")
    close(harcourt)
    expect(magua.locator(f"#fig-{fig['Swift Otter']}")).to_have_attribute(
        "data-state", "flesh_wound"
    )
    magua.screenshot(path=f"{SHOTS}/battle-4-sheet.png", full_page=True)

    # The end: the player files the report; the opponent confirms it.
    magua.click("#open-end")
    expect(magua.locator(f"input[name=winner][value='{war_party.id}']")).to_be_checked()
    settled(magua)
    magua.screenshot(path=f"{SHOTS}/battle-5-end.png")
    magua.click("#file-report")
    expect(magua.locator("#game-status")).to_have_text("Waiting for the opponent")
    report = GameReport.objects.get()
    lines = {line.figure.name: line for line in report.figures.select_related("figure")}
    assert (lines["Pte. Abbott"].outcome, lines["Pte. Bell"].outcome) == (
        "out_of_action", "out_of_action")  # fmt: skip
    assert (lines["Running Elk"].wounds_inflicted, lines["Running Elk"].scalps) == (1, 1)
    assert lines["Swift Otter"].outcome == "ok"

    harcourt.goto(f"/games/{report.id}/")
    harcourt.click("#confirm-game")
    expect(harcourt.locator("#game-status")).to_have_text("Confirmed")
    expect(harcourt.locator("#battle-sheet")).to_be_visible()
    harcourt.screenshot(path=f"{SHOTS}/battle-6-confirmed.png", full_page=True)
    harcourt.click("#battle-sheet")
    expect(harcourt.locator("#battle-over")).to_contain_text("report is filed")
    assert [p for p in problems if "CSP" in p or "Content Security Policy" in p] == []


def test_a_rout_is_marked_the_calculator_logs_no_error_and_abandon_asks_in_a_dialog(new_page, club):
    """Issue 21: a morale RT marks the figure, a change in a calculator logs no console error
    (hx-disabled-elt), and Abandon asks in the app's dialog, not the browser's confirm()."""
    campaign, war_party, patrol = club
    fig = ids(war_party, patrol)
    battle = battle_services.battle_start(
        campaign=campaign, actor=war_party.owner, warband_a=war_party.id, warband_b=patrol.id
    )
    page = new_page()
    problems = watch(page)
    page.on("dialog", lambda dialog: problems.append(f"a browser dialog: {dialog.message}"))
    log_in(page, "magua")
    page.goto(f"/battles/{battle.id}/")

    open_calc(page, f"#fig-{fig['Running Elk']} [data-act=melee]", "melee")
    choose(page, "select[name=defender]", fig["Pte. Bell"], "melee")
    page.click("details.factors summary")
    with page.expect_response(re.compile(r"/calc/melee/\?")):
        page.locator("input[name=attacker_factors][value=charging]").check()
    settled(page)
    close(page)

    open_calc(page, f"#fig-{fig['Grey Wolf']} [data-act=morale]", "morale")
    expect(page.locator("#calc")).to_contain_text("Which column of the chart")
    typed(page, [1, 1])
    expect(page.locator("#calc-result")).to_contain_text("rout — Grey Wolf routs")  # RT, in words
    close(page)
    expect(page.locator(f"#fig-{fig['Grey Wolf']} .tag.morale")).to_have_text("Routed")
    page.screenshot(path="/tmp/shots/table/battle-routed-390.png", full_page=True)

    page.click("#open-end")
    settled(page)
    page.click("#abandon")
    dialog = page.locator("dialog[data-confirm]")
    expect(dialog).to_contain_text("Abandon this battle?")
    page.screenshot(path="/tmp/shots/table/battle-abandon-dialog-390.png")
    dialog.locator("button:has-text('Abandon the battle')").click()
    expect(page.locator(".flash")).to_contain_text("The battle is abandoned")
    assert Battle.objects.get(pk=battle.pk).status == Battle.Status.ABANDONED
    assert problems == []
