"""Settings for every environment, read from environment variables (each is described in
docs/club-server/README.md).

SQLite and in-process Celery tasks by default, so `make run` needs nothing but Python;
PostgreSQL through DATABASE_URL and Redis through REDIS_URL for a club server.
"""

from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_str
from core.sentry import sentry_init

BASE_DIR = Path(__file__).resolve().parent.parent.parent

DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = env_str("DJANGO_SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set DJANGO_SECRET_KEY (or DJANGO_DEBUG=1 for development).")
    SECRET_KEY = "insecure-development-key-only-used-with-DJANGO_DEBUG"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "axes",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's files, served from here rather than a CDN
    "csp",
    "django_htmx",
    "template_partials",
    "core",
    "accounts",
    "campaign",
    "chase",
    "guide",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "core.http_errors.RejectNulMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Idempotency-Key on a write: done once, a repeat answered the first answer (after CSRF
    # and the user: process_view).
    "core.idempotency.IdempotencyMiddleware",
    # The scopes a page will need, read in one query; X-Frontier-Cache: hit|miss.
    "core.page_cache.PageCacheMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last: turns a login that axes flagged as locked out into the lockout answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.inbox",
            ],
        },
    },
]

# Persistent connections (a connection kept for DATABASE_CONN_MAX_AGE seconds, checked before
# reuse), or on PostgreSQL with DATABASE_POOL=1 psycopg's connection pool (needs psycopg[pool];
# Django refuses a pool with persistent connections, so CONN_MAX_AGE is 0 then).
DATABASE_POOL = env_bool("DATABASE_POOL", False)
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=0 if DATABASE_POOL else env_int("DATABASE_CONN_MAX_AGE", 60),
        conn_health_checks=env_bool("DATABASE_CONN_HEALTH_CHECKS", True),
    )
}
if DATABASE_POOL:
    if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DATABASE_POOL=1 needs PostgreSQL (a postgres DATABASE_URL).")
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env_int("DATABASE_POOL_MIN", 2),
        "max_size": env_int("DATABASE_POOL_MAX", 10),
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Every transaction takes SQLite's write lock when it begins (BEGIN IMMEDIATE), and a writer
    # waits up to `timeout` seconds for another (a request, a Celery worker) instead of failing
    # with "database is locked" when a read transaction tries to become a write one.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": env_int("SQLITE_TIMEOUT_SECONDS", 20)}
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's, drawing the cached pages' tokens just before each commit (core.content_version).
    DATABASES["default"]["ENGINE"] = "core.backends.postgresql"
    # Parameters sent apart from the query (psycopg's server-side binding): a query a connection
    # has run five times is prepared, so PostgreSQL parses and plans it once per connection
    # instead of at every request (a move's and a page's queries are the same text each time).
    # (Django turns psycopg's preparing off unless told: `prepare_threshold`, psycopg's default.)
    if env_bool("DATABASE_SERVER_SIDE_BINDING", True):
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            {"server_side_binding": True, "prepare_threshold": 5}
        )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Brute-force protection (django-axes): axes' backend first, so a locked-out (username, IP)
# pair is refused before the password is even checked; core/auth.py words the answer.
# core.auth.CachedModelBackend signs players in (and is recorded in their sessions); Django's
# own ModelBackend stays listed so that sessions recorded with it before keep working.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "core.auth.CachedModelBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "core.auth.lockout_response"
AXES_CLIENT_IP_CALLABLE = "core.addresses.client_ip"
AXES_VERBOSE = False
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = env_str("DJANGO_TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "core.storage.StaticFilesStorage"
    },
}

# Redis: the Celery broker and result store, and the shared cache, when REDIS_URL is set.
REDIS_URL = env_str("REDIS_URL")
# Cached page fragments and API answers ("template_fragments", core.page_cache) are keyed by
# the versions of what they show (core.content_version), so no write leaves one stale; in
# Redis they are shared by every worker, else each worker process keeps its own.
# While Redis cannot be reached, requests still work (core.redis_cache): the cache falls back
# to each process's memory, the sessions' to nothing (the database), and it is logged once.
REDIS_CACHE_OPTIONS = {"socket_connect_timeout": 1, "socket_timeout": 2, "RETRY_SECONDS": 5}
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "core.redis_cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": REDIS_CACHE_OPTIONS,
        },
        "template_fragments": {
            "BACKEND": "core.redis_cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "pages",
            "OPTIONS": {
                **REDIS_CACHE_OPTIONS,
                "FALLBACK_ENTRIES": env_int("PAGE_CACHE_ENTRIES", 5000),
            },
        },
        # A game's version for the table polls (chase.version_cache): shared, or a miss.
        "versions": {
            "BACKEND": "core.redis_cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "versions",
            "OPTIONS": {**REDIS_CACHE_OPTIONS, "FALLBACK": "none", "MAX_TIMEOUT": 3600},
        },
        # The sessions' copy (cached_db): never in one process's memory, and bounded in time,
        # so a copy left in Redis by an outage (a sign-out it missed) is soon gone.
        "sessions": {
            "BACKEND": "core.redis_cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "sessions",
            "OPTIONS": {
                **REDIS_CACHE_OPTIONS,
                "FALLBACK": "none",
                "MAX_TIMEOUT": env_int("SESSION_CACHE_SECONDS", 300),
            },
        },
    }
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "template_fragments": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "template_fragments",
            "OPTIONS": {"MAX_ENTRIES": env_int("PAGE_CACHE_ENTRIES", 5000)},
        },
        # Each process's own memory would disagree on a game's version: every poll reads it.
        "versions": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }
