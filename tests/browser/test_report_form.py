"""The game report form on a phone (390 px): the opponent list does not offer the player's own
warband, and each figure is one compact row (issue 21). The page height is printed for the
record: `pytest -s` shows it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from campaign.models import Figure
from tests.browser.helpers import log_in


@pytest.mark.django_db(transaction=True)
def test_a_5_v_4_report_on_a_phone_is_compact_and_offers_no_own_warband(new_page, club):  # noqa: F811
    campaign, war_party, patrol = club
    # 5 v 4: one of the war party's figures and two of the patrol's are dead.
    Figure.objects.filter(warband=war_party, name="Quiet Fox").update(state="dead")
    Figure.objects.filter(warband=patrol, name__in=["Pte. Cole", "Pte. Dunn"]).update(state="dead")
    page = new_page(390, 844)
    log_in(page, "magua")
    page.goto(f"/campaigns/{campaign.id}/games/new/")
    expect(page.locator(".figure-line")).to_have_count(9)

    heights = page.locator(".figure-line").evaluate_all(
        "lines => lines.map(l => l.getBoundingClientRect().height)"
    )
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"report form, 5 v 4 at 390 px: page {height} px, rows {heights}")
    page.screenshot(path="/tmp/shots/table/report-form-390.png", full_page=True)
    opponents = page.locator("#id_warband_b option").all_inner_texts()
    assert not any(name.startswith(war_party.name) for name in opponents), opponents
    assert any(name.startswith(patrol.name) for name in opponents)
    assert max(heights) <= 64  # one compact row per figure
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # Put down by appears on the row of a figure that ended down or out of action.
    otter = Figure.objects.get(warband=war_party, name="Swift Otter")
    put_down = page.locator(f"select[name=f{otter.id}_put_down_by]")
    expect(put_down).to_be_hidden()
    page.select_option(f"select[name=f{otter.id}_outcome]", "down")
    expect(put_down).to_be_visible()
