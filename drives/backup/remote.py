"""Publishing from a hall laptop straight to the club's hosted site, once it is online.

The site's organiser makes a publishing key for the club (shown once; the site keeps its
SHA-256); the laptop's organiser enters the site's address and the key once
(``PublishingTarget``); then each finished drive is one button on the laptop, which posts
the drive file to ``<site>/publish/`` with the key, and the site publishes it in the key's
club exactly as an upload would (``drive_file.publish_drive``: matched by the drive's
identity, twice changing nothing). Only HTTPS sites, unless ``PUBLISH_INSECURE`` (tests).
"""

import hashlib
import json
import secrets
import urllib.error
import urllib.request
from dataclasses import dataclass

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from drives.backup.drive_file import export_drive
from drives.errors import DriveError
from drives.models import Club, Drive, PublishingKey

#: Seconds the laptop waits for the club's site.
TIMEOUT = 30


def digest(key: str) -> str:
    return hashlib.sha256(key.strip().encode("utf-8")).hexdigest()


def key_make(*, club: Club, user) -> str:
    """A new key for ``club``: returned once, kept only as its digest."""
    key = secrets.token_urlsafe(24)
    PublishingKey.objects.create(club=club, digest=digest(key), created_by=user)
    return key


def keys_withdraw(*, club: Club) -> int:
    return PublishingKey.objects.filter(club=club, withdrawn_at=None).update(
        withdrawn_at=timezone.now()
    )


def club_for_key(key: str) -> Club | None:
    found = PublishingKey.objects.filter(digest=digest(key), withdrawn_at=None).first()
    return found.club if found else None


def check_site(url: str) -> str:
    url = url.strip().rstrip("/")
    if not url.startswith("https://") and not (
        settings.PUBLISH_INSECURE and url.startswith("http://")
    ):
        raise DriveError(_("The club's site address starts with https://."))
    return url


@dataclass(frozen=True)
class Answer:
    created: bool
    message: str


def drive_send(*, drive: Drive) -> Answer:
    """``drive`` published on the club's site its laptop was given; DriveError says why not."""
    target = getattr(drive.club, "publishing_target", None)
    if target is None:
        raise DriveError(_("Enter the club's site and its publishing key first."))
    request = urllib.request.Request(
        # The same path on the club's site, in the laptop's language: its answer is worded so.
        check_site(target.site_url) + reverse("drives:publish_with_key"),
        data=json.dumps(export_drive(drive), ensure_ascii=False).encode("utf-8"),
        headers={"Authorization": f"Bearer {target.key}", "Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            answer = json.load(response)
    except urllib.error.HTTPError as error:
        raise DriveError(_said(error)) from None
    except (OSError, ValueError):
        raise DriveError(
            _(
                "The club's site cannot be reached (no internet here?). The drive is kept on "
                "this laptop: publish it when it is online."
            )
        ) from None
    return Answer(created=bool(answer.get("created")), message=str(answer.get("message", "")))


def _said(error: urllib.error.HTTPError) -> str:
    """The site's own words for a refusal, else its status."""
    try:
        return str(json.load(error)["message"])
    except (ValueError, KeyError, TypeError, OSError):
        return _("The club's site refused the drive (%(status)s).") % {"status": error.code}
