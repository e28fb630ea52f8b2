"""The chronicle tells each game from the records: the demo campaign's played game, with the
figures it changed, each statement linked to its record."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from campaign import services
from campaign.demo import load_demo
from campaign.models import Figure, GameReport, LedgerEntry, PostGame, RatingPoint
from campaign.selectors.chronicle import campaign_chronicle, chronicle_entry


def test_the_demo_chronicle_tells_its_played_game_with_the_figures_it_changed(db):
    campaign = load_demo()
    [entry] = campaign_chronicle(campaign)
    game = GameReport.objects.get()
    assert entry.game_id == game.id
    assert entry.date == datetime.date(2025, 5, 3)
    assert entry.title == "Magalakutway v The 44th Foot Patrol"
    assert [(s.warband_name, s.player_name, s.result) for s in entry.sides] == [
        ("Magalakutway", "alice", "won"),
        ("The 44th Foot Patrol", "bob", "lost"),
    ]
    said = {s.text for s in entry.statements}
    assert "Swift Otter of Magalakutway went down: Leg wound." in said
    assert "Pte. Abbott of The 44th Foot Patrol went down: Nervous condition." in said
    assert "Red Hawk of Magalakutway was put out of action but recovered fully." in said
    assert "Running Elk of Magalakutway: shooting raised by 1." in said
    assert "Magalakutway bought a Musket for Swift Otter for £10." in said
    elk = Figure.objects.get(name="Running Elk")
    experience = next(s for s in entry.statements if s.kind == "experience" and elk.id in s.figures)
    assert "Running Elk +4 (30 → 34)" in experience.text
    assert dict(experience.experience)[elk.id] == elk.experience - 30


def test_each_statement_links_to_the_sequence_it_comes_from(db):
    campaign = load_demo()
    [entry] = campaign_chronicle(campaign)
    sequences = {reverse("postgame", args=[p.id]) for p in PostGame.objects.all()}
    assert entry.statements
    assert {s.url for s in entry.statements} <= sequences


def test_the_money_in_the_demo_entry_is_the_ledgers(db):
    campaign = load_demo()
    [entry] = campaign_chronicle(campaign)
    for warband_id in {s.warband_id for s in entry.statements if s.amount is not None}:
        told = sum(s.amount for s in entry.statements if s.warband_id == warband_id and s.amount)
        ledger = LedgerEntry.objects.filter(warband_id=warband_id, reason__startswith="Post-game")
        assert told == sum(line.amount for line in ledger)


def test_the_entry_of_one_game_is_its_place_in_the_campaigns_chronicle(db):
    load_demo()
    entry = chronicle_entry(GameReport.objects.get())
    assert entry.number == 1
    text = entry.as_text()
    assert text.startswith("Game 1, 3 May 2025: Magalakutway v The 44th Foot Patrol\n")
    assert "Magalakutway (alice) beat The 44th Foot Patrol (bob)." in text
    assert "- Swift Otter of Magalakutway went down: Leg wound." in text


def test_the_league_after_the_demo_game_puts_the_winner_first_with_its_new_rating(
    db, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):  # the ratings job runs
        campaign = load_demo()
    [entry] = campaign_chronicle(campaign)
    moves = {m.warband_name: m for m in entry.league_after}
    winner, loser = moves["Magalakutway"], moves["The 44th Foot Patrol"]
    assert (winner.place_before, winner.place_after, winner.won) == (None, 1, 1)
    assert (loser.place_after, loser.lost) == (2, 1)
    points = {p.warband.name: p.rating for p in RatingPoint.objects.select_related("warband")}
    assert winner.rating_after == points["Magalakutway"]
    assert (winner.rating_before, loser.rating_before) == (200, 200)


# --- pivotal moments: the battle sheet's turning points ----------------------------------------


def test_a_battles_turning_points_are_the_leader_down_and_a_failed_morale_test(
    campaign, player, other_player, war_party, patrol
):
    from campaign.services import battle_rolls as rolls
    from campaign.services import battles
    from tests.campaign.battle_support import fid, start

    battle = start(campaign, war_party, patrol, player)
    wolf, harcourt = fid(war_party, "Grey Wolf"), fid(patrol, "Lt. Harcourt")
    abbott, bell = fid(patrol, "Pte. Abbott"), fid(patrol, "Pte. Bell")
    rolls.battle_shoot(battle=battle, actor=player, shooter=wolf, target=abbott,
                       at_range="short", dice=[6, 6])  # fmt: skip
    rolls.battle_last_wound(battle=battle, actor=player, figure=abbott, dice=[3])  # down
    rolls.battle_morale(battle=battle, actor=player, figure=bell, dice=[1, 1])  # fails
    rolls.battle_shoot(battle=battle, actor=player, shooter=wolf, target=harcourt,
                       at_range="short", dice=[6, 6])  # fmt: skip
    rolls.battle_last_wound(battle=battle, actor=player, figure=harcourt, dice=[6])  # out
    report = battles.battle_file(battle=battle, actor=player, winner=war_party.id)
    services.game_confirm(game=report, actor=other_player)

    entry = chronicle_entry(report)
    texts = [s.text for s in entry.pivotal]
    assert len(texts) == 2, texts  # Pte. Abbott down is no turning point: he led nobody
    assert texts[0].startswith("Turn 1: Pte. Bell of The 44th Foot Patrol fails a morale test")
    assert texts[0].endswith("(rolled 1 and 1).")
    assert texts[1] == (
        "Turn 1: Lt. Harcourt, who led The 44th Foot Patrol, is put out of action (rolled 6)."
    )
    assert {s.url for s in entry.pivotal} == {reverse("battle", args=[battle.id])}
    assert "Turning points:" in entry.as_text()


# --- pivotal moments: a canoe game's swings of the odds ----------------------------------------


@pytest.fixture
def chase_game(campaign, player, other_player, war_party, patrol):
    """A Pelts chase played to its end (the computer's moves at the player's seat too), filed
    and confirmed."""
    from campaign.services import chases
    from chase.engines.chance import RandomChance
    from chase.games import get_engine
    from chase.models import GameSession
    from chase.services.sessions import session_act
    from tests.campaign.test_chases_services import rowers

    chase = chases.chase_start(
        campaign=campaign, actor=player, trappers=war_party.id, indians=patrol.id,
        rowers=rowers(war_party, patrol), river="short",
    )  # fmt: skip
    session, chance = chase.session, RandomChance(7)
    engine, seat = get_engine(session.kind), session.seats.get(role="trapper")
    while session.status != GameSession.Status.FINISHED:
        action = engine.computer_action(session.state, "trapper", chance)
        session_act(session_id=session.id, token=seat.token, version=session.version,
                    action=action)  # fmt: skip
        session.refresh_from_db()
    report = chases.chase_file_report(chase=chase, actor=player)
    services.game_confirm(game=report, actor=other_player)
    return report


def test_a_chases_pivotal_moments_are_its_largest_swings_linked_to_the_replay(
    chase_game, monkeypatch
):
    from campaign.selectors import chronicle

    monkeypatch.setattr(chronicle, "SWING_PLAYOUTS", 20)
    monkeypatch.setattr(chronicle, "SWING_LEAST", 0.0)  # every move counts: the top three
    assert chronicle_entry(chase_game).pivotal_pending  # nobody asked for them yet
    [entry] = services.chronicle_worked_out(chase_game.campaign)  # no broker: here and now
    assert not entry.pivotal_pending
    assert len(entry.pivotal) == chronicle.PIVOTAL_MOST
    steps = [int(s.url.rsplit("=", 1)[1]) for s in entry.pivotal]
    assert steps == sorted(steps)
    session = chase_game.chase.session
    for statement, step in zip(entry.pivotal, steps, strict=True):
        assert statement.kind == "odds_swing"
        assert statement.url == reverse("chase:replay", args=[session.id]) + f"?step={step}"
        assert statement.text.startswith(f"Move {step}: ")
        assert "their chances" in statement.text and "% → " in statement.text


def test_a_chase_without_a_large_swing_shows_no_pivotal_moment(chase_game, monkeypatch):
    from campaign.selectors import chronicle

    monkeypatch.setattr(chronicle, "SWING_PLAYOUTS", 20)
    monkeypatch.setattr(chronicle, "SWING_LEAST", 1.01)  # no share moves by more than all
    [entry] = services.chronicle_worked_out(chase_game.campaign)
    assert (entry.pivotal, entry.pivotal_pending) == ((), False)


def test_with_a_worker_the_swings_are_queued_once_and_the_entry_says_so(
    chase_game, monkeypatch, settings
):
    from campaign.services import chronicle as service

    sent = []

    class Task:
        def apply_async(self, kwargs):
            sent.append(kwargs)

    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(service, "task_named", lambda name: Task())
    [first] = services.chronicle_worked_out(chase_game.campaign)
    [second] = services.chronicle_worked_out(chase_game.campaign)
    assert first.pivotal_pending and second.pivotal_pending and first.pivotal == ()
    assert sent == [{"chase_id": chase_game.chase.id}]


# --- captives and corrections, told in the entry of their game ---------------------------------


def statement_of(entry, kind):
    return next(s for s in entry.statements if s.kind == kind)


def test_a_capture_and_its_ransom_are_told_in_the_game_where_it_was_taken(
    battle, red_hawk, player, other_player, war_party, patrol
):
    services.captive_ransom_offer(figure=red_hawk, price=15, actor=player)
    services.captive_ransom_accept(figure=red_hawk, actor=other_player)
    entry = chronicle_entry(battle)
    capture = statement_of(entry, "capture")
    assert capture.text == (
        "Red Hawk of Magalakutway was put out of action and was taken captive by "
        "The 44th Foot Patrol."
    )
    ransom = statement_of(entry, "ransom")
    assert ransom.text == "Magalakutway ransomed Red Hawk from The 44th Foot Patrol for £15."
    assert ransom.ledger == ((war_party.id, -15), (patrol.id, 15))
    assert ransom.url == reverse("warband-treasury", args=[war_party.id])


def test_a_captive_sold_is_told_with_its_price_and_leaves_the_story(
    battle, red_hawk, other_player, patrol
):
    services.captive_sell(figure=red_hawk, actor=other_player, dice=[4])
    entry = chronicle_entry(battle)
    sold = statement_of(entry, "captive_sold")
    assert sold.text == "Not ransomed, Red Hawk was sold by The 44th Foot Patrol for £20 (4 × 5)."
    assert sold.ledger == ((patrol.id, 20),)
    assert red_hawk.id in sold.figures


def test_corrections_made_since_a_game_are_told_in_its_entry(
    battle, organiser, player, other_player, war_party, patrol
):
    from tests.campaign.games_support import (
        FOOT_PATROL_SCRIPT,
        WAR_PARTY_SCRIPT,
        drive,
        sequence_of,
    )
    from tests.campaign.games_support import figure as figure_named

    for warband, actor, script in (
        (war_party, player, WAR_PARTY_SCRIPT),
        (patrol, other_player, FOOT_PATROL_SCRIPT),
    ):
        services.postgame_commit(
            postgame=drive(sequence_of(battle, warband), actor, script), actor=actor
        )
    elk = figure_named(war_party, "Running Elk")
    services.figure_correct(
        figure=elk, actor=organiser, changes={"reputation": 2}, reason="Mistyped at the club"
    )
    services.warband_treasury_correct(
        warband=war_party, amount=5, reason="Coins found", actor=organiser
    )
    corrections = [s for s in chronicle_entry(battle).statements if s.kind == "correction"]
    texts = [s.text for s in corrections]
    assert texts[0].startswith("Corrected since: Running Elk of Magalakutway, reputation ")
    assert texts[0].endswith("(organiser: Mistyped at the club).")
    assert texts[1].startswith("Corrected since: Magalakutway's treasury, £")
    assert texts[1].endswith("(organiser: Coins found).")
    assert corrections[1].ledger == ((war_party.id, 5),)


# --- the money lines' words, from the post-game log (C18-C21) ----------------------------------


@pytest.mark.parametrize(
    ("purpose", "text", "amount", "said"),
    [
        pytest.param(
            "buy", "Bought a Musket for Swift Otter: £10 (treasury £95 → £85)", -10,
            "Magalakutway bought a Musket for Swift Otter for £10.", id="C20-buy",
        ),
        pytest.param(
            "sell", "Sold Swift Otter's Musket (paid £10) for £5 (treasury £85 → £90)", 5,
            "Magalakutway sold Swift Otter's Musket (paid £10) for £5.", id="C20-sell",
        ),
        pytest.param(
            "recruit",
            "Recruited Indian Brave Young Elk: £11 (treasury £90 → £79), level 11", -11,
            "Magalakutway recruited Indian Brave Young Elk for £11.", id="C20-recruit",
        ),
        pytest.param(
            "hire",
            "Hired the Doctor Dr. Pell: £20 (treasury £79 → £59), retainer £5", -20,
            "Magalakutway hired the Doctor Dr. Pell for £20.", id="C21-hire",
        ),
        pytest.param(
            "retainer", "Retainer for the Doctor Dr. Pell: £5 paid (treasury £54)", -5,
            "Magalakutway paid Dr. Pell's retainer, £5.", id="C19-retainer",
        ),
        pytest.param(
            "income_total", "Income: D6 (lost) 4: £4 (treasury £53 → £57)", 4,
            "Magalakutway earned £4 in income (D6 (lost) 4).", id="C18-income",
        ),
    ],
)  # fmt: skip
def test_each_money_line_of_the_log_is_told_once_with_its_amount(purpose, text, amount, said):
    from campaign.models import Campaign, Warband
    from campaign.selectors.chronicle import _money

    warband = Warband(id=1, name="Magalakutway", campaign=Campaign(currency="£"))
    after = {7: {"name": "Dr. Pell"}}
    entry = {"purpose": purpose, "text": text, "figure": 7 if purpose == "retainer" else None}
    [statement] = _money(warband, [(entry, amount)], {}, after, "/postgames/1/")
    assert statement.text == said
    assert statement.ledger == ((1, amount),)
