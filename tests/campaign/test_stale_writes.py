"""Writes made on a version that is no longer the latest (If-Match): the battle sheet's and the
post-game sequence's. Nothing is done; the player gets the `conflict` fragment (409) with what
they tried in words beside what is there now, "Send mine anyway" and "Drop mine"; the API a
409 with the version and the sequence now. Every write's answer carries the new version as
its ETag, and the pages carry it in data-version. Without If-Match a write goes ahead as
always.

The people: the player (Magalakutway) and the other player (the 44th Foot Patrol), both at
the table; an offline phone's queued write is a write with an old If-Match."""

from __future__ import annotations

import json
import re
import uuid

import pytest

from campaign import services
from campaign.models import Battle, PostGame, TableLog
from tests.campaign.battle_support import fid, start
from tests.campaign.games_support import signed_in

HTMX = {"HTTP_HX_REQUEST": "true"}


def if_match(version: int) -> dict:
    return {"HTTP_IF_MATCH": f'"{version}"'}


def resend_form(html: str) -> tuple[str, dict, list[tuple[str, str]]]:
    """ "Send mine anyway": the URL, the headers (hx-headers) and the hidden fields it posts."""
    form = re.search(r'<form[^>]*id="send-mine-form"[^>]*>.*?</form>', html, re.DOTALL).group(0)
    url = re.search(r'hx-post="([^"]+)"', form).group(1)
    headers = json.loads(re.search(r'hx-headers="([^"]+)"', form).group(1).replace("&quot;", '"'))
    fields = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form)
    return url, headers, [(n, v) for n, v in fields if n != "csrfmiddlewaretoken"]


def post_resend(client, html: str, **extra):
    url, headers, fields = resend_form(html)
    data: dict[str, list[str]] = {}
    for name, value in fields:
        data.setdefault(name, []).append(value)
    meta = {f"HTTP_{name.upper().replace('-', '_')}": value for name, value in headers.items()}
    return client.post(url, data, **meta, **extra)


# --- the battle sheet -------------------------------------------------------------------------


@pytest.fixture
def sheet(campaign, player, war_party, patrol):
    return start(campaign, war_party, patrol, player)


def version_of(battle) -> int:
    return Battle.objects.get(pk=battle.pk).version


def sheet_version(html: str) -> int:
    """The version the page says, on the sheet's root (#sheet data-version)."""
    return int(re.search(r'<section id="sheet"[^>]*data-version="(\d+)"', html).group(1))


def test_the_sheet_carries_its_version_and_every_write_answers_the_new_one(sheet, browser):
    page = browser.get(f"/battles/{sheet.id}/").content.decode()
    assert sheet_version(page) == sheet.version

    answer = browser.post(f"/battles/{sheet.id}/turn/", **HTMX, **if_match(sheet.version))

    assert answer.status_code == 200
    assert answer["ETag"] == f'"{sheet.version + 1}"' == f'"{version_of(sheet)}"'
    assert sheet_version(answer.content.decode()) == sheet.version + 1


def test_a_write_without_if_match_goes_ahead_as_always(sheet, browser):
    browser.post(f"/battles/{sheet.id}/turn/", **HTMX)
    answer = browser.post(f"/battles/{sheet.id}/turn/", **HTMX)
    assert answer.status_code == 200
    assert Battle.objects.get(pk=sheet.pk).turn == 3
    assert answer["ETag"] == f'"{version_of(sheet)}"'


def test_a_stale_next_turn_is_a_conflict_fragment_and_changes_nothing(
    sheet, browser, client, other_player
):
    read = sheet.version  # the player's phone read the sheet, then lost the hall's Wi-Fi
    client.force_login(other_player)
    client.post(f"/battles/{sheet.id}/turn/", **HTMX)  # the opponent moves on meanwhile

    answer = browser.post(f"/battles/{sheet.id}/turn/", **HTMX, **if_match(read))

    assert answer.status_code == 409
    assert Battle.objects.get(pk=sheet.pk).turn == 2  # not 3: theirs was not done
    assert answer["ETag"] == f'"{version_of(sheet)}"'
    assert answer["HX-Retarget"] == "#calc" and answer["HX-Reswap"] == "innerHTML"
    html = answer.content.decode()
    now = version_of(sheet)
    assert f'data-conflict data-version="{now}" data-started="{read}"' in html
    assert "Next turn: a new turn begins" in html  # theirs, in words
    assert "Turn 2, initiative not rolled yet." in html and "Turn 2 begins." in html  # now
    assert 'id="sheet"' in html and 'hx-swap-oob="true"' in html  # the sheet behind, fresh
    assert 'id="drop-mine"' in html and "data-close-calc" in html
    url, headers, fields = resend_form(html)
    assert url == f"/battles/{sheet.id}/turn/"
    assert headers["If-Match"] == f'"{version_of(sheet)}"'
    assert uuid.UUID(headers["Idempotency-Key"])  # a new key: a new write


