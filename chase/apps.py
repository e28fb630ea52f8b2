from django.apps import AppConfig


class ChaseConfig(AppConfig):
    name = "chase"
    verbose_name = "Canoe games"
