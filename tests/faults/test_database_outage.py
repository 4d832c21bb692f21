"""The sheet worker and a PostgreSQL outage, on a PostgreSQL the test starts itself: the
worker waits for the database rather than exiting, whether it goes away under a render or
is not there yet when the worker starts, and the sheet is printed once it is back."""

import time

from tests.faults.conftest import stop, wait_for

AWAY = "The database is away"


def ready(site, sheet):
    return lambda: (row := site.sheet(sheet))["status"] == "ready" and row


def test_a_database_stopped_under_a_render_and_started_again_loses_nothing(
    postgresql, postgresql_site
):
    site = postgresql_site
    sheet = site.queue_scorecards(players=28)
    worker = site.worker("outage")
    try:
        wait_for(lambda: site.sheet(sheet)["status"] == "running", timeout=60, what="the render")
        postgresql.stop()
        stopped = time.monotonic()
        wait_for(lambda: AWAY in site.log("outage"), timeout=60, what="the worker to notice")
        time.sleep(6)  # several tries at the database, each refused
        assert worker.poll() is None, site.log("outage")  # waiting, not gone
        outage = time.monotonic() - stopped
        postgresql.start()
        started = time.monotonic()

        row = wait_for(ready(site, sheet), timeout=120, what="the sheet after the outage")
        recovered = time.monotonic() - started
        assert worker.poll() is None
    finally:
        stop(worker)
    print(
        f"\nPostgreSQL stopped {outage:.1f} s under a render: the worker waited; the sheet "
        f"ready {recovered:.1f} s after PostgreSQL was back"
    )
    assert row["done"] == row["total"] == 28 and row["failure"] == ""
    assert (site.media / row["file"]).stat().st_size > 0


def test_a_worker_started_while_the_database_is_down_waits_for_it(postgresql, postgresql_site):
    site = postgresql_site
    sheet = site.queue_scorecards(players=8)
    postgresql.stop()
    worker = site.worker("early")
    try:
        wait_for(lambda: AWAY in site.log("early"), timeout=60, what="the worker to wait")
        time.sleep(3)
        assert worker.poll() is None, site.log("early")
        postgresql.start()
        started = time.monotonic()

        wait_for(ready(site, sheet), timeout=120, what="the sheet once the database is up")
        recovered = time.monotonic() - started
    finally:
        stop(worker)
    print(f"\nworker started with PostgreSQL down: sheet ready {recovered:.1f} s after it came up")
