"""The background tasks of printing, run by ``manage.py db_worker`` (django-tasks)."""

from django_tasks import task

from drives.printing import jobs


@task()
def render_sheet(sheet_id: int) -> None:
    jobs.run(sheet_id)


@task()
def prerender_drive(drive_id: int) -> None:
    """Queue the sheets wanted first at a drive: their fingerprints read every seating and
    result, which the request that opened the round should not wait for."""
    jobs.prerender(drive_id)
