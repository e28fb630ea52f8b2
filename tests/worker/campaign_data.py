"""Campaign data for the ratings, rankings, league and worker tests.

Games and post-games are written as rows, as the game-report services leave them once a game is
confirmed and its post-game committed: the ratings read only those rows.
"""

from __future__ import annotations

import datetime

from campaign.models import (
    Campaign,
    EquipmentPiece,
    Figure,
    GameReport,
    PostGame,
    Warband,
)
from tests.factories import CampaignFactory, UserFactory, member

DAY = datetime.date(1757, 6, 1)


def warband(campaign: Campaign, owner=None, *, name: str, treasury: int = 0, **fields) -> Warband:
    """A founded warband with no figures (add them with `figure`)."""
    owner = owner or member(campaign, UserFactory())
    return Warband.objects.create(
        campaign=campaign, owner=owner, name=name, faction="indians", treasury=treasury,
        state=Warband.State.FOUNDED, **fields,
    )  # fmt: skip


def figure(band: Warband, *, level: int, state: str = Figure.State.ACTIVE, kit=(), **fields):
    """A figure at experience level `level`, carrying pieces at the given (pinned) prices."""
    made = Figure.objects.create(
        warband=band, name=fields.pop("name", f"Figure {level}"), profile="indians_trooper",
        status=fields.pop("status", "trooper"), reputation=2, experience_start=11,
        experience=level, state=state, **fields,
    )  # fmt: skip
    for price in kit:
        EquipmentPiece.objects.create(warband=band, figure=made, key="bow", price=price)
    return made


def stored(band: Warband, *prices: int) -> None:
    """Pieces in the warband's storage."""
    for price in prices:
        EquipmentPiece.objects.create(warband=band, figure=None, key="musket", price=price)


def game(
    a: Warband,
    b: Warband,
    *,
    winner: Warband | None = None,
    day: int = 0,
    status: str = GameReport.Status.CONFIRMED,
    after: tuple[int | None, int | None] | None = None,
) -> GameReport:
    """A game between a and b on DAY + `day`. `after` gives the ratings each side's committed
    post-game left (None: that side has not committed yet); no `after`: no post-games."""
    report = GameReport.objects.create(
        campaign=a.campaign, warband_a=a, warband_b=b, winner=winner,
        played_on=DAY + datetime.timedelta(days=day), status=status, filed_by=a.owner,
    )  # fmt: skip
    for side, rating in zip((a, b), after or (), strict=False):
        PostGame.objects.create(
            game=report, warband=side, sheet={}, report={},
            status=PostGame.Status.OPEN if rating is None else PostGame.Status.COMMITTED,
            result=None if rating is None else {"rating": rating, "warband": {}},
        )  # fmt: skip
    return report


def bulk_campaign(*, warbands: int, figures: int = 15, rounds: int = 4, organiser=None):
    """A campaign built with bulk_create: `warbands` warbands (one player each) of `figures`
    figures with two pieces each, and `rounds` club days on which every warband plays once
    (a committed post-game on both sides). Ratings are left at 0 and stale."""
    campaign = CampaignFactory(organiser=organiser) if organiser else CampaignFactory()
    users = [UserFactory() for _ in range(warbands)]
    bands = Warband.objects.bulk_create(
        Warband(
            campaign=campaign,
            owner=user,
            name=f"Band {n:04d}",
            faction="indians",
            state=Warband.State.FOUNDED,
            treasury=n % 40,
            rating=0,
            rating_stale=True,
        )  # fmt: skip
        for n, user in enumerate(users)
    )
    made = Figure.objects.bulk_create(
        Figure(
            warband=band,
            name=f"F{k}",
            profile="indians_trooper",
            status="trooper",
            reputation=2,
            experience_start=11,
            experience=11 + k,
            state=Figure.State.DEAD if k == 0 else Figure.State.ACTIVE,
        )  # fmt: skip
        for band in bands
        for k in range(figures)
    )
    EquipmentPiece.objects.bulk_create(
        EquipmentPiece(warband_id=f.warband_id, figure=f, key=key, price=price)
        for f in made
        for key, price in (("bow", 5), ("tomahawk", 2))
    )
    reports = []
    for round_ in range(rounds):
        for n in range(0, len(bands) - 1, 2):
            a, b = bands[n], bands[(n + 1 + 2 * round_) % len(bands)]
            if a.pk == b.pk:
                b = bands[n + 1]
            reports.append(
                GameReport(
                    campaign=campaign,
                    warband_a=a,
                    warband_b=b,
                    winner=a if (n + round_) % 3 else None,
                    played_on=DAY + datetime.timedelta(days=round_),
                    status=GameReport.Status.CONFIRMED,
                    filed_by=a.owner,
                )  # fmt: skip
            )
    reports = GameReport.objects.bulk_create(reports)
    PostGame.objects.bulk_create(
        PostGame(
            game=r,
            warband_id=side,
            sheet={},
            report={},
            status=PostGame.Status.COMMITTED,
            result={"rating": 100 + r.pk % 50 + i, "warband": {}},
        )  # fmt: skip
        for r in reports
        for i, side in enumerate((r.warband_a_id, r.warband_b_id))
    )
    return campaign


def expected_rating(band: Warband) -> int:
    """C11 counted by hand from the rows: treasury, kit in storage or on a figure still on the
    roster, and the level of every figure still on the roster."""
    band.refresh_from_db()
    living = [f for f in band.figures.all() if f.state not in Figure.GONE]
    kit = sum(p.price for p in band.equipment.all() if p.figure is None or p.figure in living)
    return band.treasury + kit + sum(f.experience for f in living)
