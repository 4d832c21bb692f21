"""What a drive's standings read, as stamps that change whenever any of it changes.

``standings_sources`` lists it once; from it ``drive_stamp`` makes the ETag of a drive's
public pages (the drive page, its standings) and ``summaries.drive_fingerprints`` the
keys of many drives' cached standings. A reader refreshing the standings is answered
from the stamp alone (a 304), so both are hand-written queries: building them through
the ORM cost more CPU than the rest of the answer.
"""

import functools
import hashlib

from django.db import connection

from drives.models import (
    CardTotal,
    Club,
    Drive,
    DriveMoney,
    DriveStatusChange,
    Entry,
    Player,
    Season,
    Seating,
    TableResult,
    Typist,
)

_PLAYER_COLUMNS = ("id", "name", "role", "member_number", "active")


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


@functools.cache
def standings_sources() -> tuple[tuple[str, str, str], ...]:
    """Each table a drive's standings read, as (FROM, the drive's column, aggregates that
    change with any insert, delete or edit of its rows); the last, card totals, only for
    paper drives, whose standings are their first typist's totals."""
    return (
        (
            f"{_table(TableResult)} x",
            "x.drive_id",
            "COUNT(*), MAX(x.id), SUM(x.version), SUM(x.ns_tricks), MAX(x.entered_at)",
        ),
        (
            f"{_table(Entry)} x",
            "x.drive_id",
            "COUNT(*), MAX(x.id), SUM(x.joined_round), SUM(COALESCE(x.withdrew_after, 0)), "
            "SUM(COALESCE(x.returned_round, 0)), SUM(x.player_id)",
        ),
        (f"{_table(Seating)} x", "x.drive_id", "COUNT(*), MAX(x.id), SUM(x.entry_id)"),
        # The consolation prize and its draw: who won it is part of the prizes.
        (
            f"{_table(DriveMoney)} x",
            "x.drive_id",
            "COUNT(*), MAX(x.consolation), MAX(x.draw_seed)",
        ),
        (
            f"{_table(CardTotal)} x JOIN {_table(Entry)} e"
            f" ON e.id = x.entry_id AND x.typist = {int(Typist.FIRST)}",
            "e.drive_id",
            "COUNT(*), MAX(x.id), SUM(x.version), SUM(x.total), MAX(x.entered_at)",
        ),
    )


@functools.cache
def _queries() -> tuple[str, str]:
    """The drive's query (its parameters: the drive's id, once a source and twice more) and
    the players'."""
    # Each table is read once, in an aggregate of one row; the public pages also show
    # whether the drive was cancelled.
    status = (f"{_table(DriveStatusChange)} x", "x.drive_id", "COUNT(*), MAX(x.id)")
    sources = (*standings_sources(), status)
    parts = [
        f"(SELECT {aggregates} FROM {source} WHERE {drive} = %s) a{n}"
        for n, (source, drive, aggregates) in enumerate(sources)
    ]
    # The drive's row is read in a subquery of its own (LIMIT keeps PostgreSQL from
    # merging it into the joins): as one join of eight tables, planning the stamp cost
    # the database four times what running it did.
    drive = (
        f"SELECT * FROM (SELECT * FROM {_table(Drive)} d "
        f"JOIN {_table(Club)} c ON c.id = d.club_id "
        f"LEFT JOIN {_table(Season)} s ON s.id = d.season_id WHERE d.id = %s LIMIT 1) drive_row "
        f"CROSS JOIN {' CROSS JOIN '.join(parts)}"
    )
    players = (
        f"SELECT {', '.join(_PLAYER_COLUMNS)} FROM {_table(Player)} WHERE club_id = %s ORDER BY id"
    )
    return drive, players


def drive_stamp(pk: int):
    """The drive, its club and season, the club's players, the drive's results, seats,
    entries, card totals, consolation draw and status changes; None when there is no such drive."""
    drive_query, players_query = _queries()
    with connection.cursor() as cursor:
        cursor.execute(drive_query, [pk] * (len(standings_sources()) + 2))
        row = cursor.fetchone()
        if row is None:
            return None
        club = row[[column[0] for column in cursor.description].index("club_id")]
        cursor.execute(players_query, [club])
        players = hashlib.sha1(repr(cursor.fetchall()).encode()).hexdigest()
    return (*row, players)
