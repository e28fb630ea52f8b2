"""The chronicle agrees with the records over random campaigns.

Random campaigns are played through the real services: three warbands, a few games between
random pairs with random outcomes, each post-game sequence answered with an injected dice source
and random choices and trades, then captives sold or ransomed or left, and now and then a figure's
level or a treasury corrected by the organiser. Over each of them:

- no figure is told of in an entry after the entry where it died or left its warband (the
  records say where: the committed sequence that left it dead or gone, or the captive's sale);
- the money each entry tells is the ledger's, warband by warband: every line written since the
  founding, no more and no less;
- the experience each figure gained (and each correction of its level) adds up to its level
  now;
- each side's team rating before and after a game, and the league's, are the rating points'.
"""

from __future__ import annotations

import contextlib
import datetime
import random
from collections import Counter

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from campaign import services
from campaign.models import Figure, GameReport, LedgerEntry, PostGame, RatingPoint, RollRecord
from campaign.rules.dice import Dice
from campaign.rules.errors import RulesError
from campaign.selectors.chronicle import campaign_chronicle
from campaign.selectors.games import postgame_run
from campaign.services import GameLine
from tests.campaign.games_support import foot_patrol
from tests.factories import CampaignFactory, UserFactory, founded_war_party, member

GONE = ("dead", "sold", "departed")
FOUNDING = ("Starting budget", "Figures and equipment at founding")
MOST_ANSWERS = 400  # far beyond any sequence of these warbands (C12-C22)


class SeededDice(Dice):
    """The injected dice: faces hypothesis chose, then a stream seeded by it."""

    def __init__(self, faces: list[int], seed: int) -> None:
        super().__init__(seed)
        self._given = list(faces)

    def _face(self) -> int:
        return self._given.pop(0) if self._given else super()._face()


def build(data, roster_names: Counter) -> tuple:
    """A campaign of three warbands and its games, played through the services."""
    organiser = UserFactory(username="organiser")
    campaign = CampaignFactory(organiser=organiser, name="Random valley")
    players = [member(campaign, UserFactory(username=f"player{n}")) for n in range(3)]
    bands = [
        founded_war_party(campaign, players[0], name="Magalakutway"),
        foot_patrol(campaign, players[1]),
        founded_war_party(campaign, players[2], name="Shawnee Hunters"),
    ]
    # The third band's figures get names of their own, so a name in a text is one figure's.
    for letter, figure in zip("ABCDEF", bands[2].figures.all(), strict=True):
        figure.name = f"Brave {letter}"
        figure.save(update_fields=["name"])
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="choices"))
    for number in range(data.draw(st.integers(1, 4), label="games")):
        a, b = data.draw(st.permutations(range(3)), label="pair")[:2]
        pair = [bands[a], bands[b]]
        winner = data.draw(st.sampled_from([pair[0].id, pair[1].id, None]), label="winner")
        game = services.game_file(
            campaign=campaign,
            actor=organiser,
            warbands=[w.id for w in pair],
            winner=winner,
            played_on=datetime.date(2025, 4, 1) + datetime.timedelta(days=number),
            figures=lines(data, pair),
        )
        roller = SeededDice(
            data.draw(st.lists(st.integers(1, 6), max_size=12), label="faces"),
            data.draw(st.integers(0, 2**32 - 1), label="seed"),
        )
        for warband in pair:
            play(PostGame.objects.get(game=game, warband=warband), warband.owner, roller, rng)
        services.warbands_recalculate(warband_ids=[w.id for w in pair])
        settle(data, campaign, organiser)
        correct(data, pair, organiser)
    for figure in Figure.objects.filter(warband__campaign=campaign):
        roster_names[figure.name] += 1
    return campaign, bands


