"""The app's production settings for the page benchmark, with the static files collected into a
throwaway folder (BENCH_STATIC_ROOT) instead of the checkout's `staticfiles/`. Nothing else
differs from `config.settings.base`."""

import os

from config.settings.base import *  # noqa: F403

STATIC_ROOT = os.environ["BENCH_STATIC_ROOT"]
