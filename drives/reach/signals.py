"""Send a drive's results to the members who agreed as it finishes (connected in
``drives.apps``): the finishing services live below this room and know nothing of e-mail."""

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from drives.models import Drive, DriveStatus
from drives.reach.mailing import results_send_once


@receiver(post_save, sender=Drive, dispatch_uid="reach-results-on-finish")
def send_results_on_finish(sender, instance: Drive, update_fields=None, **kwargs) -> None:
    # Finishing (on paper or not) saves ``status`` alone; the send waits for that commit.
    if update_fields and "status" in update_fields and instance.status == DriveStatus.FINISHED:
        transaction.on_commit(lambda: results_send_once(drive=instance))
