"""The organiser's back door: every model of the project is in the Django admin and opens."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from campaign.demo import load_demo
from tests.factories import SeatFactory

MODELS = [
    model
    for label in ("accounts", "campaign", "chase")
    for model in apps.get_app_config(label).get_models()
]


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_model_is_in_the_admin(model):
    assert admin.site.is_registered(model)


@pytest.mark.slow  # the admin's pages, a list and a form per model
@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_a_superuser_opens_each_list_and_the_first_row(admin_client, model):
    load_demo()  # rows to list: warbands, figures, a game and its post-games
    SeatFactory()  # and a canoe game with a seat
    meta = model._meta
    listing = admin_client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist"))
    assert listing.status_code == 200
    first = model.objects.first()
    if first is not None:
        url = reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[first.pk])
        assert admin_client.get(url).status_code == 200