def test_send_mine_anyway_applies_it_on_the_version_there_now(sheet, browser, client, other_player):
    read = sheet.version
    client.force_login(other_player)
    client.post(f"/battles/{sheet.id}/turn/", **HTMX)
    html = browser.post(f"/battles/{sheet.id}/turn/", **HTMX, **if_match(read)).content.decode()

    again = post_resend(browser, html, **HTMX)

    assert again.status_code == 200
    assert Battle.objects.get(pk=sheet.pk).turn == 3
    assert again["ETag"] == f'"{version_of(sheet)}"'


def test_a_stale_shot_with_typed_dice_is_told_in_words_and_rolls_nothing(
    sheet, browser, client, other_player, war_party, patrol
):
    read = sheet.version
    client.force_login(other_player)
    client.post(f"/battles/{sheet.id}/turn/", **HTMX)
    shot = {"shooter": fid(war_party, "Grey Wolf"), "target": fid(patrol, "Lt. Harcourt"),
            "range": "short", "weapon": "", "how": "typed", "dice": ["3", "4"]}  # fmt: skip
    rolls_before = TableLog.objects.filter(kind="shooting").count()

    answer = browser.post(f"/battles/{sheet.id}/do/shooting/", shot, **HTMX, **if_match(read))

    assert answer.status_code == 409
    html = answer.content.decode()
    assert "Grey Wolf shoots at Lt. Harcourt at short range, with dice typed in: 3, 4." in html
    assert TableLog.objects.filter(kind="shooting").count() == rolls_before
    _url, _headers, fields = resend_form(html)
    assert ("dice", "3") in fields and ("dice", "4") in fields and ("how", "typed") in fields

    again = post_resend(browser, html, **HTMX)
    assert again.status_code == 200
    logged = TableLog.objects.filter(kind="shooting").latest("id")
    assert (logged.faces, logged.typed_in) == ([3, 4], True)


def test_a_stale_plain_form_post_gets_the_page_with_the_conflict(
    sheet, browser, client, other_player
):
    read = sheet.version
    client.force_login(other_player)
    client.post(f"/battles/{sheet.id}/turn/")
    answer = browser.post(f"/battles/{sheet.id}/turn/", **if_match(read))
    assert answer.status_code == 409
    html = answer.content.decode()
    assert "<html" in html and 'id="conflict"' in html and 'id="sheet"' in html


def test_a_stranger_with_an_if_match_learns_nothing(sheet, client, stranger):
    client.force_login(stranger)
    answer = client.post(f"/battles/{sheet.id}/turn/", **HTMX, **if_match(sheet.version + 5))
    assert answer.status_code == 404


# --- the post-game sequence: the page ---------------------------------------------------------


def page_version(html: str) -> int:
    return int(re.search(r'id="sequence"[^>]*data-version="(\d+)"', html).group(1))


def test_the_sequence_carries_its_version_and_each_step_moves_it(sequence, browser):
    page = browser.get(f"/postgames/{sequence.id}/").content.decode()
    assert page_version(page) == sequence.version == 0

    answer = browser.post(
        f"/postgames/{sequence.id}/advance/", {"dice": ["2", "2"]}, **HTMX, **if_match(0)
    )

    assert answer.status_code == 200
    assert answer["ETag"] == '"1"' and page_version(answer.content.decode()) == 1
    browser.post(f"/postgames/{sequence.id}/undo/", **HTMX)
    assert PostGame.objects.get(pk=sequence.pk).version == 2  # an undo moves it on too


