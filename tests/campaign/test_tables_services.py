"""The table calculators' services: what the API cannot already refuse by the shape of its body."""

from __future__ import annotations

import pytest

from campaign.errors import DiceError
from campaign.models import TableLog
from campaign.services.tables import table_melee
from tests.campaign.games_support import figure


def test_a_melee_typed_in_with_more_faces_than_it_needs_says_which_are_left(
    player, war_party, patrol
):
    with pytest.raises(DiceError) as refused:
        table_melee(
            actor=player,
            attacker=figure(war_party, "Running Elk"),
            defender=figure(patrol, "Pte. Abbott"),
            dice=[3, 3, 2, 2, 5],
        )
    assert refused.value.message == "More faces than the roll needs: [5] left over."
    assert refused.value.field == "dice"
    assert TableLog.objects.count() == 0
