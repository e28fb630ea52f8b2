"""The balance lab's page (/play/lab/), its progress fragment, and club variants: saved on the
lab page, offered in the lobby, and a game started from one."""

from __future__ import annotations

import pytest

from chase.engines import lab as lab_rules
from chase.games import get_engine
from chase.models import GameSession, LabRun, Variant
from chase.services import lab
from core.models import Job
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def member(client):
    user = UserFactory(username="member")
    client.force_login(user)
    return user


def save_variant(
    client, name="Club rules: trapper ace", kind="pelts", options='{"trapper_ace": true}'
):
    return client.post("/play/variants/", {"name": name, "kind": kind, "options": options})


def test_a_member_saves_a_variant_with_the_options_filled_in(client, member):
    response = save_variant(client)
    assert response.status_code == 302
    variant = Variant.objects.get()
    assert (variant.owner, variant.name, variant.kind) == (
        member,
        "Club rules: trapper ace",
        "pelts",
    )
    assert variant.options == get_engine("pelts").clean_options({"trapper_ace": True})


def test_saving_the_same_name_again_replaces_the_options(client, member):
    save_variant(client)
    save_variant(client, options='{"obstacles": 3}')
    assert Variant.objects.get().options["obstacles"] == 3
    assert Variant.objects.get().options["trapper_ace"] is False


@pytest.mark.parametrize(
    ("options", "words"),
    [('{"obstacles": 9}', "obstacles"), ('{"sails": 1}', "sails"), ("{not json", "JSON")],
)
def test_a_bad_variant_is_refused_naming_the_option_and_nothing_is_saved(
    client, member, options, words
):
    response = save_variant(client, options=options)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not Variant.objects.exists()


def test_a_stranger_must_sign_in_to_use_the_lab(client):
    assert client.get("/play/lab/").status_code == 302
    assert save_variant(client).status_code == 302
    assert not Variant.objects.exists()


def test_the_lobby_offers_the_variants_and_links_the_lab(client, member):
    save_variant(client)
    page = client.get("/play/").content.decode()
    assert "Start from a variant" in page and "Club rules: trapper ace" in page
    variant = Variant.objects.get()
    assert (
        f'<option value="{variant.pk}">Club rules: trapper ace (pelts, by {member.username})'
        in page
    )
    assert 'href="/play/lab/"' in page


def test_a_game_started_from_a_variant_plays_its_options(client, member):
    save_variant(client, options='{"trapper_ace": true, "obstacles": 3}')
    variant = Variant.objects.get()
    response = client.post("/play/variants/start/", {"variant": variant.pk, "mode": "solo"})
    session = GameSession.objects.get()
    assert response.status_code == 302 and response.url == f"/play/{session.pk}/"
    assert session.options == variant.options and session.mode == "solo"
    assert client.get(response.url).status_code == 200  # this browser holds the human seat


def test_the_lab_compares_the_seed_rules_with_a_variant_with_progress_to_the_result(client, member):
    save_variant(client)
    variant = Variant.objects.get()
    response = client.post(
        "/play/lab/", {"kind": "pelts", "a_variant": "", "b_variant": variant.pk, "games": 15}
    )
    assert response.status_code == 302
    seed_run, variant_run = LabRun.objects.order_by("pk")
    assert (seed_run.label, variant_run.label) == ("Seed rules", variant.name)
    assert variant_run.options["trapper_ace"] is True and seed_run.options["trapper_ace"] is False
    page = client.get(response.url).content.decode()
    assert "0 of 15 games played" in page and "every 1s" in page

    progress = f"/play/lab/progress/?a={seed_run.pk}&b={variant_run.pk}"
    while True:
        fragment = client.get(progress, HTTP_HX_REQUEST="true")
        if fragment.status_code == 286:  # htmx: stop polling
            break
        assert fragment.status_code == 200 and "games played" in fragment.content.decode()
    text = fragment.content.decode()
    for run in (seed_run, variant_run):
        run.refresh_from_db()
        found = lab_rules.result(run.tallies)
        trapper = round(100 * found["wins"]["trapper"])
        assert f"{trapper}% ±" in text
    assert "every 1s" not in text and Job.objects.filter(state="done").count() == 2


def test_a_bad_side_starts_neither_run(client, member):
    response = client.post(
        "/play/lab/", {"kind": "pelts", "a_options": "", "b_options": '{"rocks": 7}', "games": 10}
    )
    assert response.status_code == 400
    assert "rocks" in response.content.decode()
    assert not LabRun.objects.exists()


def test_too_many_games_are_refused(client, member):
    response = client.post("/play/lab/", {"kind": "pelts", "games": lab.MAX_GAMES + 1})
    assert response.status_code == 400 and "10,000" in response.content.decode()
    assert not LabRun.objects.exists()


