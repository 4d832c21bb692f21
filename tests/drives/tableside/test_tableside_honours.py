"""Honours are shown to the side that confirms them, on the dashboard's tiles, in disputes
(side by side, deal by deal, the differing figures marked) and in the table's history."""

import uuid
from html import unescape

import pytest
from django.urls import reverse

from drives.models import PendingEntry
from drives.tableside import services
from tests.conftest import link_of, make_started_drive, own_link

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("one_counting_window")]


def send(client, link, side, tricks, honours):
    """A side's figures from its own link, at ``link``'s table."""
    data = {"round": 1, "side": side, "submission": uuid.uuid4(), "d1": tricks}
    if honours is not None:
        data["h1"] = honours
    return client.post(reverse("drives:table_enter", args=[own_link(link, side).token]), data)


@pytest.fixture
def drive(club):
    return make_started_drive(club, players=8, movement="individual", deals=7, honours=True)


def test_the_confirming_side_sees_the_honours_it_confirms(client, drive):
    link = link_of(drive)
    send(client, link, "NS", 7, 4)
    page = unescape(client.get(reverse("drives:table_page", args=[link.token])).text)
    assert "Waiting for E–W to confirm." in page
    waiting = page.split('id="state"')[1].split("</section>")[0]
    assert "Honours" in waiting and "N–S hold all four" in waiting
    # Deal 1, hearts, odd tricks: 7 tricks give N–S 1, and all four honours 4 more.
    assert "Points" in waiting and '<td class="num">5–0</td>' in waiting


def test_an_honours_only_dispute_is_shown_side_by_side_with_the_difference_marked(
    client, organiser, drive
):
    link = link_of(drive)
    send(client, link, "NS", 7, 4)
    send(client, link, "EW", 7, 3)
    assert set(PendingEntry.objects.values_list("state", flat=True)) == {"disputed"}
    phone = unescape(client.get(reverse("drives:table_page", args=[link.token])).text)
    client.force_login(organiser)
    tiles = unescape(client.get(reverse("drives:tableside_tiles", args=[drive.pk])).text)
    for page in (phone, tiles):
        dispute = page.split('class="figures dispute"')[1].split("</table>")[0]
        assert "N–S say" in dispute and "E–W say" in dispute
        assert "<td>1</td>" in dispute  # the deal
        # The tricks agree; the honours are what differ, and only they are marked.
        assert (
            "<td>7–6, <mark>N–S hold all four</mark>, <mark>points: N–S 5, E–W 0</mark></td>"
            in dispute
        )
        assert (
            "<td>7–6, <mark>N–S hold three</mark>, <mark>points: N–S 3, E–W 0</mark></td>"
            in dispute
        )


def test_the_tiles_and_the_history_name_the_deal_and_its_honours(client, organiser, drive):
    link = link_of(drive)
    send(client, link, "NS", 8, None)
    client.force_login(organiser)
    tiles = unescape(client.get(reverse("drives:tableside_tiles", args=[drive.pk])).text)
    assert "deal 1</span> 8–5, no honours, points: N–S 2, E–W 0" in tiles
    send(client, link, "EW", 8, 1)
    entry = PendingEntry.objects.get(side="EW")
    services.dispute_settle(drive=drive, entry_pk=entry.pk, user=organiser)
    history = unescape(client.get(reverse("drives:tableside_history", args=[drive.pk, 1])).text)
    assert "1: 8–5, no honours, points: N–S 2, E–W 0" in history
    assert "1: 8–5, E–W hold three, points: N–S 2, E–W 2" in history
    assert "deal 1 stored" in history and "8–5, E–W hold three" in history


@pytest.mark.parametrize(
    "language, words", [("fr", "N–S ont les quatre"), ("hu", "É–D-nél mind a négy")]
)
def test_the_honours_are_in_the_readers_language(client, drive, language, words):
    link = link_of(drive)
    send(client, link, "NS", 7, 4)
    page = unescape(
        client.get(f"/{language}" + reverse("drives:table_page", args=[link.token])).text
    )
    assert words in page.split('id="state"')[1].split("</section>")[0]
