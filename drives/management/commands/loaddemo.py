"""Load a demo club: an organiser, 32 players, a season and four drives.

The three past drives, one of classic whist, one of bid whist and one of compass whist
on boards the site dealt from a recorded seed, are played to the end by
``simulate_drive``'s computer players (at compass whist, every table holding a board
plays its recorded hands).

Running it again changes nothing: every object is looked up by its natural key
before it is created.
"""

from datetime import date, timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from drives.boards import services as boards
from drives.games.compass.boards import plan_of
from drives.management.commands.simulate_drive import simulate
from drives.models import (
    Board,
    Club,
    ClubRole,
    Drive,
    Game,
    MovementType,
    Player,
    Season,
    SeatRole,
)

DEMO_USERNAME = "organiser"
DEMO_PASSWORD = "whist-demo"
#: The compass evening's boards: 8 tables of a Mitchell (the 32 players in 16 pairs) hold
#: 8 sets of 2 boards, dealt from this seed, the same boards on every machine.
DEMO_BOARDS, DEMO_BOARDS_SEED = 16, 1892

LADIES = [
    "Ada Ashworth", "Beryl Bamford", "Cissie Crabtree", "Doris Dawson", "Edna Ellis",
    "Flo Fairclough", "Gladys Greenhalgh", "Hilda Hartley", "Ivy Ingham", "Joan Jagger",
    "Kath Kershaw", "Lily Lomax", "Mabel Marsden", "Nora Nuttall", "Olive Ormerod",
    "Peggy Pilling",
]  # fmt: skip
GENTS = [
    "Albert Aspinall", "Bert Barlow", "Cyril Clegg", "Dennis Duckworth", "Ernest Entwistle",
    "Frank Fielding", "George Gregson", "Harold Haworth", "Ivor Isherwood", "Jack Jackson",
    "Ken Kenyon", "Len Lord", "Maurice Mellor", "Norman Nightingale", "Percy Parkinson",
    "Ron Rothwell",
]  # fmt: skip


class Command(BaseCommand):
    help = "Create the demo club, its organiser, players, season and drives (idempotent)."

    @transaction.atomic
    def handle(self, *args, **options):
        today = timezone.localdate()
        user = self.organiser()
        club, _ = Club.objects.get_or_create(
            slug="little-bramley",
            defaults={
                "name": "Little Bramley Whist Club",
                "town": "Little Bramley",
                "venue": "St Anne's Church Hall",
            },
        )
        club.memberships.get_or_create(user=user, defaults={"role": ClubRole.ORGANISER})
        self.add_players(club)
        season_start = date(today.year if today.month >= 9 else today.year - 1, 9, 1)
        season, _ = Season.objects.get_or_create(
            club=club,
            name=f"{season_start.year}–{str(season_start.year + 1)[-2:]} season",
            defaults={"start": season_start, "end": date(season_start.year + 1, 6, 30)},
        )
        finished = self.drive(club, season, "Autumn Drive", today - timedelta(days=14))
        bid_whist = self.drive(
            club,
            season,
            "Bid Whist Night",
            today - timedelta(days=21),
            game=Game.BID,
            movement=MovementType.MITCHELL,
            deals=16,
            deals_per_round=2,
        )
        compass = self.drive(
            club,
            season,
            "Compass Whist Evening",
            today - timedelta(days=28),
            game=Game.COMPASS,
            movement=MovementType.MITCHELL,
            deals=14,
            deals_per_round=2,
        )
        self.drive(club, season, "Christmas Drive", today + timedelta(days=14))
        if not Board.objects.filter(drive=compass).exists():
            boards.boards_deal(
                drive=compass,
                user=user,
                count=DEMO_BOARDS,
                seed=DEMO_BOARDS_SEED,
                version=plan_of(compass).version,
            )
        # The finished drives are played by the computer, through the same services as the pages.
        simulate(finished)
        simulate(bid_whist)
        simulate(compass)
        self.stdout.write(
            f"Demo club '{club.name}' ready: log in as {DEMO_USERNAME} / {DEMO_PASSWORD}"
        )

    def organiser(self):
        user, created = get_user_model().objects.get_or_create(username=DEMO_USERNAME)
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        return user

    def add_players(self, club):
        rows = [(name, SeatRole.LADY) for name in LADIES]
        rows += [(name, SeatRole.GENT) for name in GENTS]
        for number, (name, role) in enumerate(rows, start=1):
            Player.objects.get_or_create(
                club=club, member_number=f"LB{number:03d}", defaults={"name": name, "role": role}
            )

    def drive(self, club, season, title, day, **settings):
        return Drive.objects.get_or_create(
            club=club,
            title=title,
            defaults={
                "season": season,
                "date": day,
                "deals": 24,
                "venue": club.venue,
                "half_time_prize": True,
            }
            | settings,
        )[0]
