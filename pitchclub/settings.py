"""Pitch Club settings: one file, everything that differs between machines comes from
the environment (DEBUG, SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL, ...)."""

import os
import re
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [
        item.strip()
        for item in os.environ.get(name, default).split(",")
        if item.strip()
    ]


# Off unless asked for: a production server that forgets DEBUG stays safe.
DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "Set SECRET_KEY in the environment (or DEBUG=1 for a local trial run)."
        )
    SECRET_KEY = "django-insecure-local-development-key-only-for-debug-mode-0123456789"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "csp",
    "pitchclub",
    "scoring",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # A write pins this browser's reads to the primary for a few seconds (replica).
    "pitchclub.replica.ReplicaPinMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in person's language, saved on their account (pitchclub/language.py).
    "pitchclub.accounts.language.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # The service worker's background copies leave the messages to the next page.
    "pitchclub.pwa.KeptCopyMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a lockout into its answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "pitchclub.urls"
WSGI_APPLICATION = "pitchclub.wsgi.application"

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
            ],
        },
    },
]
# Django's form renderer, the common widgets written without their templates
# (byte for byte the same; a millisecond a field saved): pitchclub/widgets.py.
FORM_RENDERER = "pitchclub.widgets.PlainWidgets"

# SQLite is the embedded default for a first run; DATABASE_URL selects PostgreSQL.
# Connections are kept for CONN_MAX_AGE seconds. A health check before each request
# that uses one costs a round trip (SELECT 1) every time, about as much as a small
# query: off unless CONN_HEALTH_CHECKS=1. Without it, after a database restart each
# worker's first request on its dead connection fails (a 500, which the phones'
# offline queue retries), and the connection is replaced at the end of that request
# (docs/benchmarks.md).
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=env_bool("CONN_HEALTH_CHECKS", False),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several phones writing at once: wait for the lock instead of failing, take the
    # write lock when a transaction starts (no deadlocked upgrade), and let readers
    # go on while a hand is written (WAL).
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
# A PostgreSQL replica for the heavy reads (pitchclub/replica.py): player pages and
# the statistics API, leaderboards, archives, season standings, walls. A browser that
# wrote reads the primary for REPLICA_PIN_SECONDS after.
DATABASE_REPLICA_URL = os.environ.get("DATABASE_REPLICA_URL", "")
REPLICA_PIN_SECONDS = int(os.environ.get("REPLICA_PIN_SECONDS", "10"))
# A replica that cannot be reached (refused, or no answer within connect_timeout
# seconds, 2 unless the URL says ?connect_timeout=): heavy reads go to the primary for
# REPLICA_DOWN_SECONDS, then one tries the replica again.
REPLICA_DOWN_SECONDS = float(os.environ.get("REPLICA_DOWN_SECONDS", "30"))
# A replica's connection is opened per request by default (REPLICA_CONN_MAX_AGE=0):
# connect_timeout bounds only the opening, and a kept connection whose replica
# stalls (no answer, no error) held every worker that read it until gunicorn killed
# them (a reviewer: 31 s, requests lost). Opening one costs a few milliseconds.
REPLICA_CONN_MAX_AGE = int(os.environ.get("REPLICA_CONN_MAX_AGE", "0"))
if DATABASE_REPLICA_URL:
    DATABASES["replica"] = dj_database_url.parse(
        DATABASE_REPLICA_URL,
        conn_max_age=REPLICA_CONN_MAX_AGE,
        conn_health_checks=env_bool("CONN_HEALTH_CHECKS", False),
    )
    if DATABASES["replica"]["ENGINE"] == "django.db.backends.postgresql":
        DATABASES["replica"].setdefault("OPTIONS", {}).setdefault("connect_timeout", 2)
    # Tests read the primary's test database through it.
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
    DATABASE_ROUTERS = ["pitchclub.replica.ReplicaRouter"]
# Behind PgBouncer in transaction mode (DATABASE_POOLER=pgbouncer, docs/pgbouncer.md)
# a server connection is ours only for one transaction: no server-side cursors (a
# named cursor outlives its transaction) and no prepared statements (PgBouncer before
# 1.21 does not carry them over; Django's own default, kept explicit here).
DATABASE_POOLER = os.environ.get("DATABASE_POOLER", "")
if DATABASE_POOLER == "pgbouncer":
    for _database in DATABASES.values():
        _database["DISABLE_SERVER_SIDE_CURSORS"] = True
        _database.setdefault("OPTIONS", {})["prepare_threshold"] = None
elif DATABASE_POOLER:
    raise ImproperlyConfigured("DATABASE_POOLER is 'pgbouncer' or unset")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

