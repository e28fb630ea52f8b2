"""House rules (C31): every table a club may change is read through the campaign's RuleBook.
With overrides the builder's costs and limits, the injury table, experience, advancement,
income and specialists follow them; without, the seed's tables (the other rules tests) hold."""

from __future__ import annotations

from fractions import Fraction

import pytest

from campaign.rules.book import (
    HouseRulesError,
    RuleBook,
    diff,
    seed_book,
    seed_document,
    validate,
)
from campaign.rules.errors import RosterError
from campaign.rules.house_preview import death_chance, income_mean, list_rating
from campaign.rules.postgame import PostGameRun, advancement_rolls_due, underdog_bonus
from campaign.rules.warband import FigureDraft, check_warband

ELK, CHIEF = 4, 1
RANGERS = [
    FigureDraft("Rogers", "rangers_hero", ("musket",)),
    FigureDraft("Stark", "rangers_trooper", ("musket",)),
    FigureDraft("Ogden", "rangers_trooper", ("musket",)),
]


def book(**flat) -> RuleBook:
    """A book from {"a__b__c": value} (dots written as double underscores)."""
    overrides: dict = {}
    for path, value in flat.items():
        node = overrides
        *parents, last = path.split("__")
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = value
    return RuleBook.checked(overrides)


def test_the_seed_book_is_the_seeds_tables_and_sound():
    assert validate(seed_document()) == []
    assert seed_book().changed == []
    assert diff(seed_document(), seed_book().document) == {}


def test_the_builder_pays_the_campaigns_price_for_a_musket():
    # C4 seed: hero 30 + 2 troopers 11 + 3 muskets at 10 = 82.
    assert check_warband("rangers", RANGERS, 200).cost == 82
    dearer = book(factions__rangers__equipment__musket__price=12)
    check = check_warband("rangers", RANGERS, 200, dearer)
    assert check.cost == 88
    assert check.figure_costs == [42, 23, 23]


def test_the_builder_charges_the_campaigns_profile_cost_and_budget():
    house = book(factions__rangers__profiles__rangers_hero__cost=60, budget=80)
    check = check_warband("rangers", RANGERS, house.budget, house)
    assert check.cost == 112
    assert [p.message for p in check.problems] == [
        "The warband costs 112 but the budget is 80: 32 too much."
    ]


def test_the_builder_follows_the_campaigns_limits():
    house = book(
        factions__rangers__limits__trooper__min=3,
        factions__rangers__limits__figures=2,
        factions__rangers__limits__required_weapon=4,
    )
    messages = [p.message for p in check_warband("rangers", RANGERS, 200, house).problems]
    assert messages == [
        "A warband holds at most 2 figures: you have 3.",
        "A warband needs at least 3 Troopers: you have 2.",
        "Rangers need at least 4 figures with a musket: you have 3.",
    ]
    assert check_warband("rangers", RANGERS, 200).valid  # the seed's limits: fine


def test_kit_a_club_no_longer_allows_cannot_be_bought():
    house = book(factions__rangers__equipment__musket__allowed=False)
    messages = [p.message for p in check_warband("rangers", RANGERS, 200, house).problems]
    assert (
        "Rogers: the Rangers cannot buy 'musket' (sold by the Regulars, Coureurs de Bois "
        "and Indians)." in messages
    )


def test_an_injury_table_with_dead_on_11_only_reads_12_as_multiple_injuries(
    wolves, make_report, play, log_texts
):
    kinder = book(injuries__table__dead__high=11, injuries__table__multiple_injuries__low=12)
    report = make_report(wolves, down=[ELK])
    seed = play((wolves, report), [1, 2])
    assert log_texts(seed, "injury", ELK)[0].startswith("Running Elk: injury 12 Dead")
    house = play(PostGameRun(wolves, report, book=kinder), [1, 2])
    assert log_texts(house, "injury", ELK)[0].startswith("Running Elk: injury 12 Multiple injuries")


def test_a_harsher_leg_wound_costs_two_inches(wolves, make_report, play, log_texts):
    harsh = book(injuries__effects__leg_wound__movement=2)
    game = play(PostGameRun(wolves, make_report(wolves, down=[ELK]), book=harsh), [2, 2])
    assert log_texts(game, "injury", ELK)[0] == (
        "Running Elk: injury 22 Leg wound: movement 6/3 → 4/1"
    )


def test_experience_awards_and_bands_follow_the_campaign():
    house = book(
        experience__survived=2,
        experience__per_scalp=3,
        experience__levels_per_advance=2,
        experience__underdog__1__bonus=5,
    )
    assert underdog_bonus(100, 160) == 1
    assert underdog_bonus(100, 160, house) == 5
    assert advancement_rolls_due(10, 10, 14) == 1
    assert advancement_rolls_due(10, 10, 14, house) == 2


def test_the_post_game_awards_the_campaigns_experience(wolves, make_report, log_texts):
    house = book(experience__survived=2, experience__per_scalp=3)
    report = make_report(wolves, won=True, scalps={ELK: 1})
    game = PostGameRun(wolves, report, book=house)
    assert any(
        t.startswith("Running Elk gains 5 experience (survived 2, scalps 3)")
        for t in log_texts(game, "experience", ELK)
    )


