"""The health endpoint, the metrics and the request log: what they say, and to whom."""

import datetime as dt
import json
import logging

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from health_check import Database
from health_check.exceptions import ServiceUnavailable

from bench.serve import Client, free_port
from drives.monitoring import health as health_module
from drives.printing.tasks import prerender_drive
from tests.conftest import link_of
from tests.drives.printing.test_printing_jobs import DATABASE, scorecards_url

STRANGER = "203.0.113.9"


@pytest.fixture(autouse=True)
def _fresh_checks(monkeypatch):
    """Each test sees its own services, not the answers an earlier test left in the process."""
    monkeypatch.setattr(health_module, "_shared", {})


def health(client, **headers):
    return client.get(reverse("health"), **headers)


@pytest.mark.django_db
def test_health_says_ok_for_every_service_from_an_allowed_address(client):
    response = health(client)

    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "checks": {"database": "ok", "cache": "ok", "storage": "ok", "task_queue": "ok"},
    }
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
@override_settings(MONITORING_TOKEN="operators-only-secret")
def test_health_and_metrics_are_a_404_to_others_unless_they_bear_the_token(client):
    assert health(client, REMOTE_ADDR=STRANGER).status_code == 404
    assert client.get(reverse("metrics"), REMOTE_ADDR=STRANGER).status_code == 404
    wrong = {"HTTP_AUTHORIZATION": "Bearer guess", "REMOTE_ADDR": STRANGER}
    assert health(client, **wrong).status_code == 404

    right = {"HTTP_AUTHORIZATION": "Bearer operators-only-secret", "REMOTE_ADDR": STRANGER}
    assert health(client, **right).status_code == 200
    assert client.get(reverse("metrics"), **right).status_code == 200


@pytest.mark.django_db
@override_settings(TRUSTED_PROXIES=1)
def test_a_visitor_through_the_balancer_is_not_the_balancer(client):
    through = health(client, REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=STRANGER)
    own_check = health(client, REMOTE_ADDR="127.0.0.1")  # the balancer's own request

    assert through.status_code == 404
    assert own_check.status_code == 200


@pytest.mark.django_db
def test_without_its_database_the_server_leaves_the_balancer(client, monkeypatch):
    def refused(check):
        raise ServiceUnavailable("connection refused")

    monkeypatch.setattr(Database, "run", refused)

    response = health(client)

    assert response.status_code == 503
    assert response.json()["status"] == "down"
    assert response.json()["checks"]["database"] == "Unavailable: connection refused"


@pytest.mark.django_db
def test_a_redis_that_is_away_degrades_the_server_but_keeps_it_serving(client, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "drives.resilient_cache.ResilientRedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",  # the discard port: nothing listens
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }

    response = health(client)

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "degraded" and body["checks"]["database"] == "ok"
    assert body["checks"]["cache"] != "ok"


@pytest.mark.django_db
def test_storage_that_cannot_be_written_degrades_the_server(client, settings, tmp_path):
    blocked = tmp_path / "a-file-not-a-folder"
    blocked.write_text("")
    settings.MEDIA_ROOT = blocked

    response = health(client)

    assert response.status_code == 200
    assert response.json()["status"] == "degraded" and response.json()["checks"]["storage"] != "ok"


@pytest.mark.django_db
@override_settings(TASKS=DATABASE, HEALTH_QUEUE_MAX_WAIT=300)
def test_a_task_waiting_too_long_shows_in_health_and_metrics(client, running_drive):
    prerender_drive.enqueue(running_drive.pk)
    DBTaskResult.objects.update(enqueued_at=timezone.now() - dt.timedelta(minutes=10))

    body = health(client).json()
    metrics = client.get(reverse("metrics")).text

    assert body["status"] == "degraded"
    assert body["checks"]["task_queue"].startswith("Warning: the oldest waiting task has waited 6")
    assert "whist_task_queue_waiting 1.0" in metrics
    oldest = next(
        line for line in metrics.splitlines() if line.startswith("whist_task_queue_oldest")
    )
    assert 599 < float(oldest.split()[-1]) < 700


@pytest.mark.django_db
def test_metrics_count_requests_by_view_and_time_renders(client, running_drive):
    client.get(reverse("drives:home"))
    client.get(scorecards_url(running_drive))  # rendered at once by the test's task backend

    metrics = client.get(reverse("metrics"))

    assert metrics.status_code == 200
    assert metrics["Content-Type"].startswith("text/plain")
    text = metrics.text
    by_view = "django_http_requests_latency_seconds_by_view_method_count"
    home = by_view + '{method="GET",view="drives:home"}'
    assert home in text
    assert 'whist_sheet_render_seconds_count{kind="scorecards"}' in text
    assert 'whist_sheet_renders_total{kind="scorecards",outcome="ready"}' in text
    assert 'whist_sheets_in_progress{status="running"} 0.0' in text


@pytest.mark.django_db
def test_each_request_is_one_json_line_with_the_table_token_masked(client, running_drive, caplog):
    link = link_of(running_drive)
    caplog.set_level(logging.INFO, logger="drives.requests")

    client.get(f"/t/{link.token}/?from=qr")

    (record,) = [r for r in caplog.records if r.name == "drives.requests"]
    formatter = logging.getLogger("drives.requests").handlers[0].formatter
    line = formatter.format(record)
    assert "\n" not in line and link.token not in line and "from=qr" not in line
    logged = json.loads(line)
    assert logged["path"] == f"/t/{link.token[:4]}…/"
    assert logged["message"] == f"GET /t/{link.token[:4]}…/ 200"
    assert logged["status"] == 200 and logged["view"] == "drives:table_page"
    assert logged["method"] == "GET" and logged["client"] == "127.0.0.1"
    assert logged["ms"] > 0 and logged["bytes"] > 0 and logged["level"] == "INFO"


@override_settings(MONITORING_TOKEN="operators-only-secret", MONITORING_ADDRESSES=["10.9.9.9"])
def test_a_sheet_workers_own_metrics_are_for_the_operators_only():
    from drives.instruments import sheet_renders
    from drives.monitoring.metrics import serve_worker_metrics

    port = free_port()
    serve_worker_metrics("127.0.0.1", port)
    sheet_renders.labels("league", "failed").inc()

    stranger = Client(port).get("/metrics")
    operator = Client(port).get(
        "/metrics", headers={"Authorization": "Bearer operators-only-secret"}
    )

    assert stranger.status == 404 and "whist" not in stranger.text
    assert operator.status == 200
    assert 'whist_sheet_renders_total{kind="league",outcome="failed"}' in operator.text


@pytest.mark.django_db
@override_settings(HEALTH_SHARED_SECONDS=60)
def test_the_shared_services_are_checked_once_a_while_the_database_every_time(client, monkeypatch):
    from health_check import Storage

    writes = []
    check = Storage.run
    monkeypatch.setattr(Storage, "run", lambda self: writes.append(1) or check(self))

    def gone(check):
        raise ServiceUnavailable("gone")

    first = health(client)
    monkeypatch.setattr(Database, "run", gone)
    second = health(client)

    assert len(writes) == 1  # one write to the storage for both probes
    assert first.json()["checks"]["storage"] == second.json()["checks"]["storage"] == "ok"
    assert second.status_code == 503  # the database, asked again, is gone
