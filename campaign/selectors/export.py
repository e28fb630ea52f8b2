"""A campaign written out whole: one JSON document of every row, and CSV of the rosters and the
league, for the organiser to keep or to open in a spreadsheet. Reads only.

The JSON keeps every column of every row that belongs to the campaign (ids included, people by
username), so nothing of the books is lost: each warband's ledger line by line, each roll,
each game with its figure lines and both post-game sequences (answers and result).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q
from django.utils import timezone

from campaign.models import (
    Activity,
    Campaign,
    EquipmentPiece,
    Figure,
    GameFigure,
    GameReport,
    LedgerEntry,
    Membership,
    PostGame,
    Ranking,
    RatingPoint,
    RollRecord,
    Warband,
)
from campaign.selectors.house_rules import rulebook_for
from campaign.selectors.league import league_rows
from campaign.selectors.warbands import figure_card
from core.csv_export import csv_text

EXPORT_FORMAT = "frontier.campaign"
EXPORT_VERSION = 1
ENCODER = DjangoJSONEncoder()
PLAIN = (str, int, float, bool, list, dict)
SECRET_FIELDS = {"dice_secret"}  # C22: a sequence's dice are never readable ahead


def _rows(queryset: models.QuerySet, usernames: Usernames) -> list[dict[str, Any]]:
    """Every concrete column of each row; a foreign key to a person is their username."""
    user_model = get_user_model()
    fields = [f for f in queryset.model._meta.concrete_fields if f.name not in SECRET_FIELDS]
    out = []
    for obj in queryset.order_by("pk"):
        row = {}
        for field in fields:
            value = getattr(obj, field.attname)
            if field.is_relation and field.related_model is user_model:
                row[field.name] = usernames[value]
            elif (
                field.is_relation
                or isinstance(value, str | int | float | bool | list | dict)
                or value is None
            ):
                row[field.name] = value
            else:
                row[field.name] = ENCODER.default(value)
        out.append(row)
    return out


class Usernames(dict):
    """User id -> username, fetched on first need (people who left are named too)."""

    def __missing__(self, user_id):
        if user_id is None:
            return None
        name = get_user_model().objects.filter(pk=user_id).values_list("username", flat=True)
        self[user_id] = name.first()
        return self[user_id]


def campaign_export(campaign: Campaign) -> dict[str, Any]:
    warbands = Warband.objects.filter(campaign=campaign)
    usernames = Usernames(
        get_user_model()
        .objects.filter(Q(memberships__campaign=campaign) | Q(pk=campaign.organiser_id))
        .values_list("pk", "username")
    )
    games = GameReport.objects.filter(campaign=campaign)
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported_at": ENCODER.default(timezone.now()),
        "campaign": _rows(Campaign.objects.filter(pk=campaign.pk), usernames)[0],
        "members": _rows(Membership.objects.filter(campaign=campaign), usernames),
        "warbands": _rows(warbands, usernames),
        "figures": _rows(Figure.objects.filter(warband__campaign=campaign), usernames),
        "equipment": _rows(EquipmentPiece.objects.filter(warband__campaign=campaign), usernames),
        "ledger": _rows(LedgerEntry.objects.filter(warband__campaign=campaign), usernames),
        "rolls": _rows(RollRecord.objects.filter(warband__campaign=campaign), usernames),
        "games": _rows(games, usernames),
        "game_figures": _rows(GameFigure.objects.filter(report__campaign=campaign), usernames),
        "postgames": _rows(PostGame.objects.filter(game__campaign=campaign), usernames),
        "rating_points": _rows(
            RatingPoint.objects.filter(Q(warband__campaign=campaign)), usernames
        ),
        "rankings": _rows(Ranking.objects.filter(campaign=campaign), usernames),
        "league": league_table(campaign),
        "activity": _rows(Activity.objects.filter(campaign=campaign), usernames),
    }


# The league CSV's columns: the key of each row and the heading a spreadsheet shows.
LEAGUE_COLUMNS = {
    "warband": "Warband",
    "player": "Player",
    "faction": "Faction",
    "played": "Played",
    "won": "Won",
    "drawn": "Drawn",
    "lost": "Lost",
    "team_rating": "Team rating",
    "ranking": "Ranking",
    "ranking_deviation": "Ranking deviation",
}


def league_table(campaign: Campaign) -> list[dict[str, Any]]:
    out = []
    for row in league_rows(campaign):
        out.append(
            {
                "warband": row.warband.name,
                "player": row.warband.owner.username,
                "faction": row.warband.get_faction_display(),
                "played": row.played,
                "won": row.won,
                "drawn": row.drawn,
                "lost": row.lost,
                "team_rating": row.warband.rating,
                "ranking": round(row.ranking.rating) if row.ranking else None,
                "ranking_deviation": round(row.ranking.deviation) if row.ranking else None,
            }
        )
    return out


# The rosters CSV's columns, in order: what a roster card says, in words, then the keys the
# app stores (the CSV's columns before issue 33 held these keys; a spreadsheet or script that
# read them finds them under the "... key(s)" headings).
ROSTER_COLUMNS = {
    "warband": "Warband",
    "player": "Player",
    "faction": "Faction",
    "warband_state": "Warband state",
    "treasury": "Treasury",
    "figure": "Figure",
    "profile": "Profile",
    "status": "Status",
    "state": "State",
    "reputation": "Reputation",
    "movement": "Movement",
    "melee": "Melee",
    "shooting": "Shooting",
    "morale": "Morale",
    "experience": "Experience",
    "skills": "Skills",
    "injuries": "Injuries",
    "equipment": "Equipment",
    "profile_key": "Profile key",
    "status_key": "Status key",
    "state_key": "State key",
    "skill_keys": "Skill keys",
    "injury_keys": "Injury keys",
    "equipment_keys": "Equipment keys",
}


def roster_table(campaign: Campaign) -> list[dict[str, Any]]:
    """One row per figure, as its roster card says it (C7, C14: movement and the attribute
    modifiers with the campaign's rules in force), with the stored keys beside."""
    figures = (
        Figure.objects.filter(warband__campaign=campaign)
        .select_related("warband__owner")
        .prefetch_related("equipment")
        .order_by("warband__name", "warband_id", "position", "pk")
    )
    book = rulebook_for(campaign)
    rows = []
    for f in figures:
        card = figure_card(f, book)
        rows.append(
            {
                "warband": f.warband.name,
                "player": f.warband.owner.username,
                "faction": f.warband.get_faction_display(),
                "warband_state": f.warband.get_state_display(),
                "treasury": f.warband.treasury,
                "figure": f.name,
                "profile": card.profile_name,
                "status": f.get_status_display(),
                "state": f.get_state_display(),
                "reputation": f.reputation,
                "movement": card.movement,
                "melee": card.melee,
                "shooting": card.shooting,
                "morale": card.morale,
                "experience": f.experience,
                "skills": "; ".join(name for _, name, _ in card.skills),
                "injuries": "; ".join(words for _, words in card.injuries),
                "equipment": "; ".join(name for _, name, _ in card.equipment),
                "profile_key": f.profile,
                "status_key": f.status,
                "state_key": f.state,
                "skill_keys": "; ".join(map(str, f.skills)),
                "injury_keys": "; ".join(map(str, f.injuries)),
                "equipment_keys": "; ".join(key for key, _, _ in card.equipment),
            }
        )
    return rows


def as_csv(rows: list[dict[str, Any]], columns: dict[str, str]) -> str:
    """The rows as CSV under the columns' headings, through the one export writer, which
    defuses formula cells (finding 4)."""
    return csv_text(
        ({columns[key]: row[key] for key in columns} for row in rows), list(columns.values())
    )
