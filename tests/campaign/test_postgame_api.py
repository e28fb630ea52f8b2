"""The post-game sequence through the API (C12-C22): GET, advance with the app's dice or typed
faces, choices, trades, undo, commit once; who may drive it.

The battle of tests/campaign/games_support.py, confirmed by the other player: the
player's Magalakutway sequence starts with Swift Otter's injury roll (D66).
"""

from __future__ import annotations

import pytest

from campaign import services
from campaign.models import Activity, EquipmentPiece, Figure, LedgerEntry, PostGame
from tests.campaign.games_support import (
    WAR_PARTY_INCOME,
    WAR_PARTY_SCRIPT,
    drive,
    figure,
    signed_in,
)


@pytest.fixture
def owner(player):
    return signed_in(player)


def url(sequence, action=""):
    return f"/api/postgames/{sequence.id}/{action + '/' if action else ''}"


def advance(client, sequence, body=None):
    return client.post(url(sequence, "advance"), body or {}, format="json")


def roster(warband) -> list[tuple]:
    """Everything commit may change, to compare before and after."""
    figures = Figure.objects.filter(warband=warband).order_by("id")
    return [
        list(figures.values_list("state", "experience", "injuries", "skills", "reputation")),
        list(EquipmentPiece.objects.filter(warband=warband).values_list("key", "figure_id")),
        warband.__class__.objects.get(pk=warband.pk).treasury,
        LedgerEntry.objects.filter(warband=warband).count(),
    ]


# --- reading -----------------------------------------------------------------------------------


def test_get_answers_the_protocols_shape(owner, sequence, war_party):
    response = owner.get(url(sequence))
    assert response.status_code == 200
    body = response.json()
    assert {"id", "warband", "step", "prompt", "log", "preview"} <= set(body)
    assert body["id"] == sequence.id
    assert body["warband"] == war_party.id
    assert body["step"] == "injuries"
    assert body["prompt"] == {
        "kind": "roll", "dice": "D66", "purpose": "injury",
        "figure": figure(war_party, "Swift Otter").id,
    }  # fmt: skip
    assert body["log"] == []
    assert body["position"] == 0
    assert body["status"] == "open"
    preview = body["preview"]
    assert set(preview) == {"warband", "rating", "rating_before", "changes"}
    assert preview["rating_before"] == 200
    assert preview["warband"]["treasury"] == 73
    assert preview["warband"]["games_played"] == 1  # this game counted


def test_the_opponent_reads_the_sequence_but_a_stranger_does_not(sequence, other_player, stranger):
    assert signed_in(other_player).get(url(sequence)).status_code == 200
    assert signed_in(stranger).get(url(sequence)).status_code == 404


# --- rolls -------------------------------------------------------------------------------------


def test_without_faces_the_app_rolls_and_logs_it_as_its_own(owner, sequence):
    body = advance(owner, sequence).json()
    entry = body["log"][0]
    assert entry["purpose"] == "injury"
    assert entry["by"] == "player"
    assert entry["typed"] is False
    assert len(entry["faces"]) == 2 and all(1 <= face <= 6 for face in entry["faces"])
    assert body["position"] == 1


def test_faces_typed_in_are_used_and_logged_as_typed(owner, sequence):
    body = advance(owner, sequence, {"dice": [2, 2]}).json()
    assert body["log"][0] == {
        "step": "injuries", "purpose": "injury", "figure": body["log"][0]["figure"],
        "faces": [2, 2], "by": "player", "typed": True,
        "text": "Swift Otter: injury 22 Leg wound: movement 6/3 → 5/2",
    }  # fmt: skip
    assert body["prompt"]["figure"] != body["log"][0]["figure"]  # Red Hawk's roll next
    assert body["preview"]["changes"][0]["changes"] == ["Leg wound: movement 6/3 → 5/2"]


