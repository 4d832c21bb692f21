"""A finished drive's results e-mailed to each member who agreed, off the request path.

``results_send`` records a :class:`ResultsMailing` and queues it; the worker's
``deliver`` sends each recipient their own result in their own language. A drive is sent
once when it finishes (``signals``) and again whenever an organiser asks.
"""

import logging
import smtplib

from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from drives import mail
from drives.errors import DriveError
from drives.models import Drive, DriveStatus, Entry, Player, ResultsMailing
from drives.reach.results import PlayerResult, drive_results
from drives.reach.unsubscribe import token_for
from drives.site import absolute_url

logger = logging.getLogger(__name__)


def recipients(drive: Drive):
    """The drive's players who played, gave an address and agreed to results by e-mail."""
    played = Q(seatings__isnull=False) | Q(card_totals__isnull=False)
    entered = Entry.objects.filter(played, drive=drive, player=OuterRef("pk"))
    return (
        Player.objects.filter(Exists(entered), results_consent_at__isnull=False)
        .exclude(email="")
        .order_by("pk")
    )


@transaction.atomic
def results_send(*, drive: Drive, user) -> ResultsMailing:
    """Queue the drive's results for every member who agreed; refused while a send runs."""
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    if drive.status != DriveStatus.FINISHED:
        raise DriveError(_("Results can be e-mailed once the drive is finished."))
    if drive.results_mailings.filter(finished_at__isnull=True).exists():
        raise DriveError(_("These results are still being sent; try again when they are out."))
    count = recipients(drive).count()
    if not count:
        raise DriveError(_("None of this drive's players has agreed to receive results by e-mail."))
    return _queue(drive, user, count)


@transaction.atomic
def results_send_once(*, drive: Drive) -> ResultsMailing | None:
    """The automatic send as a drive finishes: none when it was sent before (finished,
    reopened for a correction and finished again: the organiser chooses to resend)."""
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    if drive.status != DriveStatus.FINISHED or drive.results_mailings.exists():
        return None
    count = recipients(drive).count()
    return _queue(drive, None, count) if count else None


def _queue(drive: Drive, user, count: int) -> ResultsMailing:
    from drives.reach.tasks import send_results  # the task module imports this one

    mailing = ResultsMailing.objects.create(drive=drive, requested_by=user, recipients=count)
    transaction.on_commit(lambda: send_results.enqueue(mailing.pk))
    return mailing


def deliver(mailing_id: int) -> None:
    """Send each recipient not yet sent their result: the task's body.

    Consent is read again here, so a member who stopped the e-mails after the send was
    queued gets none. A message the mail server refuses is logged and counted as failed,
    and the others still go.
    """
    mailing = ResultsMailing.objects.select_related("drive__club", "drive__season").get(
        pk=mailing_id
    )
    drive = mailing.drive
    results = drive_results(drive)
    done = set(mailing.sent_to) | set(mailing.failed)
    for player in recipients(drive):
        if player.pk in done or player.pk not in results:
            continue
        try:
            _send(drive, player, results[player.pk])
        except (smtplib.SMTPException, OSError):
            logger.exception("Results e-mail to player %s of drive %s failed", player.pk, drive.pk)
            mailing.failed.append(player.pk)
        else:
            mailing.sent_to.append(player.pk)
        mailing.save(update_fields=["sent_to", "failed"])
    mailing.finished_at = timezone.now()
    mailing.save(update_fields=["finished_at"])


def site_address(path: str) -> str:
    return absolute_url(path)


def _send(drive: Drive, player: Player, result: PlayerResult) -> None:
    with translation.override(player.language):
        stop_url = site_address(reverse("drives:results_stop", args=[token_for(player)]))
        context = {
            "player": player,
            "drive": drive,
            "club": drive.club,
            "result": result,
            "standings_url": site_address(reverse("drives:standings", args=[drive.pk])),
            "player_url": site_address(player.get_absolute_url()),
            "league_url": site_address(drive.season.get_absolute_url()) if drive.season else "",
            "stop_url": stop_url,
        }
    headers = {
        "List-Unsubscribe": f"<{stop_url}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",  # RFC 8058: one click
    }
    # Already in the worker, one recipient after another: sent here, not queued again.
    mail.send_templated(
        template="reach/email/results",
        to=[player.email],
        context=context,
        language=player.language,
        headers=headers,
    )
