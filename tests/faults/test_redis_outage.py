"""Redis stopped, frozen and restarted under a site configured with REDIS_URL.

The cache only spares the database work, so every public page and the tables' phones
answer from the database while Redis is away; the phone pages' limit fails open for a
valid link and closed for a guessed one; and the site takes Redis back by itself. A private
redis-server (tests/faults/redis_server.py) plays the part; the test skips without one.
"""

import logging
import time

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse
from redis.backoff import NoBackoff
from redis.retry import Retry

from tests.conftest import (
    link_of,
    make_played_drive,
    make_season,
    make_started_drive,
    make_user,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("one_counting_window")]

TIMEOUT = 0.25
PAUSE = 60  # seconds a worker leaves Redis alone after a failure; longer than any test


def redis_cache(url, *, pause=PAUSE):
    options = {
        "socket_timeout": TIMEOUT,
        "socket_connect_timeout": TIMEOUT,
        "retry": Retry(NoBackoff(), 0),
        "outage_pause": pause,
    }
    backend = "drives.resilient_cache.ResilientRedisCache"
    return {"default": {"BACKEND": backend, "LOCATION": url, "OPTIONS": options}}


@pytest.fixture
def evening(club):
    """A finished drive in a season (standings, season, club and player pages), and a
    running one whose first table's phone link is used."""
    season = make_season(club)
    finished = make_played_drive(club, players=8, deals=4, season=season, title="Finished")
    running = make_started_drive(club, players=8, deals=4, title="Running")
    link = link_of(running)
    pages = {
        "home": reverse("drives:home"),
        "club": reverse("drives:club", args=[club.slug]),
        "season": reverse("drives:season", args=[season.pk]),
        "standings": reverse("drives:standings", args=[finished.pk]),
        "drive": reverse("drives:drive", args=[finished.pk]),
        "table": reverse("drives:table_page", args=[link.token]),
    }
    return pages, finished


def answers(client, pages):
    """Each page's status, and the slowest answer in seconds."""
    statuses, slowest = {}, 0.0
    for name, url in pages.items():
        began = time.perf_counter()
        statuses[name] = client.get(url).status_code
        slowest = max(slowest, time.perf_counter() - began)
    return statuses, slowest


def all_ok(pages):
    return dict.fromkeys(pages, 200)


def test_pages_and_phones_answer_from_the_database_while_redis_is_stopped(
    client, evening, redis_server, caplog
):
    pages, _ = evening
    with override_settings(CACHES=redis_cache(redis_server.url)):
        assert answers(client, pages)[0] == all_ok(pages)
        redis_server.stop()
        with caplog.at_level(logging.WARNING, logger="drives.resilient_cache"):
            for _ in range(3):
                assert answers(client, pages)[0] == all_ok(pages)
        outages = [r for r in caplog.records if "did not answer" in r.getMessage()]
        assert len(outages) == 1  # said once, not at every call


def test_a_frozen_redis_costs_one_timeout_then_nothing(client, evening, redis_server, caplog):
    """SIGSTOP: connections stay open and nothing answers. The first call waits out the
    socket timeout; the calls after it leave Redis alone for the pause."""
    pages, _ = evening
    with override_settings(CACHES=redis_cache(redis_server.url)):
        answers(client, pages)
        redis_server.freeze()
        waits = []
        with caplog.at_level(logging.WARNING, logger="drives.resilient_cache"):
            for _ in range(5):
                statuses, slowest = answers(client, pages)
                assert statuses == all_ok(pages)
                waits.append(slowest)
        redis_server.thaw()
    print(f"slowest page each pass while Redis was frozen: {[round(w, 3) for w in waits]} s")
    outages = [r for r in caplog.records if "did not answer" in r.getMessage()]
    assert len(outages) == 1


