"""House rules and history (C31): a game keeps the rules in force when it was reported, and its
post-game sequences use them; a change applies to games reported after it. The builder reads
the campaign's prices."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from campaign import selectors, services
from campaign.models import HouseRules
from campaign.rules.book import HouseRulesError, RuleBook
from campaign.selectors.games import postgame_run, warband_sheet
from campaign.selectors.house_rules import rulebook_for
from campaign.services.house_rules import house_rules_preview, house_rules_save
from campaign.views import words
from tests.campaign.games_support import (
    WAR_PARTY_INCOME,
    WAR_PARTY_SCRIPT,
    drive,
    file_battle,
    sequence_of,
)
from tests.factories import WarbandFactory

STINGY = {"income.won": "D6", "income.earner": "D6"}


def test_a_game_reported_before_a_change_runs_its_post_game_on_the_old_rules(
    campaign, organiser, player, other_player, war_party, patrol
):
    game = file_battle(campaign, war_party, patrol, player)
    house_rules_save(campaign=campaign, actor=organiser, changes=STINGY)  # after the report
    services.game_confirm(game=game, actor=other_player)
    game.refresh_from_db()
    assert game.rules_version == 0
    postgame = drive(sequence_of(game, war_party), player, WAR_PARTY_SCRIPT[:3])
    assert postgame_run(postgame).prompt == {"kind": "roll", "dice": "2D6", "purpose": "income"}
    before = war_party.treasury
    postgame = drive(postgame, player, WAR_PARTY_SCRIPT[3:])
    services.postgame_commit(postgame=postgame, actor=player)
    war_party.refresh_from_db()
    assert war_party.treasury == before + WAR_PARTY_INCOME  # the seed's 2D6, as reported


def test_a_game_reported_after_a_change_plays_by_the_new_rules(
    campaign, organiser, player, other_player, war_party, patrol
):
    house_rules_save(campaign=campaign, actor=organiser, changes=STINGY)
    game = file_battle(campaign, war_party, patrol, player)
    services.game_confirm(game=game, actor=other_player)
    assert game.rules_version == 1
    postgame = drive(sequence_of(game, war_party), player, WAR_PARTY_SCRIPT[:3])
    assert postgame_run(postgame).prompt == {"kind": "roll", "dice": "D6", "purpose": "income"}


def test_each_save_is_a_new_version_and_the_old_one_is_kept(campaign, organiser):
    house_rules_save(campaign=campaign, actor=organiser, changes={"income.won": "D6"})
    house_rules_save(campaign=campaign, actor=organiser, changes={"income.won": "2D6"})
    rows = list(HouseRules.objects.filter(campaign=campaign).order_by("version"))
    assert [(r.version, r.overrides, r.author) for r in rows] == [
        (1, {"income": {"won": "D6"}}, organiser),
        (2, {}, organiser),  # back to the seed's: nothing overridden
    ]


def test_only_the_organiser_saves_house_rules(campaign, player):
    with pytest.raises(PermissionDenied):
        house_rules_save(campaign=campaign, actor=player, changes={"income.won": "D6"})
    assert not HouseRules.objects.exists()


def test_a_bad_change_saves_nothing(campaign, organiser):
    with pytest.raises(HouseRulesError, match="Rangers › Musket › price must be 0-100"):
        house_rules_save(
            campaign=campaign,
            actor=organiser,
            changes={"income.won": "D6", "factions.rangers.equipment.musket.price": 500},
        )
    assert not HouseRules.objects.exists()


def test_the_builder_pins_the_campaigns_price_on_the_piece(campaign, organiser, player):
    house_rules_save(
        campaign=campaign,
        actor=organiser,
        changes={"factions.rangers.equipment.musket.price": 12},
    )
    draft = WarbandFactory(campaign=campaign, owner=player, faction="rangers")
    figure = services.warband_add_figure(warband=draft, name="Rogers", profile="rangers_hero")
    (piece,) = services.figure_set_equipment(figure=figure, keys=["musket"])
    assert piece.price == 12


def test_a_roster_card_reads_the_campaigns_injury_effects(campaign, organiser, war_party):
    otter = war_party.figures.get(name="Swift Otter")
    otter.injuries = ["leg_wound"]
    otter.save()
    assert selectors.figure_card(otter).movement == "5/2"  # the seed's C14: -1"
    house_rules_save(
        campaign=campaign, actor=organiser, changes={"injuries.effects.leg_wound.movement": 2}
    )
    otter.refresh_from_db()
    assert selectors.figure_card(otter).movement == "4/1"


def test_the_trading_forms_offer_the_prices_of_the_rules_the_game_keeps(war_party):
    sheet = warband_sheet(war_party)
    dearer = RuleBook({"factions": {"indians": {"equipment": {"bow": {"price": 9}}}}})
    assert ("bow", "Bow (£5)") in words.trade_options(sheet, "£").items
    assert ("bow", "Bow (£9)") in words.trade_options(sheet, "£", dearer).items


def test_a_correction_adds_kit_at_the_campaigns_price(campaign, organiser, war_party):
    house_rules_save(
        campaign=campaign,
        actor=organiser,
        changes={"factions.indians.equipment.shield.price": 7},
    )
    otter = war_party.figures.get(name="Swift Otter")
    kit = [p.key for p in otter.equipment.all()]
    services.figure_correct(
        figure=otter, actor=organiser, changes={"kit": [*kit, "shield"]}, reason="forgot it"
    )
    assert otter.equipment.get(key="shield").price == 7


def test_a_preview_of_changes_leaves_the_rules_in_force_as_they_were(campaign, organiser):
    """The rules in force are one book shared by every request (RuleBook.shared): a preview of
    changes typed in works on a copy of it."""
    house_rules_save(campaign=campaign, actor=organiser, changes={"income.won": "D6"})
    preview = house_rules_preview(campaign=campaign, changes={"income.won": "2D6"})
    assert preview["changed"] == ["income.won"]
    assert rulebook_for(campaign).income["won"] == "D6"
    again = house_rules_preview(campaign=campaign, changes={"income.drew": "2D6"})
    assert again["changed"] == ["income.drew"]
