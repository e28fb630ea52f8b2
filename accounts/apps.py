from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts and inbox"

    def ready(self) -> None:
        # The accounts are content: a write draws the scopes it shows in (core.content_version).
        from accounts.content_scopes import SCOPES, TOKEN_SCOPES  # imports core's: apps first
        from core.content_version import register_content  # the app registry: loaded only now

        register_content(self.label, SCOPES)
        register_content("authtoken", TOKEN_SCOPES)