@pytest.mark.parametrize(
    "dice, message",
    [
        ([7, 1], "A die shows 1 to 6, not 7."),
        ([0, 3], "A die shows 1 to 6, not 0."),
        ([2], "A D66 roll is two faces, tens then units: 1 given."),
        ([1, 2, 3], "A D66 roll is two faces, tens then units: 3 given."),
        ([], "A D66 roll is two faces, tens then units: 0 given."),
        (["2", 2], "A die face is a whole number 1 to 6, not '2'."),
        ([True, 2], "A die face is a whole number 1 to 6, not True."),
        ([2.5, 2], "A die face is a whole number 1 to 6, not 2.5."),
        ("22", "Faces are a list of whole numbers, e.g. [2, 5]."),
        ([1] * 50, "At most 4 faces."),
    ],
    ids=["C12-seven", "C12-zero", "C12-one-face", "C12-three-faces", "C12-none", "string",
         "boolean", "fraction", "not-a-list", "fifty-faces"],
)  # fmt: skip
def test_bad_faces_are_400_naming_the_problem_and_change_nothing(owner, sequence, dice, message):
    response = advance(owner, sequence, {"dice": dice})
    assert response.status_code == 400
    assert message in response.json()["detail"] + str(response.json().get("dice", ""))
    sequence.refresh_from_db()
    assert sequence.answers == []
    assert owner.get(url(sequence)).json()["position"] == 0


def test_a_2d6_is_typed_as_two_faces(owner, sequence):
    drive(sequence, sequence.warband.owner, WAR_PARTY_SCRIPT[:3])
    assert owner.get(url(sequence)).json()["prompt"]["dice"] == "2D6"
    response = advance(owner, sequence, {"dice": [6]})
    assert response.json()["detail"] == "A 2D6 roll is 2 face(s): 1 given."


def test_typed_faces_are_refused_when_the_campaign_does_not_allow_them(campaign, owner, sequence):
    services.campaign_update(campaign=campaign, manual_dice=False)
    response = advance(owner, sequence, {"dice": [2, 2]})
    assert response.status_code == 400
    assert response.json()["errors"][0]["rule"] == "C12"
    assert advance(owner, sequence).status_code == 200  # the app's dice still roll


# --- choices -----------------------------------------------------------------------------------


@pytest.fixture
def choosing(sequence, player):
    """Running Elk's advancement roll is a 4 on the Hero table: choose an attribute (C10)."""
    return drive(sequence, player, [[2, 2], [4, 5], [4]])


def test_a_choice_answers_a_choice_prompt(owner, choosing, war_party):
    prompt = owner.get(url(choosing)).json()["prompt"]
    assert prompt == {
        "kind": "choice", "purpose": "attribute", "figure": figure(war_party, "Running Elk").id,
        "options": ["melee", "shooting", "morale"],
    }  # fmt: skip
    body = advance(owner, choosing, {"choice": "morale"}).json()
    assert body["log"][-1]["choice"] == "morale"
    assert body["log"][-1]["text"] == "Running Elk picks morale"
    assert body["step"] == "income"


@pytest.mark.parametrize(
    "body, message",
    [
        ({"choice": "reputation"}, "Choose one of melee, shooting, morale for attribute"),
        ({"dice": [3]}, "The attribute prompt wants a choice, not dice."),
        ({}, "Choose one of melee, shooting, morale for attribute, not None."),
        ({"choice": "melee", "dice": [3]}, "Send dice or a choice, not both."),
    ],
    ids=["not-an-option", "dice", "nothing", "both"],
)
def test_a_wrong_answer_to_a_choice_is_400(owner, choosing, body, message):
    response = advance(owner, choosing, body)
    assert response.status_code == 400
    assert message in response.json()["detail"]
    choosing.refresh_from_db()
    assert len(choosing.answers) == 3


def test_a_choice_is_no_answer_to_a_roll(owner, sequence):
    response = advance(owner, sequence, {"choice": "yes"})
    assert response.status_code == 400
    assert response.json()["detail"] == "The injury prompt wants dice, not a choice."


# --- trading, undo -----------------------------------------------------------------------------


@pytest.fixture
def trading(sequence, player):
    return drive(sequence, player, WAR_PARTY_SCRIPT[:-1])


def trade(client, sequence, body):
    return client.post(url(sequence, "trade"), body, format="json")


