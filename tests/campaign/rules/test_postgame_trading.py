"""Trading (C20), specialists (C21) and the new team rating (C11)."""

from __future__ import annotations

import pytest

from campaign.rules.errors import RosterError, RulesError
from campaign.rules.postgame import Piece, PostGameRun, WarbandSheet, rating

CHIEF, GREY_WOLF, RED_HAWK, ELK, TALL_TREE, LITTLE_CROW = 1, 2, 3, 4, 5, 6


@pytest.fixture
def trading(make_report, play):
    """The sequence at trading: the Chief and Veterans sat out, a lost game, income D6 5."""

    def at_trading(sheet: WarbandSheet, face: int = 5) -> PostGameRun:
        report = make_report(sheet, won=False, absent=[CHIEF, GREY_WOLF, RED_HAWK])
        game = play((sheet, report), [face])
        assert game.step == "trading"
        assert game.prompt is None
        return game

    return at_trading


def keys(pieces: list[Piece]) -> list[str]:
    return [p.key for p in pieces]


# --- buying, selling, storing and giving -----------------------------------------------------


def test_buying_a_piece_pays_its_price_from_the_treasury(wolves, trading, play, after, log_texts):
    game = play(trading(wolves), {"action": "buy", "item": "shield", "to": ELK})
    assert game.preview_sheet().treasury == 25 - 3
    assert after(game, ELK).equipment[-1] == Piece("shield", 3)
    assert log_texts(game, "buy") == ["Bought a Shield for Running Elk: £3 (treasury £25 → £22)"]


def test_a_piece_bought_for_storage_waits_there(wolves, trading, play):
    game = play(trading(wolves), {"action": "buy", "item": "musket", "to": "storage"})
    assert keys(game.preview_sheet().storage) == ["lance", "musket"]


def test_a_hero_may_carry_two_pistols(wolves, trading, play, after):
    buy = {"action": "buy", "item": "pistol", "to": str(CHIEF)}  # ids may come as strings
    game = play(trading(wolves), buy, buy)
    assert keys(after(game, CHIEF).equipment) == ["bow", "shield", "pistol", "pistol"]


@pytest.mark.parametrize(
    ("treasury", "action", "message", "rule"),
    [
        pytest.param(20, {"action": "buy", "item": "rifle", "to": ELK},
                     "The Indians cannot buy 'rifle'", "C4", id="C20-faction-list"),
        pytest.param(20, {"action": "buy", "item": "pistol", "to": ELK},
                     "for Veterans and Heroes only: Running Elk is a Trooper", "C4",
                     id="C20-veteran-and-hero-only"),
        pytest.param(20, {"action": "buy", "item": "bow", "to": ELK},
                     "Running Elk may carry the Bow once only", "C5", id="C20-C5-one-of-each"),
        pytest.param(0, {"action": "buy", "item": "musket", "to": ELK},
                     "costs £10: the treasury holds £5", "C20", id="C20-treasury-not-below-0"),
        pytest.param(0, {"action": "recruit", "profile": "indians_trooper", "name": "Bear"},
                     "costs £11: the treasury holds £5", "C20", id="C20-recruit-not-below-0"),
        pytest.param(0, {"action": "hire", "specialist": "doctor", "name": "Sam"},
                     "costs £18: the treasury holds £5", "C20", id="C21-hire-not-below-0"),
    ],
)  # fmt: skip
def test_a_trade_that_breaks_a_rule_is_refused_and_changes_nothing(
    wolves, trading, treasury, action, message, rule
):
    wolves.treasury = treasury
    game = trading(wolves)
    with pytest.raises(RosterError, match=message) as raised:
        game.trade(action, by="owner")
    assert raised.value.rule == rule
    assert game.preview_sheet().to_dict() == trading(wolves).preview_sheet().to_dict()
    assert len(game.answers) == 1


@pytest.mark.parametrize(
    ("where", "item", "price", "refund"),
    [
        pytest.param(ELK, "bow", 5, 2, id="C20-sell-half-rounded-down"),
        pytest.param(ELK, "tomahawk", 1, 0, id="C20-sell-1-for-0"),
        pytest.param("storage", "lance", 4, 2, id="C20-sell-from-storage"),
    ],
)
def test_a_piece_sells_for_half_its_price_rounded_down(
    wolves, trading, play, where, item, price, refund
):
    owned = keys(wolves.owned_pieces()).count(item)
    game = play(trading(wolves), {"action": "sell", "item": item, "from": where})
    assert game.preview_sheet().treasury == 25 + refund
    assert keys(game.preview_sheet().owned_pieces()).count(item) == owned - 1


