"""A warband's page reads the warband, its campaign and its owner by one query built once per
process (campaign.selectors.warbands.warband_row): the same as the ORM's select_related read,
the owner's password hash never read (the row is kept in the shared page cache)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from campaign.models import Campaign, Warband
from campaign.selectors.warbands import warband_row
from tests.factories import WarbandFactory

pytestmark = pytest.mark.django_db


def _fields(instance, model) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in model._meta.concrete_fields}


def test_the_row_is_the_orms_select_related_read_without_the_password():
    warband = WarbandFactory(name="The Black Watch", treasury=37)
    Campaign.objects.filter(pk=warband.campaign_id).update(name="Lake George, 1757")
    expected = (
        Warband.objects.select_related("campaign", "owner")
        .defer("owner__password")
        .get(pk=warband.pk)
    )

    found = warband_row(warband.pk)

    assert _fields(found, Warband) == _fields(expected, Warband)
    assert _fields(found.campaign, Campaign) == _fields(expected.campaign, Campaign)
    assert found.campaign.name == "Lake George, 1757"
    owner_fields = {
        f.attname for f in get_user_model()._meta.concrete_fields if f.name != "password"
    }
    for name in owner_fields:
        assert getattr(found.owner, name) == getattr(expected.owner, name), name
    assert "password" in found.owner.get_deferred_fields()  # not read: never in the cache


def test_each_warband_is_its_own_and_a_missing_one_is_none():
    first, second = WarbandFactory(), WarbandFactory()
    assert (warband_row(first.pk).name, warband_row(second.pk).name) == (first.name, second.name)
    assert warband_row(max(first.pk, second.pk) + 100) is None