if REDIS_URL:
    # Sessions read from Redis and written through to the database. Only with Redis: in each
    # worker's own memory, a logout in one worker would leave the session alive in another's.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    SESSION_CACHE_ALIAS = "sessions"
# The signed-in users, by the content version: always this process's own memory (see
# core.auth.CachedModelBackend).
CACHES["users"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "users",
    "OPTIONS": {"MAX_ENTRIES": env_int("USER_CACHE_ENTRIES", 2000)},
}
# How long a cached fragment is kept (a new version makes it unused at once; this only frees
# the memory and bounds what a write made outside Django, by hand in SQL, could leave stale).
FRONTIER_PAGE_CACHE_SECONDS = env_int("FRONTIER_PAGE_CACHE_SECONDS", 600)

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
# Without Redis, tasks run in-process so `make run` needs no broker.
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
# A job whose worker dies is delivered again (every job is idempotent).
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A message not acknowledged this long after delivery (its worker was killed) is delivered again;
# longer than the longest job. A broker that refuses (down) or never answers (hung: paused,
# half-open, firewalled) fails a publish within BROKER_TIMEOUT_SECONDS × 2 (two tries), and
# core.queue then leaves it alone for a few seconds: no request waits on Redis (issue 34).
BROKER_TIMEOUT_SECONDS = float(env_str("BROKER_TIMEOUT_SECONDS", "2"))
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 600),
    "socket_connect_timeout": BROKER_TIMEOUT_SECONDS,
    "socket_timeout": BROKER_TIMEOUT_SECONDS,
}
CELERY_BROKER_CONNECTION_TIMEOUT = BROKER_TIMEOUT_SECONDS
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
# The result store (only a task's state: every task keeps its result in rows) times out alike.
CELERY_REDIS_SOCKET_TIMEOUT = BROKER_TIMEOUT_SECONDS
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = BROKER_TIMEOUT_SECONDS
CELERY_REDIS_RETRY_ON_TIMEOUT = False
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_TRACK_STARTED = True
# The sweep (celery beat): re-runs work a lost publish or a dead process left behind.
FRONTIER_SWEEP_SECONDS = env_int("FRONTIER_SWEEP_SECONDS", 300)
# The canoe games' turn alerts and deadline reminders (chase.services.alerts), checked this often.
FRONTIER_TURN_ALERT_SECONDS = env_int("FRONTIER_TURN_ALERT_SECONDS", 60)
# At most this many of those mails are tried per run (the rest go at the next); a player whose
# mail failed waits a back-off, and a mail server that times out ends the run (issue 34).
TURN_ALERT_MAILS_PER_RUN = env_int("TURN_ALERT_MAILS_PER_RUN", 20)
# Without beat (the demo server, `make run`), runserver runs the same periodic work in a thread
# this often (core.ticker), so a turn alert still goes within a minute.
FRONTIER_IN_PROCESS_TICK_SECONDS = env_int("FRONTIER_IN_PROCESS_TICK_SECONDS", 20)
CELERY_BEAT_SCHEDULE = {
    "sweep-stale-work": {"task": "campaign.sweep", "schedule": FRONTIER_SWEEP_SECONDS},
    "canoe-turn-alerts": {"task": "chase.turn_alerts", "schedule": FRONTIER_TURN_ALERT_SECONDS},
    "forget-idempotent-answers": {"task": "core.idempotency_sweep", "schedule": 3600},
}
# A write's answer kept for repeats of its Idempotency-Key (core.idempotency): this many hours
# at least; a repeat sent while the first still runs waits this many seconds for its answer.
IDEMPOTENCY_KEEP_HOURS = env_int("IDEMPOTENCY_KEEP_HOURS", 24)
IDEMPOTENCY_WAIT_SECONDS = float(env_str("IDEMPOTENCY_WAIT_SECONDS", "5"))
# A running job whose progress has not moved for this long is taken over by another worker.
FRONTIER_JOB_LEASE_SECONDS = env_int("FRONTIER_JOB_LEASE_SECONDS", 60)
# Win odds at the canoe tables: games played out for each answer (chase.services.odds).
CHASE_ODDS_PLAYOUTS = env_int("CHASE_ODDS_PLAYOUTS", 1000)
# The hard computer (chase.engines.levels): a move's playouts, and its cap in CPU seconds; the
# computer's moves of one answer (a whole pelts phase) share at most CHASE_HARD_ANSWER_SECONDS.
CHASE_HARD_PLAYOUTS = env_int("CHASE_HARD_PLAYOUTS", 600)
CHASE_HARD_SECONDS = float(env_str("CHASE_HARD_SECONDS", "0.8"))
CHASE_HARD_ANSWER_SECONDS = float(env_str("CHASE_HARD_ANSWER_SECONDS", "2.0"))
# The odds jobs have a queue of their own (a worker for it: `-Q odds`), so they never hold up the
# ratings and rankings of the default queue (`celery`); with this many waiting, a new
# ask is answered "busy, try again" instead of queued.
CELERY_TASK_ROUTES = {
    "chase.win_odds": {"queue": "odds"},
    # A finished campaign chase's swings of the odds, for the chronicle: playouts too.
    "campaign.chronicle_swings": {"queue": "odds"},
    # The balance lab's runs (minutes of play each) have theirs too: `-Q lab`
    # (docs/playing/balance-lab.md).
    "chase.balance_lab": {"queue": "lab"},
    # E-mail (an inbox item's, the turn alerts' runs) on its own queue, `-Q mail`: a slow or
    # hung mail server delays only mail, never a rating or a ranking (issue 34).
    "campaign.mail_inbox_item": {"queue": "mail"},
    "chase.turn_alerts": {"queue": "mail"},
    # A campaign's webhook posts go out with the mail: a slow or hung host delays only them.
    "campaign.post_chronicle_entry": {"queue": "mail"},
}
# Campaign webhooks (campaign.services.webhooks, core.outbound): https to public hosts only. On
# (tests and development only), http:// and private addresses too, e.g. a receiver on this machine.
FRONTIER_WEBHOOK_ALLOW_PRIVATE = env_bool("FRONTIER_WEBHOOK_ALLOW_PRIVATE", False)
CHASE_ODDS_QUEUE_MAX = env_int("CHASE_ODDS_QUEUE_MAX", 20)
# The balance lab's runs waiting for its worker (counted per run): with this many, a new run is
# answered "busy, try later" (503) instead of queued. Each is up to minutes of CPU.
CHASE_LAB_QUEUE_MAX = env_int("CHASE_LAB_QUEUE_MAX", 10)
# The balance lab without a worker (no Redis): each poll of its page plays a run's games for
# about this long (at least ten), so the progress shows (docs/playing/balance-lab.md).
CHASE_LAB_POLL_SECONDS = float(env_str("CHASE_LAB_POLL_SECONDS", "0.4"))

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first, so an API client without credentials gets 401 with WWW-Authenticate.
        "core.token_auth.CachedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # JSON only, and JSON whatever the Accept header (no 406, no browsable HTML pages): every
    # answer of the API is in its schema (core.negotiation, core.openapi).
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "core.negotiation.DefaultToFirstRenderer",
    "DEFAULT_SCHEMA_CLASS": "core.openapi.AutoSchema",  # adds the shared error answers
    "EXCEPTION_HANDLER": "core.api_errors.exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "core.parsers.SafeJSONParser",  # JSON nested too deep is a 400, not a RecursionError
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # Scopes for core.throttles: anonymous clients per address; `<scope>_account`, signed-in
    # accounts per account (the costly endpoints only: odds, new games, the table calculators).
    "DEFAULT_THROTTLE_RATES": {
        # Sign-in guesses per address, signed in or not (each costs a PBKDF2, ~0.5 CPU-s): the
        # API's token and the login page.
        "token": env_str("THROTTLE_TOKEN_RATE", "10/min"),
        "login": env_str("THROTTLE_LOGIN_RATE", "20/min"),
        # The canoe games for anonymous clients: new games (and rematches, API and lobby form),
        # and actions (and joins by invite).
        "session_create": env_str("THROTTLE_SESSION_CREATE_RATE", "30/min"),
        "session_action": env_str("THROTTLE_SESSION_ACTION_RATE", "120/min"),
        "session_create_account": env_str("THROTTLE_SESSION_CREATE_ACCOUNT_RATE", "120/min"),
        # Odds worked out (a position already known, or being worked out, is not counted).
        "odds": env_str("THROTTLE_ODDS_RATE", "6/min"),
        "odds_account": env_str("THROTTLE_ODDS_ACCOUNT_RATE", "30/min"),
        # Balance-lab runs started (each up to 10,000 computer games), per account, counted per
        # run: the page's comparison is two, the API's run one, against the same budget.
        "lab_account": env_str("THROTTLE_LAB_ACCOUNT_RATE", "20/hour"),
        "tables": env_str("THROTTLE_TABLES_RATE", "60/min"),
        "tables_account": env_str("THROTTLE_TABLES_ACCOUNT_RATE", "300/min"),
        # Accounts made from one address, signed in or not.
        "signup": env_str("THROTTLE_SIGNUP_RATE", "10/hour"),
        # Player pages and GET /api/players/<name>/ (a page per rated player: no crawling).
        "players": env_str("THROTTLE_PLAYERS_RATE", "30/min"),
        "players_account": env_str("THROTTLE_PLAYERS_ACCOUNT_RATE", "120/min"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Frontier API",
    "DESCRIPTION": "Campaign bookkeeping and canoe games for French and Indian War skirmish clubs.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from the drf-spectacular-sidecar package: /api/docs/ loads nothing from
    # another origin (and its start-up script is a file, see config/urls.py, for the CSP).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.openapi.openapi_30",
    ],
    # The house rules' choices (campaign.rules.book_schema), one named enum each.
    "ENUM_NAME_OVERRIDES": {
        "HouseRulesHeroResultEnum": "campaign.rules.book_schema.HERO_RESULTS",
        "HouseRulesAdvanceResultEnum": "campaign.rules.book_schema.ADVANCE_RESULTS",
        "HouseRulesDiceEnum": "campaign.rules.book_schema.DICE_CHOICES",
    },
}

