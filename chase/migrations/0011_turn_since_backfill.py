"""The inbox's "your turn" now reads each seat's `turn_since` (chase.inbox), which every change
of a game sets since 0005 but which a game played before it, or a solo or hot-seat game not yet
moved, may lack: set it, for each human seat of a game being played that has a legal action,
to the game's last change (when that turn began at the latest)."""

from django.db import migrations


def backfill(apps, schema_editor):
    from chase.games import get_engine  # the engines are plain Python: the rules of today

    GameSession = apps.get_model("chase", "GameSession")
    Seat = apps.get_model("chase", "Seat")
    waiting = Seat.objects.filter(kind="human", turn_since__isnull=True, session__status="playing")
    for session in GameSession.objects.filter(pk__in=waiting.values("session_id")).iterator():
        engine = get_engine(session.kind)
        ids = [
            seat.pk
            for seat in waiting.filter(session=session)
            if engine.legal_actions(session.state, seat.role)
        ]
        if ids:
            Seat.objects.filter(pk__in=ids).update(turn_since=session.updated_at)


class Migration(migrations.Migration):
    dependencies = [("chase", "0010_session_computer_level")]
    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
