"""Saved chases a game master can start from (`template` option), written as options are."""

from __future__ import annotations

from typing import Any

# A day's pursuit down a river: two trappers' canoes fleeing a war party (extended, A1).
CANOE_CHASE: dict[str, Any] = {
    "title": "Canoe: trappers and Indians",
    "length": "extended",
    "terrain": "difficult",  # rapids, snags and sweepers
    "prey": "trappers",
    "participants": [
        {
            "name": "Pierre",
            "side": "trappers",
            "trait_die": "d8",
            "wild_card": True,
            "top_speed": 5,
            "passengers": [{"name": "Jean-Baptiste", "trait_die": "d6"}],
        },
        {
            "name": "Marie",
            "side": "trappers",
            "trait_die": "d6",
            "wild_card": True,
            "top_speed": 5,
        },
        {
            "name": "Grey Wolf",
            "side": "Indians",
            "trait_die": "d10",
            "wild_card": True,
            "top_speed": 6,
            "passengers": [{"name": "Running Elk", "trait_die": "d6"}],
        },
        {
            "name": "War canoe",
            "side": "Indians",
            "trait_die": "d6",
            "wild_card": False,
            "top_speed": 6,
            "extras": 6,
        },
    ],
}

# Riders on the road to the fort: a courier with dispatches and the dragoons sent after him.
ROAD_CHASE: dict[str, Any] = {
    "title": "Road: courier and dragoons",
    "length": "standard",
    "terrain": "open",
    "prey": "courier",
    "participants": [
        {
            "name": "Lachance",
            "side": "courier",
            "trait_die": "d8",
            "wild_card": True,
            "top_speed": 16,  # the seed's Pace plus running die, mounted: 8 + d8
        },
        {
            "name": "Captain Fraser",
            "side": "dragoons",
            "trait_die": "d8",
            "wild_card": True,
            "top_speed": 16,
        },
        {
            "name": "Dragoons",
            "side": "dragoons",
            "trait_die": "d6",
            "wild_card": False,
            "top_speed": 14,
            "extras": 4,
        },
    ],
}

TEMPLATES: dict[str, dict[str, Any]] = {"canoe": CANOE_CHASE, "road": ROAD_CHASE}
DEFAULT_TEMPLATE = "canoe"


def template_titles() -> dict[str, str]:
    """Template key -> its title, for the lobby's form."""
    return {key: template["title"] for key, template in TEMPLATES.items()}
