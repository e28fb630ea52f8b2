"""core.compiled.CompiledQuery: a read whose SQL is built once per process, each call binding
its value; its rows as the database gives them, or its model's instances converted as the ORM
converts them (a JSON field as a dict, a time as an aware datetime, on SQLite too)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from chase.models import GameSession
from core.compiled import CompiledQuery

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_users():
    users = get_user_model().objects
    return users.create(username="ann"), users.create(username="bo")


def test_a_compiled_query_builds_its_sql_once_and_binds_each_value(
    two_users, django_assert_num_queries
):
    ann, bo = two_users
    built = []

    def build(user_id):
        built.append(user_id)
        return get_user_model().objects.filter(pk=user_id).values_list("username")

    query = CompiledQuery(build)
    with django_assert_num_queries(1):
        assert query.rows(ann.pk) == [("ann",)]
    assert query.rows(bo.pk) == [("bo",)]
    assert query.rows(-1) == []
    assert len(built) == 1


def test_its_objects_are_the_models_rows_converted_as_the_orm_converts_them(two_users):
    ann, _ = two_users
    game = GameSession.objects.create(kind="race", mode="solo", options={"canoes": 4}, state={})
    query = CompiledQuery(
        lambda pk: GameSession.objects.filter(pk=pk).only("kind", "options", "updated_at")
    )
    [found] = query.objects(game.pk)
    expected = GameSession.objects.get(pk=game.pk)
    assert found.options == {"canoes": 4} == expected.options
    assert found.updated_at == expected.updated_at and found.updated_at.tzinfo is not None
    assert list(query.objects(game.pk + 1000)) == []


def test_its_objects_carry_an_annotation_by_its_alias_and_defer_the_fields_not_read(two_users):
    """As the inbox's games on their turn read them: the game's fields read, its seat's role
    under the annotation's name (not the seat field's), the rest deferred (read on demand)."""
    from django.db.models import F

    from chase.models import Seat

    ann, _ = two_users
    game = GameSession.objects.create(kind="race", mode="multi", options={}, state={"x": 1})
    Seat.objects.create(session=game, role="red", position=0, user=ann)
    query = CompiledQuery(
        lambda user_id: (
            GameSession.objects.filter(seats__user=user_id)
            .annotate(seat_role=F("seats__role"))
            .only("kind")
        )
    )
    [found] = query.objects(ann.pk)
    assert (found.pk, found.kind, found.seat_role) == (game.pk, "race", "red")
    assert found.get_deferred_fields() >= {"state", "options"}
    assert found.state == {"x": 1}  # deferred: read when asked for, as the ORM does


def test_a_compiled_query_must_use_its_value(two_users):
    ann, _ = two_users
    query = CompiledQuery(lambda user_id: get_user_model().objects.filter(pk=1))
    with pytest.raises(ValueError, match="does not use its value"):
        query.rows(ann.pk)


def test_its_dicts_are_the_rows_by_column_name_converted_as_the_orm_converts_them(two_users):
    ann, _ = two_users
    game = GameSession.objects.create(
        kind="race", mode="solo", options={"canoes": 4}, state={}, created_by=ann, abandoned=True
    )
    query = CompiledQuery(
        lambda pk: GameSession.objects.filter(pk=pk).only(
            "kind", "options", "abandoned", "created_by", "updated_at"
        )
    )
    [found] = query.dicts(game.pk)
    expected = GameSession.objects.get(pk=game.pk)
    assert found == {
        "id": game.pk,
        "kind": "race",
        "options": {"canoes": 4},  # decoded, not the JSON text
        "abandoned": True,  # a boolean, not SQLite's 1
        "created_by_id": ann.pk,  # a foreign key by its column's attribute name
        "updated_at": expected.updated_at,
    }
    assert found["updated_at"].tzinfo is not None
    assert query.dicts(game.pk + 1000) == []


def test_a_fixed_query_is_built_once_and_read_anew_each_call(two_users):
    ann, _ = two_users
    built = []

    def build():
        built.append(1)
        return get_user_model().objects.filter(username__startswith="a").values_list("username")

    query = CompiledQuery(build, fixed=True)
    assert query.rows() == [("ann",)]
    get_user_model().objects.create(username="al")
    assert sorted(query.rows()) == [("al",), ("ann",)]  # the SQL is kept, never the rows
    assert len(built) == 1
    with pytest.raises(TypeError, match="takes no value"):
        query.rows(ann.pk)
    with pytest.raises(TypeError, match="takes one"):
        CompiledQuery(lambda pk: get_user_model().objects.filter(pk=pk)).rows()


def test_a_compiled_update_sets_its_fields_where_its_keys_match_and_counts_the_rows():
    """A move's save: the state (JSON) and a time written as the ORM writes them, only where
    the version read is still the game's; the rows updated are answered (StaleVersion's test)."""
    from django.utils import timezone

    from core.compiled import CompiledUpdate

    game = GameSession.objects.create(kind="race", mode="solo", options={}, state={}, version=3)
    save = CompiledUpdate(GameSession, ("state", "version", "updated_at"), ("id", "version"))
    when = timezone.now()
    assert save.run(({"canoes": [1, "two"]}, 4, when), (game.pk, 3)) == 1
    assert save.run(({"lost": True}, 5, when), (game.pk, 3)) == 0  # the version moved on
    game.refresh_from_db()
    assert (game.state, game.version, game.updated_at) == ({"canoes": [1, "two"]}, 4, when)
    assert len(save._built) == 1  # built once for this database and these keys


def test_a_compiled_updates_key_may_be_any_of_a_list():
    from core.compiled import CompiledUpdate

    games = [
        GameSession.objects.create(kind="race", mode="solo", options={}, state={}) for _ in range(3)
    ]
    abandon = CompiledUpdate(GameSession, ("abandoned",), ("id",))
    assert abandon.run((True,), ([games[0].pk, games[2].pk],)) == 2
    assert [g.abandoned for g in GameSession.objects.order_by("pk")] == [True, False, True]
    with pytest.raises(ValueError, match="empty"):
        abandon.run((True,), ([],))


def test_a_compiled_insert_adds_its_rows_as_the_orm_would():
    """A move's log rows: JSON fields decoded back as given (None as SQL NULL, not JSON null,
    as the ORM stores a nullable JSON field's None), the kind's choice, a time, the game's id."""
    from django.utils import timezone

    from chase.models import ActionLog
    from core.compiled import CompiledInsert

    game = GameSession.objects.create(kind="race", mode="solo", options={}, state={})
    log = CompiledInsert(
        ActionLog,
        ("session", "seq", "role", "kind", "action", "outcomes", "events", "version_after")
        + ("by_computer", "created_at"),
    )
    when = timezone.now()
    rows = [
        (game.pk, 0, None, ActionLog.Kind.MOVE, None, [6], [], 0, False, when),
        (game.pk, 1, "red", ActionLog.Kind.MOVE, {"go": "ä"}, [], [{"e": 1}], 1, True, when),
    ]
    assert log.run(rows) == 2
    assert log.run([]) == 0
    first, second = ActionLog.objects.filter(session=game).order_by("seq")
    assert (first.role, first.action, first.outcomes, first.created_at) == (None, None, [6], when)
    assert (second.action, second.events, second.by_computer) == ({"go": "ä"}, [{"e": 1}], True)
    assert ActionLog.objects.filter(session=game, action__isnull=True).count() == 1


