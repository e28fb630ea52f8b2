"""A warband's page reads the warband, its campaign and its owner by one query built once per
process (campaign.access.WARBAND_ROW, CAMPAIGN_ROW): the same as the ORM's select_related read,
the owner's password hash never read (the row is kept in the shared page cache)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from campaign.access import CAMPAIGN_ROW, WARBAND_ROW
from campaign.models import Campaign, Warband
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

    found = WARBAND_ROW.get(warband.pk)

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
    read = WARBAND_ROW.get
    assert (read(first.pk).name, read(second.pk).name) == (first.name, second.name)
    assert WARBAND_ROW.get(max(first.pk, second.pk) + 100) is None


def test_membership_is_the_organisers_and_the_members_alone():
    from campaign.access import is_member
    from campaign.models import Membership
    from tests.factories import UserFactory

    warband = WarbandFactory()
    campaign = warband.campaign
    member, stranger = UserFactory(), UserFactory()
    Membership.objects.create(campaign=campaign, user=member)
    other = WarbandFactory().campaign  # the member is not one of this campaign's

    assert is_member(campaign, campaign.organiser) and is_member(campaign, member)
    assert not is_member(campaign, stranger) and not is_member(other, member)


def test_the_campaign_row_is_the_orms_select_related_read_without_the_password():
    campaign = WarbandFactory().campaign
    expected = (
        Campaign.objects.select_related("organiser")
        .defer("organiser__password")
        .get(pk=campaign.pk)
    )

    found = CAMPAIGN_ROW.get(campaign.pk)

    assert _fields(found, Campaign) == _fields(expected, Campaign)
    assert found.organiser.username == expected.organiser.username
    assert found.organiser.pk == campaign.organiser_id
    assert "password" in found.organiser.get_deferred_fields()
    assert CAMPAIGN_ROW.get(campaign.pk + 100) is None
