"""Core's 0002 (issue 31): a job keeps its campaign as its scope, and the content versions keep
their rows under core's table names, forwards and back (on SQLite and on PostgreSQL)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from core import content_version

BEFORE = [("core", "0001_job_from_campaign"), ("campaign", "0015_job_to_core")]
AFTER = [
    ("core", "0002_job_scope_and_content_versions"),
    ("campaign", "0016_content_versions_to_core"),
]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_a_job_keeps_its_campaign_as_its_scope_and_the_versions_their_rows():
    content_version.pause_for_migrations()  # as `migrate` does: no triggers while it runs
    try:
        old = _migrate(BEFORE)
        user = old.get_model("auth", "User").objects.create(username="organiser")
        campaign = old.get_model("campaign", "Campaign").objects.create(
            name="Autumn league", organiser_id=user.id
        )
        Job = old.get_model("core", "Job")
        ran = Job.objects.create(kind="rankings", campaign_id=campaign.id).pk
        lab = Job.objects.create(kind="balance").pk
        token = old.get_model("campaign", "ContentVersion").objects.get(pk=1).token
        # The table may hold rows an earlier test's writes drew (c:9 among them): set, not add.
        old.get_model("campaign", "ScopeVersion").objects.update_or_create(
            scope="c:9", defaults={"token": "t"}
        )

        new = _migrate(AFTER)
        Job = new.get_model("core", "Job")
        assert Job.objects.get(pk=ran).scope == f"c:{campaign.id}"
        assert Job.objects.get(pk=lab).scope == ""
        assert new.get_model("core", "ContentVersion").objects.get(pk=1).token == token
        assert new.get_model("core", "ScopeVersion").objects.get(scope="c:9").token == "t"
        assert "core_job" in connection.introspection.table_names()

        back = _migrate(BEFORE)
        assert back.get_model("core", "Job").objects.get(pk=ran).campaign_id == campaign.id
        assert back.get_model("core", "Job").objects.get(pk=lab).campaign_id is None
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
        content_version.resume_after_migrations()
