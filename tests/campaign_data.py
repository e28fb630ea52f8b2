"""Campaign data as rows, for the ratings, rankings, league and worker tests and the benchmark.

Games and post-games are written as rows, as the game-report services leave them once a game is
confirmed and its post-game committed: the ratings read only those rows. `bulk_campaign` builds
a whole campaign with bulk_create; `make bench` times the recalculation on the same data.
"""

from __future__ import annotations

import datetime
import itertools
import random

from django.contrib.auth import get_user_model

from campaign.models import (
    Campaign,
    EquipmentPiece,
    Figure,
    GameReport,
    Membership,
    PostGame,
    Warband,
)
from tests.factories import GameReportFactory, PostGameFactory, UserFactory, member

DAY = datetime.date(1757, 6, 1)
BATCH = 2000
_builds = itertools.count()


def warband(campaign: Campaign, owner=None, *, name: str, treasury: int = 0, **fields) -> Warband:
    """A founded warband with no figures (add them with `figure`)."""
    owner = owner or member(campaign, UserFactory())
    return Warband.objects.create(
        campaign=campaign,
        owner=owner,
        name=name,
        faction="indians",
        treasury=treasury,
        state=Warband.State.FOUNDED,
        **fields,
    )


def figure(band: Warband, *, level: int, state: str = Figure.State.ACTIVE, kit=(), **fields):
    """A figure at experience level `level`, carrying pieces at the given (pinned) prices."""
    made = Figure.objects.create(
        warband=band,
        name=fields.pop("name", f"Figure {level}"),
        profile="indians_trooper",
        status=fields.pop("status", "trooper"),
        reputation=2,
        experience_start=11,
        experience=level,
        state=state,
        **fields,
    )
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
    report = GameReportFactory(
        campaign=a.campaign,
        warband_a=a,
        warband_b=b,
        winner=winner,
        played_on=DAY + datetime.timedelta(days=day),
        status=status,
    )
    for side, rating in zip((a, b), after or (), strict=False):
        committed = rating is not None
        PostGameFactory(
            game=report,
            warband=side,
            status=PostGame.Status.COMMITTED if committed else PostGame.Status.OPEN,
            result={"rating": rating, "warband": {}} if committed else None,
        )
    return report


def sheet(warband_id: int, figures: int) -> dict:
    """A warband sheet shaped like the post-game rules' (WarbandSheet.to_dict()), about 7 KB
    for 15 figures: the size a committed post-game stores."""
    equipment = [
        {"key": "bow", "price": 5, "kit": False},
        {"key": "tomahawk", "price": 2, "kit": False},
    ]
    return {
        "id": warband_id,
        "name": f"Band {warband_id}",
        "faction": "indians",
        "treasury": 40,
        "figures": [
            {
                "id": warband_id * 100 + k,
                "name": f"Figure number {k}",
                "profile": "indians_trooper",
                "status": "trooper",
                "reputation": 3,
                "experience_start": 11,
                "experience": 14,
                "increases": {"melee": 0, "shooting": 1, "morale": 0},
                "skills": ["tracker"],
                "injuries": [],
                "specialist": None,
                "state": "active",
                "held_by": None,
                "equipment": equipment,
                "rolls_since_gain": 1,
                "reputation_gained_as": None,
            }
            for k in range(figures)
        ],
        "storage": [{"key": "musket", "price": 10, "kit": False}],
        "games_played": 3,
    }


def bulk_campaign(
    *,
    warbands: int,
    figures: int = 15,
    rounds: int = 4,
    organiser=None,
    postgames: bool = True,
    full_sheets: bool = False,
) -> Campaign:
    """A campaign built with bulk_create: `warbands` warbands (one player each) of `figures`
    figures with two pieces each (the fourth figure dead), and `rounds` club days a week apart
    on which every warband plays once, paired by a seeded shuffle; with `postgames`, both sides'
    post-games committed (`full_sheets`: with a realistic 7 KB sheet, as the benchmark wants).
    Ratings are left at 0 and stale."""
    User = get_user_model()
    stamp = f"bulk{next(_builds)}-{warbands}"
    users = User.objects.bulk_create(User(username=f"{stamp}-{n}") for n in range(warbands))
    organiser = organiser or users[0]
    campaign = Campaign.objects.create(name=f"Campaign {stamp}", organiser=organiser)
    Membership.objects.create(campaign=campaign, user=organiser)
    bands = Warband.objects.bulk_create(
        (
            Warband(
                campaign=campaign,
                owner=user,
                name=f"Band {n:05d}",
                faction="indians",
                state=Warband.State.FOUNDED,
                treasury=n % 50,
                rating=0,
                rating_stale=True,
            )
            for n, user in enumerate(users)
        ),
        batch_size=BATCH,
    )
    made = Figure.objects.bulk_create(
        (
            Figure(
                warband=band,
                name=f"F{k}",
                profile="indians_trooper",
                status="trooper",
                reputation=2,
                experience_start=11,
                experience=11 + k % 7,
                state=Figure.State.DEAD if k == 3 else Figure.State.ACTIVE,
            )
            for band in bands
            for k in range(figures)
        ),
        batch_size=BATCH,
    )
    EquipmentPiece.objects.bulk_create(
        (
            EquipmentPiece(warband_id=f.warband_id, figure=f, key=key, price=price)
            for f in made
            for key, price in (("bow", 5), ("tomahawk", 2))
        ),
        batch_size=BATCH,
    )
    chance = random.Random(1757)
    reports = []
    for day in range(rounds):
        order = bands[:]
        chance.shuffle(order)
        for a, b in zip(order[0::2], order[1::2], strict=False):
            outcome = chance.random()
            reports.append(
                GameReport(
                    campaign=campaign,
                    warband_a=a,
                    warband_b=b,
                    winner=None if outcome < 0.15 else (a if outcome < 0.6 else b),
                    played_on=DAY + datetime.timedelta(days=7 * day),
                    status=GameReport.Status.CONFIRMED,
                    filed_by=a.owner,
                )
            )
    reports = GameReport.objects.bulk_create(reports, batch_size=BATCH)
    if postgames:
        sheets = {band.pk: sheet(band.pk, figures) if full_sheets else {} for band in bands}
        PostGame.objects.bulk_create(
            (
                PostGame(
                    game=report,
                    warband_id=side,
                    sheet=sheets[side],
                    report={},
                    status=PostGame.Status.COMMITTED,
                    result={
                        "warband": sheets[side],
                        "rating": 150 + report.pk % 60 + i,
                        "rating_before": 150,
                        "changes": [],
                    },
                )
                for report in reports
                for i, side in enumerate((report.warband_a_id, report.warband_b_id))
            ),
            batch_size=500,
        )
    return campaign


