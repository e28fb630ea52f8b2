"""Team ratings (C11) and their history, recalculated in bulk by background jobs.

What is stored: `Warband.rating` (with `rating_stale` while a recalculation is on its way) and
one `RatingPoint` per game: the rating after each confirmed game whose post-game sequence is
committed. Figure values (movement, modifiers) are derived on read by the selectors, so nothing
per figure is stored.

The point after a game is the C11 rating of the warband as that game's post-game commit left it:
`PostGame.result["rating"]`, the rating the rules computed of the sheet commit applied. Prices
are pinned at purchase and levels are stored in the sheet, so that number is a fact that does
not change later; it is read with a JSON key lookup in SQL, so a recalculation never loads the
sheets themselves (7 KB each). A result without it is rated from its sheet by the rules.

Reads are in bulk: a constant number of queries per chunk of warbands, whatever their figures and
games, so a campaign of 1,000 warbands recalculates in a few dozen queries.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import Sum

from campaign.models import EquipmentPiece, Figure, GameReport, PostGame, RatingPoint, Warband
from campaign.rules.postgame import WarbandSheet, rating
from campaign.rules.warband import team_rating

CHUNK_SIZE = 200  # warbands per transaction (and per progress step) of a campaign recalculation


# --- the work ----------------------------------------------------------------------------------


def _history_ratings(ids: list[int]) -> dict[tuple[int, int], int]:
    """{(warband, game): rating after that game} for confirmed games with a committed post-game."""
    committed = PostGame.objects.filter(
        warband_id__in=ids,
        status=PostGame.Status.COMMITTED,
        game__status=GameReport.Status.CONFIRMED,
    )
    found, unrated = {}, []
    for pk, warband_id, game_id, value in committed.values_list(
        "pk", "warband_id", "game_id", "result__rating"
    ):
        if isinstance(value, int):
            found[warband_id, game_id] = value
        else:
            unrated.append(pk)
    if unrated:  # an older or hand-made result: rate its sheet with the rules (C11)
        for warband_id, game_id, result in PostGame.objects.filter(pk__in=unrated).values_list(
            "warband_id", "game_id", "result"
        ):
            sheet = (result or {}).get("warband")
            if sheet:
                found[warband_id, game_id] = rating(WarbandSheet.from_dict(sheet))
    return found


@transaction.atomic
def warbands_recalculate(*, warband_ids: Iterable[int]) -> dict[int, int]:
    """Recalculate the team rating (C11) and the rating history of these warbands.

    C11: treasury + the pinned price of every piece the warband owns (in storage, or carried by
    a figure still on the roster) + the current level of every figure still on the roster
    (a specialist's level is its retainer + experience gained, which is what `experience`
    holds). Dead, sold and departed figures count nothing, nor does what they still carry.

    The warband rows are locked first (in id order), so two recalculations of one warband run
    one after the other and the later one reads the later data. Returns {warband id: rating}.
    """
    ids = sorted(set(warband_ids))
    rows = list(
        Warband.objects.select_for_update()
        .filter(pk__in=ids)
        .order_by("pk")
        .values_list("pk", "treasury", "rating", "rating_stale")
    )
    ids = [row[0] for row in rows]
    if not ids:
        return {}
    levels = dict(
        Figure.objects.filter(warband_id__in=ids)
        .exclude(state__in=Figure.GONE)
        .values("warband_id")
        .annotate(total=Sum("experience"))
        .values_list("warband_id", "total")
    )
    kit = dict(
        EquipmentPiece.objects.filter(warband_id__in=ids)
        .exclude(figure__state__in=Figure.GONE)
        .values("warband_id")
        .annotate(total=Sum("price"))
        .values_list("warband_id", "total")
    )
    ratings, changed = {}, []
    for pk, treasury, old, stale in rows:
        new = team_rating(treasury, [kit.get(pk) or 0], [levels.get(pk) or 0])
        ratings[pk] = new
        if new != old or stale:
            changed.append(Warband(pk=pk, rating=new, rating_stale=False))
    Warband.objects.bulk_update(changed, ["rating", "rating_stale"], batch_size=500)
    _rebuild_points(ids)
    return ratings


def _rebuild_points(ids: list[int]) -> None:
    """Make the RatingPoints of these warbands exactly one per rated game: upsert new and
    changed ones (keyed on warband and game), delete those whose game no longer counts."""
    wanted = _history_ratings(ids)
    existing = {
        (warband_id, game_id): (pk, value)
        for pk, warband_id, game_id, value in RatingPoint.objects.filter(
            warband_id__in=ids, game__isnull=False
        ).values_list("pk", "warband_id", "game_id", "rating")
    }
    upsert = [
        RatingPoint(warband_id=warband_id, game_id=game_id, rating=value)
        for (warband_id, game_id), value in wanted.items()
        if existing.get((warband_id, game_id), (None, None))[1] != value
    ]
    if upsert:
        RatingPoint.objects.bulk_create(
            upsert,
            batch_size=500,
            update_conflicts=True,
            unique_fields=["warband", "game"],
            update_fields=["rating"],
        )
    gone = [pk for key, (pk, _) in existing.items() if key not in wanted]
    if gone:
        RatingPoint.objects.filter(pk__in=gone).delete()
