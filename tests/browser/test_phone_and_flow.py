"""Phone and flow (issue 33, section 4), at 390 x 844: every table page fits the screen (no
sideways scroll), names wrap between words and never mid-word, the builder's bar founds the
warband, a correction sets a figure's state, and sure-looking odds are not called certain.

Screenshots go to /tmp/shots/phone (looked at when the test was written)."""

from __future__ import annotations

import pathlib
import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from campaign import services
from campaign.models import Activity, Figure
from campaign.services import battles as battle_services
from chase.engines.odds import Odds
from chase.services import odds as odds_service
from tests.browser.helpers import log_in
from tests.campaign.games_support import file_battle, sequence_of
from tests.factories import WAR_PARTY

PHONE = 390
SHOTS = pathlib.Path("/tmp/shots/phone")
LONG_NAMES = {"Running Elk": "Atecouando", "Grey Wolf": "Kiashuta Nimwha"}

# The words of the page's visible text that a line break cuts in two (a word being a run of
# letters between spaces and hyphens: "Montgomery-Harcourt" may break after its hyphen).
SPLIT_WORDS = """() => {
  const split = [];
  const walker = document.createTreeWalker(document.querySelector('main') || document.body,
                                           NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !parent.offsetParent || parent.closest('svg, select, option, script')) continue;
    for (const match of node.textContent.matchAll(/[A-Za-zÀ-ÿ']{4,}/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (tops.size > 1) split.push(match[0]);
    }
  }
  return split;
}"""


@dataclass(frozen=True)
class Club:
    campaign: int
    war_party: int
    game: int
    postgame: int
    battle: int
    draft: int
    ready: int
    figure: int


@pytest.fixture
def phone_club(club):
    """Lake George 1757 with long names, a confirmed game, a battle sheet, a draft with rules to
    meet and a draft ready to found."""
    campaign, war_party, patrol = club
    game = file_battle(campaign, war_party, patrol, campaign.organiser)  # by the seed's names
    for old, new in LONG_NAMES.items():
        war_party.figures.filter(name=old).update(name=new)
    patrol.figures.filter(status="hero").update(name="Lt. Montgomery-Harcourt")
    battle = battle_services.battle_start(
        campaign=campaign, actor=war_party.owner, warband_a=war_party.id, warband_b=patrol.id
    )
    draft = services.warband_create_draft(
        campaign=campaign, owner=war_party.owner, name="Rangers", faction="rangers"
    )
    services.warband_add_figure(warband=draft, name="Captain Rogers", profile="rangers_hero")
    ready = services.warband_create_draft(
        campaign=campaign, owner=war_party.owner, name="Wolves of the Ohio", faction="indians"
    )
    for new in WAR_PARTY:
        figure = services.warband_add_figure(warband=ready, name=new.name, profile=new.profile)
        services.figure_set_equipment(figure=figure, keys=new.equipment)
    return Club(
        campaign.id,
        war_party.id,
        game.id,
        sequence_of(game, war_party).id,
        battle.id,
        draft.id,
        ready.id,
        war_party.figures.get(name="Atecouando").id,
    )


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-390.png"), full_page=True)


def _start_canoe_game(page, kind: str) -> None:
    page.goto(f"/play/?kind={kind}")
    page.check("input[name=mode][value=solo]")
    page.click("#start")
    expect(page.locator("#table")).to_be_visible()


