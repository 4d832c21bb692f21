"""The organisers' table cards: each table's secret link and its QR code, never public."""

import io
import re
import shutil
import subprocess

import pytest
from django.test import override_settings
from django.urls import reverse
from pypdf import PdfReader

from drives.models import PrintedSheet, SheetKind
from drives.printing import jobs, sheets
from drives.tableside import tokens
from tests.conftest import make_user
from tests.drives.printing.test_pdf import content_of, pages_of
from tests.drives.printing.test_printing_jobs import DUMMY

pytestmark = pytest.mark.django_db


def qr_url(drive):
    return reverse("drives:table_cards_qr_pdf", args=[drive.pk])


def text_of(response) -> str:
    """The PDF's text with its line breaks taken out, so that a wrapped link reads whole."""
    return re.sub(r"\s+", "", "".join(pages_of(response)))


def live_addresses(drive) -> dict[tuple[int, str], str]:
    return {
        (link.table, link.side): f"http://testserver/t/{link.token}/"
        for link in sheets.live_links(drive)
    }


def test_the_organisers_table_cards_print_each_sides_link_and_qr_code(
    client, organiser, running_drive
):
    client.force_login(organiser)

    response = client.get(qr_url(running_drive))

    addresses = live_addresses(running_drive)
    # The links were issued for each side of the round's tables.
    assert sorted(addresses) == [(t, s) for t in (1, 2, 3) for s in ("EW", "NS")]
    pages = pages_of(response)
    for (table, side), address in addresses.items():
        page = re.sub(r"\s+", "", pages[table - 1])
        assert f"Table{table}" in page and address in page
        label = {"NS": "N–SNorthandSouth", "EW": "E–WEastandWest"}[side]
        # Each code is labelled with its side, its address right after it.
        assert page.index(label) < page.index(address)
    public = client.get(reverse("drives:table_cards_pdf", args=[running_drive.pk]))
    # The QR code is drawn as vector shapes, never as a picture of pixels: a few hundred
    # more lines drawn on the page than on the public card, and no image.
    for qr_page, public_page in zip(*map(pdf_pages, (response, public)), strict=True):
        drawn = qr_page["/Resources"].get("/XObject", {})
        assert all(drawn[name].get_object()["/Subtype"] != "/Image" for name in drawn)
        assert lines_drawn(qr_page) > lines_drawn(public_page) + 200


def pdf_pages(response):
    return PdfReader(io.BytesIO(content_of(response))).pages


def lines_drawn(page) -> int:
    return page.get_contents().get_data().count(b" l\n")


def test_the_public_table_cards_carry_no_link(client, organiser, running_drive):
    client.force_login(organiser)
    client.get(qr_url(running_drive))  # the links exist
    client.logout()

    text = text_of(client.get(reverse("drives:table_cards_pdf", args=[running_drive.pk])))

    assert "Table1" in text
    assert "/t/" not in text
    assert not any(link.token in text for link in sheets.live_links(running_drive))


@override_settings(TASKS=DUMMY)
def test_anonymous_visitors_and_other_clubs_cannot_have_them(client, organiser, running_drive):
    client.force_login(organiser)
    client.get(qr_url(running_drive), {"paper": "letter"})
    sheet = PrintedSheet.objects.get(kind=SheetKind.TABLE_CARDS_QR)
    progress = reverse("drives:sheet", args=[running_drive.pk, sheet.pk])
    client.logout()

    assert client.get(qr_url(running_drive)).status_code == 302  # to the log-in page
    assert client.get(progress).status_code == 404
    client.force_login(make_user())
    assert client.get(qr_url(running_drive)).status_code == 403
    assert client.get(progress).status_code == 404


def test_a_revoked_or_reissued_link_prints_afresh(client, organiser, running_drive):
    client.force_login(organiser)
    first = text_of(client.get(qr_url(running_drive)))
    old = live_addresses(running_drive)[2, "EW"]
    kept = live_addresses(running_drive)[2, "NS"]
    wanted = jobs.SheetRequest(
        running_drive, SheetKind.TABLE_CARDS_QR, sheets.Layout(), "en", "http://testserver"
    )
    before = jobs.inputs(wanted).fingerprint

    tokens.link_revoke(drive=running_drive, table=2, side="EW", reissue=False)
    revoked = jobs.inputs(wanted).fingerprint
    tokens.link_revoke(drive=running_drive, table=2, side="EW", reissue=True)
    reissued = jobs.inputs(wanted).fingerprint
    again = text_of(client.get(qr_url(running_drive)))

    assert len({before, revoked, reissued}) == 3
    new = live_addresses(running_drive)[2, "EW"]
    assert old in first and old not in again
    assert new in again
    assert kept in first and kept in again  # the other side's link is left as it was
    assert PrintedSheet.objects.filter(kind=SheetKind.TABLE_CARDS_QR).count() == 1  # pruned


def test_a_planned_drive_has_no_links_to_print(client, organiser, club):
    from tests.conftest import make_drive

    client.force_login(organiser)

    assert client.get(qr_url(make_drive(club))).status_code == 404


def test_they_say_their_language(client, organiser, running_drive):
    client.force_login(organiser)

    response = client.get(f"/fr/drives/{running_drive.pk}/table-cards-qr.pdf")

    assert PdfReader(io.BytesIO(content_of(response))).trailer["/Root"]["/Lang"] == "fr"
    assert "/fr/t/" in text_of(response)  # the links open the table page in French


def test_the_drive_page_offers_them_to_its_organisers_only(client, organiser, running_drive):
    drive_page = reverse("drives:drive", args=[running_drive.pk])

    public = client.get(drive_page).content.decode()
    client.force_login(organiser)
    organisers = client.get(drive_page).content.decode()

    assert qr_url(running_drive) not in public
    assert qr_url(running_drive) in organisers


@pytest.mark.skipif(not shutil.which("zbarimg"), reason="needs zbarimg (zbar-tools)")
def test_each_printed_code_opens_its_sides_link(client, organiser, running_drive, tmp_path):
    client.force_login(organiser)
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(content_of(client.get(qr_url(running_drive))))

    subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", "1", "-l", "1", pdf, tmp_path / "p"])
    [image] = tmp_path.glob("p*.png")
    scanned = subprocess.run(
        ["zbarimg", "--quiet", "--raw", image], capture_output=True, text=True
    ).stdout.split()

    addresses = live_addresses(running_drive)
    assert sorted(scanned) == sorted([addresses[1, "NS"], addresses[1, "EW"]])


def test_a_pair_the_movement_keeps_is_named_beside_its_sides_code(client, organiser, club):
    from drives.names import PublicNames
    from tests.conftest import make_started_drive

    # A Mitchell movement keeps each N–S pair at its table all evening; E–W pairs move.
    drive = make_started_drive(club, players=16, movement="mitchell", deals=4)
    seated = {s.seat: s.entry for s in drive.seatings.filter(round=1, table=1)}
    names = PublicNames.for_drive(drive)
    client.force_login(organiser)

    page = re.sub(r"\s+", "", pages_of(client.get(qr_url(drive)))[0])

    def pair(one, two):
        return re.sub(r"\s+", "", f"{names.entry(seated[one])} & {names.entry(seated[two])}")

    assert f"NorthandSouth:{pair('N', 'S')}" in page
    assert "EastandWest" in page and pair("E", "W") not in page
