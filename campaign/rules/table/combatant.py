"""A figure as the table's calculators see it: its roster (reputation, status, kit, skills,
injuries, advancement) and its state in the game being played (wounds taken, down...)."""

from __future__ import annotations

from dataclasses import dataclass, field

from campaign.rules.errors import RulesError
from campaign.rules.factions import STATUS_NAMES
from campaign.rules.injuries import BITTER_ENEMY, HARDENED, injury_key

OK, FLESH_WOUND, DOWN, OUT_OF_ACTION = "ok", "flesh_wound", "down", "out_of_action"
STATES = (OK, FLESH_WOUND, DOWN, OUT_OF_ACTION)
STATE_NAMES = {OK: "ok", FLESH_WOUND: "flesh wound", DOWN: "down", OUT_OF_ACTION: "out of action"}
CIVILIAN = "civilian"  # C23's "women and children, animals" in the victory margins


class TableError(RulesError):
    """A calculation that cannot be made as asked (a figure down, a weapon not carried...)."""


@dataclass(frozen=True)
class Combatant:
    id: int
    name: str
    faction: str
    status: str  # hero, veteran, trooper, green (a specialist: the status it counts as, C21)
    reputation: int
    kit: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    injuries: tuple[str, ...] = ()  # as stored: "bitter_enemy:Warband name"
    increases: dict[str, int] = field(default_factory=dict)
    wounds: int = 0  # wounds taken in this game (C23: -1 each to shooting and melee)
    state: str = OK
    warband: str = ""
    opponent: str | None = None  # the warband it is fighting, when in a battle
    non_combatant: bool = False  # C21: the doctor and the preacher only defend themselves

    def has(self, skill: str) -> bool:
        return skill in self.skills

    @property
    def injury_keys(self) -> tuple[str, ...]:
        return tuple(injury_key(i) for i in self.injuries)

    @property
    def status_name(self) -> str:
        return STATUS_NAMES.get(self.status, self.status.capitalize())

    @property
    def standing(self) -> bool:
        return self.state in (OK, FLESH_WOUND)

    @property
    def ignores_morale(self) -> str | None:
        """Why this figure ignores morale, in words, or None (Hardened; a Bitter enemy against
        the warband that caused it, C14)."""
        if HARDENED in self.injury_keys:
            return "Hardened: ignores all morale checks"
        for entry in self.injuries:
            key, _, enemy = entry.partition(":")
            if key == BITTER_ENEMY and self.opponent and enemy == self.opponent:
                return f"Bitter enemy of {enemy}: ignores all morale"
        return None

    def must_stand(self, field: str, doing: str) -> None:
        if not self.standing:
            raise TableError(
                f"{self.name} is {STATE_NAMES[self.state]}: it cannot {doing}.", field=field
            )
