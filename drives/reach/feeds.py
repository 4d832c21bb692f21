"""A club's coming drives as an iCalendar feed, its finished drives as an Atom feed.

Both are public, as the club page is: they show what it shows (titles, dates, venues,
the winners named by the club's rule for public pages), never a contact detail.
"""

import datetime as dt
from dataclasses import dataclass
from urllib.parse import urlsplit

import icalendar
from django.conf import settings
from django.contrib.syndication.views import Feed
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from drives.models import UPCOMING_STATUSES, Club, Drive, DriveStatus, Player
from drives.names import PublicNames
from drives.numbers import figure
from drives.reports.summaries import Leader, drive_summaries
from drives.site import absolute_url

#: How many finished drives the Atom feed lists, newest first.
FEED_DRIVES = 20


@require_safe
def calendar(request, slug):
    """Every coming drive as an all-day event: drives have a date, not a start time."""
    club = get_object_or_404(Club, slug=slug)
    today = timezone.localdate()
    drives = club.drives.filter(date__gte=today, status__in=UPCOMING_STATUSES).order_by("date")
    host = urlsplit(settings.SITE_URL).hostname or "whist-drive"
    feed = icalendar.Calendar()
    feed.add("prodid", "-//Whist Drive//Club calendar//EN")
    feed.add("version", "2.0")
    feed.add("x-wr-calname", club.name)
    stamp = timezone.now()
    for drive in drives:
        event = icalendar.Event()
        event.add("uid", f"drive-{drive.pk}@{host}")
        event.add("dtstamp", stamp)
        event.add("summary", drive.title)
        event.add("dtstart", drive.date)
        event.add("dtend", drive.date + dt.timedelta(days=1))
        if venue := drive.venue or club.venue:
            event.add("location", venue)
        event.add("url", absolute_url(drive.get_absolute_url()))
        feed.add_component(event)
    response = HttpResponse(feed.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{club.slug}.ics"'
    return response


@dataclass(frozen=True)
class FeedItem:
    drive: Drive
    description: str


def _leader_line(leader: Leader, name: str) -> str:
    """A player's line ("1. Mrs Smith, 142 points"), or a compass pair's with its field and
    its percentage, or else its compass score ("1 N–S. Mrs Smith & Mr Brown, 58.33%")."""
    if not leader.field:
        return _("%(place)s. %(name)s, %(points)s points") % {
            "place": leader.rank_label,
            "name": name,
            "points": figure(leader.points),
        }
    score = (
        _("%(percentage)s%%") % {"percentage": figure(leader.percentage)}
        if leader.percentage is not None
        else figure(leader.points)
    )
    if leader.field == "overall":
        return _("%(place)s. %(names)s, %(score)s") % {
            "place": leader.rank_label,
            "names": name,
            "score": score,
        }
    return _("%(place)s %(field)s. %(names)s, %(score)s") % {
        "place": leader.rank_label,
        "field": _(leader.field),
        "names": name,
        "score": score,
    }


class FinishedDrives(Feed):
    """The club's latest finished drives, each with its top three and a link to the
    standings: four queries whatever the number of drives (their summaries are cached)."""

    feed_type = Atom1Feed

    def get_object(self, request, slug):
        return get_object_or_404(Club, slug=slug)

    def title(self, club):
        return _("%(club)s: results") % {"club": club.name}

    def subtitle(self, club):
        return _("The finished drives of %(club)s, newest first.") % {"club": club.name}

    def link(self, club):
        return club.get_absolute_url()

    def items(self, club):
        # One Feed serves every request: what the items need travels with them, not on self.
        drives = club.drives.filter(status=DriveStatus.FINISHED).order_by("-date", "-pk")
        drives = list(drives[:FEED_DRIVES])
        summaries = drive_summaries(drives)
        placed = {placing.player for summary in summaries.values() for placing in summary.placings}
        players = Player.objects.in_bulk(placed)
        names = PublicNames.for_club(club)  # the same feed for every reader
        items = []
        for drive in drives:
            lines = [
                _leader_line(leader, " & ".join(names.player(players[pk]) for pk in leader.players))
                for leader in summaries[drive.pk].leaders(3)
            ]
            items.append(FeedItem(drive, "; ".join(lines) or _("No one played.")))
        return items

    def item_title(self, item):
        return item.drive.title

    def item_link(self, item):
        return reverse("drives:standings", args=[item.drive.pk])

    def item_description(self, item):
        return item.description

    def item_updateddate(self, item):
        # Drives keep no finishing time: the evening itself dates the entry.
        return timezone.make_aware(dt.datetime.combine(item.drive.date, dt.time(23)))

    item_pubdate = item_updateddate