def test_an_advancement_table_changed_by_the_club_is_rolled_on(
    wolves, make_report, play, log_texts
):
    wolves.figure(ELK).experience = wolves.figure(ELK).experience_start + 2
    house = book(advancement__mere_mortal__1="morale")
    game = play(PostGameRun(wolves, make_report(wolves), book=house), [1])
    assert log_texts(game, "advance", ELK)[0].startswith("Running Elk: advance 1 Morale +1")


def test_income_dice_follow_the_campaign(wolves, make_report):
    generous = book(income__lost="2D6", income__earner="D6")
    game = PostGameRun(wolves, make_report(wolves, won=False), book=generous)
    assert game.prompt == {"kind": "roll", "dice": "2D6", "purpose": "income"}
    game = game.answer(dice=[1, 1], by="owner")
    assert game.prompt == {"kind": "roll", "dice": "D6", "purpose": "income", "figure": CHIEF}


def test_retainers_and_hire_prices_follow_the_campaign(
    wolves, make_report, make_specialist, play, log_texts
):
    wolves.figures.append(make_specialist(8, "Old Sam", "doctor"))
    wolves.treasury = 0
    house = book(specialists__kinds__doctor__retainer=2)
    report = make_report(wolves, won=False, absent=[1, 2, 3])
    game = play(PostGameRun(wolves, report, book=house), [5])
    assert log_texts(game, "retainer") == [
        "Retainer for the Doctor / Indian healer Old Sam: £2 paid (treasury £3)"
    ]


def test_a_hire_costs_the_campaigns_price_and_counts_against_its_limit(wolves, make_report, play):
    report = make_report(wolves, won=False, absent=[1, 2, 3])
    cheap = book(specialists__kinds__doctor__hire=4)
    game = play(PostGameRun(wolves, report, book=cheap), [5])
    game = game.trade({"action": "hire", "specialist": "doctor", "name": "Old Sam"}, by="o")
    assert game.preview_sheet().treasury == 20 + 5 - 4
    none = book(specialists__hire_limit=0)
    game = play(PostGameRun(wolves, report, book=none), [5])
    with pytest.raises(RosterError, match="at most 0 specialists"):
        game.trade({"action": "hire", "specialist": "doctor", "name": "Old Sam"}, by="o")


def test_a_figure_bought_in_trading_pays_the_campaigns_price(wolves, make_report, play):
    report = make_report(wolves, won=False, absent=[1, 2, 3])
    house = book(factions__indians__equipment__bow__price=9)
    game = play(PostGameRun(wolves, report, book=house), [5])
    game = game.trade({"action": "buy", "item": "bow", "to": 6}, by="o")
    assert game.preview_sheet().treasury == 20 + 5 - 9


BAD = [
    (
        {"factions": {"rangers": {"equipment": {"musket": {"price": 101}}}}},
        "factions.rangers.equipment.musket.price",
        "Rangers › Musket › price must be 0-100",
    ),
    (
        {"injuries": {"table": {"dead": {"high": 14}}}},
        "injuries.table",
        "The injury table must cover 11-66 with no gap: nothing on 15",
    ),
    (
        {"injuries": {"table": {"dead": {"high": 16}}}},
        "injuries.table.multiple_injuries.low",
        "Injury table: 16 is in both Injury table › Dead and Injury table › Multiple injuries "
        "(overlap)",
    ),
    (
        {"factions": {"indians": {"limits": {"hero": {"min": 2}}}}},
        "factions.indians.limits.hero.max",
        "Indians › Limits › Hero: max is below min",
    ),
    (
        {"experience": {"underdog": [{}, {"low": 52}]}},
        "experience.underdog.1.low",
        "Underdog band 2 must start at 51",
    ),
]


@pytest.mark.parametrize("overrides, path, message", BAD, ids=[b[1] for b in BAD])
def test_a_bad_house_rule_names_the_row_and_the_field(overrides, path, message):
    with pytest.raises(HouseRulesError) as raised:
        RuleBook.checked(overrides)
    assert (path, message) in [(p.field, p.message) for p in raised.value.problems]


def test_the_chance_a_downed_figure_dies_is_worked_out_from_the_dice():
    # 11-15 Dead: 5/36; 16, 21 Multiple: 2/36, then D6 injuries among the 17 kept results
    # (Dead, Full recovery, Multiple re-rolled), dead on a second Blind in one eye (1/17 each).
    blind = Fraction(1, 17)
    twice = sum(
        Fraction(1, 6) * (1 - (1 - blind) ** n - n * blind * (1 - blind) ** (n - 1))
        for n in range(1, 7)
    )
    assert death_chance(seed_book()) == Fraction(5, 36) + Fraction(2, 36) * twice
    assert death_chance(
        book(injuries__table__dead__high=11, injuries__table__multiple_injuries__low=12)
    ) < Fraction(5, 36)


def test_expected_income_is_the_mean_of_the_dice():
    assert income_mean(seed_book(), result="won") == 7
    assert income_mean(seed_book(), result="lost", earners=2, traders=1) == Fraction(7, 2) + 15
    assert income_mean(book(income__lost="2D6"), result="lost") == 7


def test_the_list_rating_prices_each_piece_at_the_books_price(wolves):
    seed = list_rating(seed_book(), wolves)
    assert list_rating(book(factions__indians__equipment__bow__price=6), wolves) == seed + 4
