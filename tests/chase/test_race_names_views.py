"""Each canoe's name and colony, set through the API's `names` option or typed in the lobby's
seat rows (left empty: the engine's name for that seat); a bad name is told, never a 500."""

from __future__ import annotations

import re

import pytest

from chase.models import GameSession

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
OTTER = {"canoe": "Swift Otter", "colony": "Virginia"}


def _post(api, options, **body):
    data = {"kind": "race", "mode": "hotseat", "options": options, **body}
    return api.post("/api/sessions/", data, format="json")


def _lobby_post(client, **fields):
    data = {"kind": "race", "mode": "hotseat", "race-canoes": "4", **fields}
    return client.post("/play/new/", data)


# --- the API -----------------------------------------------------------------------------------


def test_the_api_names_each_canoe_and_its_colony(api):
    names = [{"canoe": "Sea Serpent", "colony": "Delaware"}, OTTER]

    response = _post(api, {"canoes": 2, "names": names})

    assert response.status_code == 201
    view = api.get(f"/api/sessions/{response.json()['id']}/view/").json()["view"]
    assert [(c["colony"], c["name"]) for c in view["canoes"]] == [
        ("Delaware", "Sea Serpent"), ("Virginia", "Swift Otter"),
    ]  # fmt: skip
    assert GameSession.objects.get().options["names"] == names


@pytest.mark.parametrize(
    ("names", "words"),
    [
        ("Delaware", "must give a canoe and colony for each of the 2 canoes"),
        ([OTTER], "for each of the 2 canoes"),
        ([OTTER, {"canoe": "Heron"}], "'names[1].colony' is missing"),
        ([OTTER, {"canoe": "Heron", "colony": "Delaware", "flag": "x"}], "use canoe, colony"),
        ([OTTER, "Heron"], "'names[1]' must be an object of canoe, colony"),
        ([OTTER, {"canoe": "Heron", "colony": "  "}], "'names[1].colony' must be 1 to 40"),
        ([OTTER, {"canoe": "H" * 41, "colony": "Delaware"}], "canoe must be 1 to 40"),
        ([OTTER, {"canoe": 7, "colony": "Delaware"}], "'names[1].canoe' must be 1 to 40"),
        ([OTTER, {"canoe": "Heron", "colony": "virginia"}], "a different colony"),
    ],
)
def test_bad_names_through_the_api_are_a_400_naming_the_option(api, names, words):
    response = _post(api, {"canoes": 2, "names": names})

    assert response.status_code == 400
    error = response.json()["errors"][0]
    # named down to its seat, and to the part of it at fault
    assert error["field"].startswith("names")
    assert words in error["message"]
    assert not GameSession.objects.exists()


# --- the lobby ---------------------------------------------------------------------------------


def test_the_lobby_shows_a_row_per_canoe_with_its_default_names_greyed(client):
    html = client.get("/play/?kind=race").content.decode()

    assert re.search(r'value="solo"[^>]*checked', html)  # the default way to play stays chosen
    assert len(re.findall(r'class="seat-row"', html)) == 4
    assert 'name="race-names-1-canoe"' in html and 'placeholder="Swift Otter"' in html
    assert 'name="race-names-4-colony"' in html and 'placeholder="Pennsylvania"' in html
    assert html.count('name="race-computer_seats"') == 4


def test_changing_the_number_of_canoes_redraws_the_seats_keeping_what_was_typed(client):
    query = {
        "kind": "race", "mode": "hotseat", "race-canoes": "6", "race-leg_length": "12",
        "race-names-1-colony": "Delaware", "race-computer_seats": ["canoe-2"],
    }  # fmt: skip

    html = client.get("/play/", query, **HTMX).content.decode()

    assert html.lstrip().startswith('<fieldset id="options"')
    assert len(re.findall(r'class="seat-row"', html)) == 6
    assert 'placeholder="Maryland"' in html  # the sixth seat's own default
    assert re.search(r'name="race-names-1-colony"[^>]*value="Delaware"', html)
    assert re.search(r'name="race-leg_length"[^>]*value="12"', html)
    assert re.search(r'value="canoe-2"[^>]*checked', html)
    assert not re.search(r'value="canoe-3"[^>]*checked', html)
    assert '<option value="canoe-6"' in html  # "You play" offers the new seats too


@pytest.mark.parametrize("canoes", ["99", "many", ""])
def test_a_number_of_canoes_the_race_refuses_redraws_the_default_seats(client, canoes):
    response = client.get("/play/", {"kind": "race", "race-canoes": canoes}, **HTMX)

    assert response.status_code == 200
    assert len(re.findall(r'class="seat-row"', response.content.decode())) == 4


def test_names_typed_in_the_lobby_name_the_canoes_and_the_rest_keep_theirs(client):
    response = _lobby_post(
        client,
        **{
            "race-names-1-canoe": "Sea Serpent", "race-names-1-colony": "Delaware",
            "race-names-2-colony": "Rhode Island",
            "race-computer_seats": ["canoe-3", "canoe-4"],
        },
    )  # fmt: skip

    assert response.status_code == 302
    session = GameSession.objects.get()
    assert session.options["names"] == [
        {"canoe": "Sea Serpent", "colony": "Delaware"},
        {"canoe": "Heron", "colony": "Rhode Island"},
        {"canoe": "Kingfisher", "colony": "New York"},
        {"canoe": "Beaver", "colony": "Pennsylvania"},
    ]
    assert [s.kind for s in session.seats.all()] == ["human", "human", "computer", "computer"]
    table = client.get(f"/play/{session.pk}/").content.decode()
    assert "Delaware" in table and "Sea Serpent" in table and "Rhode Island" in table


def test_a_race_of_six_from_the_lobby_names_its_sixth_canoe(client):
    response = _lobby_post(
        client,
        **{"race-canoes": "6", "race-names-6-colony": "Georgia", "mode": "solo",
           "race-play_as": "canoe-6"},
    )  # fmt: skip

    assert response.status_code == 302
    session = GameSession.objects.get()
    assert session.options["names"][5] == {"canoe": "Muskrat", "colony": "Georgia"}
    assert session.seats.get(role="canoe-6").kind == "human"


def test_leaving_every_name_empty_keeps_the_engines_names(client):
    assert _lobby_post(client).status_code == 302
    assert GameSession.objects.get().options["names"][0] == OTTER


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"race-names-2-colony": "R" * 41}, "Ensure this value has at most 40 characters"),
        ({"race-names-2-colony": "Virginia"},
         "Swift Otter (canoe 1) and Heron (canoe 2) both hail from Virginia; each canoe must "
         "hail from a different colony"),
        ({"race-computer_seats": ["canoe-9"]}, "Select a valid choice"),
        ({"race-computer_seats": ["canoe-1", "canoe-2", "canoe-3", "canoe-4"]},
         "Leave at least one seat to a person"),
        ({"mode": "multi", "race-play_as": "canoe-1", "race-computer_seats": ["canoe-1"]},
         "to give it to the computer"),
    ],
)  # fmt: skip
def test_bad_names_or_seats_in_the_lobby_are_told_on_the_form(client, fields, words):
    response = _lobby_post(client, **fields)

    assert response.status_code == 400
    assert words in response.content.decode()
    assert 'id="new-game"' in response.content.decode()
    assert not GameSession.objects.exists()
