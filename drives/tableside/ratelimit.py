"""A fixed-window request count per client address, kept in Django's cache.

The project's cache (the database's or Redis) is shared by every server process, so the
limit holds across workers; an increment is not atomic in every backend, so under a
burst the count may fall a little short, which a flood guard can afford.
"""

from time import time

from django.conf import settings
from django.core.cache import cache


def client_address(request) -> str:
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _key(request, bucket: str) -> tuple[str, int]:
    window = settings.TABLESIDE_RATE_LIMITS[bucket][1]
    return f"tableside:{bucket}:{client_address(request)}:{int(time() // window)}", window


def exceeded(request, bucket: str) -> bool:
    """Whether the address is over the limit already, without counting this request."""
    key, _window = _key(request, bucket)
    return cache.get(key, 0) >= settings.TABLESIDE_RATE_LIMITS[bucket][0]


def allow(request, bucket: str) -> bool:
    """Count this request in ``bucket``; False once the address is over its limit."""
    key, window = _key(request, bucket)
    cache.add(key, 0, timeout=window + 1)
    try:
        count = cache.incr(key)
    except ValueError:  # the window expired between add and incr
        cache.set(key, 1, timeout=window + 1)
        count = 1
    return count <= settings.TABLESIDE_RATE_LIMITS[bucket][0]