def expected_rating(band: Warband) -> int:
    """C11 counted by hand from the rows: treasury, kit in storage or on a figure still on the
    roster, and the level of every figure still on the roster."""
    band.refresh_from_db()
    living = [f for f in band.figures.all() if f.state not in Figure.GONE]
    kit = sum(p.price for p in band.equipment.all() if p.figure is None or p.figure in living)
    return band.treasury + kit + sum(f.experience for f in living)


def played_campaign(*, games: int = 20, per_faction: int = 2, seed: int = 1757) -> Campaign:
    """A campaign played through the services as a club would: `per_faction` warbands of each
    faction (the demo's line-ups), `games` games filed by the organiser, each side's post-game
    answered (the app's dice; the first option of a choice; no trading) and committed, and the
    ratings recalculated. Seeded: the same arguments give the same campaign."""
    from campaign import services  # the services: only the campaigns played need them
    from campaign.demo import LINE_UPS  # the same
    from campaign.rules.dice import Dice  # the same
    from campaign.selectors.games import postgame_run  # the same

    chance = random.Random(seed)
    organiser = UserFactory(username=f"organiser-{seed}-{next(_builds)}")
    campaign = services.campaign_create(organiser=organiser, name=f"Played {seed}", is_public=True)
    bands = []
    for faction, (name, figures) in LINE_UPS.items():
        for n in range(per_faction):
            owner = member(campaign, UserFactory())
            bands.append(
                services.warband_create_founded(
                    campaign=campaign,
                    owner=owner,
                    name=f"{name} {n + 1}",
                    faction=faction,
                    figures=figures,
                )  # fmt: skip
            )
    for number in range(games):
        a, b = chance.sample(bands, 2)
        outcomes = {
            band.id: [
                (figure.id, chance.choice(["ok", "ok", "ok", "down", "out_of_action"]))
                for figure in band.figures.on_roster().filter(state=Figure.State.ACTIVE)
            ]
            for band in (a, b)
        }
        lines = []
        for band, other in ((a, b), (b, a)):
            # C29: each figure down or out took a wound from the other side.
            hits = sum(1 for _, outcome in outcomes[other.id] if outcome != "ok")
            mine = outcomes[band.id]
            wounds = [hits // len(mine) + (k < hits % len(mine)) for k in range(len(mine))]
            lines += [
                services.GameLine(figure_id, True, outcome, wound, 0)
                for (figure_id, outcome), wound in zip(mine, wounds, strict=True)
            ]
        outcome = chance.random()
        game = services.game_file(
            campaign=campaign,
            actor=organiser,
            warbands=[a.id, b.id],
            winner=None if outcome < 0.15 else (a.id if outcome < 0.6 else b.id),
            played_on=DAY + datetime.timedelta(days=7 * number),
            figures=lines,
        )
        for postgame in PostGame.objects.filter(game=game).select_related("warband__owner"):
            actor, roller = postgame.warband.owner, Dice(seed=chance.randrange(10**9))
            while not (run := postgame_run(postgame)).ready:
                prompt = run.prompt
                if prompt is None:  # trading: nothing bought or sold
                    postgame = services.postgame_trade(
                        postgame=postgame, actor=actor, action={"action": "done"}
                    )
                elif prompt["kind"] == "choice":
                    postgame = services.postgame_answer(
                        postgame=postgame, actor=actor, choice=prompt["options"][0]
                    )
                else:
                    postgame = services.postgame_answer(
                        postgame=postgame, actor=actor, roller=roller
                    )
            services.postgame_commit(postgame=postgame, actor=actor)
    services.warbands_recalculate(warband_ids=[band.id for band in bands])
    services.rankings_rebuild(campaign_id=campaign.id)
    return campaign
