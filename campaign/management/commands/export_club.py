"""`manage.py export_club --output frontier.xml`: everything of a `make run` club, for its move
to PostgreSQL (docs/club-server/README.md), without the demo's published password.

The same dump as Django's `dumpdata` with natural keys in XML, less what is not worth moving
(content types, permissions, sessions, sign-in attempts). The demo accounts (alice, bob) still
travel, since the demo campaign's rows name them, but locked: a demo account whose password is
still the published `frontier-demo` arrives with no usable password and no API token, so nobody
signs in as it on the club's server. The laptop's own database is not changed.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction
from rest_framework.authtoken.models import Token

from campaign.demo import DEMO_PASSWORD, DEMO_USERS

EXCLUDE = ["contenttypes", "auth.permission", "sessions", "axes"]


class Command(BaseCommand):
    help = "Dump the club for its move to a server, the demo accounts locked (frontier.xml)."

    def add_arguments(self, parser):
        parser.add_argument("--output", default="frontier.xml", help="the file to write")

    def handle(self, *args, output: str, **options):
        users = get_user_model().objects.filter(username__in=DEMO_USERS)
        demo = [user.pk for user in users if user.check_password(DEMO_PASSWORD)]
        # Locked inside a transaction that is rolled back once the dump is written.
        with transaction.atomic():
            get_user_model().objects.filter(pk__in=demo).update(password=make_password(None))
            Token.objects.filter(user_id__in=demo).delete()
            call_command(
                "dumpdata", natural_foreign=True, natural_primary=True, format="xml",
                exclude=EXCLUDE, output=output, verbosity=0,
            )  # fmt: skip
            transaction.set_rollback(True)
        names = ", ".join(sorted(users.filter(pk__in=demo).values_list("username", flat=True)))
        self.stdout.write(
            f"Wrote {output}"
            + (f" (demo accounts locked: {names})." if names else ".")
            + " It holds password hashes: keep it private, delete it once moved."
        )