def test_a_stale_step_is_the_sequence_now_with_the_conflict_on_top(sequence, browser, player):
    services.postgame_answer(postgame=sequence, actor=player, dice=[2, 2])  # another tab

    answer = browser.post(
        f"/postgames/{sequence.id}/advance/",
        {"dice": ["4", "5"], "position": "0"},
        **HTMX,
        **if_match(0),
    )

    assert answer.status_code == 409
    assert answer["ETag"] == '"1"'
    assert PostGame.objects.get(pk=sequence.pk).answers[-1]["dice"] == [2, 2]  # one answer
    assert len(PostGame.objects.get(pk=sequence.pk).answers) == 1
    html = answer.content.decode()
    assert page_version(html) == 1
    assert 'data-conflict data-version="1" data-started="0"' in html
    assert "Answer the prompt with dice typed in: 4, 5." in html
    assert "Swift Otter: injury 22 Leg wound" in html  # what is there now
    assert 'hx-select="#sequence"' in html  # Drop mine: the sequence afresh
    _url, headers, fields = resend_form(html)
    assert headers["If-Match"] == '"1"'
    assert fields == [("dice", "4"), ("dice", "5")]  # the stale position is not sent again

    again = post_resend(browser, html, **HTMX)
    assert again.status_code == 200
    assert [a["dice"] for a in PostGame.objects.get(pk=sequence.pk).answers] == [[2, 2], [4, 5]]


def test_a_stale_commit_is_a_conflict_and_commits_nothing(sequence, browser, player):
    from tests.campaign.games_support import WAR_PARTY_SCRIPT, drive

    drive(sequence, player, WAR_PARTY_SCRIPT)
    read = PostGame.objects.get(pk=sequence.pk).version
    services.postgame_undo(postgame=sequence, actor=player)

    answer = browser.post(f"/postgames/{sequence.id}/commit/", **HTMX, **if_match(read))

    assert answer.status_code == 409
    assert "Commit the sequence to the roster." in answer.content.decode()
    assert PostGame.objects.get(pk=sequence.pk).status == PostGame.Status.OPEN


# --- the post-game sequence: the API ----------------------------------------------------------


def test_the_api_gives_the_version_as_etag_and_takes_it_as_if_match(sequence, player):
    api = signed_in(player)
    read = api.get(f"/api/postgames/{sequence.id}/")
    assert read.json()["version"] == 0 and read["ETag"] == '"0"'

    step = api.post(f"/api/postgames/{sequence.id}/advance/", {"dice": [2, 2]}, format="json",
                    **if_match(0))  # fmt: skip

    assert step.status_code == 200
    assert step.json()["version"] == 1 and step["ETag"] == '"1"'


def test_a_stale_api_step_is_409_with_the_version_and_the_sequence_now(sequence, player):
    api = signed_in(player)
    api.post(f"/api/postgames/{sequence.id}/advance/", {"dice": [2, 2]}, format="json")

    stale = api.post(f"/api/postgames/{sequence.id}/advance/", {"dice": [4, 5]}, format="json",
                     **if_match(0))  # fmt: skip

    assert stale.status_code == 409
    body = stale.json()
    assert "has moved on (version 1 now, 0 when you made this step)" in body["detail"]
    assert body["errors"][0]["field"] == "version"
    assert body["version"] == 1 and stale["ETag"] == '"1"'
    assert body["current"]["version"] == 1 and body["current"]["position"] == 1
    assert body["current"]["log"][0]["faces"] == [2, 2]
    assert len(PostGame.objects.get(pk=sequence.pk).answers) == 1


def test_a_stale_api_undo_undoes_nothing(sequence, player):
    api = signed_in(player)
    api.post(f"/api/postgames/{sequence.id}/advance/", {"dice": [2, 2]}, format="json")
    api.post(f"/api/postgames/{sequence.id}/advance/", {"dice": [4, 5]}, format="json")

    stale = api.post(f"/api/postgames/{sequence.id}/undo/", {}, format="json", **if_match(1))

    assert stale.status_code == 409
    assert len(PostGame.objects.get(pk=sequence.pk).answers) == 2
