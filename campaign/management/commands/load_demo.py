from django.core.management.base import BaseCommand

from campaign.demo import DEMO_PASSWORD, DEMO_USERS, load_demo


class Command(BaseCommand):
    help = "Load the demo campaign (idempotent: running it twice changes nothing)."

    def handle(self, *args, **options):
        campaign = load_demo()
        users = " and ".join(DEMO_USERS)
        self.stdout.write(
            f"Demo campaign {campaign.name!r} is ready: log in as {users}, "
            f"password {DEMO_PASSWORD!r}."
        )
