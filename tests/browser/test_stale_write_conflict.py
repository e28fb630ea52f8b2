"""A battle-sheet write made on an older version, on a phone (390 px): the other player moved
the sheet on first; the player's "Next turn", sent with the version their page had (If-Match,
as the offline outbox sends it), comes back as the conflict in the panel, theirs beside the
sheet now; "Drop mine" closes it, "Send mine anyway" applies it on the version now."""

from __future__ import annotations

from playwright.sync_api import expect

from campaign.models import Battle
from tests.browser.helpers import log_in
from tests.campaign.battle_support import start

SHOTS = "/tmp/shots-conflict"


def with_version(page, version: str) -> None:
    """The turn bar's "Next turn" sends If-Match with `version`, as the outbox would."""
    page.evaluate(
        """(version) => document.querySelector('form[hx-post$="/turn/"]')
        .setAttribute('hx-headers', JSON.stringify({'If-Match': '"' + version + '"'}))""",
        version,
    )


def test_a_stale_next_turn_shows_the_conflict_and_either_way_out_works(new_page, club):
    campaign, war_party, patrol = club
    battle = start(campaign, war_party, patrol, war_party.owner)

    magua = new_page()
    log_in(magua, "magua")
    magua.goto(f"/battles/{battle.id}/")
    read = magua.get_attribute("#sheet", "data-version")

    harcourt = new_page()
    log_in(harcourt, "harcourt")
    harcourt.goto(f"/battles/{battle.id}/")
    harcourt.click("#next-turn")
    expect(harcourt.locator("#turn")).to_have_text("Turn 2")
    # magua's live sheet redraws with harcourt's turn (its stream); the button is then made to
    # send the version read before, as a write queued offline would, on the redrawn form.
    expect(magua.locator("#turn")).to_have_text("Turn 2")

    with_version(magua, read)
    magua.click("#next-turn")

    conflict = magua.locator("#calc #conflict")
    expect(conflict).to_be_visible()
    expect(magua.locator("#conflict-mine")).to_contain_text("Next turn: a new turn begins")
    expect(magua.locator("#conflict-now")).to_contain_text("Turn 2 begins.")
    expect(magua.locator("#turn")).to_have_text("Turn 2")  # the sheet behind
    expect(magua.locator("#sheet")).to_have_attribute("data-version", str(int(read) + 1))
    box = conflict.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390  # no sideways scrolling
    magua.screenshot(path=f"{SHOTS}/battle-conflict.png")

    magua.click("#drop-mine")
    expect(magua.locator("#conflict")).to_have_count(0)
    assert Battle.objects.get(pk=battle.pk).turn == 2  # dropped: nothing done

    with_version(magua, read)
    magua.click("#next-turn")
    expect(conflict).to_be_visible()
    magua.click("#send-mine")
    expect(magua.locator("#turn")).to_have_text("Turn 3")
    expect(magua.locator("#conflict")).to_have_count(0)
    assert Battle.objects.get(pk=battle.pk).turn == 3
