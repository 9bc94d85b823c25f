"""Tarokklub settings: one module, driven by the environment, with safe local defaults.

DATABASE_URL   database (default: SQLite file db.sqlite3 beside manage.py)
SQLITE_TIMEOUT seconds a SQLite writer waits for the one before it (default 20)
SECRET_KEY     required when DEBUG is off: without it the WSGI application refuses to start and
               anything that signs (sessions, CSRF) fails; commands that need no key still run
DEBUG          "1"/"true" to turn on, for local use only (default off; `make run`, `make bench` and the
               tests turn it on)
ALLOWED_HOSTS  comma separated (default: localhost names)
TRUSTED_PROXIES  comma separated addresses or networks of the reverse proxies in front of the app
               (e.g. "127.0.0.1" for nginx on the same host); only a request from one of them has
               its client address taken from X-Forwarded-For, for the login lockout. Default: none,
               the header is ignored
EMAIL_HOST     the SMTP server the players' sheets are sent through (scoring/outbox_sender.py); without it mail
               is written to the console. EMAIL_PORT (default 587), EMAIL_HOST_USER,
               EMAIL_HOST_PASSWORD, EMAIL_USE_TLS (default on) / EMAIL_USE_SSL, DEFAULT_FROM_EMAIL
MEDIA_ROOT     where the outbox keeps the PDFs it attaches until they are sent (default media/
               beside manage.py)
"""
from datetime import timedelta
from ipaddress import ip_network
from pathlib import Path
import os

import dj_database_url
from csp.constants import NONE, SELF

BASE_DIR = Path(__file__).resolve().parent.parent


def _flag(name: str, default: bool) -> bool:
    return os.environ.get(name, "1" if default else "0").strip().lower() in {"1", "true", "yes", "on"}


DEBUG = _flag("DEBUG", False)
# Left empty without DEBUG: Django then refuses every use of the key, and tarokklub/wsgi.py refuses to start.
SECRET_KEY = os.environ.get("SECRET_KEY", "") or ("local-development-only-not-secret" if DEBUG else "")
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",") if h.strip()]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_htmx",
    "scoring",
    # The game families, each a Django app of its own (docs/families.md): every folder of families/
    # with an apps.py, so that adding a family is adding its folder (the order they are offered in
    # is each family's rank, scoring/engine/families.py).
    *sorted(f"families.{p.name}" for p in (BASE_DIR / "families").iterdir() if (p / "apps.py").is_file()),
    "axes",
    "health_check",
    "csp",
    "post_office",   # the outbox of the players' sheets (scoring/outbox_sender.py)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Every answer compressed for a browser that asks (a slow phone: the table page's 57 kB are 7 kB;
    # docs/performance.md): before every middleware that reads or writes a body, after WhiteNoise
    # (inserted above it in production), which serves the collected files compressed by itself.
    # Django masks the CSRF token per response and pads the compressed body at random (BREACH).
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "scoring.middleware.ChosenLanguageMiddleware",
    # outside every middleware that may answer on its own (the body limit's 413, the CSRF check's
    # 403): every answer has the policy's header
    "csp.middleware.CSPMiddleware",
    "scoring.middleware.QueueAnswersMiddleware",   # the queue's endpoint refuses in JSON only
    "django.middleware.common.CommonMiddleware",
    # before the CSRF check, the first to read a POST's body: an oversized body is refused unread
    "scoring.middleware.UploadLimitMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "scoring.middleware.UnwritableDatabaseMiddleware",   # a full or read-only database: 503, not 500
    "axes.middleware.AxesMiddleware",  # last: turns a lockout into the 429 page
]

ROOT_URLCONF = "tarokklub.urls"

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
                "django.template.context_processors.i18n",
                "scoring.context_processors.clubs",
            ],
        },
    },
]