# The Moosehead Lake trip's board: a club's own board file (JSON, laid out as the bundled
# chase/engines/moosehead/boards/standard.json), checked at start-up and then the board of
# every new trip that names none. Empty: the bundled board.
MOOSEHEAD_BOARD_FILE = env_str("MOOSEHEAD_BOARD_FILE", "")

# Content-Security-Policy (django-csp): every script, style, image and request from this
# origin only, no inline script and no eval (htmx runs with allowEval off; the pages' small
# behaviours live in static/js/frontier.js). Style *attributes* are allowed: the league
# chart's swatches and the race board's canoe badges take their colour from data (a palette
# index, a canoe's colour), and a style attribute cannot run script; <style> elements stay
# forbidden (style-src-elem).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "style-src-elem": ["'self'"],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# Security: strict by default outside DEBUG; each can be relaxed for a club LAN by variable.
# Behind a TLS-terminating proxy (DJANGO_BEHIND_PROXY=1) the proxy's X-Forwarded-Proto says
# whether the visitor used https, and X-Forwarded-For who the visitor is. Without a proxy
# anyone can send those headers, so they are ignored.
BEHIND_PROXY = env_bool("DJANGO_BEHIND_PROXY", False)
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", False)
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]

# E-mail (the inbox's notices, password reset). SMTP when EMAIL_HOST is set (a club server);
# else printed to the console (`make run`). Tests use Django's locmem outbox.
EMAIL_HOST = env_str("EMAIL_HOST", "")
EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Frontier <frontier@localhost>")
# Links in e-mails sent by a worker (no request to read the host from).
FRONTIER_BASE_URL = env_str("FRONTIER_BASE_URL", "http://127.0.0.1:8000")
# Password-reset requests per hour: from one network (over it: the form says to wait), and for
# one e-mail address (over it: nothing more is sent, the answer is the same).
PASSWORD_RESET_PER_ADDRESS = env_int("PASSWORD_RESET_PER_ADDRESS", 10)
PASSWORD_RESET_PER_EMAIL = env_int("PASSWORD_RESET_PER_EMAIL", 3)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("DJANGO_LOG_LEVEL", "INFO")},
}
if CELERY_TASK_ALWAYS_EAGER:
    # In-process tasks (`make run`, load_demo): Celery's "Task ... succeeded" line for each and
    # kombu's warning about the in-memory broker's missing host name are noise. A worker
    # (REDIS_URL set) keeps its usual log.
    LOGGING["loggers"] = {
        "celery.app.trace": {"level": "WARNING"},
        "kombu.connection": {"level": "ERROR"},
    }

