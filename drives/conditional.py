"""Conditional GET for the public pages, so that a phone refreshing the standings costs a 304.

A page's ETag is a digest of what it shows (the rows its room's ``stamp`` function reads:
the drives' fingerprints, the players' names...) together with everything else that
changes the HTML: the code and templates deployed, the language, today's date, the
address with its query, the CSRF cookie (forms in the page carry a token made from
it) and the reader's larger-text choice. Signed-in users and pages with a message waiting
are always served fresh: organisers see forms and controls that depend on more than the
stamp.

Shared by every room: imports nothing of ``drives``.
"""

import functools
import hashlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import overload

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db.models import Model, QuerySet
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import condition, require_safe

#: What goes into the HTML besides the data: a new deployment changes every ETag.
CODE = ("drives", "scoring", "config", "templates", "locale")
FRAGMENT_SECONDS = 60 * 60 * 24


@functools.cache
def code_version() -> str:
    digest = hashlib.sha1()
    root = Path(settings.BASE_DIR)
    for folder in CODE:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in {".py", ".html", ".svg", ".txt", ".mo"}:
                digest.update(path.read_bytes())
    return digest.hexdigest()


@overload
def row_values(instance: Model) -> tuple[str, ...]: ...
@overload
def row_values(instance: None) -> None: ...
def row_values(instance: Model | None) -> tuple[str, ...] | None:
    """Every stored field of one row, as text."""
    if instance is None:
        return None
    return tuple(str(getattr(instance, f.attname)) for f in instance._meta.concrete_fields)


def rows_digest(queryset: QuerySet) -> str:
    """A digest of every stored field of every row (one query, no model instances)."""
    names = [f.attname for f in queryset.model._meta.concrete_fields]
    rows = queryset.order_by("pk").values_list(*names)
    return hashlib.sha1(repr(list(rows)).encode()).hexdigest()


def _etag(request, parts: Iterable[object] | None) -> str | None:
    if parts is None:
        return None
    # The CSRF cookie is in forms' tokens; the larger-text switch's cookie in base.html.
    cookies = tuple(request.COOKIES.get(name) for name in (settings.CSRF_COOKIE_NAME, "text_size"))
    key = (code_version(), get_language(), timezone.localdate(), request.get_full_path())
    return hashlib.sha1(repr((key, cookies, tuple(parts))).encode()).hexdigest()


def cached_fragment(request, name: str, render: Callable[[], str]) -> str:
    """HTML that depends only on what the page's stamp covers, kept in the shared cache.

    For a part of a page without forms or anything of the user's: every reader of a drive's
    standings then shares one rendering until a result changes. Pages without a stamp
    (signed-in users) render it afresh.
    """
    parts = getattr(request, "page_stamp", None)
    if parts is None:
        return render()
    stamp = (name, code_version(), get_language(), request.path, parts)
    key = "fragment:" + hashlib.sha1(repr(stamp).encode()).hexdigest()
    html = cache.get(key)
    if html is None:
        html = render()
        cache.set(key, html, FRAGMENT_SECONDS)
    return mark_safe(html)  # rendered by our own templates, which escaped it


def conditional_page(stamp: Callable[..., Iterable[object] | None]):
    """Answer a GET with 304 when ``stamp(*args, **kwargs)`` and the rest are unchanged;
    a reading page answers any other method than GET and HEAD with 405.

    ``stamp`` takes the view's URL arguments and returns what the page shows, cheaply, or
    None when there is no such page (the view then answers as it would).
    """

    def etag(request, *args, **kwargs):
        if request.user.is_authenticated or get_messages(request):
            return None
        parts = stamp(*args, **kwargs)
        if parts is not None:
            request.page_stamp = tuple(parts)  # for cached_fragment() in the view
        return _etag(request, parts)

    def decorator(view):
        conditional = condition(etag_func=etag)(view)

        @functools.wraps(view)
        def wrapped(request, *args, **kwargs):
            response = conditional(request, *args, **kwargs)
            # Browsers may keep the page but must ask each time: results change all evening.
            patch_cache_control(response, private=True, no_cache=True)
            return response

        return require_safe(wrapped)

    return decorator
