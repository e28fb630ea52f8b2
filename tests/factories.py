"""factory_boy factories for the rows tests start from (not one per model: the other rows are
made through the services that write them). Founded warbands go through the services."""

from __future__ import annotations

import datetime

import factory
from django.contrib.auth import get_user_model

from campaign import services
from campaign.demo import LINE_UPS
from campaign.models import Campaign, Figure, GameReport, PostGame, Warband
from chase.models import GameSession, Seat


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


class GameReportFactory(factory.django.DjangoModelFactory):
    """A game between two founded warbands of one campaign, written as a row (confirmed by
    default; the game services are for tests of the reports themselves)."""

    class Meta:
        model = GameReport

    campaign = factory.SubFactory(CampaignFactory)
    warband_a = factory.SubFactory(
        WarbandFactory, campaign=factory.SelfAttribute("..campaign"), state="founded"
    )
    warband_b = factory.SubFactory(
        WarbandFactory, campaign=factory.SelfAttribute("..campaign"), state="founded"
    )
    played_on = datetime.date(1757, 6, 1)
    status = GameReport.Status.CONFIRMED
    filed_by = factory.SelfAttribute("warband_a.owner")


class PostGameFactory(factory.django.DjangoModelFactory):
    """One side's post-game sequence of a game (warband a's by default), open, with empty
    sheets; give `status` COMMITTED and a `result` for a committed one."""

    class Meta:
        model = PostGame

    game = factory.SubFactory(GameReportFactory)
    warband = factory.SelfAttribute("game.warband_a")
    sheet = factory.LazyFunction(dict)
    report = factory.LazyFunction(dict)
    status = PostGame.Status.OPEN


class GameSessionFactory(factory.django.DjangoModelFactory):
    """A canoe game as a row, waiting for its players, with no game state: for what reads
    rows (lists, the admin). A game that is played is set up by services.session_create."""

    class Meta:
        model = GameSession

    kind = "pelts"
    mode = GameSession.Mode.MULTI


class SeatFactory(factory.django.DjangoModelFactory):
    """A free human seat of a game (one per role: roles are numbered)."""

    class Meta:
        model = Seat

    session = factory.SubFactory(GameSessionFactory)
    role = factory.Sequence(lambda n: f"canoe-{n + 1}")
    position = factory.Sequence(lambda n: n)


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
