"""The lab page's "Let the lab propose a fix" (issue 38): a search started from the page is
played by its polls (no worker) and shows the proposal, every value tried and the games."""

from __future__ import annotations

import pytest

from chase.models import LabRun, Variant
from chase.services import lab
from core.models import Job
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PAGE = "/play/lab/"
PROPOSE = "/play/lab/propose/"


@pytest.fixture
def member(client):
    user = UserFactory(username="member")
    client.force_login(user)
    return user


def poll_to_the_end(client, run):
    for _ in range(200):
        response = client.get(f"/play/lab/progress/?p={run.pk}", HTTP_HX_REQUEST="true")
        if response.status_code == 286:  # htmx: stop polling
            return response
    raise AssertionError("the search never finished")


def test_the_page_offers_the_games_searchable_options_and_groups(client, member):
    page = client.get(f"{PAGE}?kind=race").content.decode()
    assert 'id="propose-form"' in page
    assert '<option value="leg_length">Leg length</option>' in page
    assert '<option value="outside">' in page and 'value="names"' not in page


def test_a_search_from_the_page_is_polled_to_its_proposal(client, member):
    response = client.post(
        PROPOSE, {"kind": "pelts", "search": "indian_canoes", "even": "trapper", "p_games": 12}
    )
    assert response.status_code == 302
    run = LabRun.objects.get()
    assert response["Location"] == f"{PAGE}?kind=pelts&p={run.pk}"
    assert run.search_values == [1, 2, 3] and run.job.total == 36
    final = poll_to_the_end(client, run).content.decode()
    proposal = lab.lab_result(LabRun.objects.get())["proposal"]
    assert "The lab proposes <strong>Indian canoes: " + str(proposal["value"]) in final
    assert final.count("<tr data-value=") == 3 and "proposed" in final
    assert "of 12</td>" in final  # the games played for each value


def test_a_search_starts_from_a_saved_variant(client, member):
    variant = Variant.objects.create(
        owner=member, kind="pelts", name="Aces", options={"trapper_ace": True}
    )
    client.post(
        PROPOSE,
        {"kind": "pelts", "p_variant": variant.pk, "search": "obstacles", "p_games": 2},
    )
    run = LabRun.objects.get()
    assert run.options["trapper_ace"] is True and run.search_option == "obstacles"
    assert "Trappers start with an ace: yes" in client.get(f"{PAGE}?p={run.pk}").content.decode()


def test_a_bad_search_comes_back_with_the_reason_and_counts_nothing(client, member, settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "lab_account": "1/hour"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    response = client.post(
        PROPOSE, {"kind": "race", "search": "leg_length", "even": "outside", "p_games": 5000}
    )
    assert response.status_code == 400
    assert "play at most 1,111 for each" in response.content.decode()
    assert not Job.objects.exists()
    ok = client.post(PROPOSE, {"kind": "race", "search": "hidden", "p_games": 2})
    assert ok.status_code == 302  # the refused search did not use the account's one run