def test_trading_buys_sells_and_ends_with_done(owner, trading, war_party):
    assert owner.get(url(trading)).json()["step"] == "trading"
    assert owner.get(url(trading)).json()["prompt"] is None
    otter = figure(war_party, "Swift Otter").id
    body = trade(owner, trading, {"action": "buy", "item": "musket", "to": otter}).json()
    assert body["preview"]["warband"]["treasury"] == 73 + WAR_PARTY_INCOME - 10
    body = trade(owner, trading, {"action": "sell", "item": "shield", "from": str(
        figure(war_party, "Red Hawk").id)}).json()  # fmt: skip
    assert body["preview"]["warband"]["treasury"] == 73 + WAR_PARTY_INCOME - 10 + 1  # 3 // 2
    body = trade(owner, trading, {"action": "done"}).json()
    assert body["step"] == "ready"
    assert body["prompt"] is None


@pytest.mark.parametrize(
    "body, message",
    [
        ({"action": "bribe"}, '"bribe" is not a valid choice.'),
        ({"action": "buy", "item": "cannon", "to": "storage"}, "The Indians cannot buy 'cannon'."),
        ({"action": "buy", "item": "pistol", "to": "SWIFT_OTTER"}, "for Veterans and Heroes only"),
        ({"action": "recruit", "profile": "indians_hero", "name": "Two Chiefs"},
         "A warband has exactly one Hero, its leader."),
        ({"action": "give", "item": "lance", "from": "storage", "to": "SWIFT_OTTER"},
         "There is no Indian lance in storage"),
        ({"action": "buy", "item": "x" * 10_000, "to": "storage"}, "no more than 30 characters"),
    ],
    ids=["unknown-action", "C4-unknown-item", "C4-veterans-only", "C3-second-hero",
         "C20-nothing-to-give", "10kB-item"],
)  # fmt: skip
def test_a_trade_that_breaks_a_rule_is_400_and_changes_nothing(
    owner, trading, war_party, body, message
):
    otter = str(figure(war_party, "Swift Otter").id)
    body = {key: otter if value == "SWIFT_OTTER" else value for key, value in body.items()}
    response = trade(owner, trading, body)
    assert response.status_code == 400
    assert message in str(response.json())
    assert len(PostGame.objects.get(pk=trading.pk).answers) == len(WAR_PARTY_SCRIPT) - 1


def test_trading_never_takes_the_treasury_below_nothing(owner, trading):
    musket = {"action": "buy", "item": "musket", "to": "storage"}
    for _ in range(9):  # £92 → £2
        assert trade(owner, trading, musket).status_code == 200
    response = trade(owner, trading, musket)
    assert response.status_code == 400
    assert response.json()["detail"] == "A Musket costs £10: the treasury holds £2."
    assert response.json()["errors"][0]["rule"] == "C20"


def test_a_trade_before_trading_is_400(owner, sequence):
    response = trade(owner, sequence, {"action": "done"})
    assert response.status_code == 400
    assert response.json()["detail"] == "Answer the injury prompt first."


