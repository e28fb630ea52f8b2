"""Two clicks, two tabs: two posts of the same version at the same moment apply once.

Real threads, each with its own database connection, against committed data
(transactional_db). On PostgreSQL the second post waits on the row lock (SELECT ... FOR
UPDATE); on SQLite its transaction begins IMMEDIATE and waits for the first writer's (the busy
timeout), with no retry by hand. Either way it then finds a newer version; and the UPDATE ...
WHERE version = <read> guard would refuse it anyway.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from chase.errors import StaleVersion
from chase.models import GameSession
from chase.services import sessions as services
from tests.chase.conftest import new_game, seat

pytestmark = pytest.mark.django_db(transaction=True)


def _at_once(count: int, work) -> list:
    """Run `work()` in `count` threads released together; their results, in any order."""
    barrier = threading.Barrier(count)
    results: list = []

    def run():
        try:
            barrier.wait()
            results.append(work())
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            results.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


@pytest.mark.parametrize("round_", range(3))
def test_two_posts_with_the_same_version_at_once_apply_once(round_):
    session = new_game()
    token = seat(session, "trapper").token
    url = f"/api/sessions/{session.pk}/actions/"
    body = {"seat": token, "version": 0, "action": {"type": "end", "label": "End your phase"}}

    statuses = _at_once(2, lambda: APIClient().post(url, body, format="json").status_code)

    assert sorted(statuses) == [200, 409]
    session.refresh_from_db()
    assert session.version == 1
    assert list(session.log.values_list("seq", flat=True)) == [0, 1]


def test_many_tabs_posting_one_version_through_the_service_apply_it_once():
    session = new_game()
    token = seat(session, "trapper").token

    def act():
        return services.session_act(
            session_id=session.pk, token=token, version=0, action={"type": "end"}
        )

    results = _at_once(4, act)

    applied = [r for r in results if isinstance(r, GameSession)]
    assert len(applied) == 1
    assert all(isinstance(r, StaleVersion) for r in results if r not in applied), results
    assert GameSession.objects.get(pk=session.pk).log.count() == 2


def test_the_guarded_update_refuses_a_writer_that_read_an_old_version():
    session = new_game()
    reader = GameSession.objects.get(pk=session.pk)  # read at version 0
    services.session_act(
        session_id=session.pk, token=seat(session, "trapper").token, version=0,
        action={"type": "end"},
    )  # fmt: skip

    # Without a row lock (SQLite), a writer that read version 0 reaches the UPDATE late:
    with pytest.raises(StaleVersion):
        services._commit(reader, services.get_engine("pelts"), reader.state, [])

    assert GameSession.objects.get(pk=session.pk).version == 1
