"""factory_boy factories, one per model. Founded warbands go through the services."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

from campaign import services
from campaign.demo import LINE_UPS
from campaign.models import Campaign, Figure, Warband


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"player{n}")
    password = factory.django.Password("correct horse battery")


class CampaignFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Campaign
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Campaign {n}")
    organiser = factory.SubFactory(UserFactory)

    @factory.post_generation
    def organiser_membership(self, create, extracted, **kwargs):
        if create:
            self.memberships.get_or_create(user=self.organiser)


class WarbandFactory(factory.django.DjangoModelFactory):
    """A draft warband with no figures."""

    class Meta:
        model = Warband

    campaign = factory.SubFactory(CampaignFactory)
    owner = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Warband {n}")
    faction = "indians"


class FigureFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Figure

    warband = factory.SubFactory(WarbandFactory)
    name = factory.Sequence(lambda n: f"Figure {n}")
    profile = "indians_trooper"
    status = "trooper"
    reputation = 2
    experience_start = 11
    experience = 11


WAR_PARTY = LINE_UPS["indians"][1]  # a valid Indian war party of 6 with 3 bows


def member(campaign: Campaign, user=None):
    user = user or UserFactory()
    services.campaign_join(campaign=campaign, user=user, invite_code=campaign.invite_code)
    return user


def founded_war_party(campaign: Campaign | None = None, owner=None, name="Magalakutway"):
    campaign = campaign or CampaignFactory()
    owner = owner or member(campaign)
    return services.warband_create_founded(
        campaign=campaign, owner=owner, name=name, faction="indians", figures=WAR_PARTY
    )
