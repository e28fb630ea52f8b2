from django.apps import AppConfig


class ChaseConfig(AppConfig):
    name = "chase"
    verbose_name = "Canoe games"

    def ready(self):
        # Registers the canoe games' inbox source (it needs the models, loaded only now).
        from chase import inbox  # noqa: F401
