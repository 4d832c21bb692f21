"""A scorecard prints its opponents as "3 & 5", and the points won still in their column."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.conftest import make_club, make_played_drive
from tests.drives.printing.test_pdf import content_of

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("card", ["", "a6"])
def test_the_opponents_print_together_and_the_points_after_them(client, card):
    drive = make_played_drive(make_club(), players=8, deals=8, movement="individual")
    response = client.get(reverse("drives:scorecards_pdf", args=[drive.pk]), {"card": card})
    reader = PdfReader(io.BytesIO(content_of(response)))
    text = "\n".join(page.extract_text(extraction_mode="layout") for page in reader.pages)
    pairs = re.findall(r"\d+ &\s+\d+", text)
    assert len(pairs) == 8 * 8
    assert all(re.fullmatch(r"\d+ & \d+", pair) for pair in pairs), set(pairs)
    # Each line still reads seat, partner, opponents, points won and running total in order.
    lines = re.findall(r"[NESW] +\d+ +\d+ & \d+ +(\d+) +(\d+)", text)
    assert len(lines) == 8 * 8