def test_every_table_page_fits_a_phone_and_no_name_breaks_mid_word(page, phone_club):
    """Issue 33: a game's page was 408 px wide at 390 (its panels cut off) and "Atecouando"
    broke as "Atecoua/ndo" on the report form."""
    club = phone_club
    wide, split = {}, {}

    def check(name: str) -> None:
        page.wait_for_load_state("networkidle")
        _shot(page, name)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE:
            wide[name] = width
        words = page.evaluate(SPLIT_WORDS)
        if words:
            split[name] = words

    for kind in ("pelts", "race", "moosehead", "abstract"):
        _start_canoe_game(page, kind)
        check(f"table-{kind}")
    page.goto("/play/")
    check("lobby")

    log_in(page, "magua")
    pages = {
        "game": f"/games/{club.game}/",
        "report-form": f"/campaigns/{club.campaign}/games/new/",
        "battle-sheet": f"/battles/{club.battle}/",
        "post-game": f"/postgames/{club.postgame}/",
        "roster": f"/warbands/{club.war_party}/",
        "builder": f"/warbands/{club.draft}/build/",
        "builder-ready": f"/warbands/{club.ready}/build/",
        "league": f"/campaigns/{club.campaign}/league/",
        "campaign": f"/campaigns/{club.campaign}/",
        "correction-form": f"/figures/{club.figure}/correct/",
    }
    for name, path in pages.items():
        page.goto(path)
        check(name)

    assert wide == {}, f"wider than the phone: {wide}"
    assert split == {}, f"words broken mid-word: {split}"
    # The names are on the pages checked, whole.
    page.goto(f"/campaigns/{club.campaign}/games/new/")
    expect(page.locator(".fig-name", has_text="Atecouando")).to_be_visible()


def test_the_builders_bar_founds_the_warband_from_anywhere_on_the_page(page, phone_club):
    log_in(page, "magua")
    page.goto(f"/warbands/{phone_club.draft}/build/")
    rules = page.locator("#totals-state")
    expect(rules).to_have_text(re.compile(r"\d+ rules? to meet"))
    rules.click()
    expect(page).to_have_url(re.compile(r"#summary$"))
    expect(page.locator("#problems")).to_be_in_viewport()

    page.goto(f"/warbands/{phone_club.ready}/build/")
    page.locator("article.figure-row").last.scroll_into_view_if_needed()  # far down the list
    found = page.locator("#totals-found")
    expect(found).to_have_text("Ready: found the warband")
    expect(found).to_be_in_viewport()  # the bar is sticky: in sight without scrolling back
    _shot(page, "builder-bar-ready")
    found.click()
    expect(page.locator("h1")).to_have_text("Found Wolves of the Ohio")
    expect(page.locator("button", has_text="Roll and found")).to_be_visible()


def test_a_correction_sets_a_figures_state_on_a_phone(page, phone_club):
    log_in(page, "organiser")
    page.goto(f"/figures/{phone_club.figure}/correct/")
    page.select_option("#id_state", "dead")
    page.fill("#id_reason", "He fell in the Lake George game; it was filed as down")
    _shot(page, "correction-state")
    page.click("button:has-text('Save the correction')")
    expect(page.locator(f"#figure-{phone_club.figure}")).to_contain_text("state alive → dead")
    assert Figure.objects.get(pk=phone_club.figure).state == "dead"
    assert "state alive → dead" in Activity.objects.get(kind="correction").text
    page.goto(f"/campaigns/{phone_club.campaign}/")
    expect(page.locator("main")).to_contain_text("Atecouando of Magalakutway: state alive → dead")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
    _shot(page, "correction-state-in-the-feed")


def test_the_game_masters_sure_looking_odds_are_not_called_certain(page, monkeypatch):
    """What every playout of the computer game master gives at a canoe chase's start (issue 33
    saw "100% / 0%, ± 0.0", and the Indians won): shown as over 99%, with its range."""
    one_way = Odds(1000, 0.0, {"trappers": 1.0, "Indians": 0.0})
    monkeypatch.setattr(odds_service, "win_odds", lambda *args, **kwargs: one_way)
    page.goto("/play/?kind=abstract")
    page.check("input[name=mode][value=solo]")
    page.select_option("select[name$=play_as]", "gm")
    page.click("#start")
    page.click("#chances")
    answer = page.locator("#odds-answer")
    expect(answer.locator(".odds-percent")).to_have_text(["over 99%", "under 1%"])
    expect(answer).to_contain_text("Not certain: 1000 games played out are not a proof")
    expect(answer).not_to_contain_text("± 0.0")
    answer.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
    _shot(page, "odds-not-certain")
