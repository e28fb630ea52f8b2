"""The app's production settings for the page benchmark, with the static files collected into a
throwaway folder (BENCH_STATIC_ROOT) instead of the checkout's `staticfiles/`. Nothing else
differs from `config.settings.base`, but with CLUB_WAITS_DIR (the club night) each request's
time is noted (bench/request_waits.py)."""

import os

from config.settings.base import *  # noqa: F403

STATIC_ROOT = os.environ["BENCH_STATIC_ROOT"]

if os.environ.get("CLUB_WAITS_DIR"):
    MIDDLEWARE = ["request_waits.RequestWaitsMiddleware", *MIDDLEWARE]  # noqa: F405
