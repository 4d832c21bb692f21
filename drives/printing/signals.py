"""Render a drive's scorecards and table cards ahead, when it starts and at each new round,
so that they are ready before anyone asks (connected in ``drives.apps``)."""

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from drives.models import Drive
from drives.printing.tasks import prerender_drive


@receiver(post_save, sender=Drive, dispatch_uid="printing-prerender")
def prerender_on_new_round(sender, instance: Drive, update_fields=None, **kwargs) -> None:
    # The services save ``current_round`` when a drive starts and when a round is seated;
    # the sheets are read once that transaction has committed its seatings, by the worker.
    if settings.PRINT_AHEAD and update_fields and "current_round" in update_fields:
        transaction.on_commit(lambda: prerender_drive.enqueue(instance.pk))
