"""Settings shared by every environment.

Environment-specific modules (``dev``, ``test``, ``production``) import from here and override.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP

from ops.logs import logging_config

BASE_DIR = Path(__file__).resolve().parent.parent.parent

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
DEBUG = False
ALLOWED_HOSTS: list[str] = []

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "django.contrib.syndication",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "simple_history",
    "django_tasks_db",
    "axes",
    "ops",
    "sources",
    "articles",
    "jobs",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # An id for every request, on the response and in every log record written meanwhile.
    "ops.middleware.RequestIdMiddleware",
    "newsroom.errors.RejectNulMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # Anonymous readers' cached pages, answered here: every middleware above adds its headers
    # to them, none below runs (articles/public/cache.py).
    "articles.public.cache.CachedPageMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lock-out response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "newsroom.urls"

TEMPLATES = [
    {
        # Django's engine, each render's context let go of at once (``newsroom.templating``).
        "BACKEND": "newsroom.templating.DjangoTemplates",
        "NAME": "django",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
            ],
        },
    },
]

WSGI_APPLICATION = "newsroom.wsgi.application"
ASGI_APPLICATION = "newsroom.asgi.application"

# DATABASE_URL picks the database; the default is an SQLite file in the project folder.
# DJANGO_CONN_MAX_AGE keeps a connection open across requests for that many seconds (the
# production settings default to 60; runserver starts a thread per request, so 0 here), and
# a kept connection is checked before each request reuses it, so a database restart costs
# no failed request.
DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "0")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Django's backend, with statements' placeholders rewritten once (see the module).
    DATABASES["default"]["ENGINE"] = "newsroom.db.sqlite3"
    # WAL and a busy timeout let an import run while the site serves pages.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Lead images fetched for articles (articles/ingest/images.py), served by newsroom.urls.
MEDIA_URL = "media/"
MEDIA_ROOT = BASE_DIR / "media"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

LOGIN_URL = "admin:login"

# Throttled logins (``ops/auth.py``, django-axes): this many failed passwords for one user
# name, or failed passwords and API tokens from one address, lock it out for the cool-off
# time; an administrator unlocks earlier in the admin (Axes -> Access attempts).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("NEWSROOM_LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("NEWSROOM_LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = "ops.auth.lockout_parameters"
AXES_LOCKOUT_CALLABLE = "ops.auth.lockout_response"
AXES_RESET_ON_SUCCESS = True
# A lock-out holds a user name or an address (every user behind it): the message says both.
AXES_COOLOFF_MESSAGE = (
    "Too many failed sign-ins for this user name or from this address: try again later."
)
# Behind N reverse proxies that each append to X-Forwarded-For, the client address is the N-th
# from its right; with none, the connection's address.
NEWSROOM_TRUSTED_PROXIES = int(os.environ.get("NEWSROOM_TRUSTED_PROXIES", "0"))
AXES_CLIENT_IP_CALLABLE = "ops.auth.client_address"

# Django's built-in Content Security Policy: everything from this origin, no inline script.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "ops.auth.ThrottledTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticatedOrReadOnly",
    ],
    # Lists refuse unknown query parameters (a typo is a 400, not everything); see newsroom/api.py.
    "DEFAULT_FILTER_BACKENDS": ["articles.api.base.StrictFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "articles.api.pagination.KeysetPagination",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # JSON only, with a size and a nesting limit (articles/api/parsers.py).
    "DEFAULT_PARSER_CLASSES": ["articles.api.parsers.BoundedJSONParser"],
    "EXCEPTION_HANDLER": "articles.api.base.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
    ],
    # Per address for anonymous readers (a reader app, or many readers behind one NAT, pages
    # through lists in bursts), per token for signed-in clients; imports have their own, lower
    # limit. Counts live in the cache: shared with REDIS_URL, per process with local memory.
    # How many proxies stand in front of the app and append to X-Forwarded-For (1 behind one
    # nginx). With 0 the limits count the connecting address alone: a header the client
    # writes itself can never move it to a fresh count.
    "NUM_PROXIES": int(os.environ.get("NEWSROOM_NUM_PROXIES", "0")),
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("NEWSROOM_THROTTLE_ANON", "120/minute"),
        "user": os.environ.get("NEWSROOM_THROTTLE_USER", "300/minute"),
        "ingest": os.environ.get("NEWSROOM_THROTTLE_INGEST", "120/hour"),
    },
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Newsroom API",
    "DESCRIPTION": "Stories from many outlets, with every key point, quote and figure sourced.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SCHEMA_PATH_PREFIX": "/api/v1",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "articles.api.base.schema_nonempty_query_parameters",
        "articles.api.base.schema_batch_limits",
    ],
    "ENUM_NAME_OVERRIDES": {
        "OutletKindEnum": "sources.models.Outlet.Kind",
        "SpeakerKindEnum": "sources.models.Speaker.Kind",
        "CorrectionKindEnum": "articles.models.Correction.Kind",
        "StoryStatusEnum": "articles.models.Story.Status",
        "IngestStatusEnum": ["created", "duplicate", "error"],
        "JobKindEnum": "jobs.models.Job.Kind",
        "JobStateEnum": "jobs.models.Job.State",
    },
    "COMPONENT_SPLIT_REQUEST": True,
    # No call to the online validator (it would also break the CSP's img-src).
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
}

CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
}
# Readers' pages, feeds and API answers are cached (articles/public/cache.py) until a change
# or a scheduled go-live retires them, and at most this many seconds; 0 stores none (answers
# still carry ETag and Last-Modified and get their 304s).
NEWSROOM_CACHE_SECONDS = int(os.environ.get("NEWSROOM_CACHE_SECONDS", "600"))
# Searches rank this many of their newest matches (``articles.core.search.ranked``): ranking
# every match of a word most articles hold would read all of them.
NEWSROOM_SEARCH_RANKED = int(os.environ.get("NEWSROOM_SEARCH_RANKED", "1000"))

# Ingestion of URLs: only http(s), with a timeout and a size limit; private and loopback
# addresses are refused unless allowed here (tests and trusted intranets).
NEWSROOM_FETCH_TIMEOUT = float(os.environ.get("NEWSROOM_FETCH_TIMEOUT", "10"))
NEWSROOM_FETCH_MAX_BYTES = int(os.environ.get("NEWSROOM_FETCH_MAX_BYTES", str(10 * 1024 * 1024)))
NEWSROOM_FETCH_ALLOW_PRIVATE = os.environ.get("NEWSROOM_FETCH_ALLOW_PRIVATE", "") == "1"
# Machine findings (quotes, speakers, people, figures, evidence) reach readers once an editor
# approved them; "1" shows suggestions earlier, labelled "found by machine, not yet checked".
NEWSROOM_SHOW_UNCHECKED = os.environ.get("NEWSROOM_SHOW_UNCHECKED", "") == "1"
NEWSROOM_MAX_IMPORT_BYTES = int(os.environ.get("NEWSROOM_MAX_IMPORT_BYTES", str(20 * 1024 * 1024)))
# One article is imported inside the web request (the API's single article, the admin's one
# pasted article) only up to this many characters of text; a longer one is a background job.
NEWSROOM_INLINE_IMPORT_CHARS = int(os.environ.get("NEWSROOM_INLINE_IMPORT_CHARS", "100000"))
# A request body (an API batch, an admin upload) may hold one import and a little more; a
# larger one is a 413 through the API. JSON deeper than this is refused as malformed.
DATA_UPLOAD_MAX_MEMORY_SIZE = NEWSROOM_MAX_IMPORT_BYTES + 1024 * 1024
NEWSROOM_MAX_JSON_DEPTH = 32

# Background work (``jobs``): Django's tasks framework. ``NEWSROOM_TASKS`` picks the backend:
# "database" (the default: a worker on the same database, SQLite included; ``manage.py
# run_worker``), "redis" (Celery on REDIS_URL, for workers on several machines sharing one
# queue; ``manage.py run_worker`` starts a Celery worker), or "immediate" (run at once, in the
# caller's process: tests, and one-off scripts).
NEWSROOM_TASKS = os.environ.get("NEWSROOM_TASKS", "database")
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
if NEWSROOM_TASKS == "redis":
    TASKS = {
        "default": {
            "BACKEND": "django_tasks_celery.CeleryBackend",
            "OPTIONS": {"CELERY_APP": "newsroom.celery.app"},
        }
    }
elif NEWSROOM_TASKS == "immediate":
    TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
elif NEWSROOM_TASKS == "database":
    TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
else:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(
        f"NEWSROOM_TASKS must be database, redis or immediate, not {NEWSROOM_TASKS!r}"
    )
# Celery (NEWSROOM_TASKS=redis): a task is acknowledged once it has run, so a worker killed
# mid-task leaves it for another; one task at a time per worker process.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", REDIS_URL)
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", REDIS_URL)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_RESULT_EXPIRES = 7 * 24 * 3600
# Jobs: a running job touches its row after every item; one silent for this long is taken as
# dead and queued again. Network errors are retried with backoff (base delay in seconds,
# doubled per attempt). A feed poll reads at most this many items; the rest are reported
# ``skipped``. Feed jobs that imported nothing are deleted after a week.
NEWSROOM_JOB_STALE_SECONDS = int(os.environ.get("NEWSROOM_JOB_STALE_SECONDS", "300"))
NEWSROOM_JOB_MAX_ATTEMPTS = int(os.environ.get("NEWSROOM_JOB_MAX_ATTEMPTS", "4"))
NEWSROOM_JOB_RETRY_DELAY = int(os.environ.get("NEWSROOM_JOB_RETRY_DELAY", "60"))
NEWSROOM_JOB_KEEP_DAYS = int(os.environ.get("NEWSROOM_JOB_KEEP_DAYS", "7"))
NEWSROOM_FEED_MAX_ITEMS = int(os.environ.get("NEWSROOM_FEED_MAX_ITEMS", "200"))
# Ingestion commits in batches (``articles.ingest.service``): one transaction per this many
# items, or per this many seconds, whichever comes first; each item is a savepoint of its own.
# A batch holds the write lock (SQLite) or the placement lock (PostgreSQL) until it commits,
# and a job's heartbeat and progress are written with each batch: keep the seconds well
# under NEWSROOM_JOB_STALE_SECONDS and under SQLite's busy timeout (20 s).
NEWSROOM_INGEST_BATCH = int(os.environ.get("NEWSROOM_INGEST_BATCH", "25"))
NEWSROOM_INGEST_BATCH_SECONDS = float(os.environ.get("NEWSROOM_INGEST_BATCH_SECONDS", "2"))
# PostgreSQL: an import batch's writes that need no answer sent ahead or with the next
# statement (ops/grouped.py): on a quiet machine, 21.6-22.0 -> 24.5 articles per second
# (bench/README.md); NEWSROOM_PG_GROUPED_WRITES=0 sends each on its own, waiting for each.
NEWSROOM_PG_GROUPED_WRITES = os.environ.get("NEWSROOM_PG_GROUPED_WRITES", "1") == "1"
NEWSROOM_SCHEDULER_INTERVAL = float(os.environ.get("NEWSROOM_SCHEDULER_INTERVAL", "30"))
# How often the scheduler refreshes SQLite's query-planner statistics (0: never).
NEWSROOM_SQLITE_ANALYZE_SECONDS = int(os.environ.get("NEWSROOM_SQLITE_ANALYZE_SECONDS", "3600"))

# Logs go to standard error with the request id and user (``ops/logs.py``): text, or one JSON
# object a line with NEWSROOM_LOG_FORMAT=json. NEWSROOM_LOG_LEVEL is the project's own level
# (production's default, INFO, includes one line per finished import); others log WARNING+.
NEWSROOM_LOG_FORMAT = os.environ.get("NEWSROOM_LOG_FORMAT", "text")
LOGGING = logging_config(
    fmt=NEWSROOM_LOG_FORMAT, level=os.environ.get("NEWSROOM_LOG_LEVEL", "WARNING")
)