def test_a_refused_variant_comes_back_with_what_was_typed(client, member):
    body = {"name": "Three rocks", "kind": "pelts", "variant-rocks": "9"}
    response = client.post("/play/variants/", body)
    page = response.content.decode()
    assert response.status_code == 400
    assert 'value="Three rocks"' in page and 'name="variant-rocks" value="9"' in page
    assert not Variant.objects.exists()


def test_a_variant_is_saved_from_its_labelled_fields(client, member):
    body = {"name": "Three canoes", "kind": "pelts", "variant-indian_canoes": "3",
            "variant-trapper_ace": "yes", "variant-obstacles": ""}  # fmt: skip

    assert client.post("/play/variants/", body).status_code == 302

    options = Variant.objects.get().options
    assert (options["indian_canoes"], options["trapper_ace"], options["obstacles"]) == (3, True, 2)


def test_the_lab_draws_a_labelled_field_for_each_option_of_the_chosen_game(client, member):
    page = client.get("/play/lab/?kind=pelts").content.decode()

    assert '<label for="id_a-indian_canoes">Indian canoes</label>' in page
    assert '<label for="id_b-trapper_ace">Trappers start with an ace</label>' in page
    assert "As the seed (2)" in page and "As the seed (no)" in page
    assert "JSON" not in page
    race = client.get("/play/lab/?kind=race").content.decode()
    assert '<label for="id_a-leg_length">Leg length</label>' in race
    assert "id_a-indian_canoes" not in race


def test_a_refused_comparison_keeps_both_sides(client, member):
    response = client.post(
        "/play/lab/",
        {"kind": "pelts", "a-obstacles": "1", "b-rocks": "7"},
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert 'name="a-obstacles" value="1"' in page and 'name="b-rocks" value="7"' in page


def test_past_its_runs_the_page_says_when_to_try_again(client, member, settings):
    # Two runs a comparison, each counted.
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "lab_account": "2/hour"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    body = {"kind": "race", "a-canoes": "2", "b-canoes": "3", "games": 5}
    assert client.post("/play/lab/", body).status_code == 302
    again = client.post("/play/lab/", body)
    assert again.status_code == 429 and "try again in" in again.content.decode()
    assert 'name="b-canoes" value="3"' in again.content.decode()  # nothing typed is lost
    assert LabRun.objects.count() == 2


def test_games_from_variants_count_as_new_games(client, member, settings):
    rates = {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
        "session_create_account": "1/hour",
    }
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    save_variant(client)
    start = {"variant": Variant.objects.get().pk, "mode": "hotseat"}
    assert client.post("/play/variants/start/", start).status_code == 302
    again = client.post("/play/variants/start/", start)
    assert again.status_code == 429 and "Too many new games" in again.content.decode()
    assert GameSession.objects.count() == 1


def test_a_race_comparison_shows_the_split_among_the_races_someone_won(client, member):
    body = {"kind": "race", "a_options": '{"canoes": 2}', "b_options": '{"canoes": 4}', "games": 40}
    runs = client.post("/play/lab/", body).url.split("?")[1]
    while (fragment := client.get(f"/play/lab/progress/?{runs}")).status_code != 286:
        pass
    text = fragment.content.decode()
    two = LabRun.objects.order_by("pk").first()
    found = lab_rules.result(two.tallies)
    assert found["wins"]["none"] > 0  # two-canoe races often end with both canoes out
    outside = round(100 * found["won"]["outside"])
    assert f"Of the {found['won_games']} games someone won: inside starters" in text
    assert f"outside starters <strong>{outside}% ±" in text
    assert "of games won" in text and "Inside starters" in text and "(R3)" not in text


def test_typed_options_are_labelled_by_what_they_change(client, member):
    body = {"kind": "race", "a-canoes": "4", "b-canoes": "2", "b-hidden": "no", "games": 2}
    client.post("/play/lab/", body)
    assert list(LabRun.objects.order_by("pk").values_list("label", flat=True)) == [
        "Seed rules",  # four canoes is the seed's number
        "Canoes: 2 · Hidden: no",  # not the crew names, which follow the number of canoes
    ]


def test_options_typed_as_json_are_still_taken_and_labelled_in_words(client, member):
    body = {"kind": "pelts", "a_options": "", "b_options": '{"indian_canoes": 3}', "games": 2}
    client.post("/play/lab/", body)
    assert LabRun.objects.order_by("pk").last().label == "Indian canoes: 3"


def test_the_changes_of_a_variant_are_named_beside_the_others_defaults():
    options = get_engine("race").clean_options({"canoes": 3, "hidden": False})
    assert lab.changed("race", options) == {"canoes": 3, "hidden": False}
    assert lab.changed("pelts", get_engine("pelts").clean_options({})) == {}