def test_the_site_takes_redis_back_by_itself(client, evening, redis_server, caplog):
    pages, _ = evening
    with override_settings(CACHES=redis_cache(redis_server.url, pause=0.5)):
        redis_server.stop()
        assert answers(client, pages)[0] == all_ok(pages)
        redis_server.start()  # the same port, empty
        time.sleep(0.6)
        with caplog.at_level(logging.WARNING, logger="drives.resilient_cache"):
            _wait_until_cache_answers()
            assert answers(client, pages)[0] == all_ok(pages)
        assert any("answers again" in r.getMessage() for r in caplog.records)
        # The pages fill the cache again: a finished drive's summary is kept there.
        assert any(key.startswith(b":1:drive-summary:") for key in _keys(redis_server))


def _keys(server):
    import redis

    return redis.Redis.from_url(server.url).keys("*")


@override_settings(TABLESIDE_RATE_LIMITS={"requests": (3, 60), "lookups": (2, 600)})
def test_the_phone_limits_fail_open_for_a_table_and_closed_for_a_guess(
    client, evening, redis_server
):
    pages, _ = evening
    guess = reverse("drives:table_page", args=["0" * 26])
    with override_settings(CACHES=redis_cache(redis_server.url)):
        redis_server.stop()
        # Over the three requests a minute, since nothing can be counted: the table goes on.
        assert [client.get(pages["table"]).status_code for _ in range(5)] == [200] * 5
        # A link that opens nothing is refused at once while guesses cannot be counted.
        refused = client.get(guess)
        assert refused.status_code == 429
        assert "Too many requests" in refused.text


@override_settings(TABLESIDE_RATE_LIMITS={"requests": (3, 60), "lookups": (2, 600)})
def test_a_restarted_redis_starts_the_phone_limits_again(client, evening, redis_server):
    """A restart empties Redis (it keeps nothing on disk here): the counts start again from
    nought, and the limit holds again once the site has taken Redis back."""
    pages, _ = evening
    with override_settings(CACHES=redis_cache(redis_server.url, pause=0.2)):
        before = [client.get(pages["table"]).status_code for _ in range(4)]
        redis_server.stop()
        redis_server.start()  # the same port, empty
        time.sleep(0.3)
        _wait_until_cache_answers()
        after = [client.get(pages["table"]).status_code for _ in range(4)]
    assert before == [200, 200, 200, 429]
    assert after == [200, 200, 200, 429]


def _wait_until_cache_answers():
    deadline = time.monotonic() + 10
    while cache.get("probe") is None and time.monotonic() < deadline:
        cache.set("probe", "back")
        time.sleep(0.1)
    assert cache.get("probe") == "back"


def test_a_result_entered_while_redis_is_away_shows_once_it_is_back(client, club, redis_server):
    """Nothing stale is served: what the cache holds is keyed by what it was made from."""
    drive = make_played_drive(club, players=8, deals=4)
    url = reverse("drives:standings", args=[drive.pk])
    with override_settings(CACHES=redis_cache(redis_server.url, pause=0.2)):
        before = client.get(url).text
        redis_server.freeze()
        drive.title = "Renamed while Redis slept"
        drive.save()
        assert "Renamed while Redis slept" in client.get(url).text
        redis_server.thaw()
        time.sleep(0.3)
        after = client.get(url).text
    assert "Renamed while Redis slept" not in before
    assert "Renamed while Redis slept" in after


@pytest.mark.parametrize("fault", ["stop", "freeze"])
def test_organisers_log_in_while_redis_is_away(client, redis_server, fault):
    """Log-in throttling (django-axes) counts in the database, and django-allauth's own
    limits, which lock with cache.add, go on as if the cache were empty. (Before, allauth's
    lock was refused: a second's wait, then 429 for every log-in.)"""
    make_user("margaret", password="correct-horse-battery")
    with override_settings(CACHES=redis_cache(redis_server.url)):
        getattr(redis_server, fault)()
        response = client.post(
            "/accounts/login/", {"username": "margaret", "password": "correct-horse-battery"}
        )
        redis_server.thaw()
    assert response.status_code == 302
    assert "_auth_user_id" in client.session
