"""Redis as an accelerator the site can do without (settings.CACHES with REDIS_URL).

Every page works from the database alone: the cache only spares it work (rendered
fragments, finished drives' summaries, rate-limit counts). So when Redis is stopped,
unreachable or frozen, a call answers at once as if the cache were empty: a read misses, a
write is dropped, and ``add`` says it stored the value, since nothing held stands in its way
(django-allauth takes a lock with ``add`` before each of its rate limits: refused, it waited
a second and answered 429, so no one could log in). Only a count that a limit depends on
cannot be guessed: ``incr`` raises :class:`CacheUnavailable` and the limit decides
(drives.limits).

A failed call costs at most the socket timeouts in settings (a fraction of a second); after
it, the process leaves Redis alone for ``outage_pause`` seconds, so the requests behind it
pay nothing, then tries again: the site takes Redis back by itself once it answers.

Shared by every room: imports nothing of ``drives``.
"""

import logging
import threading
import time

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

# Seconds Redis is left alone after a failed call, unless OPTIONS say otherwise.
OUTAGE_PAUSE = 5.0

# Per process and server, shared by the threads' own cache objects: the monotonic time
# until which calls skip Redis.
_away_until: dict[str, float] = {}
_lock = threading.Lock()


class CacheUnavailable(Exception):
    """The cache did not answer, so a count kept there is unknown."""


class ResilientRedisClient(RedisCacheClient):
    def __init__(self, servers, *, outage_pause: float = OUTAGE_PAUSE, **options):
        super().__init__(servers, **options)
        self._server = servers[0]
        self._outage_pause = outage_pause

    def _guard(self, call, fallback, *args):
        """``call(*args)``, or ``fallback`` (raised if it is an exception) without waiting
        while Redis is away."""
        if time.monotonic() < _away_until.get(self._server, 0.0):
            return _fallback(fallback)
        try:
            result = call(*args)
        except RedisError as error:
            self._went_away(error)
            return _fallback(fallback)
        if self._server in _away_until:
            self._came_back()
        return result

    def _went_away(self, error: Exception) -> None:
        with _lock:
            first = self._server not in _away_until
            _away_until[self._server] = time.monotonic() + self._outage_pause
        if first:
            log.warning(
                "The shared cache (Redis) did not answer (%s): pages are served from the "
                "database, and it is tried again every %g s.",
                type(error).__name__,
                self._outage_pause,
            )

    def _came_back(self) -> None:
        with _lock:
            if _away_until.pop(self._server, None) is None:
                return
        log.warning("The shared cache (Redis) answers again.")

    def add(self, key, value, timeout):
        return self._guard(super().add, True, key, value, timeout)

    def get(self, key, default):
        return self._guard(super().get, default, key, default)

    def set(self, key, value, timeout):
        return self._guard(super().set, None, key, value, timeout)

    def touch(self, key, timeout):
        return self._guard(super().touch, False, key, timeout)

    def delete(self, key):
        return self._guard(super().delete, False, key)

    def get_many(self, keys):
        return self._guard(super().get_many, {}, keys)

    def has_key(self, key):
        return self._guard(super().has_key, False, key)

    def incr(self, key, delta):
        return self._guard(super().incr, CacheUnavailable(), key, delta)

    def set_many(self, data, timeout):
        return self._guard(super().set_many, None, data, timeout)

    def delete_many(self, keys):
        return self._guard(super().delete_many, None, keys)

    def clear(self):
        return self._guard(super().clear, False)


def _fallback(fallback):
    if isinstance(fallback, Exception):
        raise fallback
    return fallback


class ResilientRedisCache(RedisCache):
    """Django's Redis cache, answering without Redis while it is away (see above)."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ResilientRedisClient
