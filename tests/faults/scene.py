"""A drive and its queued sheet in the database the fault tests' processes share, made by a
process of its own: ``python -m tests.faults.scene <players>`` prints the sheet's id.

The settings are the site's own (``config.settings``, from the environment the test
gives): what the worker and the web workers read, not the test suite's.
"""

import os
import secrets
import sys

import django


def queue_scorecards(players: int) -> int:
    from django.conf import settings

    from drives.evening.lifecycle import drive_start
    from drives.models import MovementType, SheetKind
    from drives.printing import jobs
    from drives.printing.sheets import Layout
    from tests.conftest import make_club, make_drive, make_entries, make_players

    slug = f"faults-{secrets.token_hex(4)}"  # one database may serve several tests
    club = make_club(name=f"Fault Club {slug}", slug=slug)
    drive = make_drive(club, title="Bad Night", deals=4, movement=MovementType.INDIVIDUAL)
    make_entries(drive, make_players(club, players))
    drive_start(drive=drive)
    wanted = jobs.SheetRequest(drive, SheetKind.SCORECARDS, Layout(), settings.LANGUAGE_CODE)
    sheet, data = jobs.find(wanted)
    if sheet is None:
        sheet, _ = jobs.sheet_start(request=wanted, data=data)
    return sheet.pk


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    print(queue_scorecards(int(sys.argv[1])))
