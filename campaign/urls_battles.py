"""Pages of the battle sheet (views/battles.py, views/battle_calcs.py)."""

from django.urls import path

from campaign.views import battle_calcs, battles

urlpatterns = [
    path("campaigns/<int:campaign_id>/battles/", battles.campaign_battles, name="campaign-battles"),
    path("campaigns/<int:campaign_id>/battles/new/", battles.battle_new, name="battle-new"),
    path("battles/<int:battle_id>/", battles.battle_page, name="battle"),
    path("battles/<int:battle_id>/turn/", battles.battle_turn, name="battle-turn"),
    path("battles/<int:battle_id>/order/", battles.battle_order, name="battle-order"),
    path("battles/<int:battle_id>/abandon/", battles.battle_abandon, name="battle-abandon"),
    path("battles/<int:battle_id>/calc/<str:kind>/", battle_calcs.battle_calc, name="battle-calc"),
    path("battles/<int:battle_id>/do/<str:kind>/", battle_calcs.battle_do, name="battle-do"),
]