def test_a_text_column_is_looked_up_with_a_text_stand_in(two_users):
    from rest_framework.authtoken.models import Token

    from core.compiled import TEXT_STAND_IN

    ann, bo = two_users
    mine, theirs = Token.objects.create(user=ann), Token.objects.create(user=bo)
    query = CompiledQuery(lambda key: Token.objects.filter(key=key), stand_in=TEXT_STAND_IN)

    [found] = query.objects(theirs.key)
    assert (found.key, found.user_id) == (theirs.key, bo.pk)
    assert query.objects(mine.key)[0].user_id == ann.pk  # the same SQL, another value
    assert query.objects("not-a-key") == []
    with pytest.raises(ValueError, match="does not use its value"):
        CompiledQuery(lambda key: Token.objects.filter(key=key)).objects(mine.key)  # int stand-in


def test_an_account_read_by_its_id_is_the_orms_every_field(two_users):
    from core.users import user_by_id

    ann, _ = two_users
    ann.set_password("secret words")
    ann.email, ann.is_staff = "ann@example.org", True
    ann.save()
    found = user_by_id(ann.pk)
    expected = get_user_model().objects.get(pk=ann.pk)
    for field in get_user_model()._meta.concrete_fields:
        assert getattr(found, field.attname) == getattr(expected, field.attname), field.name
    assert found.check_password("secret words")
    assert user_by_id(ann.pk + 1000) is None


def test_the_session_backend_gives_no_inactive_account_and_takes_the_sessions_text_id(two_users):
    from core.auth import CachedModelBackend

    ann, bo = two_users
    bo.is_active = False
    bo.save()
    backend = CachedModelBackend()
    assert backend.get_user(str(ann.pk)) == ann  # a session holds the id as text
    assert backend.get_user(str(bo.pk)) is None
    assert backend.get_user(str(bo.pk + 1000)) is None


def test_a_query_of_two_values_binds_each_in_its_places(two_users):
    from core.compiled import STAND_INS

    ann, bo = two_users
    users = get_user_model().objects
    query = CompiledQuery(
        lambda low, high: users.filter(pk__gte=low, pk__lte=high).values("username"),
        stand_in=STAND_INS,
    )
    assert query.rows((ann.pk, ann.pk)) == [("ann",)]
    assert sorted(query.rows((min(ann.pk, bo.pk), max(ann.pk, bo.pk)))) == [("ann",), ("bo",)]
    assert query.rows((bo.pk + 1, bo.pk + 5)) == []
    with pytest.raises(ValueError, match="does not use its value"):
        CompiledQuery(lambda a, b: users.filter(pk=a), stand_in=STAND_INS).rows((1, 2))
