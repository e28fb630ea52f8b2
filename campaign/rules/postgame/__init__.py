"""The campaign's post-game sequence (C8-C22): injuries, experience, advancement, income,
trading, then ready to commit. Pure Python: the Django side stores the sheet, the report and the
answers, and applies the preview once at commit.

    pg = PostGame(sheet, report, answers)      # replays the answers
    pg.step, pg.prompt, pg.log, pg.preview     # what the API shows
    pg = pg.answer(dice=[2, 3], by="ann")      # faces typed in; no dice: the app rolls
    pg = pg.answer(choice="yes", by="ann")
    pg = pg.trade({"action": "buy", "item": "musket", "to": 4}, by="ann")
    pg = pg.undo()
    pg.answers_to_list()                       # store this
    pg.final_sheet()                           # at commit, once pg.step == "ready"
"""

from campaign.rules.postgame.advancement import (
    ATTRIBUTE_LIMITS,
    HERO_AND_VETERAN_TABLE,
    MERE_MORTAL_TABLE,
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
    UNDERDOG_BANDS,
    advancement_rolls_due,
    experience_gained,
    underdog_bonus,
)
from campaign.rules.postgame.run import STEPS
from campaign.rules.postgame.sequence import PostGame, rating, replay
from campaign.rules.postgame.sheet import (
    CaptiveReport,
    FigureReport,
    FigureSheet,
    GameReport,
    Piece,
    WarbandSheet,
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
    "GameReport",
    "Piece",
    "PostGame",
    "WarbandSheet",
    "advance_result",
    "advancement_rolls_due",
    "captive_sale_price",
    "check_faces",
    "experience_gained",
    "ransom_captive",
    "rating",
    "release_for_sale",
    "replay",
    "roll_bonus",
    "underdog_bonus",
]
