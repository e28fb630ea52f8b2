"""factory_boy factories, one per model. Founded warbands go through the services."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

from campaign import services
from campaign.models import Campaign, Figure, Warband
from campaign.services import NewFigure, SkillRoll


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    password = factory.PostGenerationMethodCall("set_password", "correct horse battery")


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


# Valid starting line-ups, one per faction (C2-C5), used by tests and the demo.
WAR_PARTY = [  # Indians: 6 figures, 3 bows, cost 30+19+11*4 + kit = 135 with kit
    NewFigure("Running Elk", "indians_hero", ("bow", "tomahawk"), (SkillRoll("combat", (4,)),
                                                                   SkillRoll("woodcraft", (2,)))),
    NewFigure("Grey Wolf", "indians_veteran", ("musket",), (SkillRoll("combat", (6,)),)),
    NewFigure("Swift Otter", "indians_trooper", ("bow",)),
    NewFigure("Red Hawk", "indians_trooper", ("bow", "shield")),
    NewFigure("Little Bear", "indians_trooper", ("lance",)),
    NewFigure("Quiet Fox", "indians_trooper", ("tomahawk",)),
]  # fmt: skip


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