def lines(data, pair) -> list[GameLine]:
    """A line for each figure on the rosters; outcomes drawn, tallies made possible (C29):
    each side inflicted a wound for every enemy down or out, and scalps from those out."""
    drawn = {}
    for warband in pair:
        for figure in warband.figures.on_roster():
            active = figure.state == Figure.State.ACTIVE
            took_part = active and data.draw(st.booleans(), label="took part")
            outcome = "ok"
            if took_part:
                outcome = data.draw(st.sampled_from(["ok", "down", "out_of_action"]))
            drawn[figure] = (took_part, outcome)
    for warband in pair:  # someone of each side took part
        mine = [f for f in drawn if f.warband_id == warband.id]
        if not any(drawn[f][0] for f in mine):
            first = next(f for f in mine if f.state == Figure.State.ACTIVE)
            drawn[first] = (True, "ok")
    result = []
    for warband, enemy in ((pair[0], pair[1]), (pair[1], pair[0])):
        hurt = [f for f in drawn if f.warband_id == enemy.id and drawn[f][1] != "ok"]
        out = [f for f in hurt if drawn[f][1] == "out_of_action"]
        mine = [f for f in drawn if f.warband_id == warband.id and drawn[f][0]]
        scalps = 0 if warband.faction == "regulars" else data.draw(st.integers(0, len(out)))
        for n, figure in enumerate(mine):
            took_part, outcome = drawn[figure]
            result.append(
                GameLine(
                    figure.id,
                    took_part,
                    outcome,
                    len(hurt) if n == 0 else data.draw(st.integers(0, 1)),
                    scalps if n == 0 else 0,
                )
            )
        result += [
            GameLine(f.id, False, "ok", 0, 0)
            for f in drawn
            if f.warband_id == warband.id and not drawn[f][0]
        ]
    return result


def trades(rng: random.Random, postgame: PostGame) -> list[dict]:
    """A few trades of each kind; the rules refuse some (nothing changes then)."""
    roster = [str(f.id) for f in postgame.warband.figures.on_roster()] or ["storage"]
    return [
        rng.choice(
            [
                {"action": "buy", "item": "musket", "to": rng.choice(roster)},
                {"action": "buy", "item": "bow", "to": rng.choice(roster)},
                {"action": "sell", "item": "musket", "from": rng.choice(roster)},
                {
                    "action": "recruit",
                    "profile": rng.choice(profiles(postgame)),
                    "name": f"Recruit {rng.randint(100, 999)}",
                },
                {
                    "action": "hire",
                    "specialist": "doctor",
                    "name": f"Doctor {rng.randint(100, 999)}",
                },
            ]
        )
        for _ in range(rng.randint(0, 3))
    ]


def profiles(postgame: PostGame) -> list[str]:
    return [f"{postgame.warband.faction}_trooper", f"{postgame.warband.faction}_green"]


def play(postgame: PostGame, actor, roller: Dice, rng: random.Random) -> None:
    planned = None
    for _ in range(MOST_ANSWERS):
        postgame.refresh_from_db()
        run = postgame_run(postgame)
        if run.ready:
            services.postgame_commit(postgame=postgame, actor=actor)
            return
        prompt = run.prompt
        if prompt is None:
            planned = trades(rng, postgame) if planned is None else planned
            action = planned.pop(0) if planned else {"action": "done"}
            with contextlib.suppress(RulesError):
                services.postgame_trade(postgame=postgame, actor=actor, action=action)
        elif prompt["kind"] == "roll":
            services.postgame_answer(postgame=postgame, actor=actor, roller=roller)
        else:
            choice = rng.choice(prompt["options"])
            services.postgame_answer(postgame=postgame, actor=actor, choice=choice)
    pytest.fail(f"post-game {postgame.id} not ready after {MOST_ANSWERS} answers")


def settle(data, campaign, organiser) -> None:
    """Each captive is sold, ransomed or left where it is (C16)."""
    for figure in Figure.objects.filter(warband__campaign=campaign, state="captured"):
        way = data.draw(st.sampled_from(["sell", "ransom", "leave"]), label="captive")
        if way == "sell":
            face = data.draw(st.integers(1, 6), label="sale die")
            services.captive_sell(figure=figure, actor=organiser, dice=[face])
        elif way == "ransom" and figure.warband.treasury >= 1:
            price = data.draw(st.integers(1, figure.warband.treasury), label="ransom")
            services.captive_ransom_offer(figure=figure, price=price, actor=organiser)
            services.captive_ransom_accept(figure=figure, actor=organiser)


def correct(data, pair, organiser) -> None:
    """Now and then the organiser corrects a figure's level or a treasury (C30): told in the
    entry of the warband's last game, with the numbers it changed."""
    if data.draw(st.booleans(), label="correct a level"):
        warband = data.draw(st.sampled_from(pair), label="whose figure")
        figure = data.draw(st.sampled_from(list(warband.figures.on_roster())), label="figure")
        level = figure.experience + data.draw(st.integers(1, 3), label="levels")
        services.figure_correct(
            figure=figure, actor=organiser, changes={"experience": level}, reason="Miscounted"
        )
    if data.draw(st.booleans(), label="correct a treasury"):
        warband = data.draw(st.sampled_from(pair), label="whose treasury")
        warband.refresh_from_db()
        amount = data.draw(st.integers(-warband.treasury, 5).filter(bool), label="amount")
        services.warband_treasury_correct(
            warband=warband, amount=amount, reason="Miscounted", actor=organiser
        )


