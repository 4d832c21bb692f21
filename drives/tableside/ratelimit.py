"""The phone pages' two limits per client address (settings.TABLESIDE_RATE_LIMITS).

"requests" counts every request and fails open: while the cache is away the hall's phones
go on. "lookups" counts only tokens that open nothing and fails closed: guessing stops
while the count is unknown. Both count through drives.limits.
"""

from django.conf import settings

from drives import limits

OPEN_WHEN_UNCOUNTED = {"requests": True, "lookups": False}


def allow(request, bucket: str) -> bool:
    """Count this request in ``bucket``; False once the address is over its limit."""
    limit, window = settings.TABLESIDE_RATE_LIMITS[bucket]
    return limits.allow(
        request,
        f"tableside-{bucket}",
        limit,
        window,
        when_unknown=OPEN_WHEN_UNCOUNTED[bucket],
    )
