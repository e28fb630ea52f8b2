"""The game master's records (A7) and the end of the chase (A1): rounds, shaken and recovery,
withdrawing, the prey escaping after the last round, dogfights."""

from __future__ import annotations

import pytest

from chase.engines.abstract import ENGINE
from chase.engines.abstract.cards import FULL_DECK
from chase.engines.base import IllegalMove
from tests.chase.engines.abstract_helpers import (
    act,
    chase,
    kinds,
    labels,
    put,
    said,
    texts,
    who,
)

NO_CARD = [1, 1]


def quiet_round(state):
    """Nobody draws a card; the round waits for the game master."""
    for role in ("p1", "p2"):
        state = act(state, role, "roll", NO_CARD).state
    assert state["phase"] == "between"
    return state


def test_the_game_master_starts_each_round_and_ends_a_standard_chase_after_the_fifth():
    state = chase()
    for number in range(1, 5):
        state = quiet_round(state)
        assert labels(state, "gm")[0] == f"Start round {number + 1}"
        state = act(state, "gm", "next").state
        assert state["round"] == number + 1
    state = quiet_round(state)

    assert kinds(state, "gm")[0] == "end" and "next" not in kinds(state, "gm")
    outcome = act(state, "gm", "end")

    assert outcome.state["status"] == "finished"
    assert ENGINE.winner(outcome.state) == "trappers"  # the prey is still free: it escapes
    assert said(outcome, "end") == (
        "Round 5 was the last: Pierre escapes; victory to the trappers."
    )


def test_an_extended_chase_lasts_ten_rounds():
    state = chase(length="extended")
    for _ in range(9):
        state = act(quiet_round(state), "gm", "next").state
    state = quiet_round(state)

    assert state["round"] == 10 and kinds(state, "gm")[0] == "end"


def test_a_dogfight_goes_on_until_one_side_withdraws():
    state = chase(length="dogfight")
    for _ in range(12):
        state = quiet_round(state)
        assert "end" not in kinds(state, "gm")
        state = act(state, "gm", "next").state

    state = quiet_round(state)
    outcome = act(state, "gm", "record", result="withdraws", target=1)

    assert outcome.state["status"] == "finished"
    assert outcome.state["winner"] == "trappers"
    assert said(outcome, "end") == (
        "The Indians have withdrawn or fallen: the trappers hold the field."
    )


def test_in_a_dogfight_a_participant_may_break_off_on_its_card():
    state = chase(length="dogfight", top=["QH"])
    state = act(state, "p1", "roll", [5, 1]).state
    state = act(state, "p2", "roll", NO_CARD).state

    assert kinds(state, "p1") == ["attack", "force", "withdraw", "done"]
    outcome = act(state, "p1", "withdraw")

    assert who(outcome.state, "p1")["withdrawn"]
    assert outcome.state["winner"] == "Indians"


def test_a_pursuer_who_is_out_of_range_in_a_standard_chase_cannot_withdraw_by_itself():
    state = chase(top=["QH"])
    state = act(state, "p1", "roll", [5, 1]).state
    state = act(state, "p2", "roll", NO_CARD).state

    assert "withdraw" not in kinds(state, "p1")


def test_the_pursuers_win_when_every_prey_is_out():
    state = quiet_round(chase())

    outcome = act(state, "gm", "record", result="out", target=0)

    assert outcome.state["winner"] == "Indians"
    assert said(outcome, "end") == (
        "None of the trappers is left in the chase: the Indians have stopped every one of the "
        "trappers; victory to the Indians."
    )


def test_prey_that_withdraws_has_got_away():
    state = quiet_round(chase())

    outcome = act(state, "gm", "record", result="withdraws", target=0)

    assert outcome.state["winner"] == "trappers"


def test_between_rounds_the_game_master_records_shaken_recovery_wounds_and_out():
    state = quiet_round(chase())
    assert labels(state, "gm")[1:] == [
        "Pierre: shaken",
        "Pierre: wounded",
        "Pierre: out of the chase",
        "Pierre: withdraws",
        "Grey Wolf: shaken",
        "Grey Wolf: wounded",
        "Grey Wolf: out of the chase",
        "Grey Wolf: withdraws",
    ]
    state = act(state, "gm", "record", result="shaken", target=0).state
    assert "Pierre: recovers" in labels(state, "gm")

    state = act(state, "gm", "next").state
    rolled = act(state, "p1", "roll", [6, 1])

    assert "−2 shaken = 4" in texts(rolled)[0]  # A3: shaken at the start of the round


def test_a_shaken_participant_tries_to_recover_on_its_card_and_the_game_master_says_how():
    state = put(chase(top=["KH"]), "p1", shaken=True)
    state = act(state, "p1", "roll", [6, 2]).state  # 6 − 2 = 4: one card
    outcome = act(state, "p2", "roll", NO_CARD)

    assert said(outcome, "shaken") == (
        "Pierre is shaken and tries to recover on the King of Hearts: the game master says how."
    )
    assert labels(outcome.state, "gm") == ["Pierre: recovers", "Pierre: stays shaken"]
    recovered = act(outcome.state, "gm", "resolve", result="recovers").state
    assert kinds(recovered, "p1")[0] == "attack"
    still = act(outcome.state, "gm", "resolve", result="still_shaken")
    assert still.state["phase"] == "between"
    assert "Pierre is still shaken and cannot act." in texts(still)


def test_the_cards_go_back_each_round_and_a_joker_reshuffles_the_deck():
    state = chase(top=["JK1", "5H"])
    state = act(state, "p1", "roll", [5, 1]).state  # the Joker
    state = act(state, "p2", "roll", [5, 1]).state  # the 5 of Hearts
    state = act(state, "p1", "done").state
    assert state["phase"] == "between"

    outcome = act(state, "gm", "next", [list(range(54))])

    assert "A Joker was dealt: the deck is shuffled." in texts(outcome)
    assert len(outcome.state["deck"]) == len(FULL_DECK) and outcome.state["discard"] == []


def test_without_a_joker_the_played_cards_are_discarded():
    state = chase(top=["9H", "5H"])
    state = act(state, "p1", "roll", [5, 1]).state
    state = act(state, "p2", "roll", [5, 1]).state
    state = act(state, "p1", "done").state

    state = act(state, "gm", "next").state

    assert state["discard"] == ["9H", "5H"]
    assert len(state["deck"]) == len(FULL_DECK) - 2


def test_an_empty_deck_is_made_again_from_the_discards():
    state = chase()
    state["discard"], state["deck"] = state["deck"][:-1], state["deck"][-1:]
    last = state["deck"][0]

    outcome = act(state, "p1", "roll", [7, 6, 2, list(range(53))])  # two cards

    assert who(outcome.state, "p1")["drawn"][0] == last
    assert "The deck runs out: the discards are shuffled." in texts(outcome)


def test_the_game_master_has_nothing_to_do_while_the_participants_roll():
    state = chase()

    assert kinds(state, "gm") == []
    with pytest.raises(IllegalMove, match="not your turn"):
        act(state, "gm", "next")


def test_nothing_can_be_done_once_the_chase_is_over():
    state = act(quiet_round(chase()), "gm", "record", result="out", target=0).state

    assert ENGINE.legal_actions(state, "gm") == []
    with pytest.raises(IllegalMove, match="The chase is over"):
        act(state, "gm", "next")