def test_undo_drops_the_last_answer_one_at_a_time(owner, sequence):
    advance(owner, sequence, {"dice": [2, 2]})
    advance(owner, sequence, {"dice": [4, 5]})
    body = owner.post(url(sequence, "undo"), {}, format="json").json()
    assert body["position"] == 1
    log = [(e["purpose"], e["faces"]) for e in body["log"]]
    assert log == [("injury", [2, 2]), ("undo", [4, 5])]
    body = owner.post(url(sequence, "undo"), {}, format="json").json()
    assert [e["purpose"] for e in body["log"]] == ["undo", "undo"]  # C22: undos stay logged
    assert body["step"] == "injuries" and body["position"] == 0
    response = owner.post(url(sequence, "undo"), {}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "There is nothing to undo."


def test_an_app_roll_undone_and_asked_again_shows_the_same_faces(owner, sequence, other_player):
    """C22: undo takes back a choice, never a die; both players read the undo in the log."""
    first = advance(owner, sequence).json()["log"][0]
    owner.post(url(sequence, "undo"), {}, format="json")
    body = advance(owner, sequence).json()
    undo, again = body["log"]
    assert again["purpose"] == "injury" and again["faces"] == first["faces"]
    assert again["text"] == first["text"]
    assert (undo["purpose"], undo["by"], undo["faces"], undo["typed"]) == (
        "undo", "player", first["faces"], False,
    )  # fmt: skip
    assert undo["text"] == f"undid: {first['text']}"
    assert undo["when"]
    assert signed_in(other_player).get(url(sequence)).json()["log"] == body["log"]


def test_the_next_app_roll_goes_on_along_the_sequences_own_stream(owner, sequence):
    from campaign.rules.dice import StreamDice

    advance(owner, sequence)  # Swift Otter's injury roll
    body = advance(owner, sequence).json()  # Red Hawk's
    stream = StreamDice(PostGame.objects.get(pk=sequence.pk).dice_secret, 0)
    assert [e["faces"] for e in body["log"][:2]] == [
        [stream.d6(), stream.d6()],
        [stream.d6(), stream.d6()],
    ]


def test_an_undo_of_faces_typed_in_is_logged_too(owner, sequence):
    advance(owner, sequence, {"dice": [2, 2]})
    body = owner.post(url(sequence, "undo"), {}, format="json").json()
    assert [(e["purpose"], e["faces"], e["typed"]) for e in body["log"]] == [("undo", [2, 2], True)]
    assert body["log"][0]["text"].startswith("undid: Swift Otter: injury 22 Leg wound")


def test_the_sequences_dice_secret_is_never_shown(owner, sequence, organiser, campaign):
    secret = PostGame.objects.get(pk=sequence.pk).dice_secret
    assert secret
    assert secret not in owner.get(url(sequence)).content.decode()
    assert secret not in owner.get(f"/postgames/{sequence.id}/").content.decode()
    export = signed_in(organiser).get(f"/api/campaigns/{campaign.id}/export/")
    assert export.status_code == 200 and secret not in export.content.decode()


def test_an_answer_sent_for_an_older_position_is_400_and_changes_nothing(owner, sequence):
    advance(owner, sequence, {"dice": [2, 2], "position": 0})
    response = advance(owner, sequence, {"position": 0})  # a double click on "Roll"
    assert response.status_code == 400
    assert "The sequence has moved on" in response.json()["detail"]
    response = owner.post(url(sequence, "undo"), {"position": 0}, format="json")
    assert response.status_code == 400
    assert len(PostGame.objects.get(pk=sequence.pk).answers) == 1


# --- commit ------------------------------------------------------------------------------------


@pytest.fixture
def ready(sequence, player):
    return drive(sequence, player, WAR_PARTY_SCRIPT)


def test_the_roster_is_untouched_until_commit(owner, sequence, player, war_party):
    before = roster(war_party)
    drive(sequence, player, WAR_PARTY_SCRIPT)
    assert owner.get(url(sequence)).json()["step"] == "ready"
    assert roster(war_party) == before


def test_commit_before_the_sequence_is_ready_is_400(owner, sequence, war_party):
    before = roster(war_party)
    response = owner.post(url(sequence, "commit"))
    assert response.status_code == 400
    assert response.json()["detail"] == "The sequence is at injuries: finish it before committing."
    assert PostGame.objects.get(pk=sequence.pk).status == "open"
    assert roster(war_party) == before


def test_commit_applies_the_sequence_to_the_roster(owner, ready, war_party):
    response = owner.post(url(ready, "commit"))
    assert response.status_code == 200
    body = response.json()
    assert body["step"] == "committed" and body["prompt"] is None
    otter = figure(war_party, "Swift Otter")
    assert otter.injuries == ["leg_wound"]  # C14: movement 6/3 → 5/2
    assert otter.experience == 12  # C9: survived
    elk = figure(war_party, "Running Elk")
    assert (elk.experience, elk.shooting_increase, elk.advancement_rolls) == (33, 1, 1)
    war_party.refresh_from_db()
    assert war_party.treasury == 73 + WAR_PARTY_INCOME
    assert war_party.games_played == 1
    line = LedgerEntry.objects.filter(warband=war_party).last()
    assert (line.amount, line.before, line.after) == (WAR_PARTY_INCOME, 73, 92)
    assert line.reason.startswith("Post-game v The 44th Foot Patrol (01 May 2025): Income:")


def test_a_second_commit_changes_nothing(owner, ready, war_party):
    first = owner.post(url(ready, "commit")).json()
    after = roster(war_party)
    second = owner.post(url(ready, "commit"))
    assert second.status_code == 200
    assert second.json() == first
    assert roster(war_party) == after


def test_a_committed_sequence_takes_no_more_answers(owner, ready):
    owner.post(url(ready, "commit"))
    for action, body in (("advance", {}), ("undo", {}), ("trade", {"action": "done"})):
        response = owner.post(url(ready, action), body, format="json")
        assert response.status_code == 400
        assert "committed" in response.json()["detail"]


def test_commit_recalculates_the_team_rating(
    owner, ready, war_party, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        body = owner.post(url(ready, "commit")).json()
    war_party.refresh_from_db()
    # C11: 92 treasury + 34 kit + levels 33 + 20 + 4 x 12
    assert war_party.rating == body["preview"]["rating"] == 92 + 34 + 33 + 20 + 48
    assert not war_party.rating_stale


# --- who drives --------------------------------------------------------------------------------


def test_the_opponent_may_not_drive_the_other_sides_sequence(sequence, other_player, ready):
    opponent = signed_in(other_player)
    for action in ("advance", "trade", "undo", "commit"):
        assert opponent.post(url(sequence, action), {}, format="json").status_code == 403
    assert PostGame.objects.get(pk=sequence.pk).status == "open"


def test_a_stranger_gets_404_driving_a_private_campaigns_sequence(sequence, stranger):
    assert advance(signed_in(stranger), sequence).status_code == 404


def test_the_organiser_drives_and_is_named_in_the_log(sequence, organiser):
    body = advance(signed_in(organiser), sequence, {"dice": [4, 5]}).json()
    assert body["log"][0]["by"] == "organiser"


# --- C22: a roll made once comes back after an undo, however it was made ----------------------


def test_c22_an_app_roll_undone_cannot_be_answered_with_other_typed_dice(owner, sequence):
    first = advance(owner, sequence).json()["log"][0]
    body = owner.post(url(sequence, "undo"), {}, format="json").json()
    assert body["prompt"]["made"] == {"faces": first["faces"], "typed": False}
    other = [1 if face != 1 else 2 for face in first["faces"]]
    response = advance(owner, sequence, {"dice": other})
    assert response.status_code == 400
    assert response.json()["detail"].startswith("The app already made this roll before the undo")
    assert response.json()["errors"][0]["rule"] == "C22"
    assert len(PostGame.objects.get(pk=sequence.pk).answers) == 0
    body = advance(owner, sequence, {"dice": first["faces"]}).json()  # the same faces: fine
    assert body["log"][-1]["faces"] == first["faces"] and body["log"][-1]["typed"] is False


def test_c22_typed_faces_undone_come_back_when_the_app_rolls(owner, sequence):
    advance(owner, sequence, {"dice": [6, 6]})
    owner.post(url(sequence, "undo"), {}, format="json")
    body = advance(owner, sequence).json()
    assert (body["log"][-1]["faces"], body["log"][-1]["typed"]) == ([6, 6], True)
    assert not Activity.objects.filter(kind=Activity.Kind.CORRECTION).exists()


def test_c22_typed_faces_changed_after_an_undo_are_a_correction_in_the_open(
    owner, sequence, other_player, mailoutbox, django_capture_on_commit_callbacks
):
    other_player.email = "other@example.org"
    other_player.save()
    advance(owner, sequence, {"dice": [6, 6]})
    owner.post(url(sequence, "undo"), {}, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        body = advance(owner, sequence, {"dice": [2, 2]}).json()
    entry = body["log"][-1]
    assert (entry["faces"], entry["changed_from"], entry["typed"]) == ([2, 2], [6, 6], True)
    line = Activity.objects.get(kind=Activity.Kind.CORRECTION)
    assert "player changed typed dice after an undo" in line.text
    assert "66 → 22" in line.text and line.url == f"/postgames/{sequence.id}/"
    opponent_inbox = signed_in(other_player).get("/api/inbox/").json()
    items = [i for i in opponent_inbox if i["kind"] == "dice_changed"]
    assert len(items) == 1
    assert "Injury roll for Swift Otter, 66 → 22" in items[0]["title"]
    owners_inbox = owner.get("/api/inbox/").json()
    assert not [i for i in owners_inbox if i["kind"] == "dice_changed"]
    assert [m.to for m in mailoutbox] == [["other@example.org"]]
    assert "66 → 22" in mailoutbox[0].subject
