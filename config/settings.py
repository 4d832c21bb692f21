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
from redis.backoff import NoBackoff
from redis.retry import Retry

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
# The address players' phones and printed QR codes reach the site by: every absolute link
# is made from it (drives.site), never from a request's Host header, which the visitor
# writes. By default `make run`'s address, or in production the first of ALLOWED_HOSTS.
SITE_URL = (
    os.getenv("SITE_URL", "")
    or ("http://127.0.0.1:8000" if DEBUG else f"https://{ALLOWED_HOSTS[0].lstrip('.')}")
).rstrip("/")
if not SITE_URL.startswith(("http://", "https://")):
    raise ImproperlyConfigured(f"SITE_URL must start with http:// or https://, not {SITE_URL!r}.")

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
    "allauth",
    "allauth.account",
    # Before django_tasks_db, so that its db_worker command is the one in drives (it waits
    # out a database outage and hands on the renders of dead workers).
    "drives",
    "django_tasks",
    "django_tasks_db",
]

MIDDLEWARE = [
    # First and last but for axes: django-prometheus times the whole request between them.
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    "drives.monitoring.request_log.RequestLog",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_prometheus.middleware.PrometheusAfterMiddleware",
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

# A club's backup file (drives.backup): ten seasons of a busy club come to about 40 MB;
# a larger file is refused before it is read. The import streams it, row by row.
CLUB_FILE_MAX_BYTES = envint("CLUB_FILE_MAX_MB", "100") * 1024 * 1024

# One cache shared by every worker: Redis when REDIS_URL is set, else a table in the
# database (`migrate` creates it). Per-process memory would let workers disagree.
# Redis only spares the database work, so the site runs on without it: a call waits at most
# REDIS_TIMEOUT seconds (redis-py's own default is 5 s, retried), then the worker leaves
# Redis alone for REDIS_OUTAGE_PAUSE seconds before trying again (drives.resilient_cache).
REDIS_TIMEOUT = float(os.getenv("REDIS_TIMEOUT", "0.25"))
if os.getenv("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "drives.resilient_cache.ResilientRedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "OPTIONS": {
                "socket_timeout": REDIS_TIMEOUT,
                "socket_connect_timeout": REDIS_TIMEOUT,
                "retry": Retry(NoBackoff(), 0),
                "outage_pause": float(os.getenv("REDIS_OUTAGE_PAUSE", "5")),
            },
        }
    }
else:
    # Django's default of 300 entries would not hold one regular player's page: five years
    # of a club are 250 drives' summaries, and each culling throws a third of them away.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "whist_cache",
            "OPTIONS": {"MAX_ENTRIES": envint("CACHE_MAX_ENTRIES", "20000")},
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
    # django-allauth's: by user name (the admin's log-in too) or by e-mail address.
    "allauth.account.auth_backends.AuthenticationBackend",
]
# Password guessing on the log-in pages (drives.login_throttle has the whole policy): five
# failures for a user name or from an address pause log-ins there for 15 minutes, counted
# again from each further try. axes' own reset on success is off: it cleared every failure
# of the address and of the name, the victim's included; ours clears only the user's own
# from that address.
AXES_FAILURE_LIMIT = envint("LOGIN_FAILURE_LIMIT", "5")
AXES_COOLOFF_TIME = dt.timedelta(minutes=envint("LOGIN_PAUSE_MINUTES", "15"))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = False
AXES_CLIENT_IP_CALLABLE = "drives.limits.client_address"
AXES_USERNAME_CALLABLE = "drives.login_throttle.user_name"
AXES_LOCKOUT_CALLABLE = "drives.login_throttle.locked_out"
AXES_VERBOSE = False
# The page a paused user is sent to for a new password (django-allauth's); without it the
# paused page says to ask the site's administrator.
PASSWORD_RESET_URL_NAME = os.getenv("PASSWORD_RESET_URL_NAME", "account_reset_password")
# Too Many Requests, axes' own default: named here because the locked-out page sends it.
AXES_HTTP_RESPONSE_CODE = 429
# How many reverse proxies stand in front of gunicorn (X-Forwarded-For hops to trust).
TRUSTED_PROXIES = envint("TRUSTED_PROXIES", "0")
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "accounts:my_clubs"
LOGOUT_REDIRECT_URL = "drives:home"