# --- where the records say a figure left -------------------------------------------------------


def leaving_games(campaign) -> dict[int, int]:
    """Figure id -> the game after which it was gone, read from the records: the committed
    sequence that left it dead, sold or departed, or the game it was captured in when sold."""
    gone: dict[int, int] = {}
    committed = PostGame.objects.filter(
        game__campaign=campaign, status=PostGame.Status.COMMITTED
    ).order_by("game__played_on", "game_id")
    captured_in: dict[int, int] = {}
    for postgame in committed:
        before = {f["id"]: f["state"] for f in postgame.sheet["figures"]}
        for figure in postgame.result["warband"]["figures"]:
            was = before.get(figure["id"])
            if figure["state"] in GONE and was not in GONE:
                gone.setdefault(figure["id"], postgame.game_id)
            if figure["state"] == "captured" and was != "captured":
                captured_in[figure["id"]] = postgame.game_id
    for sale in RollRecord.objects.filter(warband__campaign=campaign, purpose="captive_sale"):
        gone.setdefault(sale.figure_id, captured_in[sale.figure_id])
    return gone


EXAMPLES = settings(
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


@pytest.mark.slow
@EXAMPLES
@given(data=st.data())
def test_the_chronicle_of_any_campaign_agrees_with_its_records(db, data):
    with transaction.atomic():
        names: Counter = Counter()
        campaign, bands = build(data, names)
        entries = campaign_chronicle(campaign)
        for kind in sorted({s.kind for entry in entries for s in entry.statements}):
            event(kind)  # --hypothesis-show-statistics: which kinds the examples reached
        check_no_figure_acts_after_it_left(campaign, entries, names)
        check_the_money_is_the_ledgers(campaign, entries)
        check_the_experience_adds_up(campaign, entries)
        check_the_ratings_are_the_rating_points(campaign, entries)
        transaction.set_rollback(True)


def check_no_figure_acts_after_it_left(campaign, entries, names: Counter) -> None:
    order = {entry.game_id: n for n, entry in enumerate(entries)}
    assert list(order) == list(
        GameReport.objects.filter(campaign=campaign)
        .order_by("played_on", "id")
        .values_list("id", flat=True)
    )
    figures = {f.id: f for f in Figure.objects.filter(warband__campaign=campaign)}
    for figure_id, game_id in leaving_games(campaign).items():
        name = figures[figure_id].name
        for entry in entries[order[game_id] + 1 :]:
            for statement in entry.statements:
                assert figure_id not in statement.figures, (name, statement)
                if names[name] == 1:
                    assert name not in statement.text, (name, statement)


def check_the_money_is_the_ledgers(campaign, entries) -> None:
    told: Counter = Counter()
    for entry in entries:
        for statement in entry.statements:
            for warband_id, amount in statement.ledger:
                told[warband_id] += amount
    since = LedgerEntry.objects.filter(warband__campaign=campaign).exclude(reason__in=FOUNDING)
    ledger: Counter = Counter()
    for line in since:
        ledger[line.warband_id] += line.amount
    assert +told == +ledger


def check_the_experience_adds_up(campaign, entries) -> None:
    gained: Counter = Counter()
    for entry in entries:
        for statement in entry.statements:
            for figure_id, amount in statement.experience:
                gained[figure_id] += amount
    for figure in Figure.objects.filter(warband__campaign=campaign):
        assert figure.experience == figure.experience_start + gained[figure.id], figure.name


def check_the_ratings_are_the_rating_points(campaign, entries) -> None:
    points = {
        (p.warband_id, p.game_id): p.rating
        for p in RatingPoint.objects.filter(warband__campaign=campaign, game__isnull=False)
    }
    games = {g.id: g for g in GameReport.objects.filter(campaign=campaign)}
    for entry in entries:
        game = games[entry.game_id]
        before = {game.warband_a_id: game.rating_a_before, game.warband_b_id: game.rating_b_before}
        for side in entry.sides:
            assert side.rating_after == points[side.warband_id, entry.game_id]
            assert side.rating_before == before[side.warband_id]
        for move in entry.league_after:
            if move.warband_id in before:
                assert move.rating_after == points[move.warband_id, entry.game_id]
                assert move.rating_before == before[move.warband_id]
