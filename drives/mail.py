"""E-mail, always sent by the worker (``manage.py db_worker``), never inside a request.

A request only queues the message: an SMTP server that is slow or down then delays the
e-mail, never the page. A message is a template: ``<template>_subject.txt``,
``<template>.txt`` and, when there is one, ``<template>.html``, rendered in the recipient's
language. ``send_later`` queues one from a request; ``send_templated`` renders and sends it
at once, for code that already runs in the worker (a task's body). ``send_rendered_later``
queues a message already written (django-allauth's, whose context holds objects a queue
cannot carry).

Where the messages go is the settings' ``EMAIL_BACKEND``: files under ``MAIL_FOLDER`` on a
developer's machine (``make run``), SMTP from ``EMAIL_HOST`` in production (docs/DEPLOY.md).
"""

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template import TemplateDoesNotExist
from django.template.loader import render_to_string
from django.utils import translation
from django_tasks import task


def send_later(*, to: list[str], language: str, template: str, context: dict) -> None:
    """Queue ``template`` for ``to``, rendered by the worker in ``language``.

    ``context`` travels through the task queue, so it holds plain JSON values only
    (strings, numbers, lists, dicts): names and absolute links, not model instances. Build
    the links under ``translation.override(language)`` so that they open in it (/fr/…).
    """
    send_templated_task.enqueue(to=to, language=language, template=template, context=context)


def send_templated(
    *, to: str | list[str], language: str, template: str, context: dict, headers=None
) -> None:
    """Render ``template`` in ``language`` and send it now: for a task's body."""
    with translation.override(language):
        subject = " ".join(render_to_string(f"{template}_subject.txt", context).split())
        body = render_to_string(f"{template}.txt", context).strip()
        try:
            html = render_to_string(f"{template}.html", context).strip()
        except TemplateDoesNotExist:
            html = ""
    _deliver(subject, body, html, [to] if isinstance(to, str) else to, headers)


def send_rendered_later(*, subject: str, body: str, html: str, to: list[str]) -> None:
    """Queue a message whose subject and bodies are already written."""
    send_rendered_task.enqueue(subject=subject, body=body, html=html, to=to)


@task()
def send_templated_task(*, to: list[str], language: str, template: str, context: dict) -> None:
    send_templated(to=to, language=language, template=template, context=context)


@task()
def send_rendered_task(*, subject: str, body: str, html: str, to: list[str]) -> None:
    _deliver(subject, body, html, to, None)


def _deliver(subject: str, body: str, html: str, to: list[str], headers) -> None:
    message = EmailMultiAlternatives(
        subject, body, settings.DEFAULT_FROM_EMAIL, to, headers=headers
    )
    if html:
        message.attach_alternative(html, "text/html")
    message.send()
