"""API routes of the table calculators (campaign/api/tables.py)."""

from django.urls import path

from campaign.api import tables

urlpatterns = [
    path("tables/shooting/", tables.shooting, name="api-tables-shooting"),
    path("tables/melee/", tables.melee, name="api-tables-melee"),
    path("tables/morale/", tables.morale, name="api-tables-morale"),
    path("tables/rally/", tables.rally, name="api-tables-rally"),
    path("tables/last-wound/", tables.last_wound, name="api-tables-last-wound"),
    path("rules/tables/", tables.rules_tables, name="api-rules-tables"),
]
