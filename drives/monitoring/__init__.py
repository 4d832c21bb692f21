"""What the people running the site watch: the health endpoint the load balancer asks, the
Prometheus metrics, and one JSON log line a request.

- ``health``: ``/health/``, the database, the cache, the sheets' storage and the age of the
  oldest task waiting in the queue (django-health-check's checks). Only the database takes a
  server out of the balancer; the others are shared by every server, so failing them all
  would turn a slower site into no site: they are reported, not fatal.
- ``metrics``: ``/metrics``, requests and their latency by view (django-prometheus), the
  queue's depth and age, renders and their times (``drives.instruments``), summed over
  gunicorn's workers (config/gunicorn.py). ``worker_metrics`` serves a sheet worker's own.
- ``access``: both are for the site's operators only: a bearer token or an allowed address.
- ``request_log``: the middleware that writes each request as one JSON line, table links'
  secrets masked.

The top of the rooms: may import any of them, and none imports it.
"""