WSGI_APPLICATION = "tarokklub.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # SQLite as a real multi-writer default (issue 11; several gunicorn workers are safe): WAL lets
    # readers and the writer run side by side; every transaction takes the write lock at BEGIN
    # (IMMEDIATE), so it never has to upgrade a read lock and fail with "database is locked"; a
    # writer waits up to ``timeout`` seconds for the one before it.
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "transaction_mode": "IMMEDIATE",
        "timeout": float(os.environ.get("SQLITE_TIMEOUT", "20")),
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    })

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "da"
LANGUAGES = [("da", "Dansk"), ("en", "English"), ("de", "Deutsch"), ("sl", "Slovenščina")]
LOCALE_PATHS = [BASE_DIR / "locale"]
#: The picker's choice is kept on the phone for a year, not only until the browser closes.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
#: Dates and numbers per language, in one place (tarokklub/formats/<lang>/formats.py).
FORMAT_MODULE_PATH = ["tarokklub.formats"]
TIME_ZONE = "Europe/Copenhagen"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").is_dir() else []

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Failed logins (django-axes, every authentication path including the admin; scoring/views/auth.py):
# 5 failures of a username lock it for 15 minutes (a success resets its count); an address with 20
# failures locks only the usernames that have failures of their own.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # in this order: see LoginAttemptHandler
AXES_USERNAME_CALLABLE = "scoring.views.auth.login_username"
AXES_CLIENT_IP_CALLABLE = "scoring.views.auth.client_address"
AXES_HANDLER = "scoring.views.auth.LoginAttemptHandler"
AXES_LOCKOUT_CALLABLE = "scoring.views.auth.lockout_response"
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # refused attempts do not prolong the lockout
AXES_DISABLE_ACCESS_LOG = True  # failures are kept (admin: Axes), successful logins are not
LOGIN_ADDRESS_FAILURE_LIMIT = 20
# Parsed here so that a mistyped address stops the start, not the first login.
TRUSTED_PROXIES = [str(ip_network(p.strip(), strict=False))
                   for p in os.environ.get("TRUSTED_PROXIES", "").split(",") if p.strip()]

# Content-Security-Policy (django-csp) on every response: scripts, styles, fetches, the service
# worker and the manifest from this site only, no inline script or style attribute, no eval; the
# scripts are files of their own in static/ (the project brief's JavaScript rule).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# E-mail (Django's e-mail framework): the console by default, SMTP when the environment names a
# server. The request only queues a mail in the outbox (django-post-office's tables); the sender
# (``manage.py send_evening_mail``) renders and sends it outside any request.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_SSL = _flag("EMAIL_USE_SSL", False)
EMAIL_USE_TLS = _flag("EMAIL_USE_TLS", not EMAIL_USE_SSL)   # the two exclude each other
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "30"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "tarokklub@localhost")
# One recipient a mail and a few tries of a mail that failed; the attachments kept in MEDIA_ROOT.
POST_OFFICE = {"MAX_RETRIES": 3, "RETRY_INTERVAL": timedelta(minutes=5), "LOG_LEVEL": 1}
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", str(BASE_DIR / "media")))

# A form sent without its valid CSRF token: our 403 page, not Django's English one (scoring/views/errors.py).
CSRF_FAILURE_VIEW = "scoring.views.errors.csrf_failure"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "scoring:home"
LOGOUT_REDIRECT_URL = "login"

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage" if not DEBUG
                    else "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Production: everything secure unless the environment says otherwise (``check --deploy`` clean).
if not DEBUG:
    MIDDLEWARE.insert(1, "whitenoise.middleware.WhiteNoiseMiddleware")  # serves collected static files
    SECURE_SSL_REDIRECT = _flag("SECURE_SSL_REDIRECT", True)
    # The health endpoint answers a probe over plain HTTP too (a load balancer's, or curl on the host).
    SECURE_REDIRECT_EXEMPT = [r"^health/$"]
    # Secure cookies unless explicitly turned off (only the loopback load test does, over plain HTTP).
    SESSION_COOKIE_SECURE = _flag("SESSION_COOKIE_SECURE", True)
    CSRF_COOKIE_SECURE = _flag("CSRF_COOKIE_SECURE", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = _flag("SECURE_HSTS_PRELOAD", True)
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"
    if os.environ.get("SECURE_PROXY_SSL_HEADER"):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
