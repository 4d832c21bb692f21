"""E-mail, always sent by the worker (``manage.py db_worker``), never inside a request.

A request only queues the message: an SMTP server that is slow or down then delays the
e-mail, never the page. ``send_later`` is the door for the site's own messages: it renders
``<template>_subject.txt`` and ``<template>_message.txt`` (and ``_message.html`` when there
is one) in the recipient's language, in the worker. ``send_rendered_later`` queues a message
already rendered (django-allauth's, whose context holds objects a queue cannot carry).

Where the messages go is the settings' ``EMAIL_BACKEND``: files under ``MAIL_FOLDER`` on a
developer's machine (``make run``), SMTP from ``EMAIL_HOST`` in production (docs/DEPLOY.md).
"""

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template import TemplateDoesNotExist
from django.template.loader import render_to_string
from django.utils import translation
from django_tasks import task


def send_later(*, template: str, to: list[str], context: dict, language: str) -> None:
    """Queue ``template`` for ``to``, rendered in ``language`` with ``context``.

    ``context`` travels through the task queue, so it holds plain JSON values only
    (strings, numbers, lists, dicts): names and absolute links, not model instances.
    """
    send_templated.enqueue(template=template, to=to, context=context, language=language)


def send_rendered_later(*, subject: str, body: str, html: str, to: list[str]) -> None:
    """Queue a message whose subject and bodies are already written."""
    send_message.enqueue(subject=subject, body=body, html=html, to=to)


@task()
def send_templated(
    *, template: str, to: list[str], context: dict, language: str, headers: dict | None = None
) -> None:
    """Also called in a task of its own by a room that sends many (``drives.reach``):
    ``send_templated.call(...)``, whose ``headers`` add, say, ``List-Unsubscribe``."""
    with translation.override(language):
        subject = " ".join(render_to_string(f"{template}_subject.txt", context).split())
        body = render_to_string(f"{template}_message.txt", context).strip()
        try:
            html = render_to_string(f"{template}_message.html", context).strip()
        except TemplateDoesNotExist:
            html = ""
    _deliver(subject, body, html, to, headers)


@task()
def send_message(*, subject: str, body: str, html: str, to: list[str]) -> None:
    _deliver(subject, body, html, to)


def _deliver(
    subject: str, body: str, html: str, to: list[str], headers: dict | None = None
) -> None:
    message = EmailMultiAlternatives(
        subject, body, settings.DEFAULT_FROM_EMAIL, to, headers=headers
    )
    if html:
        message.attach_alternative(html, "text/html")
    message.send()
