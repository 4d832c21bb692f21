"""The background task that renders a sheet, run by ``manage.py db_worker`` (django-tasks)."""

from django_tasks import task

from drives.printing import jobs


@task()
def render_sheet(sheet_id: int) -> None:
    jobs.run(sheet_id)
