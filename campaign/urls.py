"""The campaign app's pages, grouped by subject (each group's views are in campaign/views/)."""

from django.contrib.auth import views as auth_views
from django.urls import path

from campaign.views import (
    battle_calcs,
    battles,
    book,
    builder,
    campaigns,
    chases,
    chronicle,
    corrections,
    games,
    house_rules,
    league,
    manage,
    roster,
)

accounts = [
    path("", campaigns.home, name="home"),
    path("accounts/signup/", campaigns.signup, name="signup"),
    path("accounts/login/", campaigns.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
]

campaign_pages = [
    path("campaigns/new/", campaigns.campaign_create, name="campaign-create"),
    path("campaigns/join/", campaigns.campaign_join, name="campaign-join"),
    path("join/<str:code>/", manage.join_link, name="join-link"),
    path("campaigns/<int:campaign_id>/", campaigns.campaign_detail, name="campaign"),
    path(
        "campaigns/<int:campaign_id>/settings/",
        campaigns.campaign_settings,
        name="campaign-settings",
    ),
    path(
        "campaigns/<int:campaign_id>/invite-code/",
        manage.campaign_invite_code,
        name="campaign-invite-code",
    ),
    path(
        "campaigns/<int:campaign_id>/house-rules/",
        house_rules.house_rules,
        name="house-rules",
    ),
    path("campaigns/<int:campaign_id>/book.pdf", book.campaign_book, name="campaign-book"),
    path(
        "campaigns/<int:campaign_id>/book/status/",
        book.campaign_book_status,
        name="campaign-book-status",
    ),
    path("campaigns/<int:campaign_id>/close/", manage.campaign_close, name="campaign-close"),
    path("campaigns/<int:campaign_id>/reopen/", manage.campaign_reopen, name="campaign-reopen"),
    path(
        "campaigns/<int:campaign_id>/members/<int:user_id>/remove/",
        manage.member_remove,
        name="member-remove",
    ),
]

warbands = [
    path(
        "campaigns/<int:campaign_id>/warbands/new/", builder.warband_create, name="warband-create"
    ),
    path("warbands/<int:warband_id>/", roster.warband_detail, name="warband"),
    path("warbands/<int:warband_id>/print/", roster.warband_print, name="warband-print"),
    path("warbands/<int:warband_id>/rename/", manage.warband_rename, name="warband-rename"),
    path("warbands/<int:warband_id>/delete/", manage.warband_delete, name="warband-delete"),
    path("warbands/<int:warband_id>/retire/", manage.warband_retire, name="warband-retire"),
    path("warbands/<int:warband_id>/treasury/", roster.warband_treasury, name="warband-treasury"),
    path("warbands/<int:warband_id>/build/", builder.builder, name="builder"),
    path("warbands/<int:warband_id>/build/add/", builder.builder_add_figure, name="builder-add"),
    path("warbands/<int:warband_id>/found/", builder.warband_found, name="warband-found"),
    path("figures/<int:figure_id>/equip/", builder.builder_equip, name="builder-equip"),
    path("figures/<int:figure_id>/remove/", builder.builder_remove_figure, name="builder-remove"),
]

game_reports = [
    path("campaigns/<int:campaign_id>/games/", games.campaign_games, name="campaign-games"),
    path("campaigns/<int:campaign_id>/games/new/", games.game_new, name="game-new"),
    path("warbands/<int:warband_id>/games/", games.warband_games, name="warband-games"),
    path("games/<int:game_id>/", games.game_detail, name="game"),
    path("games/<int:game_id>/edit/", games.game_edit, name="game-edit"),
    path("games/<int:game_id>/confirm/", games.game_confirm, name="game-confirm"),
    path("games/<int:game_id>/withdraw/", games.game_withdraw, name="game-withdraw"),
    path(
        "games/<int:game_id>/withdraw-stuck/", games.game_withdraw_stuck, name="game-withdraw-stuck"
    ),
]

postgames = [
    path("postgames/<int:postgame_id>/", games.postgame_page, name="postgame"),
    path("postgames/<int:postgame_id>/advance/", games.postgame_advance, name="postgame-advance"),
    path("postgames/<int:postgame_id>/trade/", games.postgame_trade, name="postgame-trade"),
    path("postgames/<int:postgame_id>/undo/", games.postgame_undo, name="postgame-undo"),
    path("postgames/<int:postgame_id>/restart/", games.postgame_restart, name="postgame-restart"),
    path("postgames/<int:postgame_id>/commit/", games.postgame_commit, name="postgame-commit"),
    path("figures/<int:figure_id>/correct/", corrections.figure_correct, name="figure-correct"),
    path(
        "corrections/<int:correction_id>/confirm/",
        corrections.correction_confirm,
        name="correction-confirm",
    ),
    path("figures/<int:figure_id>/ransom/", games.captive_ransom, name="captive-ransom"),
    path(
        "figures/<int:figure_id>/ransom/accept/",
        games.captive_ransom_accept,
        name="captive-ransom-accept",
    ),
    path("figures/<int:figure_id>/sell/", games.captive_sell, name="captive-sell"),
]

league_pages = [
    path("campaigns/<int:campaign_id>/league/", league.league, name="campaign-league"),
    path("campaigns/<int:campaign_id>/chronicle/", chronicle.chronicle, name="campaign-chronicle"),
    path(
        "campaigns/<int:campaign_id>/chronicle/<int:game_id>/lines/",
        chronicle.chronicle_line_add,
        name="chronicle-line-add",
    ),
    path(
        "chronicle-lines/<int:line_id>/delete/",
        chronicle.chronicle_line_delete,
        name="chronicle-line-delete",
    ),
    path(
        "campaigns/<int:campaign_id>/recalculate/",
        league.campaign_recalculate,
        name="campaign-recalculate",
    ),
    path(
        "warbands/<int:warband_id>/rating-history/",
        league.warband_rating_history,
        name="warband-rating-history",
    ),
    path("jobs/<int:job_id>/", league.job_detail, name="job"),
]

battle_sheet = [
    path("campaigns/<int:campaign_id>/battles/", battles.campaign_battles, name="campaign-battles"),
    path("campaigns/<int:campaign_id>/battles/new/", battles.battle_new, name="battle-new"),
    path("battles/<int:battle_id>/", battles.battle_page, name="battle"),
    path("battles/<int:battle_id>/turn/", battles.battle_turn, name="battle-turn"),
    path("battles/<int:battle_id>/order/", battles.battle_order, name="battle-order"),
    path("battles/<int:battle_id>/abandon/", battles.battle_abandon, name="battle-abandon"),
    path("battles/<int:battle_id>/calc/<str:kind>/", battle_calcs.battle_calc, name="battle-calc"),
    path("battles/<int:battle_id>/do/<str:kind>/", battle_calcs.battle_do, name="battle-do"),
]

campaign_chases = [
    path("campaigns/<int:campaign_id>/chases/new/", chases.chase_new, name="chase-new"),
    path("chases/<int:chase_id>/", chases.chase_page, name="campaign-chase"),
    path("chases/<int:chase_id>/file/", chases.chase_file, name="chase-file"),
    path("chases/offers/", chases.chase_offers, name="chase-offers"),
]

urlpatterns = [
    *accounts,
    *campaign_pages,
    *warbands,
    *game_reports,
    *postgames,
    *league_pages,
    *battle_sheet,
    *campaign_chases,
]
