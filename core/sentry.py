"""Error reports to Sentry, only when SENTRY_DSN is set (config/settings/base.py calls this).

sentry-sdk with its Django integration (a request's unhandled error, tagged with the request's
id of the log lines) and its Celery integration (a task's). Personal data (cookies, users'
addresses) is not sent; performance tracing is off unless SENTRY_TRACES_SAMPLE_RATE says
otherwise.
"""

from __future__ import annotations

from core.logs import request_id
from frontier import __version__


def sentry_init(dsn: str | None, *, environment: str, traces_sample_rate: float = 0.0) -> bool:
    """Start the Sentry client if `dsn` is set; returns whether it was started."""
    if not dsn:
        return False
    # Only with a DSN: a server without Sentry never loads the SDK and its integrations.
    import sentry_sdk  # (see above)
    from sentry_sdk.integrations.celery import CeleryIntegration  # (see above)
    from sentry_sdk.integrations.django import DjangoIntegration  # (see above)

    sentry_sdk.init(
        dsn=dsn,
        integrations=[DjangoIntegration(), CeleryIntegration()],
        release=f"frontier@{__version__}",
        environment=environment,
        send_default_pii=False,
        traces_sample_rate=traces_sample_rate,
        before_send=_tag_request_id,
    )
    return True


def _tag_request_id(event, hint):
    """The request (or task) id of the log lines, so a report leads to them."""
    if request_id.get() != "-":
        event.setdefault("tags", {})["request_id"] = request_id.get()
    return event
