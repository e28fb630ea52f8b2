"""Test settings: the base settings, made faster. Nothing here changes behaviour."""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "test-secret-key-not-for-production-0123456789abcdef")

from config.settings.base import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES["staticfiles"] = {  # noqa: F405
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
}
SECURE_SSL_REDIRECT = False
LOGGING["root"]["level"] = "WARNING"  # noqa: F405
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file rather than SQLite's shared-cache memory: with threads (the concurrency tests, the
    # live server of the browser tests) a reader then waits for a writer (the busy timeout), as
    # on a real SQLite install, instead of failing at once with "database table is locked".
    # The file lies in memory where the machine offers it (/dev/shm, a tmpfs on Linux): the
    # tests that commit (live servers, transactional tests) then wait for no disk.
    import tempfile

    folder = "/dev/shm" if os.access("/dev/shm", os.W_OK) else tempfile.gettempdir()
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(folder, f"frontier-test-{os.getpid()}.sqlite3")
    }

# Throttles stay on (the security tests lower a rate with override_settings to see the 429), but
# high enough that a test suite's many requests from one address never meet them.
RATES = REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]  # noqa: F405
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = dict.fromkeys(RATES, "100000/min")  # noqa: F405
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

if DATABASES["default"]["ENGINE"] == "core.backends.postgresql":  # noqa: F405
    # A commit of the test database does not wait for the disk (the tests that commit: live
    # servers, transactional tests, the worker's); a crash may lose the last commits of a
    # database that is thrown away anyway.
    options = DATABASES["default"].setdefault("OPTIONS", {})  # noqa: F405
    options["options"] = (options.get("options", "") + " -c synchronous_commit=off").strip()

# The hard computer's playouts a move (chase.engines.levels): a game at the hard level played in
# a test (the API fuzzing makes them too) checks the rules, not the strength: a few suffice.
CHASE_HARD_PLAYOUTS = 12