def test_a_piece_sells_for_half_of_what_was_paid_for_it(wolves, trading, play):
    wolves.storage = [Piece("musket", 10), Piece("musket", 8)]  # bought at another price
    game = play(
        trading(wolves), {"action": "sell", "item": "musket", "from": "storage", "price": 8}
    )
    assert game.preview_sheet().treasury == 25 + 4
    assert game.preview_sheet().storage == [Piece("musket", 10)]


def test_selling_a_piece_that_is_not_there_is_refused(wolves, trading):
    with pytest.raises(RosterError, match="There is no Musket in Running Elk"):
        trading(wolves).trade({"action": "sell", "item": "musket", "from": ELK})


def test_a_piece_can_go_to_storage_and_to_another_figure(wolves, trading, play, after):
    game = play(
        trading(wolves),
        {"action": "store", "item": "tomahawk", "from": ELK},
        {"action": "give", "item": "tomahawk", "from": "storage", "to": TALL_TREE},
        {"action": "give", "item": "lance", "from": "storage", "to": LITTLE_CROW},
        {"action": "give", "item": "bow", "from": ELK, "to": LITTLE_CROW},
    )
    assert keys(after(game, ELK).equipment) == []
    assert keys(after(game, TALL_TREE).equipment) == ["musket", "tomahawk"]
    assert keys(after(game, LITTLE_CROW).equipment) == ["lance", "bow"]
    assert game.preview_sheet().storage == []
    assert game.preview_sheet().treasury == 25  # moving pieces is free


@pytest.mark.parametrize(
    ("action", "message"),
    [
        pytest.param({"action": "give", "item": "bow", "from": GREY_WOLF, "to": ELK},
                     "Running Elk may carry the Bow once only", id="C5-give-a-second-bow"),
        pytest.param({"action": "give", "item": "lance", "from": "storage", "to": 99},
                     "no figure 99 on the roster", id="C20-give-to-nobody"),
        pytest.param({"action": "store", "item": "musket", "from": "storage"},
                     "from a figure to storage", id="C20-store-from-storage"),
        pytest.param({"action": "haggle"}, "Unknown trade action 'haggle'", id="C20-unknown"),
    ],
)  # fmt: skip
def test_a_move_that_breaks_a_rule_is_refused(wolves, trading, action, message):
    with pytest.raises(RosterError, match=message):
        trading(wolves).trade(action)


def test_a_pistol_in_storage_cannot_go_to_a_trooper(wolves, trading):
    wolves.storage.append(Piece("pistol", 10))
    with pytest.raises(RosterError, match="for Veterans and Heroes only"):
        trading(wolves).trade({"action": "give", "item": "pistol", "from": "storage", "to": ELK})


def test_a_captive_can_neither_give_nor_receive(wolves, trading):
    wolves.figure(TALL_TREE).state, wolves.figure(TALL_TREE).held_by = "captured", "The Rangers"
    with pytest.raises(RosterError, match="Tall Tree is held by The Rangers"):
        trading(wolves).trade({"action": "give", "item": "lance", "from": "storage",
                               "to": TALL_TREE})  # fmt: skip


# --- recruits --------------------------------------------------------------------------------


def test_a_recruit_starts_at_the_level_of_its_cost(wolves, trading, play, after, log_texts):
    game = play(
        trading(wolves), {"action": "recruit", "profile": "indians_trooper", "name": "Bear"}
    )
    bear = after(game, -1)
    assert (bear.name, bear.status, bear.reputation) == ("Bear", "trooper", 2)
    assert (bear.experience_start, bear.experience) == (11, 11)  # C20
    assert game.preview_sheet().treasury == 25 - 11
    assert log_texts(game, "recruit") == [
        "Recruited Brave Bear: £11 (treasury £25 → £14), level 11"
    ]


def test_recruits_get_new_negative_ids_in_turn(wolves, trading, play):
    recruit = {"action": "recruit", "profile": "indians_green", "name": "Fox"}
    game = play(trading(wolves), recruit, recruit)
    assert [f.id for f in game.preview_sheet().figures][-2:] == [-1, -2]


def test_a_recruited_veteran_rolls_its_starting_skill(wolves, trading, play, after):
    wolves.figure(RED_HAWK).state = "dead"
    game = play(trading(wolves), {"action": "recruit", "profile": "indians_veteran",
                                  "name": "Otter"})  # fmt: skip
    assert game.prompt == {
        "kind": "choice",
        "purpose": "skill_list",
        "figure": -1,
        "options": ["combat", "woodcraft"],
    }
    with pytest.raises(RulesError, match="Answer the skill_list prompt first"):
        game.trade({"action": "done"})
    game = play(game, "combat", [6])
    assert after(game, -1).skills == ["tough"]
    assert game.prompt is None


