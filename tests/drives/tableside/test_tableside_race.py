"""Two phones posting the same table and deal at the same instant, on PostgreSQL.

The services lock the table's seats (and share-lock the drive's row), so the two posts are
served one after the other: exactly one result is stored and the other phone is told so,
while another table's post goes on beside them. SQLite serialises every write anyway, so
these are only worth running where rows are locked one by one.
"""

import threading
import uuid

import pytest
from django.db import connection, transaction

from drives.evening.guards import table_locked
from drives.evening.lifecycle import drive_start, round_advance
from drives.models import PendingEntry, PendingState, TableResult
from drives.tableside import services, tokens
from tests.conftest import checked_tricks, make_drive, make_entries, make_players

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks"),
]

REPETITIONS = 20


def post_together(links, posts):
    """Run the posts (side, N–S tricks), each from its side's link of the table ``links``
    holds, in threads released at one instant."""
    start = threading.Barrier(len(posts))
    outcomes = [None] * len(posts)

    def post(index, side, tricks):
        start.wait()
        try:
            link = links.ns if side == "NS" else links.ew
            outcomes[index] = services.entry_submit(
                link=link,
                round_number=1,
                side=side,
                figures=checked_tricks(link.drive, {1: tricks}),
                submission=uuid.uuid4(),
            )
        except services.DriveError as error:
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(i, *p)) for i, p in enumerate(posts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def started(club, **fields):
    drive = make_drive(club, deals=4, **fields)
    make_entries(drive, make_players(club, 4))
    drive_start(drive=drive)
    return tokens.links_issue(drive=drive)[0]


def test_one_side_enters_two_phones_at_once_store_exactly_one(club):
    links = started(club, table_entry="one_side")
    link = links.ns
    for _ in range(REPETITIONS):
        outcomes = post_together(links, [("NS", 7), ("EW", 9)])
        assert TableResult.objects.filter(drive=link.drive).count() == 1
        stored = TableResult.objects.get(drive=link.drive).ns_tricks
        # The second to arrive finds the result stored: its figures go to the organiser.
        states = sorted(o.entry.state for o in outcomes)
        assert states == [PendingState.CONFIRMED, PendingState.DIFFERS]
        accepted = [o for o in outcomes if o.entry.state == PendingState.CONFIRMED]
        assert accepted[0].entry.tricks == {"1": stored}
        TableResult.objects.filter(drive=link.drive).delete()
        PendingEntry.objects.filter(drive=link.drive).delete()


def test_both_sides_sending_the_same_figures_at_once_confirm_once(club):
    links = started(club)
    link = links.ns
    for _ in range(REPETITIONS):
        outcomes = post_together(links, [("NS", 6), ("EW", 6)])
        assert [r.ns_tricks for r in TableResult.objects.filter(drive=link.drive)] == [6]
        states = sorted(o.entry.state for o in outcomes)
        assert states == ["confirmed", "waiting"]  # the second to arrive confirmed the first
        TableResult.objects.filter(drive=link.drive).delete()
        PendingEntry.objects.filter(drive=link.drive).delete()


def in_thread(work):
    """Start ``work`` in a thread with its own connection; returns the thread."""

    def run():
        try:
            work()
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_a_table_being_written_holds_up_that_table_and_the_next_round_only(club):
    drive = make_drive(club, deals=4, table_entry="one_side")
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    one, two = (links.ns for links in tokens.links_issue(drive=drive))
    held, release = threading.Event(), threading.Event()

    def hold_table_one():
        with transaction.atomic():
            table_locked(drive, 1, one.table)
            held.set()
            release.wait(10)

    def post(link, tricks):
        def work():
            services.entry_submit(
                link=link,
                round_number=1,
                side="NS",
                figures=checked_tricks(link.drive, {1: tricks}),
                submission=uuid.uuid4(),
            )

        return work

    holder = in_thread(hold_table_one)
    assert held.wait(5)
    other_table = in_thread(post(two, 8))
    other_table.join(5)
    same_table = in_thread(post(one, 7))
    next_round = in_thread(lambda: round_advance(drive=drive))
    same_table.join(0.5)
    next_round.join(0.1)
    try:
        assert not other_table.is_alive()  # another table is not held up
        assert TableResult.objects.filter(drive=drive, table=two.table).count() == 1
        assert same_table.is_alive() and next_round.is_alive()  # they wait for the table
    finally:
        release.set()
        for thread in (holder, same_table, next_round):
            thread.join(10)
    assert TableResult.objects.filter(drive=drive, round=1).count() == 2
