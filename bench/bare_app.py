"""The bare Django view `make bench` measures the pages against.

One view rendering one 15-row template through the session, CSRF and authentication middleware,
with no database query: the most a page of this app could do on the same gunicorn settings.
Served by gunicorn as `bare_app:application` (bench/ on the Python path).
"""

from __future__ import annotations

import os
from pathlib import Path

from django.conf import settings

HERE = Path(__file__).resolve().parent

settings.configure(
    DEBUG=os.environ.get("DJANGO_DEBUG", "0") in {"1", "true", "yes", "on"},
    SECRET_KEY=os.environ.get("DJANGO_SECRET_KEY", "bench-bare-view-secret-key-0123456789abcdef"),
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    ROOT_URLCONF=__name__,
    INSTALLED_APPS=[
        "django.contrib.contenttypes",
        "django.contrib.auth",
        "django.contrib.sessions",
    ],
    MIDDLEWARE=[
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
    ],
    # Never opened: the view reads no session and no user, so no query is made.
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}},
    TEMPLATES=[
        {"BACKEND": "django.template.backends.django.DjangoTemplates", "DIRS": [HERE / "templates"]}
    ],
    USE_TZ=True,
)

import django  # noqa: E402

django.setup()

from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.shortcuts import render  # noqa: E402
from django.urls import path  # noqa: E402

ROWS = [
    {"name": f"Figure {n}", "profile": "Trooper", "move": 6, "fight": 3, "shoot": 4, "cost": 12 + n}
    for n in range(1, 16)
]


def bare(request):
    return render(request, "bare.html", {"rows": ROWS, "title": "A warband of 15"})


urlpatterns = [path("", bare)]
application = get_wsgi_application()
