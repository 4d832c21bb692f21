"""Settings for Whist Drive, read from the environment.

SQLite in the project folder is the default so that a fresh checkout runs with
no set-up; production sets DATABASE_URL (PostgreSQL), SECRET_KEY and ALLOWED_HOSTS.
The settings fail safe: DEBUG is off unless DEBUG=1 (`make run` sets it), and with
DEBUG off the site refuses to start until SECRET_KEY and ALLOWED_HOSTS are set.
"""

import datetime as dt
import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: str) -> bool:
    return os.getenv(name, default).strip().lower() in ("1", "true", "yes", "on")


def envint(name: str, default: str) -> int:
    return int(os.getenv(name, default))


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.getenv(name, default).split(",") if item.strip()]


def required_in_production(name: str, example: str) -> None:
    if not DEBUG and not os.getenv(name, "").strip():
        raise ImproperlyConfigured(
            f"{name} is not set and DEBUG is off, so Whist Drive will not start. "
            f"Set {name} ({example}), or set DEBUG=1 for local development only."
        )


DEBUG = envbool("DEBUG", "0")
required_in_production(
    "SECRET_KEY",
    "a long random string: python -c 'import secrets; print(secrets.token_urlsafe(50))'",
)
required_in_production("ALLOWED_HOSTS", "the site's host names, comma-separated: whist.example.org")
# Only reachable with DEBUG=1: production has refused to start without a key of its own.
SECRET_KEY = os.getenv("SECRET_KEY", "django-insecure-whist-drive-local-development-only")
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    "django_htmx",
    "axes",
    # Before django_tasks_db, so that its db_worker command is the one in drives (it waits
    # out a database outage and hands on the renders of dead workers).
    "drives",
    "django_tasks",
    "django_tasks_db",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a refused log-in into the lockout page.
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
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# In production each worker keeps its connection between requests: opening one (PostgreSQL
# starts a server process for it; SQLite re-runs the PRAGMAs below) cost more than a whole
# poll. The health check replaces a connection the database has dropped before it is used.
# runserver (DEBUG) starts a thread per request, which would only pile connections up.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=envint("DB_CONN_MAX_AGE", "0" if DEBUG else "600"),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several gunicorn workers on one SQLite file: WAL lets readers run beside the one
    # writer, and IMMEDIATE takes the write lock when a transaction begins, so a waiting
    # writer queues for up to `timeout` seconds instead of failing with "database is
    # locked" when its read turns into a write. PostgreSQL is still the production database.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": envint("SQLITE_TIMEOUT", "20"),
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Raised deliberately from Django's 1,000: the check-in list posts a tick and a seat role
# per member (a club of 2,000 members) and the round page nine fields per table (125
# tables of 4 deals with honours). A request over it is refused whole, losing what was
# typed, so the limit sits well above the largest evening; DATA_UPLOAD_MAX_MEMORY_SIZE
# still bounds the request's size.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 5_000

# One cache shared by every worker: Redis when REDIS_URL is set, else a table in the
# database (`migrate` creates it). Per-process memory would let workers disagree.
if os.getenv("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "whist_cache",
        }
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # First, so that a locked-out user or address is refused before any password check.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Password guessing on /accounts/login/ and /admin/login/: five failures for a user name or
# from an address pause log-ins there for 15 minutes, counted again from each further try.
AXES_FAILURE_LIMIT = envint("LOGIN_FAILURE_LIMIT", "5")
AXES_COOLOFF_TIME = dt.timedelta(minutes=envint("LOGIN_PAUSE_MINUTES", "15"))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "config.login_throttle.client_ip"
AXES_LOCKOUT_CALLABLE = "config.login_throttle.locked_out"
AXES_VERBOSE = False
# Too Many Requests, axes' own default: named here because the locked-out page sends it.
AXES_HTTP_RESPONSE_CODE = 429
# How many reverse proxies stand in front of gunicorn (X-Forwarded-For hops to trust).
TRUSTED_PROXIES = envint("TRUSTED_PROXIES", "0")
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "drives:home"
LOGOUT_REDIRECT_URL = "drives:home"

# British English is the source language: dates read "4 Dec 2026".
LANGUAGE_CODE = "en-gb"
LANGUAGES = [("en-gb", "English"), ("fr", "Français"), ("hu", "Magyar")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.getenv("TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.getenv("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    # Files renamed into place once whole: a full disk leaves no partial sheet to serve.
    "default": {"BACKEND": "drives.printing.storage.AtomicFileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Printed sheets are stored once rendered; MEDIA_ROOT must survive deploys (they are
# rendered again when missing). They are served by the views, never straight from MEDIA_URL.
MEDIA_ROOT = Path(os.getenv("MEDIA_ROOT", str(BASE_DIR / "media")))
MEDIA_URL = "media/"

# Sheets render in the background: `manage.py db_worker` runs the queue (see the README).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
# Processes a worker renders one sheet's chunks on; the machine's cores by default.
PRINT_PROCESSES = envint("PRINT_PROCESSES", str(os.cpu_count() or 1))
# Queue a drive's scorecards and table cards as it starts and at each round, before anyone asks.
PRINT_AHEAD = envbool("PRINT_AHEAD", "1")
# Renders an anonymous visitor may start from one address in PRINT_RATE_WINDOW seconds.
PRINT_RATE_LIMIT = envint("PRINT_RATE_LIMIT", "6")
PRINT_RATE_WINDOW = envint("PRINT_RATE_WINDOW", "600")
# A render renews its lease every third of this; one silent for longer died with its
# worker and is printed again. The database worker waits for the database when it is away.
PRINT_LEASE_SECONDS = envint("PRINT_LEASE_SECONDS", "30")

DJANGO_TABLES2_TEMPLATE = "django_tables2/semantic.html"

# Behind a TLS-terminating proxy the original scheme arrives in this header.
if envbool("SECURE_PROXY_SSL", "0"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = not DEBUG and envbool("SECURE_SSL_REDIRECT", "1")
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_HSTS_SECONDS = 0 if DEBUG else envint("SECURE_HSTS_SECONDS", "31536000")
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Scripts and styles come only from our own static files: no inline <script>, no onclick=,
# no style= attribute, so an injected tag cannot run. Charts are inline SVG (no data: URLs).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Table links carry their secret in the path: every handler masks it (drives.tableside.logs).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"mask_table_tokens": {"()": "drives.tableside.logs.MaskTableTokens"}},
    "formatters": {
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["mask_table_tokens"]},
        "django.server": {
            "class": "logging.StreamHandler",
            "formatter": "django.server",
            "filters": ["mask_table_tokens"],
        },
    },
    "loggers": {
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
        "django.request": {"filters": ["mask_table_tokens"]},
    },
    "root": {"handlers": ["console"], "level": os.getenv("LOG_LEVEL", "WARNING")},
}

# Requests per window (seconds) and client address on the public table pages; "lookups"
# counts only tokens that open nothing, so guessing is slow while a hall behind one
# address is not held up.
TABLESIDE_RATE_LIMITS = {
    "requests": (envint("TABLESIDE_RATE_REQUESTS", "600"), 60),
    "lookups": (envint("TABLESIDE_RATE_LOOKUPS", "30"), 600),
}
# Seconds between the live pages' updates: the organiser's dashboard, the hall display.
DASHBOARD_POLL_SECONDS = envint("DASHBOARD_POLL_SECONDS", "3")
HALL_POLL_SECONDS = envint("HALL_POLL_SECONDS", "5")
