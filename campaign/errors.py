"""Errors of the campaign app, on top of the rules' own (RulesError, RosterError, DiceError)."""

from campaign.rules.errors import DiceError, RosterError, RulesError
from campaign.rules.warband import Problem


class CampaignError(RulesError):
    """A campaign action that cannot be done: a wrong invite code, a setting out of range."""


class ConflictError(CampaignError):
    """Someone else changed the thing first (a report withdrawn while its sequence was being
    committed, an offer changed while it was accepted): nothing was done. Answered 409."""

    status_code = 409


class WarbandInvalid(RosterError):
    """A warband that breaks one or more rules; `problems` names each rule and the field."""

    def __init__(self, problems: list[Problem]):
        super().__init__(" ".join(p.message for p in problems), field=problems[0].field)
        self.problems = problems


__all__ = [
    "CampaignError",
    "ConflictError",
    "DiceError",
    "RosterError",
    "RulesError",
    "WarbandInvalid",
]
