"""Per-address limits: who the client is, and how many times it has asked in a window.

Every limit (the phone pages, anonymous sheet renders, log-ins through django-axes) takes
the address from :func:`client_address`, so all of them count the visitor rather than the
proxy in front of the site. Counts are fixed windows kept where every worker sees them, and
each request is added atomically:

- Redis, memcached and the per-process memory cache add one in a single step (INCR);
- any other cache (the database cache reads a value, then writes it: two requests at one
  instant would count once) counts in the ``RateCount`` table, one upsert a request.

When the cache cannot say (Redis away, drives.resilient_cache), the caller chooses: a limit
that guards the site's own pages fails open, one against guessing fails closed.

Shared by every room: imports only ``drives.models`` and ``drives.resilient_cache``.
"""

import datetime as dt
import ipaddress
from time import time

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.memcached import BaseMemcachedCache
from django.core.cache.backends.redis import RedisCache
from django.db import connection
from django.utils import timezone

from drives.models import RateCount
from drives.resilient_cache import CacheUnavailable

ATOMIC_CACHES = (RedisCache, BaseMemcachedCache, LocMemCache)


def client_address(request) -> str | None:
    """The address of the client, as the nearest proxy we trust saw it (None if unknown).

    Behind ``TRUSTED_PROXIES`` reverse proxies every request comes from the last of them,
    and each proxy appends the address it was reached from to X-Forwarded-For. So the
    client is the entry that many places from the right: the right-most one no trusted
    proxy wrote is whatever the client chose to send, and so is everything left of it.
    """
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = settings.TRUSTED_PROXIES
    if proxies:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if len(hops) >= proxies:
            remote = hops[-proxies]
    try:
        return str(ipaddress.ip_address(remote))
    except ValueError:  # no proxy of ours writes that: a misconfigured chain, or a socket
        return None


def allow(request, name: str, limit: int, window: int, *, when_unknown: bool) -> bool:
    """Count this request in the client's current ``window`` seconds of ``name``: False once
    it is over ``limit``, and ``when_unknown`` when the count cannot be kept."""
    address = client_address(request) or "unknown"
    key = f"limit:{name}:{address}:{int(time() // window)}"
    try:
        return count(key, window) <= limit
    except CacheUnavailable:
        return when_unknown


def count(key: str, window: int) -> int:
    """Add one to ``key`` (made afresh for ``window`` seconds) and return its count."""
    if isinstance(caches[DEFAULT_CACHE_ALIAS], ATOMIC_CACHES):
        return _count_in_cache(key, window)
    return _count_in_table(key, window)


def _count_in_cache(key: str, window: int) -> int:
    cache.add(key, 0, timeout=window + 1)
    try:
        return cache.incr(key)
    except ValueError:  # evicted since the add: this request starts it again
        cache.add(key, 1, timeout=window + 1)
        return 1


def _count_in_table(key: str, window: int) -> int:
    now = timezone.now()
    table = connection.ops.quote_name(RateCount._meta.db_table)
    key_column, count_column, expires_column = (
        connection.ops.quote_name(name) for name in ("key", "count", "expires")
    )
    expires = connection.ops.adapt_datetimefield_value(now + dt.timedelta(seconds=window + 1))
    # One statement, so the database adds one to the row under its own lock: PostgreSQL and
    # SQLite (3.35+) both insert-or-update and return the new count.
    sql = (
        f"INSERT INTO {table} ({key_column}, {count_column}, {expires_column}) "
        f"VALUES (%s, 1, %s) ON CONFLICT ({key_column}) "
        f"DO UPDATE SET {count_column} = {table}.{count_column} + 1 RETURNING {count_column}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [key, expires])
        (total,) = cursor.fetchone()
    if total == 1:  # a new window: the ended ones are no use to anyone
        RateCount.objects.filter(expires__lt=now).delete()
    return total
