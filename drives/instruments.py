"""The figures the site's processes keep about their own work, for Prometheus
(``prometheus_client``): what a render took, and how it ended.

Kept by whichever process does the work (the sheet worker; a web worker for a sheet of a few
pages) and exported by ``drives.monitoring``: gathered across gunicorn's workers through
``PROMETHEUS_MULTIPROC_DIR`` (config/gunicorn.py), or from a worker on a host of its own by
its own small endpoint (``db_worker`` with ``METRICS_PORT``).

Shared by every room: imports nothing of ``drives``.
"""

from prometheus_client import Counter, Histogram

#: A scorecard pack of a small drive takes a second, a large league table a minute.
RENDER_BUCKETS = (0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300)

sheet_render_seconds = Histogram(
    "whist_sheet_render_seconds",
    "Seconds from a render's start to its file stored, by kind of sheet.",
    ["kind"],
    buckets=RENDER_BUCKETS,
)
sheet_renders = Counter(
    "whist_sheet_renders",
    "Renders finished, by kind of sheet and outcome (ready or failed).",
    ["kind", "outcome"],
)
