"""The pages a user can reach, as one list, and the evening that fills their addresses.

PAGES is the one list of addresses the axe test (test_axe) and the older players' checks
(test_older_players) visit: a new page is one line here. Its address is formatted with
the evening built by ``evening()`` (``{planned}``, ``{individual}``, ``{phone_waiting}``…);
``who`` says whether the organiser is logged in; a players' page is one ``who=ANYONE``.
"""

import io
import uuid
from dataclasses import dataclass

from django.core.management import call_command
from django.utils import timezone

from drives.accounts import services as accounts
from drives.evening.lifecycle import drive_start
from drives.models import Game, PrintedSheet, SheetKind, SheetStatus
from drives.reach.unsubscribe import token_for
from drives.tableside import services as tableside
from tests.conftest import (
    checked_tricks,
    link_of,
    make_club,
    make_drive,
    make_entries,
    make_players,
    make_season,
    make_user,
    record_tricks,
)

PHONE = {"width": 360, "height": 740}
SCREEN = {"width": 1920, "height": 1080}
ORGANISER, ANYONE = "organiser", "anyone"


@dataclass(frozen=True)
class Page:
    kind: str
    address: str
    who: str = ANYONE
    status: int = 200


PAGES = [
    Page("home", "/"),
    Page("club", "/clubs/{club}/"),
    Page("season", "/seasons/{season}/"),
    Page("player", "/players/{player}/"),
    Page("log in", "/accounts/login/"),
    Page("drive, planned", "/drives/{planned}/"),
    Page("drive, running", "/drives/{individual}/"),
    Page("drive, finished", "/drives/{finished}/"),
    Page("standings", "/drives/{finished}/standings/"),
    Page("phone, to enter", "/t/{phone_fresh}/"),
    Page("phone, waiting", "/t/{phone_waiting}/"),
    Page("phone, stored", "/t/{phone_stored}/"),
    Page("phone, bid whist", "/t/{phone_bid}/"),
    Page("phone, Mitchell", "/t/{phone_mitchell}/"),
    Page("phone, disputed", "/t/{phone_disputed}/"),
    Page("phone, Howell", "/t/{phone_howell}/"),
    Page("phone, semi-partner", "/t/{phone_semi}/"),
    Page("hall display", "/drives/{individual}/hall/"),
    Page("hall display, progressive", "/drives/{progressive}/hall/"),
    Page("hall display, bid whist", "/drives/{bid}/hall/"),
    Page("hall display, finished", "/drives/{finished}/hall/"),
    Page("players", "/clubs/{club}/players/", ORGANISER),
    Page("player, new", "/clubs/{club}/players/new/", ORGANISER),
    Page("player, edit", "/players/{player}/edit/", ORGANISER),
    Page("players, import", "/clubs/{club}/players/import/", ORGANISER),
    Page("season, new", "/clubs/{club}/seasons/new/", ORGANISER),
    Page("season, edit", "/seasons/{season}/edit/", ORGANISER),
    Page("drive, new", "/clubs/{club}/drives/new/", ORGANISER),
    Page("drive, edit", "/drives/{planned}/edit/", ORGANISER),
    Page("drive, delete", "/drives/{planned}/delete/", ORGANISER),
    Page("check-in", "/drives/{planned}/", ORGANISER),
    Page("start", "/drives/{planned}/start/", ORGANISER),
    Page("drive, organiser", "/drives/{individual}/", ORGANISER),
    Page("withdraw", "/drives/{individual}/entries/{leaver}/withdraw/", ORGANISER),
    Page("round", "/drives/{individual}/rounds/1/", ORGANISER),
    Page("round, progressive", "/drives/{progressive}/rounds/1/", ORGANISER),
    Page("round, semi-partner", "/drives/{semi}/rounds/1/", ORGANISER),
    Page("round, Mitchell", "/drives/{mitchell}/rounds/1/", ORGANISER),
    Page("round, Howell", "/drives/{howell}/rounds/1/", ORGANISER),
    Page("round, bid whist", "/drives/{bid}/rounds/1/", ORGANISER),
    Page("dashboard", "/drives/{individual}/tables/", ORGANISER),
    Page("dashboard, bid whist", "/drives/{bid}/tables/", ORGANISER),
    Page("table links", "/drives/{individual}/tables/links/", ORGANISER),
    Page("table history", "/drives/{individual}/tables/2/history/", ORGANISER),
    Page("QR sheet", "/drives/{individual}/tables/qr/", ORGANISER),
    Page("paper totals", "/drives/{paper}/totals/", ORGANISER),
    Page("standings, organiser", "/drives/{finished}/standings/", ORGANISER),
    Page("money", "/drives/{finished}/money/", ORGANISER),
    Page("standings, bid whist", "/drives/{bid_finished}/standings/"),
    Page("standings, pairs", "/drives/{pairs_finished}/standings/"),
    Page("sign up", "/accounts/signup/"),
    Page("password reset", "/accounts/password/reset/"),
    Page("invitation", "/accounts/invitations/{invitation}/"),
    Page("guide", "/guide/"),
    Page("not found", "/no-such-page/", status=404),
    Page("results e-mails, stop", "/results-email/stop/{stop}/"),
    Page("sheet progress", "/drives/{finished}/sheets/{sheet}/"),
    Page("account", "/accounts/", ORGANISER),
    Page("account, e-mail", "/accounts/email/", ORGANISER),
    Page("account, password", "/accounts/password/change/", ORGANISER),
    Page("account, confirm it is you", "/accounts/reauthenticate/", ORGANISER),
    Page("club, new", "/accounts/clubs/new/", ORGANISER),
    Page("club, import", "/import-club/", ORGANISER),
    Page("team", "/clubs/{club}/team/", ORGANISER),
    Page("club settings", "/clubs/{club}/settings/", ORGANISER),
    Page("finish, confirm", "/drives/{individual}/finish/", ORGANISER),
    Page("forbidden", "/clubs/{other}/players/", ORGANISER, status=403),
    Page("member e-mail", "/players/{player}/email/", ORGANISER),
    Page("member, erase", "/players/{player}/erase/", ORGANISER),
    Page("results e-mail", "/drives/{finished}/results-email/", ORGANISER),
    Page("publish", "/clubs/{club}/publish/", ORGANISER),
]


