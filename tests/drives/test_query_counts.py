"""Pages run the same number of queries for a drive of 4 tables as for one of 40."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import make_club, make_played_drive, make_started_drive, make_user

pytestmark = pytest.mark.django_db

PAGES = ["round", "standings", "standings_csv", "results_csv", "drive"]


def queries(client, drive, page):
    args = [drive.pk, 2] if page == "round" else [drive.pk]
    with CaptureQueriesContext(connection) as context:
        response = client.get(reverse(f"drives:{page}", args=args))
    assert response.status_code == 200
    return len(context.captured_queries)


@pytest.fixture(scope="module")
def small_and_large(module_db):
    """Their organiser, a played drive of 4 tables and one of 40: played once for the
    module, whose tests only read them."""
    organiser = make_user()
    small, large = (
        make_played_drive(make_club(organiser=organiser), players=n, movement="individual", deals=4)
        for n in (16, 160)
    )
    return organiser, small, large


@pytest.mark.parametrize("page", PAGES)
def test_query_count_does_not_grow_with_tables(client, small_and_large, page):
    organiser, small, large = small_and_large
    assert large.seatings.filter(round=1).values("table").distinct().count() == 40
    for user in (None, organiser):
        if user:
            client.force_login(user)
        assert queries(client, small, page) == queries(client, large, page)


def test_saving_one_table_costs_the_same_queries_at_4_tables_as_at_40(client, organiser):
    """The page posts every table's boxes; only the typed table is checked and saved."""
    counts = []
    for players in (16, 160):
        drive = make_started_drive(
            make_club(organiser=organiser), players=players, movement="individual", deals=4
        )
        tables = drive.seatings.filter(round=1).values("table").distinct().count()
        deals = list(drive.deals_of_round(1))
        form = {f"t{t}_d{d}": "" for t in range(1, tables + 1) for d in deals}
        form |= {f"t{t}_v": "0" for t in range(1, tables + 1)}
        form |= {f"t1_d{d}": "7" for d in deals}
        client.force_login(organiser)
        url = reverse("drives:round", args=[drive.pk, 1])
        with CaptureQueriesContext(connection) as context:
            response = client.post(url, form)
        assert response.status_code == 302
        assert drive.results.filter(table=1).count() == len(deals)
        assert drive.results.count() == len(deals)
        counts.append(len(context.captured_queries))
    assert counts[0] == counts[1]


def test_a_post_that_saves_does_not_rebuild_the_round_state(client, organiser, monkeypatch):
    from drives.evening import rounds

    drive = make_started_drive(
        make_club(organiser=organiser), players=16, deals=4, deals_per_round=4
    )
    client.force_login(organiser)

    def refuse(*args):
        raise AssertionError("the whole round sheet was built for a post that saved")

    monkeypatch.setattr(rounds, "round_state", refuse)
    form = {"t1_v": "0", "t2_v": "0", "t2_d1": ""} | {f"t1_d{d}": "6" for d in range(1, 5)}
    response = client.post(reverse("drives:round", args=[drive.pk, 1]), form)
    assert response.status_code == 302
    assert drive.results.filter(table=1, ns_tricks=6).count() == 4