# --- Running a club server (issue 34 §1): health, logs, Sentry, beat's file, sign-up ---------
# Kept in one block. Each variable is described in docs/club-server/README.md.

# Every request gets an id (an incoming X-Request-ID if sane), answered in X-Request-ID and
# carried by every log line of the request (core.logs); first, so every later line has it.
MIDDLEWARE.insert(0, "core.logs.RequestIdMiddleware")
# Log lines: `time=… level=… process=… request=… logger=… msg="…"` from every process (the
# workers and beat set up their own handlers, --logfile included, and get this format too:
# core.logs.on_celery_logging).
LOGGING["filters"] = {"request_id": {"()": "core.logs.RequestIdFilter"}}
LOGGING["formatters"] = {"key_value": {"()": "core.logs.KeyValueFormatter"}}
LOGGING["handlers"]["console"].update({"formatter": "key_value", "filters": ["request_id"]})
# /healthz is polled over plain HTTP from the machine itself: never redirected to https.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
# Beat records its ticks for /healthz (core.heartbeat) and ticks at least this often; its
# schedule file (the last run of each periodic task; losing it is harmless) is kept where the
# beat process may write: FRONTIER_BEAT_SCHEDULE_FILE, by default in the project folder.
CELERY_BEAT_SCHEDULER = "core.heartbeat.BeatScheduler"
CELERY_BEAT_MAX_LOOP_INTERVAL = 30
CELERY_BEAT_SCHEDULE_FILENAME = env_str(
    "FRONTIER_BEAT_SCHEDULE_FILE", str(BASE_DIR / "celerybeat-schedule")
)
# Error reports to Sentry when SENTRY_DSN is set (sentry-sdk, Django and Celery); else none.
SENTRY_DSN = env_str("SENTRY_DSN", "")
SENTRY_ENABLED = sentry_init(
    SENTRY_DSN,
    environment=env_str("SENTRY_ENVIRONMENT", "production"),
    traces_sample_rate=float(env_str("SENTRY_TRACES_SAMPLE_RATE", "0") or 0),
)
# Who may make an account: `open` (anyone), `invite` (only someone holding a campaign's invite
# link or code), `closed` (nobody: the admin makes accounts).
SIGNUP_MODES = ("open", "invite", "closed")
FRONTIER_SIGNUP = (env_str("FRONTIER_SIGNUP", "open") or "open").strip().lower()
if FRONTIER_SIGNUP not in SIGNUP_MODES:
    raise ImproperlyConfigured(
        f"FRONTIER_SIGNUP must be one of {', '.join(SIGNUP_MODES)}: {FRONTIER_SIGNUP!r}"
    )