def test_a_recruited_hero_re_rolls_a_duplicate_starting_skill(wolves, trading, play, after):
    wolves.figure(CHIEF).state = "dead"
    wolves.treasury = 30
    game = play(
        trading(wolves),
        {"action": "recruit", "profile": "indians_hero", "name": "Pontiac"},
        "combat",
        [4],
        "combat",
        [4],
        [1],
    )
    assert after(game, -1).skills == ["fierce", "brawling"]  # C6


@pytest.mark.parametrize(
    ("profile", "message"),
    [
        pytest.param("indians_hero", "exactly one Hero", id="C3-one-hero"),
        pytest.param("indians_veteran", "at most 2 Veterans", id="C3-two-veterans"),
        pytest.param("rangers_trooper", "no profile 'rangers_trooper'", id="C4-own-faction"),
    ],
)
def test_a_recruit_must_fit_the_warband(wolves, trading, profile, message):
    wolves.treasury = 100
    with pytest.raises(RosterError, match=message):
        trading(wolves).trade({"action": "recruit", "profile": profile, "name": "Someone"})


def test_a_warband_holds_at_most_fifteen_figures(wolves, trading, make_figure):
    wolves.figures += [make_figure(10 + n, f"Brave {n}") for n in range(9)]
    assert len(wolves.roster) == 15
    with pytest.raises(RosterError, match="at most 15 figures") as raised:
        trading(wolves).trade({"action": "recruit", "profile": "indians_green", "name": "Fox"})
    assert raised.value.rule == "C3"


def test_a_recruit_needs_a_name(wolves, trading):
    with pytest.raises(RosterError, match="needs a name"):
        trading(wolves).trade({"action": "recruit", "profile": "indians_green", "name": " "})


# --- specialists (C21) -----------------------------------------------------------------------


def test_a_hired_specialist_starts_at_its_retainer_with_its_kit(
    wolves, trading, play, after, log_texts
):
    game = play(trading(wolves), {"action": "hire", "specialist": "doctor", "name": "Old Sam"})
    sam = after(game, -1)
    assert (sam.specialist, sam.status, sam.profile) == ("doctor", "green", "indians_green")
    assert (sam.experience_start, sam.experience) == (6, 6)
    assert sam.equipment == [Piece("knife", 0, kit=True), Piece("musket", 0, kit=True)]
    assert game.preview_sheet().treasury == 25 - 18
    assert log_texts(game, "hire") == [
        "Hired the Doctor / Indian healer Old Sam: £18 (treasury £25 → £7), retainer £6"
    ]
    assert game.prompt is None  # a Green-type rolls no skill


def test_a_veteran_type_specialist_rolls_one_skill(wolves, trading, play, after):
    wolves.treasury = 30
    game = play(trading(wolves), {"action": "hire", "specialist": "scout", "name": "Hawkeye"})
    assert game.prompt["purpose"] == "skill_list"
    game = play(game, "woodcraft", [6])
    assert after(game, -1).skills == ["sprint"]
    assert after(game, -1).status == "veteran"


def test_a_warband_may_hire_in_the_post_game_of_its_first_game(wolves, trading, play):
    wolves.games_played = 0
    game = play(trading(wolves), {"action": "hire", "specialist": "doctor", "name": "Old Sam"})
    assert game.preview_sheet().figure(-1).specialist == "doctor"


def test_a_club_may_hold_specialists_back_to_a_later_game(wolves, trading, monkeypatch):
    monkeypatch.setattr("campaign.rules.postgame.trading.SPECIALISTS_FROM_GAME", 2)
    wolves.games_played = 0
    with pytest.raises(
        RosterError, match="after the warband's game 2 on: this was its game 1"
    ) as raised:
        trading(wolves).trade({"action": "hire", "specialist": "doctor", "name": "Old Sam"})
    assert raised.value.rule == "C21"


@pytest.mark.parametrize(
    ("hired", "specialist", "message"),
    [
        pytest.param(["doctor"], "doctor", "already has a Doctor", id="C21-each-kind-once"),
        pytest.param(["doctor", "princess"], "scout", "at most 2 specialists",
                     id="C21-two-specialists"),
        pytest.param([], "surgeon", "Unknown specialist 'surgeon'", id="C21-unknown"),
    ],
)  # fmt: skip
def test_specialists_are_limited(wolves, trading, make_specialist, hired, specialist, message):
    wolves.treasury = 100
    wolves.figures += [make_specialist(20 + n, key, key) for n, key in enumerate(hired)]
    with pytest.raises(RosterError, match=message):
        trading(wolves).trade({"action": "hire", "specialist": specialist, "name": "New"})


