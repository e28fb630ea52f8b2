"""Seeded playouts of every game and the variants the lobby offers end in the very states they
ended in before the compact playout states (issue 38): from the start and from mid-game, each
from a position determinized afresh, as the win odds play them. A faster playout must not change
a stored seed's odds."""

from __future__ import annotations

import hashlib
import json

import pytest

from chase.engines.chance import RandomChance
from chase.games import get_engine

# (kind, options) -> the digests of four seeded playouts from the start, then four from mid-game
# (recorded from the playouts before they were made compact).
PINNED: dict[str, str] = {
    "pelts": "a6e5968db19b a544eb48b882 b5da7482f87b "
    "75ca2ae993b8 7010264f42a2 cbf59a075bc4 fcd68e0ee7a6 bf4dea12da2e",
    "pelts-big": "b86883fb3da6 f0c2b568e6ec d3a79d600ce5 "
    "83611894d304 8bf5ec3112f1 799b70c0cb94 b0cdc2c42e27 a9f884491976",
    "race": "758452c99f0e a3a8f1263b63 ad9c65d4a091 "
    "eb394877f037 bd8d3faabbd7 3207a18d8455 fe5a2621826d 87933bcb3156",
    "race-8": "639eb402c265 89ff13bf7e16 b45643e3d134 "
    "a515e790a19a d8250499afaa 745e7c8333f0 876082576d3b a899ac56ef5b",
    "abstract-canoe": "45a24c616733 d74d2816c20e 9de24341cbff "
    "f9fcfa577bde 7eae973e0d12 a20c6d571e02 d31554fc8e4a 90af50c48a50",
    "abstract-canoe-standard": "4277663d1ed4 8db6344538ec f1480e79548e "
    "fc5ebed563ab 9863952f76e6 59a695fef857 40e433e41ed0 74121cf05089",
    "abstract-canoe-dogfight": "0ef7a0110b77 e194757c1ff9 adfd5f886b6b "
    "7fd5f1679d71 d98c635b57e5 30cd3d46b7ff c587a90cbcf4 30e902b598c9",
    "abstract-road": "72606f67c432 ff52d36a9083 8c7a7fe21286 "
    "cde4e787349a 6f92add52a68 156bc4f707cf 6df93a04078d 881634e95316",
    "abstract-road-extended": "60cd321de14a 68421a8c9cae 8758662a2f92 "
    "ae8b97c8013b 72ee5cbf00bf 85bc47b8a916 7f171421485b c952f9949e67",
    "moosehead": "ea91fb8c5a53 86075cd14a59 b4fce9fb5a33 "
    "5e88091e62c1 d964a23ff964 d06dbc23442a dd71cb9dd771 2fc680ddf4ab",
    "moosehead-6": "c8912ecf5faf e363a2ecf893 d26ba5293120 "
    "234273dbde39 3a58ccae4093 d07d959d0aca 5408fde515ed 377f39a0cf79",
    "moosehead-short": "9f79dbadbf39 b64cd9eb5b5d aa44a284c1cc "
    "dc08df8be027 a68305efeefb 2e8ad2051485 e0e315781b54 6c0ec814a8fc",
    "moosehead-short_none": "3e21623bf448 fa8650eee81b 0f9252d6243b "
    "f61b5cb00fa3 9199626a2080 cf17fd7e7b82 2c4e32861573 609ee53b1160",
    "moosehead-long": "3fac5088119c e58632900166 5e0f0ebb8b23 "
    "d9f2741082e3 8c524a4e1481 41ac3cf4b619 89d125a1a46e 5785a6e9efc1",
    "moosehead-all_night": "bde34be808c7 2dc2d06bf4c5 58ad0735c67b "
    "fabc5222f2ca b8ac26473cde 3a6b629f01d5 73272102da79 bc6c05e6912c",
}

CASES = {
    "pelts": {},
    "pelts-big": {"trapper_canoes": 2, "indian_canoes": 3, "rowers": 6},
    "race": {},
    "race-8": {"canoes": 8, "hidden": False},
    "abstract-canoe": {},  # the template says: extended, difficult
    "abstract-canoe-standard": {"length": "standard", "terrain": "open"},
    "abstract-canoe-dogfight": {"length": "dogfight"},
    "abstract-road": {"template": "road"},
    "abstract-road-extended": {"template": "road", "length": "extended"},
    "moosehead": {},
    "moosehead-6": {"players": 6},
    "moosehead-short": {"variant": "short", "players": 4},
    "moosehead-short_none": {"variant": "short_none", "players": 2},
    "moosehead-long": {"variant": "long"},
    "moosehead-all_night": {"variant": "all_night", "players": 5},
}


def digest(state) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:12]


def played(case: str) -> str:
    kind = case.split("-")[0]
    engine = get_engine(kind)
    options = CASES[case]
    moves = RandomChance(5)
    start = engine.new_game(options, moves).state
    middle = start
    for _ in range(40):  # a mid-game position: forty of the computer's actions in
        role = engine.seat_to_act(middle)
        if role is None:
            break
        middle = engine.apply(middle, role, engine.computer_action(middle, role, moves), moves)
        middle = middle.state
    chance = RandomChance(11, record=False)
    finals = []
    for state in (start, middle):
        role = engine.seat_to_act(state)
        for _ in range(4):
            world = engine.determinize(state, role, chance)
            finals.append(digest(engine.playout(world, chance)))
    return " ".join(finals)


@pytest.mark.parametrize("case", list(CASES))
def test_seeded_playouts_end_as_they_did_before_the_compact_states(case):
    assert played(case) == PINNED[case]
