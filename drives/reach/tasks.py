"""The background task of results e-mails, run by ``manage.py db_worker`` (django-tasks)."""

from django_tasks import task

from drives.reach import mailing


@task()
def send_results(mailing_id: int) -> None:
    mailing.deliver(mailing_id)
