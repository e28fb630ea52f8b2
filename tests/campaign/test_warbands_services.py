import pytest

from campaign import services
from campaign.errors import DiceError, RosterError, WarbandInvalid
from campaign.models import LedgerEntry, Warband
from campaign.services import NewFigure, SkillRoll
from tests.factories import WAR_PARTY


def test_founding_pays_from_the_budget_and_writes_the_ledger(war_party):
    # 30+19+11*4 = 93 for the figures; bow 5, tomahawk 1, musket 10, bow 5, bow 5+shield 3,
    # lance 4, tomahawk 1 = 34 for the kit: 127 spent, 73 left (C2).
    assert war_party.state == Warband.State.FOUNDED
    assert war_party.treasury == 73
    ledger = list(war_party.ledger.values_list("amount", "before", "after"))
    assert ledger == [(200, 0, 200), (-127, 200, 73)]


def test_founding_rolls_the_typed_starting_skills(war_party):
    hero = war_party.figures.get(profile="indians_hero")
    veteran = war_party.figures.get(profile="indians_veteran")
    assert hero.skills == ["fierce", "expert_trader"]  # combat 4, woodcraft 2 (C6)
    assert veteran.skills == ["tough"]  # combat 6


def test_the_rating_is_treasury_plus_kit_plus_experience(war_party):
    assert war_party.rating == 73 + 34 + 93  # C11


def test_a_duplicate_typed_skill_needs_another_face(campaign, player):
    figures = [
        NewFigure("Chief", "indians_hero", ("bow",),
                  (SkillRoll("combat", (4,)), SkillRoll("combat", (4,)))),
        *WAR_PARTY[2:],
    ]  # fmt: skip
    figures[1] = NewFigure("Swift Otter", "indians_trooper", ("bow",))
    with pytest.raises(DiceError, match="one more face"):
        services.warband_create_founded(
            campaign=campaign, owner=player, name="W", faction="indians", figures=figures
        )
    assert not Warband.objects.exists()


def test_an_invalid_warband_saves_nothing(campaign, player):
    with pytest.raises(WarbandInvalid) as caught:
        services.warband_create_founded(
            campaign=campaign, owner=player, name="W", faction="indians", figures=WAR_PARTY[2:]
        )
    assert "exactly 1 Hero" in str(caught.value)
    assert not Warband.objects.exists()
    assert not LedgerEntry.objects.exists()


def test_the_treasury_never_goes_below_zero(war_party):
    with pytest.raises(RosterError, match="holds only"):
        services.treasury_change(warband=war_party, amount=-74, reason="Buy a canoe")
    war_party.refresh_from_db()
    assert war_party.treasury == 73
