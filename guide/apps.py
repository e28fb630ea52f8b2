from django.apps import AppConfig


class GuideConfig(AppConfig):
    name = "guide"
    verbose_name = "User guide"
