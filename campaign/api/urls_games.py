"""API routes for game reports, post-game sequences and captives (campaign/api/games.py)."""

from django.urls import path

from campaign.api import games

urlpatterns = [
    path("games/", games.GamesView.as_view(), name="api-games"),
    path("games/<int:game_id>/", games.GameView.as_view(), name="api-game"),
    path("games/<int:game_id>/confirm/", games.game_confirm, name="api-game-confirm"),
    path("games/<int:game_id>/withdraw/", games.game_withdraw, name="api-game-withdraw"),
    path("postgames/<int:postgame_id>/", games.postgame_detail, name="api-postgame"),
    path(
        "postgames/<int:postgame_id>/advance/", games.postgame_advance, name="api-postgame-advance"
    ),
    path("postgames/<int:postgame_id>/trade/", games.postgame_trade, name="api-postgame-trade"),
    path("postgames/<int:postgame_id>/undo/", games.postgame_undo, name="api-postgame-undo"),
    path("postgames/<int:postgame_id>/commit/", games.postgame_commit, name="api-postgame-commit"),
    path("captives/<int:figure_id>/ransom/", games.captive_ransom, name="api-captive-ransom"),
    path(
        "captives/<int:figure_id>/ransom/accept/",
        games.captive_ransom_accept,
        name="api-captive-ransom-accept",
    ),
    path("captives/<int:figure_id>/sell/", games.captive_sell, name="api-captive-sell"),
]
