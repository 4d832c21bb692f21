"""``manage.py db_worker``: django-tasks-db's worker, which prints the sheets, made to last
through a bad night. It takes the place of the library's command (``drives`` comes first
in ``INSTALLED_APPS``) and keeps its options.

- The database away (stopped, restarting, unreachable, or not up yet when the worker
  starts): the library's worker exits; this one says so, waits (half a second, doubling
  up to ``RETRY_CEILING``) and carries on when the database answers again, as the web
  workers do. A render cut short by the outage is handed on by its lease.
- Its own metrics (renders and their times) on ``WORKER_METRICS_PORT`` when set, for a worker
  on a host with no app server to gather them (``drives.monitoring.metrics``).
- A worker killed mid-render: a watchdog thread looks for renders whose lease ran out
  (``jobs.sheets_recover``) every third of ``PRINT_LEASE_SECONDS``, so another worker, or
  this one restarted, prints them again. Django-tasks-db itself has no lease: the dead
  worker's task would stay "running" for ever.
"""

import threading
import time
from unittest import mock

from django.conf import settings
from django.db import DatabaseError, close_old_connections, connection, connections
from django_tasks_db.management.commands import db_worker as library

from drives.monitoring.metrics import serve_worker_metrics
from drives.printing import jobs

#: The longest wait, in seconds, between two tries at a database that is away.
RETRY_CEILING = 10.0


class Worker(library.Worker):
    def run(self) -> None:
        stop = threading.Event()
        watchdog = threading.Thread(
            target=self.watch_leases, args=(stop,), name="sheet-leases", daemon=True
        )
        watchdog.start()
        try:
            self.run_through_outages()
        finally:
            stop.set()
            watchdog.join()

    def run_through_outages(self) -> None:
        wait = 0.5
        while self.running:
            try:
                return super().run()
            except jobs.DATABASE_AWAY as error:
                library.logger.warning(
                    "The database is away (%s); trying again in %.1f s", str(error).strip(), wait
                )
                connections.close_all()
                time.sleep(wait)
                wait = min(2 * wait, RETRY_CEILING)

    @staticmethod
    def watch_leases(stop: threading.Event) -> None:
        try:
            while True:
                try:
                    close_old_connections()
                    jobs.sheets_recover()
                except DatabaseError:
                    connection.close()  # away: the main loop says so; try again later
                if stop.wait(settings.PRINT_LEASE_SECONDS / 3):
                    return
        finally:
            connection.close()  # this thread's own


class Command(library.Command):
    help = "Run the sheets' background worker, through database outages and dead workers"

    def handle(self, *args, **options) -> None:
        if settings.WORKER_METRICS_PORT:
            serve_worker_metrics(settings.WORKER_METRICS_ADDRESS, settings.WORKER_METRICS_PORT)
        # The library's command builds its worker by this module-level name; the rest of
        # it (options, logging, signals, the reloader) is kept as it is.
        with mock.patch.object(library, "Worker", Worker):
            super().handle(*args, **options)
