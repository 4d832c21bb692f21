"""``/health/``: may this server take requests? For the load balancer, and for people.

django-health-check runs the checks side by side (each with its own time limit): the
database (``SELECT 1`` on a connection of its own), the cache (a value set and read back),
the sheets' storage (a small file written, read and deleted) and the task queue (how long
the oldest waiting task has waited). The answer is 200 while the database answers, 503 when
it does not. The cache, the storage and the queue are shared by every server: a failure
there is the same on all of them, and taking them all out of the balancer would stop pages
that still work (Redis is only an accelerator; a full queue only delays sheets). So they are
reported in the body ("degraded") and in the metrics, for a person to act on.

The balancer asks every second or two. The database is checked each time; the shared
services' answers are kept for ``HEALTH_SHARED_SECONDS`` in each process, since they are the
same for every server and decide nothing: on a busy night a write to the object store at
every probe held a gunicorn worker for seconds (bench/fleet.py).
"""

import asyncio
import dataclasses
import datetime as dt
import math
import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db.models import Min
from django.http import Http404, JsonResponse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from health_check import Cache, Database, HealthCheck, Storage
from health_check.exceptions import ServiceWarning
from health_check.views import HealthCheckView

from drives.monitoring.access import request_allowed


def oldest_waiting_seconds() -> float:
    """How long the oldest task ready to run has waited for a worker; 0 for none."""
    oldest = DBTaskResult.objects.ready().aggregate(oldest=Min("enqueued_at"))["oldest"]
    return (timezone.now() - oldest).total_seconds() if oldest else 0.0


@dataclasses.dataclass
class TaskQueue(HealthCheck):
    """The sheet and e-mail queue: a task waiting longer than ``HEALTH_QUEUE_MAX_WAIT``
    seconds means too few workers, or none running."""

    timeout = dt.timedelta(seconds=5)

    async def run(self) -> None:
        # On the request's own thread and connection: a pool thread would open a
        # connection of its own at every check and never close it.
        waited = await sync_to_async(oldest_waiting_seconds, thread_sensitive=True)()
        if waited > settings.HEALTH_QUEUE_MAX_WAIT:
            raise ServiceWarning(f"the oldest waiting task has waited {waited:.0f} s")


#: The checks by the names the answer gives them; only the first may fail the server.
CHECKS = {"database": Database, "cache": Cache, "storage": Storage, "task_queue": TaskQueue}
CRITICAL = {"database"}
#: The shared services' latest answers in this process: name → (when, state).
_shared: dict[str, tuple[float, str]] = {}


class Health(HealthCheckView):
    async def get(self, request, *args, **kwargs):
        if not request_allowed(request):
            raise Http404("No such page.")
        now = time.monotonic()
        due = [
            name
            for name in CHECKS
            if name in CRITICAL
            or now - _shared.get(name, (-math.inf, ""))[0] >= settings.HEALTH_SHARED_SECONDS
        ]
        with self.get_executor() as executor:
            results = await asyncio.gather(*(CHECKS[name]().get_result(executor) for name in due))
        states = {}
        for name, result in zip(due, results, strict=True):
            states[name] = str(result.error) if result.error else "ok"
            if name not in CRITICAL:
                _shared[name] = (now, states[name])
        states = {name: states.get(name) or _shared[name][1] for name in CHECKS}
        down = any(states[name] != "ok" for name in CRITICAL)
        degraded = any(state != "ok" for state in states.values())
        overall = "down" if down else ("degraded" if degraded else "ok")
        return JsonResponse({"status": overall, "checks": states}, status=503 if down else 200)
