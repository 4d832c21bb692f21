"""Absolute addresses: the configured site address (``SITE_URL``) and a path on it.

A QR code on a table card, a link in an e-mail or a feed must reach the site from a
phone in the hall or a reader at home. A request's Host header is written by the
visitor (a port or another name is reflected as given), so no link is made from it.
"""

from urllib.parse import urlsplit, urlunsplit

from django.conf import settings


def absolute_url(path: str) -> str:
    """``path`` (from ``reverse``, starting with /) on the site's configured address."""
    return settings.SITE_URL + path


def on_site(url: str) -> str:
    """An absolute address a library made from the request, moved to the site's address."""
    parts = urlsplit(url)
    return absolute_url(urlunsplit(("", "", parts.path or "/", parts.query, parts.fragment)))
