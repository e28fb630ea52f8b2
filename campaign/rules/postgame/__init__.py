"""The campaign's post-game sequence (C8-C22): injuries, experience, advancement, income,
trading, then ready to commit. Pure Python: the Django side stores the sheet, the report and the
answers, and applies the preview once at commit.

    run = PostGameRun(sheet, report, answers)  # replays the answers
    run.step, run.prompt, run.log, run.preview # what the API shows
    run = run.answer(dice=[2, 3], by="ann")    # faces typed in; no dice: the app rolls
    run = run.answer(choice="yes", by="ann")
    run = run.trade({"action": "buy", "item": "musket", "to": 4}, by="ann")
    run = run.undo()
    run.answers_to_list()                      # store this
    run.final_sheet()                          # at commit, once run.step == "ready"

The sheet is a `WarbandSheet`, the report a `ReportSheet` (one side's view of a GameReport row).
"""

from campaign.rules.postgame.advancement import (
    SKILL_LIMITS,
    advance_result,
    roll_bonus,
)
from campaign.rules.postgame.answers import Answer, check_faces
from campaign.rules.postgame.captives import (
    captive_sale_price,
    ransom_captive,
    release_for_sale,
)
from campaign.rules.postgame.experience import (
    advancement_rolls_due,
    experience_gained,
    underdog_bonus,
)
from campaign.rules.postgame.run import STEPS
from campaign.rules.postgame.sequence import PostGameRun, rating, replay_answers
from campaign.rules.postgame.sheet import (
    CaptiveReport,
    FigureReport,
    FigureSheet,
    Piece,
    ReportSheet,
    WarbandSheet,
)
from campaign.rules.seed import (  # the seed's tables (C8-C10); a campaign's are its rule book's
    ATTRIBUTE_LIMITS,
    HERO_AND_VETERAN_TABLE,
    MERE_MORTAL_TABLE,
    UNDERDOG_BANDS,
)

__all__ = [
    "ATTRIBUTE_LIMITS",
    "HERO_AND_VETERAN_TABLE",
    "MERE_MORTAL_TABLE",
    "SKILL_LIMITS",
    "STEPS",
    "UNDERDOG_BANDS",
    "Answer",
    "CaptiveReport",
    "FigureReport",
    "FigureSheet",
    "ReportSheet",
    "Piece",
    "PostGameRun",
    "WarbandSheet",
    "advance_result",
    "advancement_rolls_due",
    "captive_sale_price",
    "check_faces",
    "experience_gained",
    "ransom_captive",
    "rating",
    "release_for_sale",
    "replay_answers",
    "roll_bonus",
    "underdog_bonus",
]
