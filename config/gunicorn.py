"""gunicorn's settings for Whist Drive: ``gunicorn -c config/gunicorn.py config.wsgi``.

Prometheus' figures are counted in each worker process, and a scrape reaches one of them:
prometheus_client's multiprocess mode has every worker write its figures to files in
``PROMETHEUS_MULTIPROC_DIR``, which ``/metrics`` sums (drives.monitoring.metrics). This file
gives the workers that folder (a fresh one unless set), empties it when the server starts
(figures of a previous run would be added to this one's) and marks each exiting worker dead
so that its gauges stop counting. Other settings come from the command line or
GUNICORN_CMD_ARGS as usual.
"""

import os
import shutil
import tempfile

from prometheus_client import multiprocess

os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", tempfile.mkdtemp(prefix="whist-metrics-"))


def on_starting(server):
    folder = os.environ["PROMETHEUS_MULTIPROC_DIR"]
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder, exist_ok=True)


def child_exit(server, worker):
    multiprocess.mark_process_dead(worker.pid)
