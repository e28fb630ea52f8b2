"""Every prompt the post-game sequence can ask, written once: its purpose key, the ruling it
follows and the words a player reads.

The steps ask by key (`ask_roll(prompts.INJURY, D66, figure)`), the API lists the keys as the
prompt's `purpose`, and the page shows the words. A ruling id is for a tooltip only, never the
words (issue 21). A step that asks a new purpose adds its row here; a test scans the steps for
purposes with no row.
"""

from __future__ import annotations

from dataclasses import dataclass

INJURY = "injury"
INJURY_COUNT = "injury_count"
ARM_WOUND = "arm_wound"
SNAKE_OIL = "snake_oil"
NIMBLE = "nimble"
ADVANCE = "advance"
SKILL = "skill"
INCOME = "income"
CAPTIVE_SALE = "captive_sale"
DOCTOR = "doctor"
NIMBLE_USE = "nimble_use"
ATTRIBUTE = "attribute"
SKILL_LIST = "skill_list"
CRACK_SHOT = "crack_shot"


@dataclass(frozen=True)
class PromptWords:
    """What a prompt is for, in words (`{name}`: the figure's name), the ruling it follows, and
    the words for a prompt about the whole warband where they differ."""

    words: str
    ruling: str | None = None
    warband_words: str | None = None

    def text(self, name: str, *, about_warband: bool = False) -> str:
        if about_warband and self.warband_words is not None:
            return self.warband_words
        return self.words.format(name=name)


# In the order the API's schema lists them (PromptSerializer.purpose).
PROMPTS: dict[str, PromptWords] = {
    INJURY: PromptWords("Injury roll for {name}", "C13"),
    INJURY_COUNT: PromptWords("How many injuries {name} takes", "C15"),
    ARM_WOUND: PromptWords(
        "Arm wound for {name}: 1 arm amputated, 2-6 misses the next game", "C14"
    ),
    SNAKE_OIL: PromptWords(
        "Snake oil for {name}: 1 misses the next game, 2-5 no effect, 6 miracle cure"
    ),
    NIMBLE: PromptWords("Nimble for {name}: 4+ turns the result into Full recovery", "C17"),
    ADVANCE: PromptWords("Advancement roll for {name}", "C10"),
    SKILL: PromptWords("Skill roll for {name}"),
    INCOME: PromptWords("Income for {name}", "C18", warband_words="Income for the game"),
    CAPTIVE_SALE: PromptWords("Sale of a captive: D6 × 5", "C16"),
    DOCTOR: PromptWords("Your healer heals one model: it skips its injury roll", "C17"),
    NIMBLE_USE: PromptWords("{name} may use Nimble", "C17"),
    ATTRIBUTE: PromptWords("Choose the attribute {name} raises", "C10"),
    SKILL_LIST: PromptWords("Choose the skill list {name} rolls on"),
    CRACK_SHOT: PromptWords("Crack shot: re-roll {name}'s injury?", "C17"),
}
