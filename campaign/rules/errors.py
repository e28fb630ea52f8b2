"""Domain errors raised by the campaign rules. Messages are written for players."""


class RulesError(Exception):
    """Base class. `field` names the input the problem is about, when there is one."""

    def __init__(self, message: str, *, field: str | None = None, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.rule = rule


class DiceError(RulesError):
    """Faces that are not dice faces, or too few of them."""


class RosterError(RulesError):
    """A warband that breaks a rule of C2-C5, or a purchase that cannot be made."""