def started(club, players, **fields):
    drive = make_drive(club, **fields)
    make_entries(drive, players)
    drive_start(drive=drive)
    drive.refresh_from_db()
    return drive


def send(drive, table, side="NS", tricks=7):
    """A side's figures from its phone at table ``table``, waiting for the other side."""
    link = link_of(drive, table, side)
    deals = drive.deals_of_round(1)
    figures = checked_tricks(drive, dict.fromkeys(deals, tricks), table=table)
    tableside.entry_submit(
        link=link, round_number=1, side=side, figures=figures, submission=uuid.uuid4()
    )


def token(drive, table=1, side="NS"):
    return link_of(drive, table, side).token


def evening(four_colour=False):
    """A club's evening in every state its pages show: the addresses' fields for PAGES."""
    user = make_user("olive")
    club = make_club(
        name="Hollybush Whist Club", slug="hollybush", organiser=user, four_colour_suits=four_colour
    )
    season = make_season(club)
    players = make_players(club, 16)
    planned = make_drive(club, season=season, title="Christmas drive", deals=8)
    make_entries(planned, players[:6])
    individual = started(club, players[:9], title="Friday drive", movement="individual", deals=8)
    send(individual, 2)
    progressive = started(club, players[:8], movement="progressive", deals=4)
    record_tricks(progressive, 1, 1, {1: 8})
    semi = started(club, players[:8], movement="semi_partner", deals=4)
    mitchell = started(club, players[:8], movement="mitchell", deals=4)
    send(mitchell, 2, "NS", 7)
    send(mitchell, 2, "EW", 6)
    howell = started(club, players[:8], movement="howell", deals=6)
    bid = started(club, players[:8], game=Game.BID, movement="mitchell", deals=4, deals_per_round=2)
    paper = started(club, players[:12], on_paper=True, movement="progressive", deals=8)
    finished = make_drive(club, season=season, title="Autumn drive", deals=8)
    call_command("simulate_drive", finished.pk, stdout=io.StringIO())
    bid_finished = make_drive(club, game=Game.BID, movement="mitchell", deals=4, deals_per_round=2)
    pairs_finished = make_drive(club, movement="howell", deals=6)
    for drive in (bid_finished, pairs_finished):
        make_entries(drive, players[:8])
        call_command("simulate_drive", drive.pk, stdout=io.StringIO())
    other = make_club(name="Other Whist Club", slug="other", organiser=make_user("otto"))
    sheet = PrintedSheet.objects.create(
        drive=finished, kind=SheetKind.RESULTS, layout="", language="en", fingerprint="sheet",
        status=SheetStatus.RUNNING, done=1, total=4, heartbeat_at=timezone.now(),
    )  # fmt: skip
    invited: list[str] = []  # the token, as the e-mail's link carries it
    accounts.invitation_send(
        club=club, by=user, email="helper@example.org", role="helper", language="en",
        link=lambda token: invited.append(token) or token,
    )  # fmt: skip
    fields = {
        "club": club.slug,
        "season": season.pk,
        "player": players[0].pk,
        "planned": planned.pk,
        "individual": individual.pk,
        "progressive": progressive.pk,
        "semi": semi.pk,
        "mitchell": mitchell.pk,
        "howell": howell.pk,
        "bid": bid.pk,
        "paper": paper.pk,
        "finished": finished.pk,
        "bid_finished": bid_finished.pk,
        "pairs_finished": pairs_finished.pk,
        "other": other.slug,
        "sheet": sheet.pk,
        "invitation": invited[0],
        "stop": token_for(players[0]),
        "leaver": individual.entries.first().pk,
        "phone_fresh": token(individual, 1),
        "phone_waiting": token(individual, 2),
        "phone_stored": token(progressive, 1),
        "phone_bid": token(bid),
        "phone_mitchell": token(mitchell),
        "phone_disputed": token(mitchell, 2),
        "phone_howell": token(howell),
        "phone_semi": token(semi),
    }
    return user, fields
