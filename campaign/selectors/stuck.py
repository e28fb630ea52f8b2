"""Finding post-game sequences that cannot be finished (the `postgames_stuck` command).

An open sequence is played on, on a copy, from where its answers left it: with its own dice
(C22), the first option of each choice, until its rules part is done (trading or ready). It is
stuck when its answers no longer replay, when playing on raises, or when it is still asking
after `max_answers` more answers (a house-rules table that loops for ever). Nothing is saved.
Trading is the players' own choices and is not played.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone

from campaign.models import PostGame
from campaign.rules.dice import StreamDice
from campaign.rules.postgame.run import READY, TRADING
from campaign.selectors.games import postgame_run

# A long sequence (a big warband, many injuries and advances) answers a few dozen prompts.
MAX_ANSWERS = 200


@dataclass(frozen=True)
class Stuck:
    postgame: PostGame
    reason: str


def postgame_stuck_reason(postgame: PostGame, *, max_answers: int = MAX_ANSWERS) -> str | None:
    """Why this open sequence cannot be finished, in words; None when it can."""
    try:
        run = postgame_run(postgame)
    except Exception as error:  # noqa: BLE001 - any failure is the finding
        return f"its answers no longer replay ({error})"
    for _ in range(max_answers + 1):
        if run.step in (TRADING, READY):
            return None
        prompt = run.prompt
        try:
            if prompt["kind"] == "choice":
                run = run.answer(choice=prompt["options"][0], by="check")
            else:
                dice = StreamDice(postgame.dice_secret, run.stream_position)
                run = run.answer(by="check", roller=dice)
        except Exception as error:  # noqa: BLE001
            return f"it fails when played on at {prompt.get('purpose', run.step)} ({error})"
    return f"it still asks for {prompt.get('purpose', run.step)} after {max_answers} more answers"


def postgames_stuck(
    *,
    campaign_id: int | None = None,
    idle_hours: float = 0,
    max_answers: int = MAX_ANSWERS,
) -> list[Stuck]:
    """Every open sequence untouched for `idle_hours` that cannot be finished, oldest first."""
    since = timezone.now() - datetime.timedelta(hours=idle_hours)
    found = (
        PostGame.objects.filter(status=PostGame.Status.OPEN, updated_at__lte=since)
        .select_related("game__campaign", "game__warband_a", "game__warband_b", "warband")
        .order_by("updated_at", "id")
    )
    if campaign_id is not None:
        found = found.filter(game__campaign_id=campaign_id)
    stuck = []
    for postgame in found:
        reason = postgame_stuck_reason(postgame, max_answers=max_answers)
        if reason is not None:
            stuck.append(Stuck(postgame, reason))
    return stuck
