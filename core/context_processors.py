"""What every page may show about the server: its release (the footer) and whether visitors may
sign up (the log-in page and the top bar offer it only when they may)."""

from django.conf import settings

from frontier import __version__


def frontier(request) -> dict:
    return {"frontier_version": __version__, "signup_mode": settings.FRONTIER_SIGNUP}
