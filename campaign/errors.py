"""Errors of the campaign app, on top of the rules' own (RulesError, RosterError, DiceError).

Each is a core.domain_errors.DomainError (the one base of both apps) and a RulesError, so a
view that catches the rules' errors catches these too.
"""

from campaign.rules.errors import DiceError, RosterError, RulesError
from campaign.rules.warband import Problem
from core.domain_errors import DomainError


class CampaignError(DomainError, RulesError):
    """A campaign action that cannot be done: a wrong invite code, a setting out of range."""


class ReportError(CampaignError):
    """A game report, or a step of the post-game sequence after it, that breaks a rule: it
    cannot be filed, edited, confirmed, withdrawn, answered or settled as asked."""


class ConflictError(CampaignError):
    """Someone else changed the thing first (a report withdrawn while its sequence was being
    committed, an offer changed while it was accepted): nothing was done. Answered 409."""

    status_code = 409


class HouseRulesConflict(ConflictError):
    """A house-rules save from a version that is no longer the latest (C31): another
    organiser's save came first, so nothing was saved. `version` is the version now."""

    def __init__(self, *, started: int, version: int):
        super().__init__(
            f"The house rules are at version {version} now, not {started} as when you started: "
            "someone saved in between, so nothing was saved. Look at both and apply your change "
            f"again on version {version}.",
            field="version",
            rule="C31",
        )
        self.started, self.version = started, version


class PostGameConflict(ConflictError):
    """A post-game step made on a version of the sequence that is no longer the latest (an
    offline queue sending late, another tab): nothing was done. `version` is the version now."""

    def __init__(self, *, started: int, version: int):
        super().__init__(
            f"The post-game sequence has moved on (version {version} now, {started} when you "
            "made this step): nothing was done. Look at both, then send yours again or drop it.",
            field="version",
        )
        self.started, self.version = started, version


class BattleConflict(ConflictError):
    """A battle-sheet write made on a version of the sheet that is no longer the latest (the
    other player tapped first, an offline queue sending late): nothing was done."""

    def __init__(self, *, started: int, version: int):
        super().__init__(
            f"The battle sheet has moved on (version {version} now, {started} when you made "
            "this): nothing was done. Look at both, then send yours again or drop it.",
            field="version",
        )
        self.started, self.version = started, version


class WarbandInvalid(DomainError, RosterError):
    """A warband that breaks one or more rules; `problems` names each rule and the field."""

    detail = "The warband breaks the rules."

    def __init__(self, problems: list[Problem]):
        super().__init__(" ".join(p.message for p in problems), field=problems[0].field)
        self.problems = problems


__all__ = [
    "CampaignError",
    "ConflictError",
    "DiceError",
    "DomainError",
    "HouseRulesConflict",
    "PostGameConflict",
    "BattleConflict",
    "ReportError",
    "RosterError",
    "RulesError",
    "WarbandInvalid",
]