def test_a_dead_specialist_frees_its_place(wolves, trading, make_specialist, play):
    wolves.figures.append(make_specialist(20, "Old Sam", "doctor", state="dead"))
    game = play(trading(wolves), {"action": "hire", "specialist": "doctor", "name": "Young Sam"})
    assert game.preview_sheet().figure(-1).name == "Young Sam"


@pytest.mark.parametrize("action", ["sell", "store"])
def test_a_specialists_kit_stays_with_him(wolves, trading, make_specialist, action):
    wolves.figures.append(make_specialist(20, "Old Sam", "doctor"))
    with pytest.raises(RosterError, match="own kit") as raised:
        trading(wolves).trade({"action": action, "item": "knife", "from": 20})
    assert raised.value.rule == "C21"


# --- the end of trading and the new rating (C11) ---------------------------------------------


def test_done_ends_trading_and_the_sequence_is_ready(wolves, trading, play):
    game = play(trading(wolves), {"action": "done"})
    assert (game.step, game.prompt, game.ready) == ("ready", None, True)
    with pytest.raises(RulesError, match="ready to commit"):
        game.trade({"action": "buy", "item": "bow", "to": "storage"})
    with pytest.raises(RulesError, match="ready to commit"):
        game.answer(dice=[1])


def test_an_answer_is_not_a_trade(wolves, trading):
    with pytest.raises(RulesError, match="trading: send a trade action"):
        trading(wolves).answer(dice=[3])


def test_the_rating_counts_cash_equipment_and_levels(wolves):
    # treasury 20; bow 5 + shield 3 + bow 5 + bow 5 + bow 5 + tomahawk 1 + musket 10 + lance 4
    # (storage); levels 30 + 19 + 19 + 11 + 11 + 6
    assert rating(wolves) == 20 + 38 + 96


def test_the_rating_leaves_out_dead_sold_and_departed_figures(wolves, make_specialist):
    wolves.figure(ELK).state = "dead"
    wolves.figure(TALL_TREE).state = "sold"
    wolves.figure(LITTLE_CROW).state = "captured"  # still on the roster
    assert rating(wolves) == 20 + (5 + 3 + 5 + 5 + 4) + (30 + 19 + 19 + 6)


def test_a_specialist_counts_its_retainer_and_experience_gained(wolves, make_specialist):
    before = rating(wolves)
    wolves.figures.append(make_specialist(8, "Hawkeye", "scout", experience=9 + 4))
    assert rating(wolves) == before + 13  # kit counts 0


def test_the_preview_rating_follows_the_whole_sequence(wolves, trading, play):
    game = play(
        trading(wolves),
        {"action": "buy", "item": "shield", "to": ELK},
        {"action": "sell", "item": "lance", "from": "storage"},
        {"action": "done"},
    )
    # +5 income, +3 experience (Elk, Tall Tree, Little Crow), -3 +3 shield, +2 -4 lance
    assert game.preview["rating_before"] == 154
    assert game.preview["rating"] == 154 + 5 + 3 + 2 - 4
    assert game.preview["rating"] == rating(game.final_sheet())


@pytest.mark.parametrize(
    "action",
    [
        pytest.param({"action": "buy", "item": "bow", "to": LITTLE_CROW}, id="C26-buy-a-bow"),
        pytest.param({"action": "buy", "item": "musket", "to": LITTLE_CROW}, id="C26-buy-a-musket"),
        pytest.param(
            {"action": "give", "item": "musket", "from": TALL_TREE, "to": LITTLE_CROW},
            id="C26-give-a-musket",
        ),
    ],
)
def test_c26_trading_refuses_a_musket_rifle_or_bow_for_an_amputee(wolves, trading, play, action):
    wolves.figure(LITTLE_CROW).injuries = ["arm_amputated"]
    game = trading(wolves)
    with pytest.raises(RosterError, match="Little Crow has lost an arm") as refused:
        play(game, action)
    assert refused.value.rule == "C26"
    assert game.preview_sheet().figure(LITTLE_CROW).equipment == []  # nothing changed


def test_c26_an_amputee_may_still_take_a_single_handed_weapon(wolves, trading, play, after):
    wolves.figure(LITTLE_CROW).injuries = ["arm_amputated"]
    game = play(trading(wolves), {"action": "buy", "item": "tomahawk", "to": LITTLE_CROW})
    assert keys(after(game, LITTLE_CROW).equipment) == ["tomahawk"]
