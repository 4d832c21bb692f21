"""``/metrics``: the site's figures for Prometheus, for the operators only (``access``).

- requests, responses and their latency by view and method: django-prometheus' middleware;
- renders and their times (``drives.instruments``), kept by the process that rendered;
- the task queue's depth and the age of its oldest waiting task, and the sheets under way,
  read from the database when scraped: the same figures from every server, whichever
  Prometheus asks.

gunicorn runs several worker processes, each counting its own requests. With
``PROMETHEUS_MULTIPROC_DIR`` set (config/gunicorn.py sets it) each writes its figures to a
file of its own there and this view sums them over the files (prometheus_client's
multiprocess mode); a worker that exits is marked dead so that its gauges stop counting,
while its counters keep what it did. Without it (``runserver``) the process's own figures
are served.
"""

import os
import threading
from wsgiref.simple_server import make_server

from django.db.models import Count
from django.http import Http404, HttpResponse
from django.views.decorators.http import require_safe
from django_tasks_db.models import DBTaskResult
from prometheus_client import REGISTRY, CollectorRegistry, generate_latest, make_wsgi_app
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST, ThreadingWSGIServer, _SilentHandler
from prometheus_client.multiprocess import MultiProcessCollector

from drives.models import PrintedSheet, SheetStatus
from drives.monitoring.access import allowed, request_allowed
from drives.monitoring.health import oldest_waiting_seconds


class QueueCollector:
    """Figures of the whole site, read from the database at each scrape (two queries)."""

    def collect(self):
        waiting = DBTaskResult.objects.ready().count()
        yield GaugeMetricFamily(
            "whist_task_queue_waiting", "Tasks ready to run and waiting for a worker.", waiting
        )
        yield GaugeMetricFamily(
            "whist_task_queue_oldest_waiting_seconds",
            "How long the oldest waiting task has waited for a worker.",
            oldest_waiting_seconds(),
        )
        under_way = dict(
            PrintedSheet.objects.filter(status__in=[SheetStatus.QUEUED, SheetStatus.RUNNING])
            .values_list("status")
            .annotate(Count("pk"))
        )
        sheets = GaugeMetricFamily(
            "whist_sheets_in_progress", "Sheets queued or rendering.", labels=["status"]
        )
        for status in (SheetStatus.QUEUED, SheetStatus.RUNNING):
            sheets.add_metric([str(status)], under_way.get(status, 0))
        yield sheets


def process_registry() -> CollectorRegistry:
    """This process's figures, or every worker's on this host in multiprocess mode."""
    if "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        registry = CollectorRegistry()
        MultiProcessCollector(registry)
        return registry
    return REGISTRY


@require_safe
def metrics(request):
    if not request_allowed(request):
        raise Http404("No such page.")
    site = CollectorRegistry()
    site.register(QueueCollector())
    body = generate_latest(process_registry()) + generate_latest(site)
    return HttpResponse(body, content_type=CONTENT_TYPE_LATEST)


def serve_worker_metrics(address: str, port: int) -> None:
    """A sheet worker's own figures (its renders) on ``address``:``port``, in a thread, for
    a worker on a host without an app server; the same token or addresses as ``/metrics``."""
    exporter = make_wsgi_app(process_registry())

    def guarded(environ, start_response):
        if not allowed(environ.get("HTTP_AUTHORIZATION", ""), environ.get("REMOTE_ADDR")):
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"Not found\n"]
        return exporter(environ, start_response)

    server = make_server(
        address, port, guarded, server_class=ThreadingWSGIServer, handler_class=_SilentHandler
    )
    threading.Thread(target=server.serve_forever, name="metrics", daemon=True).start()
