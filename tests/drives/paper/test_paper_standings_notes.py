"""A paper drive's standings footnotes name the tie-break its cards were ranked by."""

import pytest
from django.urls import reverse

from tests.conftest import make_players
from tests.drives.paper.test_paper_drives import JSON, paper_drive, type_card

pytestmark = pytest.mark.django_db


def test_a_paper_drives_countback_note_names_the_second_half(client, club, organiser):
    drive = paper_drive(club, make_players(club, 8), tie_break="countback")
    client.force_login(organiser)
    # Cards 1 and 2 level on 30: card 1 took 20 of them in the second half, card 2 only 10.
    figures = {1: (30, 10), 2: (30, 20), 3: (40, 20), 4: (20, 10)}
    figures |= {5: (25, 12), 6: (22, 11), 7: (18, 9), 8: (16, 8)}
    for card, (total, half) in figures.items():
        assert type_card(client, drive, card, total, half, **JSON).status_code == 200
    page = client.get(reverse("drives:standings", args=[drive.pk])).text
    assert "placed by the countback: the points of the second half." in page
    assert "the last round, then the last two" not in page