TEMPLATES[0]["OPTIONS"]["context_processors"].append("core.context_processors.frontier")

# --- Live pages (issue: push, with polling as the fallback) -----------------------------------
# Server-Sent Events (core.events, core.streams): the canoe tables, the battle sheet, the
# post-game, the inbox badge and the lobby move as soon as something commits. With Redis the
# services publish there and the event process (uvicorn, config/asgi.py; `events:` in the
# Procfile) serves the streams; without it (`make run`) runserver serves them from this
# process. EVENTS_REDIS_URL: where they meet (REDIS_URL by default).
EVENTS_REDIS_URL = env_str("EVENTS_REDIS_URL", REDIS_URL or "") or ""
# Whether a WSGI process serves streams itself (runserver's threads); off with Redis, and always
# in gunicorn (deploy/gunicorn.py sets it), so that its sync workers never hold one: a stream
# sent there is a 503 and the page polls.
EVENTS_IN_WEB = env_bool("FRONTIER_EVENTS_IN_WEB", not EVENTS_REDIS_URL)
# Open streams at most per signed-in account and per client address (a club's players may all
# share one address); past them a 429 and the page polls. A stream ends after
# EVENTS_STREAM_SECONDS and the browser reconnects (Last-Event-ID: nothing missed).
EVENTS_PER_ACCOUNT = env_int("EVENTS_PER_ACCOUNT", 12)
EVENTS_PER_ADDRESS = env_int("EVENTS_PER_ADDRESS", 200)
EVENTS_STREAM_SECONDS = env_int("EVENTS_STREAM_SECONDS", 1800)
# A comment on a quiet stream every EVENTS_KEEP_ALIVE_SECONDS (keep it under the proxy's idle
# timeout; 30 at most), when the stream also reads its version again: a move whose message was
# lost (Redis hung or away for a moment) reaches the page then (core.streams.Feed.tick).
EVENTS_KEEP_ALIVE_SECONDS = min(env_int("EVENTS_KEEP_ALIVE_SECONDS", 15), 30)
