"""A fixed-window request count per client address, kept in the "ratelimit" cache.

That cache is each server process's own memory (see settings), so with four workers an
address may make up to four times the limit: enough to stop a runaway script, and no
database write for a phone opening its page.
"""

from time import time

from django.conf import settings
from django.core.cache import caches


def client_address(request) -> str:
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _key(request, bucket: str) -> tuple[str, int]:
    window = settings.TABLESIDE_RATE_LIMITS[bucket][1]
    return f"tableside:{bucket}:{client_address(request)}:{int(time() // window)}", window


def allow(request, bucket: str) -> bool:
    """Count this request in ``bucket``; False once the address is over its limit."""
    key, window = _key(request, bucket)
    counts = caches["ratelimit"]
    try:
        count = counts.incr(key)
    except ValueError:  # the window's first request, or its count just expired
        counts.add(key, 0, timeout=window + 1)
        count = counts.incr(key)
    return count <= settings.TABLESIDE_RATE_LIMITS[bucket][0]
