"""Rate-limit counts lose nothing when many requests arrive at one instant, on every cache.

Threads released together by a barrier each count through drives.limits, as gunicorn's
workers and threads would; the total must be exact. (Before, the database cache's
read-then-write counted 448 of 660 requests.) The processes' side is the proxy flood test.
"""

import threading

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import override_settings

from drives import limits
from drives.models import RateCount

THREADS = 8
EACH = 40


def count_together(key: str) -> list[int]:
    start = threading.Barrier(THREADS)
    seen: list[int] = []
    lock = threading.Lock()

    def work():
        start.wait()
        try:
            mine = [limits.count(key, 60) for _ in range(EACH)]
        finally:
            connection.close()
        with lock:
            seen.extend(mine)

    threads = [threading.Thread(target=work) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return seen


def assert_exact(seen: list[int]) -> None:
    # Every request got its own number: none counted twice, none lost.
    assert sorted(seen) == list(range(1, THREADS * EACH + 1))


def test_the_memory_cache_counts_every_request():
    assert_exact(count_together("limit:test:memory"))


def test_redis_counts_every_request(redis_server):
    cache = {"BACKEND": "drives.resilient_cache.ResilientRedisCache", "LOCATION": redis_server.url}
    with override_settings(CACHES={"default": cache}):
        assert_exact(count_together("limit:test:redis"))


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="SQLite's test database is one in-memory file"
)
def test_the_database_counts_every_request_in_one_statement():
    database_cache = {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "t"}
    with override_settings(CACHES={"default": database_cache}):
        call_command("createcachetable", verbosity=0)
        assert_exact(count_together("limit:test:database"))
    assert RateCount.objects.get(key="limit:test:database").count == THREADS * EACH


@pytest.mark.django_db
def test_the_database_count_starts_each_window_afresh_and_forgets_ended_ones():
    database_cache = {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "t"}
    with override_settings(CACHES={"default": database_cache}):
        assert [limits.count("limit:a:1", 60) for _ in range(3)] == [1, 2, 3]
        RateCount.objects.filter(key="limit:a:1").update(expires="2020-01-01T00:00:00Z")
        assert limits.count("limit:a:2", 60) == 1  # the next window
    assert list(RateCount.objects.values_list("key", flat=True)) == ["limit:a:2"]
