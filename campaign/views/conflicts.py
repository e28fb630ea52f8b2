"""A write made on a stale version (If-Match, core.conditional) of a battle sheet or a post-game
sequence: the `conflict` fragment the player reads, theirs and what is there now side by side,
with "Send mine anyway" and "Drop mine".

What they tried is told in words from the form they posted, as the log would say it; "Send
mine anyway" posts the same fields again, on the version there is now (its If-Match) and under
a new Idempotency-Key (a new write, not a repeat of the refused one).
"""

from __future__ import annotations

import json
import uuid

from campaign.models import Figure
from campaign.rules.factions import item_name
from campaign.views.words import OPTION_WORDS, STEP_NAMES
from core.conditional import etag

# Not sent again: the CSRF token (the page's own goes with the resend) and what the version
# now replaces (the post-game's answer count, read with the version it was made on).
NOT_RESENT = {"csrfmiddlewaretoken", "position"}


def resend(request, version: int, **overrides) -> dict:
    """The "Send mine anyway" form: the URL, the posted fields again, and its headers."""
    fields = [
        (name, value)
        for name in request.POST
        if name not in NOT_RESENT and name not in overrides
        for value in request.POST.getlist(name)
    ]
    fields += [(name, value) for name, value in overrides.items() if value is not None]
    headers = {"If-Match": etag(version), "Idempotency-Key": str(uuid.uuid4())}
    return {"url": request.path, "fields": fields, "headers": json.dumps(headers)}


def _dice_words(post) -> str:
    faces = [value.strip() for value in post.getlist("dice") if value.strip()]
    if faces and post.get("how") != "app":
        return f"with dice typed in: {', '.join(faces)}"
    return "with the app's dice (rolled when it arrives)"


def _names(*ids) -> dict[int, str]:
    wanted = [int(i) for i in ids if str(i).isdigit()]
    return dict(Figure.objects.filter(id__in=wanted).values_list("id", "name"))


def battle_words(kind: str, post, battle) -> str:
    """What a battle-sheet write would have done, in the words of its log line."""
    fields = ("shooter", "target", "attacker", "defender", "figure", "winner")
    names = _names(*(post.get(key, "") for key in fields))
    name = lambda key: names.get(int(post[key]), "?") if post.get(key, "").isdigit() else "?"  # noqa: E731
    if kind == "turn":
        return "Next turn: a new turn begins, the initiative to roll again."
    if kind == "order":
        side = battle.initiative.name if battle.initiative else "The side with the initiative"
        return f"{side} go {'first' if post.get('first') == '1' else 'last'}."
    if kind == "abandon":
        return "Abandon the battle: nothing reported."
    if kind == "shooting":
        volley = (
            f", a volley of {post['volley']}" if post.get("volley", "1") not in ("", "1") else ""
        )
        cover = ", in cover" if post.get("cover") else ""
        return (
            f"{name('shooter')} shoots at {name('target')} at {post.get('range', 'short')} range"
            f"{cover}{volley}, {_dice_words(post)}."
        )
    if kind == "melee":
        return f"{name('attacker')} fights {name('defender')} in melee, {_dice_words(post)}."
    if kind in ("morale", "rally"):
        test = "a morale test" if kind == "morale" else "a rally test"
        return f"{name('figure')} takes {test}, {_dice_words(post)}."
    if kind == "last_wound":
        return f"The last-wound D6 for {name('figure')}, {_dice_words(post)}."
    if kind == "initiative":
        return f"The initiative roll, {_dice_words(post)}."
    if kind == "figure":
        state = post.get("state", "").replace("_", " ")
        return (
            f"Correct {name('figure')}: {state or 'state unchanged'}, wounds taken "
            f"{post.get('wounds_taken', 0)}, inflicted {post.get('wounds_inflicted', 0)}, scalps "
            f"{post.get('scalps', 0)}{'' if post.get('took_part') else ', not taking part'}."
        )
    if kind == "end":
        winner = post.get("winner", "")
        return f"File the report: {'a draw' if not winner.isdigit() else name('winner') + ' won'}."
    return "A change to the sheet."


def battle_now(battle, log) -> list[str]:
    """The sheet now, in a few lines: the turn, the initiative, the last log lines."""
    if not battle.is_on:
        lines = [f"The battle is over ({battle.get_status_display().lower()})."]
    elif battle.initiative:
        lines = [f"Turn {battle.turn}, initiative {battle.initiative.name}."]
    else:
        lines = [f"Turn {battle.turn}, initiative not rolled yet."]
    recent = list(log)[:4][::-1]  # the log comes newest first; told in order
    lines += [f"T{e.turn} {e.text}" if e.turn else e.text for e in recent]
    return lines


def postgame_words(kind: str, post, postgame) -> str:
    """What a post-game step would have done, in the words of its log line."""
    names = {f.get("id"): f.get("name") for f in postgame.sheet.get("figures", [])}
    if kind == "advance":
        faces = [value.strip() for value in post.getlist("dice") if value.strip()]
        choice = post.get("choice", "")
        if faces:
            return f"Answer the prompt with dice typed in: {', '.join(faces)}."
        if choice:
            label = names.get(int(choice)) if choice.isdigit() else OPTION_WORDS.get(choice, choice)
            return f"Answer the prompt: {label or choice}."
        return (
            "Roll the prompt's dice: the server rolls them from the sequence's own dice, the "
            "same faces whenever it arrives."
        )
    if kind == "trade":
        action = post.get("action", "")
        if action == "done":
            return "End trading."
        what = post.get("item") or post.get("profile") or post.get("specialist") or ""
        if post.get("piece"):
            what = post["piece"].split("|")[1] if post["piece"].count("|") == 2 else post["piece"]
        to = post.get("to", "")
        whom = names.get(int(to)) if to.isdigit() else to
        words = f"{action.capitalize()} {item_name(what) if what else ''}".strip()
        if post.get("name"):
            words += f" named {post['name']}"
        return f"{words}{f' for {whom}' if whom else ''}."
    if kind == "undo":
        return "Undo the last answer."
    if kind == "commit":
        return "Commit the sequence to the roster."
    return "A step of the sequence."


def postgame_now(state: dict, prompt: dict | None, log: list[dict]) -> list[str]:
    step = STEP_NAMES.get(state["step"], state["step"])
    lines = [f"{step}: {prompt['text']}." if prompt else f"{step}."]
    lines += [e["text"] + (f" ({e['how']})" if e.get("how") else "") for e in log[-4:]]
    return lines
