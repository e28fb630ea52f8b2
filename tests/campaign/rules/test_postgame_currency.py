"""Money in the sequence's words is in the campaign's currency (C2: the sign is a setting)."""

from __future__ import annotations

import dataclasses

from campaign.rules.postgame import PostGameRun
from tests.campaign.rules.conftest import texts


def test_the_income_line_uses_the_campaigns_currency(wolves, make_report):
    report = dataclasses.replace(make_report(wolves, won=False), currency="$")
    game = PostGameRun(wolves, report)
    while game.prompt and game.prompt["purpose"] == "income":
        game = game.answer(dice=[3] * (2 if game.prompt["dice"] == "2D6" else 1), by="owner")
    (line,) = texts(game, "income_total")
    assert "$" in line and "£" not in line
    assert f"(treasury ${wolves.treasury} → " in line


def test_a_report_without_a_currency_reads_pounds(wolves, make_report):
    report = make_report(wolves).to_dict()
    del report["currency"]  # reports stored before the setting reached the rules
    game = PostGameRun.from_dicts(wolves.to_dict(), report, [])
    assert game.report.currency == "£"
