"""Pages for game reports, the post-game sequence and captives (views/games.py)."""

from django.urls import path

from campaign.views import games

urlpatterns = [
    path("campaigns/<int:campaign_id>/games/", games.campaign_games, name="campaign-games"),
    path("campaigns/<int:campaign_id>/games/new/", games.game_new, name="game-new"),
    path("games/<int:game_id>/", games.game_detail, name="game"),
    path("games/<int:game_id>/edit/", games.game_edit, name="game-edit"),
    path("games/<int:game_id>/confirm/", games.game_confirm, name="game-confirm"),
    path("games/<int:game_id>/withdraw/", games.game_withdraw, name="game-withdraw"),
    path("postgames/<int:postgame_id>/", games.postgame_page, name="postgame"),
    path("postgames/<int:postgame_id>/advance/", games.postgame_advance, name="postgame-advance"),
    path("postgames/<int:postgame_id>/trade/", games.postgame_trade, name="postgame-trade"),
    path("postgames/<int:postgame_id>/undo/", games.postgame_undo, name="postgame-undo"),
    path("postgames/<int:postgame_id>/commit/", games.postgame_commit, name="postgame-commit"),
    path("warbands/<int:warband_id>/games/", games.warband_games, name="warband-games"),
    path("figures/<int:figure_id>/ransom/", games.captive_ransom, name="captive-ransom"),
    path(
        "figures/<int:figure_id>/ransom/accept/",
        games.captive_ransom_accept,
        name="captive-ransom-accept",
    ),
    path("figures/<int:figure_id>/sell/", games.captive_sell, name="captive-sell"),
]
