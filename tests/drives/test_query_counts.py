"""Pages run the same number of queries for a drive of 4 tables as for one of 40."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import make_club, make_played_drive

pytestmark = pytest.mark.django_db

PAGES = ["round", "standings", "standings_csv", "results_csv", "drive"]


def queries(client, drive, page):
    args = [drive.pk, 2] if page == "round" else [drive.pk]
    with CaptureQueriesContext(connection) as context:
        response = client.get(reverse(f"drives:{page}", args=args))
    assert response.status_code == 200
    return len(context.captured_queries)


@pytest.mark.parametrize("page", PAGES)
def test_query_count_does_not_grow_with_tables(client, organiser, page):
    small = make_played_drive(
        make_club(organiser=organiser), players=16, movement="individual", deals=4
    )
    large = make_played_drive(
        make_club(organiser=organiser), players=160, movement="individual", deals=4
    )
    assert large.seatings.filter(round=1).values("table").distinct().count() == 40
    for user in (None, organiser):
        if user:
            client.force_login(user)
        assert queries(client, small, page) == queries(client, large, page)
