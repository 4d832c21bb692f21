"""What a drive's public pages (the drive page, its standings) show, as an ETag stamp.

A reader refreshing the standings is answered from this stamp alone (a 304), so it is
read in two hand-written queries: building them through the ORM cost more CPU than the
rest of the answer.
"""

import functools
import hashlib

from django.db import connection

from drives.models import (
    CardTotal,
    Club,
    Drive,
    DriveStatusChange,
    Entry,
    Player,
    Season,
    Seating,
    TableResult,
    Typist,
)

#: Per table whose rows the pages show: aggregates that change with any insert, delete
#: or edit of what the standings read (the same as ``summaries.drive_fingerprints``).
_AGGREGATES = (
    (TableResult, "COUNT(*), MAX(x.id), SUM(x.version), SUM(x.ns_tricks), MAX(x.entered_at)"),
    (
        Entry,
        "COUNT(*), MAX(x.id), SUM(x.joined_round), SUM(COALESCE(x.withdrew_after, 0)), "
        "SUM(COALESCE(x.returned_round, 0)), SUM(x.player_id)",
    ),
    (Seating, "COUNT(*), MAX(x.id), SUM(x.entry_id)"),
    (DriveStatusChange, "COUNT(*), MAX(x.id)"),
)
_PLAYER_COLUMNS = ("id", "name", "role", "member_number", "active")


@functools.cache
def _queries() -> tuple[str, str]:
    """The drive's query (its parameters: the drive's id, six times) and the players'."""

    def table(model) -> str:
        return connection.ops.quote_name(model._meta.db_table)

    # Each table is read once, in an aggregate of one row.
    parts = [
        f"(SELECT {aggregates} FROM {table(model)} x WHERE x.drive_id = %s) a{n}"
        for n, (model, aggregates) in enumerate(_AGGREGATES)
    ]
    # A paper drive's standings are its first typist's card totals.
    parts.append(
        "(SELECT COUNT(*), MAX(x.id), SUM(x.version), SUM(x.total), MAX(x.entered_at) "
        f"FROM {table(CardTotal)} x JOIN {table(Entry)} e ON e.id = x.entry_id "
        f"WHERE e.drive_id = %s AND x.typist = {int(Typist.FIRST)}) cards"
    )
    # The drive's row is read in a subquery of its own (LIMIT keeps PostgreSQL from
    # merging it into the joins): as one join of eight tables, planning the stamp cost
    # the database four times what running it did.
    drive = (
        f"SELECT * FROM (SELECT * FROM {table(Drive)} d "
        f"JOIN {table(Club)} c ON c.id = d.club_id "
        f"LEFT JOIN {table(Season)} s ON s.id = d.season_id WHERE d.id = %s LIMIT 1) drive_row "
        f"CROSS JOIN {' CROSS JOIN '.join(parts)}"
    )
    players = (
        f"SELECT {', '.join(_PLAYER_COLUMNS)} FROM {table(Player)} WHERE club_id = %s ORDER BY id"
    )
    return drive, players


def drive_stamp(pk: int):
    """The drive, its club and season, the club's players, the drive's results, seats,
    entries, card totals and status changes; None when there is no such drive."""
    drive_query, players_query = _queries()
    with connection.cursor() as cursor:
        cursor.execute(drive_query, [pk] * (len(_AGGREGATES) + 2))
        row = cursor.fetchone()
        if row is None:
            return None
        club = row[[column[0] for column in cursor.description].index("club_id")]
        cursor.execute(players_query, [club])
        players = hashlib.sha1(repr(cursor.fetchall()).encode()).hexdigest()
    return (*row, players)
