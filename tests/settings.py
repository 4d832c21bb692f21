"""The settings the test suite runs on: the development defaults of config.settings.

The suite is a development run, so DEBUG=1 unless the caller chose otherwise (pytest-django
still serves every request with DEBUG off), and each process caches in its own memory so
that tests running in parallel never share cached pages.
"""

import os

os.environ.setdefault("DEBUG", "1")

from config.settings import *  # noqa: F403

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# The test client's own host, so that links read as the pages' addresses do.
SITE_URL = "http://testserver"