_VALIDATORS = "django.contrib.auth.password_validation"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"{_VALIDATORS}.UserAttributeSimilarityValidator"},
    {"NAME": f"{_VALIDATORS}.MinimumLengthValidator"},
    {"NAME": f"{_VALIDATORS}.CommonPasswordValidator"},
    {"NAME": f"{_VALIDATORS}.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "accounts:profile"
LOGOUT_REDIRECT_URL = "scoring:home"

AUTHENTICATION_BACKENDS = [
    # django-axes first: it refuses a locked-out login before any password check.
    "axes.backends.AxesStandaloneBackend",
    # Django's, reading the user with the language saved on their account.
    "pitchclub.accounts.backends.AccountBackend",
    # Sessions signed in before AccountBackend was here stay signed in.
    "django.contrib.auth.backends.ModelBackend",
]
# Login rate limit: 5 failures for one username from one address lock it for an hour.
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = 1
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# A readable lockout page that says how long to wait (and sends Retry-After).
AXES_LOCKOUT_CALLABLE = "pitchclub.accounts.views.lockout"
AXES_USERNAME_CALLABLE = "pitchclub.accounts.lockouts.attempt_username"


def _env_count(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not value.isascii() or not value.isdigit():
        raise ImproperlyConfigured(f"{name} must be a whole number (0 or more).")
    return int(value)


# Ratings (docs/ratings.md): a change that would rate again more games than
# RATING_INLINE_GAMES is finished after its commit from a backlog; RATING_DRAIN says
# by whom: "process" (`manage.py ratings_catch_up --due` in a child of the web
# process; PostgreSQL's default), "inline" (right after the commit, in the request;
# SQLite's default), "off" (only `manage.py ratings_catch_up`, e.g. from a timer).
# 50: a correction reaching 49 later games answers in about 45 ms, 99 in about 70 ms,
# 198 in about 110 ms (PostgreSQL, 2 cores, load 2.5); the drain does the rest in
# the background at about 0.3 ms a game.
RATING_INLINE_GAMES = _env_count("RATING_INLINE_GAMES", 50)
RATING_DRAIN = os.environ.get("RATING_DRAIN", "").strip() or (
    "inline" if DATABASES["default"]["ENGINE"].endswith("sqlite3") else "process"
)
if RATING_DRAIN not in ("process", "inline", "off"):
    raise ImproperlyConfigured("RATING_DRAIN must be process, inline or off.")


# Reverse proxies in front of the site (nginx alone: 1). Each must append the address
# it got the request from to X-Forwarded-For (or nginx set it to $remote_addr); the
# client is then that many addresses from the header's right end. 0: no proxy, the
# connection's own address, and no header is read. A wrong count lets clients pick
# their address or puts everyone behind the proxy's (README, "Behind a reverse
# proxy"). AXES_IPWARE_PROXY_COUNT, its former name, is still read.
TRUSTED_PROXY_COUNT = _env_count(
    "TRUSTED_PROXY_COUNT", _env_count("AXES_IPWARE_PROXY_COUNT", 0)
)
# django-ipware with that count: the lockout, the throttles and DRF agree on who is
# who (pitchclub/throttles.py).
AXES_CLIENT_IP_CALLABLE = "pitchclub.throttles.client_ip"

# Rate limits (pitchclub/throttles.py), per client address unless said: wrong invite
# codes on the join pages, and every join through the API; accounts created; reset
# mails per typed address (reset_mail) and per client address. Generous enough for a
# club night on one pub's wifi. THROTTLE_RATES overrides any: "join=20/min,signup=5/h".
_RATE = re.compile(r"[1-9][0-9]*/(s|sec|second|m|min|minute|h|hour|d|day)")


def _throttle_rates(defaults: dict[str, str]) -> dict[str, str]:
    rates = dict(defaults)
    for item in env_list("THROTTLE_RATES"):
        scope, _, rate = (part.strip() for part in item.partition("="))
        if scope not in rates:
            raise ImproperlyConfigured(
                f"THROTTLE_RATES: no rate is called {scope!r}; the rates are "
                f"{', '.join(rates)}."
            )
        if not _RATE.fullmatch(rate):
            raise ImproperlyConfigured(
                f"THROTTLE_RATES: write {scope}'s rate as a number of tries per "
                f"second, min, hour or day, e.g. {scope}={defaults[scope]}."
            )
        rates[scope] = rate
    return rates


THROTTLE_RATES = _throttle_rates(
    {
        "join": "10/min",
        "signup": "20/hour",
        "reset_mail": "5/hour",
        "reset_mail_ip": "20/hour",
    }
)
# The counts live in the cache. With REDIS_URL (several hosts): Redis, shared by every
# host and worker, each call giving up after REDIS_TIMEOUT seconds and answering as
# an empty cache while Redis is down (pitchclub/cache.py); after a failure a process
# answers every call so, without asking Redis, for REDIS_DOWN_SECONDS, then one call
# tries again. Without it: in memory, so per process, unless CACHE_DIR names a
# directory all gunicorn workers can write.
# Log-in lockouts are not in the cache: django-axes keeps them in the database, which
# every host shares already and which outlives a Redis restart.
REDIS_URL = os.environ.get("REDIS_URL", "")
REDIS_DOWN_SECONDS = float(os.environ.get("REDIS_DOWN_SECONDS", "5"))
CACHE_DIR = os.environ.get("CACHE_DIR", "")
if REDIS_URL:
    _redis_timeout = float(os.environ.get("REDIS_TIMEOUT", "0.5"))
    _default_cache = {
        "BACKEND": "pitchclub.cache.ResilientRedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "pitchclub"),
        "OPTIONS": {
            "socket_connect_timeout": _redis_timeout,
            "socket_timeout": _redis_timeout,
        },
    }
elif CACHE_DIR:
    _default_cache = {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": CACHE_DIR,
    }
else:
    _default_cache = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
CACHES = {"default": _default_cache}
# The live view's polls answered from the cache (scoring/table/live_versions.py): only
# a cache every worker shares can say what another worker changed.
LIVE_FROM_CACHE = env_bool("LIVE_FROM_CACHE", bool(REDIS_URL or CACHE_DIR))
# The CPU each request cost, in a Server-Timing header (pitchclub/timing.py): for the
# load test's figures per kind of request; never on by default.
SERVER_TIMING = env_bool("SERVER_TIMING", False)
if SERVER_TIMING:
    MIDDLEWARE.insert(0, "pitchclub.timing.server_timing_middleware")

# Mail (password reset): printed to the console unless EMAIL_HOST is set.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = os.environ.get(
    "DEFAULT_FROM_EMAIL", "Pitch Club <noreply@localhost>"
)

# English is the source; the catalogues in locale/ speak German, Polish and French
# (docs/translating.md). A person's language: their account's choice, else the
# chooser's cookie in this browser, else the club's on its public pages, else the
# browser's Accept-Language, else English (pitchclub/language.py).
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("de", "Deutsch"),
    ("pl", "Polski"),
    ("fr", "Français"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "pitchclub.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG

# Production hardening: on whenever DEBUG is off; each can be overridden by the
# environment (e.g. SECURE_SSL_REDIRECT=0 behind a proxy that already redirects).
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = int(
    os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000")
)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

# Content-Security-Policy (django-csp 4): our own origin only, no inline script.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

REST_FRAMEWORK = {
    # Token first: an anonymous write then answers 401 with a WWW-Authenticate header.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # DRF's, its token and user read in one raw query (pitchclub/api).
        "pitchclub.api.authentication.TokenAuthentication",
        # For scripts and curl (`-u name:password`); HTTPS-only in production.
        "rest_framework.authentication.BasicAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": ["pitchclub.api.parsers.SafeJSONParser"],
    # Every app's refusals answered alike: 409 for conflicts, 400 naming the field.
    "EXCEPTION_HANDLER": "pitchclub.api.errors.exception_handler",
    # drf-spectacular's, telling also what every error answer holds
    # (pitchclub.api.schema).
    "DEFAULT_SCHEMA_CLASS": "pitchclub.api.schema.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
    # Throttled views name their scope (pitchclub/throttles.py). DRF's own client
    # address, should a stock throttle be used, trusts the same proxies.
    "DEFAULT_THROTTLE_RATES": THROTTLE_RATES,
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Pitch Club API",
    "DESCRIPTION": "Scorekeeping for Auction Pitch and 13-Point Partner Pitch.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # A PATCH body is validated as declared (a member's new role is required), not as
    # a partial update with every field optional.
    "COMPONENT_SPLIT_PATCH": False,
    # What the URL patterns accept: a slug's characters, a whole number from 0.
    "PATH_CONVERTER_OVERRIDES": {
        "slug": {"type": "string", "pattern": "^[-a-zA-Z0-9_]+$"},
        "int": {"type": "integer", "minimum": 0},
    },
    # Several components have a `status` of their own: each its own enum's name.
    "ENUM_NAME_OVERRIDES": {
        "StatusEnum": ["in_progress", "finished"],
        "MatchStatusEnum": "tournaments.models.MatchStatus",
        "TournamentStatusEnum": "tournaments.models.TournamentStatus",
        # A tournament's format, and a season's playoffs' (no progressive).
        "FormatEnum": "tournaments.models.Format",
        "PlayoffFormatEnum": "tournaments.vocabulary.PLAYOFF_FORMAT_CHOICES",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
