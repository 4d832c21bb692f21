"""A fixed-window request count per client address, kept in the shared cache.

The cache is the one every worker uses (settings.CACHES: Redis or the database in
production), so the limit holds for an address whichever worker answers it. Redis counts
atomically; the database cache reads and writes the count, so two requests at the same
instant may count once: a flood guard can live with that.
"""

from time import time

from django.conf import settings
from django.core.cache import cache


def client_address(request) -> str:
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _key(request, bucket: str) -> tuple[str, int]:
    window = settings.TABLESIDE_RATE_LIMITS[bucket][1]
    return f"tableside:{bucket}:{client_address(request)}:{int(time() // window)}", window


def allow(request, bucket: str) -> bool:
    """Count this request in ``bucket``; False once the address is over its limit."""
    key, window = _key(request, bucket)
    try:
        count = cache.incr(key)
    except ValueError:  # the window's first request
        count = 1 if cache.add(key, 1, timeout=window + 1) else cache.incr(key)
    return count <= settings.TABLESIDE_RATE_LIMITS[bucket][0]
