"""Sending one templated e-mail in its recipient's language.

The one place that talks to Django's mail: the backend is whatever the settings name
(the console in development, locmem in tests, SMTP in production).
"""

from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import translation


def send_templated(
    *, to: str, language: str, template: str, context: dict, headers: dict | None = None
) -> None:
    """Render ``<template>_subject.txt``, ``.txt`` and ``.html`` in ``language`` and send them.

    The context's addresses must already be in that language (``/fr/…``): build them under
    the same ``translation.override``.
    """
    with translation.override(language):
        subject = " ".join(render_to_string(f"{template}_subject.txt", context).split())
        text = render_to_string(f"{template}.txt", context)
        html = render_to_string(f"{template}.html", context)
    message = EmailMultiAlternatives(subject, text, to=[to], headers=headers)
    message.attach_alternative(html, "text/html")
    message.send()