# Accounts (django-allauth, drives.accounts): sign up with a user name and an e-mail
# address that must be confirmed before the first log-in; log in with either.
# SIGNUP_OPEN=0 closes sign-up to all but people holding an invitation to a club's team.
SIGNUP_OPEN = envbool("SIGNUP_OPEN", "1")
ACCOUNT_ADAPTER = "drives.accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {
    "login": "drives.accounts.forms.LoginForm",
    "change_password": "drives.accounts.forms.ChangePasswordForm",
}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
# Someone signing up with an address in use is told so, rather than sent an e-mail about it:
# a club's volunteers need the plain answer more than their addresses need hiding.
ACCOUNT_PREVENT_ENUMERATION = False
ACCOUNT_CHANGE_EMAIL = True  # one address an account, replaced once the new one is confirmed
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGOUT_REDIRECT_URL = LOGOUT_REDIRECT_URL
ACCOUNT_EMAIL_SUBJECT_PREFIX = ""
# django-axes throttles every password (above); allauth's own count of failures would
# be a second rule with other numbers, so it is off. Its other limits stay.
ACCOUNT_RATE_LIMITS = {"login_failed": None}
# Days an invitation to a club's team stays open.
INVITATION_DAYS = envint("INVITATION_DAYS", "14")

# E-mail leaves through the worker (drives.mail), never from a request. SMTP when
# EMAIL_HOST is set (docs/DEPLOY.md); otherwise each message is a file in MAIL_FOLDER,
# which `make run` leaves in the project's mail/ folder for reading.
MAIL_FOLDER = Path(os.getenv("MAIL_FOLDER", str(BASE_DIR / "mail")))
if os.getenv("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = envint("EMAIL_PORT", "587")
    EMAIL_HOST_USER = os.getenv("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.getenv("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_SSL = envbool("EMAIL_USE_SSL", "0")
    EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", "0" if EMAIL_USE_SSL else "1")
    EMAIL_TIMEOUT = envint("EMAIL_TIMEOUT", "30")
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = MAIL_FOLDER
DEFAULT_FROM_EMAIL = os.getenv("DEFAULT_FROM_EMAIL", "Whist Drive <whist@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# British English is the source language: dates read "4 Dec 2026".
LANGUAGE_CODE = "en-gb"
LANGUAGES = [("en-gb", "English"), ("fr", "Français"), ("hu", "Magyar")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.getenv("TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True


def sheet_storage() -> dict:
    """Where rendered sheets are kept. The file system by default (one server, `make run`);
    with S3_BUCKET set, an S3-compatible object store that every app server and worker
    shares (docs/DEPLOY.md). Either way a sheet appears whole or not at all: the file
    system's file is renamed into place once written, and an object store shows an object
    only once its upload is complete. Credentials come from the environment as boto3 reads
    them (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or the machine's role)."""
    bucket = os.getenv("S3_BUCKET", "").strip()
    if not bucket:
        return {"BACKEND": "drives.printing.storage.AtomicFileSystemStorage"}
    from botocore.config import Config

    endpoint = os.getenv("S3_ENDPOINT_URL", "").strip() or None
    return {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": bucket,
            "endpoint_url": endpoint,
            "region_name": os.getenv("S3_REGION", "").strip() or None,
            "location": os.getenv("S3_PREFIX", "").strip("/"),
            # Private objects: sheets are served by the views, which check who may see them.
            "default_acl": None,
            "querystring_auth": True,
            "file_overwrite": False,
            # A store that hangs costs a request seconds, not minutes (boto3 waits 60 s).
            "client_config": Config(
                connect_timeout=envint("S3_TIMEOUT", "5"),
                read_timeout=envint("S3_TIMEOUT", "5") * 6,
                retries={"max_attempts": 3, "mode": "standard"},
                # Stores other than Amazon's (MinIO, Ceph, Garage) expect bucket/key paths.
                s3={"addressing_style": "path" if endpoint else "auto"},
            ),
        },
    }


STATIC_URL = "static/"
STATIC_ROOT = Path(os.getenv("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": sheet_storage(),
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

# The health and metrics endpoints (drives.monitoring) answer only a request bearing
# MONITORING_TOKEN ("Authorization: Bearer <token>") or from an address in
# MONITORING_ADDRESSES (addresses or networks, comma-separated; the balancer's, Prometheus').
MONITORING_TOKEN = os.getenv("MONITORING_TOKEN", "")
MONITORING_ADDRESSES = envlist("MONITORING_ADDRESSES", "127.0.0.1,::1")
# A sheet worker serves its own metrics on this port when set (a host with no app server).
WORKER_METRICS_PORT = envint("WORKER_METRICS_PORT", "0")
WORKER_METRICS_ADDRESS = os.getenv("WORKER_METRICS_ADDRESS", "127.0.0.1")
# /health/ reports the queue "degraded" once its oldest waiting task has waited this long.
HEALTH_QUEUE_MAX_WAIT = envint("HEALTH_QUEUE_MAX_WAIT", "300")
# The shared services (cache, storage, queue) are checked at most this often by each process.
HEALTH_SHARED_SECONDS = envint("HEALTH_SHARED_SECONDS", "15")
# The balancer asks over plain HTTP from inside the network: no redirect to HTTPS.
SECURE_REDIRECT_EXEMPT = [r"^health/$", r"^metrics$"]

# Table links carry their secret in the path: every handler masks it (drives.tableside.logs).
# In production each log record is one JSON line (python-json-logger), and each request
# writes one (drives.monitoring.request_log; LOG_REQUESTS=0 stops them). With DEBUG,
# runserver prints its own request lines and the rest stays plain text.
LOG_FORMAT = os.getenv("LOG_FORMAT", "text" if DEBUG else "json")
LOG_REQUESTS = envbool("LOG_REQUESTS", "0" if DEBUG else "1")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"mask_table_tokens": {"()": "drives.tableside.logs.MaskTableTokens"}},
    "formatters": {
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        },
        "json": {
            "()": "drives.monitoring.json_lines.JsonLines",
            "format": "{asctime}{levelname}{name}{message}",
            "style": "{",
            "datefmt": "%Y-%m-%dT%H:%M:%S%z",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
            "json_ensure_ascii": False,
        },
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["mask_table_tokens"],
            **({"formatter": "json"} if LOG_FORMAT == "json" else {}),
        },
        "requests": {
            "class": "logging.StreamHandler",
            "formatter": "json",
            "filters": ["mask_table_tokens"],
        },
        "django.server": {
            "class": "logging.StreamHandler",
            "formatter": "django.server",
            "filters": ["mask_table_tokens"],
        },
    },
    "loggers": {
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
        "django.request": {"filters": ["mask_table_tokens"]},
        "drives.requests": {
            "handlers": ["requests"],
            "level": "INFO" if LOG_REQUESTS else "WARNING",
            "propagate": False,
        },
    },
    "root": {"handlers": ["console"], "level": os.getenv("LOG_LEVEL", "WARNING")},
}

# Requests per window (seconds) and client address on the public table pages; "lookups"
# counts only tokens that open nothing, so guessing is slow while a hall behind one
# address is not held up.
TABLESIDE_RATE_LIMITS = {
    "requests": (
        envint("TABLESIDE_RATE_REQUESTS", "600"),
        envint("TABLESIDE_RATE_REQUESTS_SECONDS", "60"),
    ),
    "lookups": (
        envint("TABLESIDE_RATE_LOOKUPS", "30"),
        envint("TABLESIDE_RATE_LOOKUPS_SECONDS", "600"),
    ),
}
# Seconds between the live pages' updates: the organiser's dashboard, the hall display.
DASHBOARD_POLL_SECONDS = envint("DASHBOARD_POLL_SECONDS", "3")
HALL_POLL_SECONDS = envint("HALL_POLL_SECONDS", "5")
# The phones' table pages: the other side's confirmation and the next round without a reload.
TABLESIDE_POLL_SECONDS = envint("TABLESIDE_POLL_SECONDS", "5")

# Hall mode (`make hall`, config/hall.py): the organiser's laptop serves the phones over a
# hall's own Wi-Fi in plain HTTP, which every phone can open (no public authority certifies
# a laptop's local address), and over HTTPS at HALL_SECURE_URL with a certificate of the
# laptop's own authority (HALL_CA_CERTIFICATE, config/certificates.py), which the phones
# whose owner installed it use. So nothing may insist on HTTPS: no redirect, no HSTS (it
# would send every phone to HTTPS, and cookies ignore ports anyway), no secure-only cookies
# (the organiser's and the phones' HTTP pages need them). Sign-up is closed and only the
# organisers of a club on the laptop, and its administrators made at its terminal, can log
# in (drives.accounts.hall). HALL_BACKUPS is where each finished drive, and every club at
# each start, are kept as dated files.
HALL_MODE = envbool("HALL", "0")
HALL_BACKUPS = os.getenv("HALL_BACKUPS", "")
HALL_SECURE_URL = os.getenv("HALL_SECURE_URL", "") if HALL_MODE else ""
HALL_CA_CERTIFICATE = os.getenv("HALL_CA_CERTIFICATE", "") if HALL_MODE else ""
# A laptop publishes its drives to the club's site over HTTPS only; PUBLISH_INSECURE=1
# allows plain HTTP (tests, or a site on the same private network).
PUBLISH_INSECURE = envbool("PUBLISH_INSECURE", "0")
if HALL_MODE:
    SECURE_SSL_REDIRECT = SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = False
    SECURE_HSTS_SECONDS = 0
    if HALL_SECURE_URL:
        # The plain HTTP table page asks the HTTPS one whether this phone trusts the laptop.
        CONTENT_SECURITY_POLICY["DIRECTIVES"]["connect-src"] = [SELF, HALL_SECURE_URL]
    SIGNUP_OPEN = False
    AUTHENTICATION_BACKENDS = [
        "axes.backends.AxesStandaloneBackend",
        "drives.accounts.hall.HallAuthenticationBackend",
    ]
