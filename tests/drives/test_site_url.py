"""Every absolute link comes from the configured site address, never the Host header: the
QR links and addresses on the organiser's page and cards (issue 25, point 8)."""

import re

import pytest
from django.test import override_settings
from django.urls import reverse

from drives.models import PrintedSheet, SheetKind
from drives.printing import sheets
from tests.drives.printing.test_table_cards_qr import qr_url, text_of

pytestmark = pytest.mark.django_db

SITE = "https://whist.example.org"


@override_settings(SITE_URL=SITE, ALLOWED_HOSTS=["testserver", "other.example"])
def test_the_qr_page_links_from_the_site_address_whatever_the_host(
    client, organiser, running_drive
):
    client.force_login(organiser)
    url = reverse("drives:tableside_qr", args=[running_drive.pk])
    for host in ("testserver:8080", "other.example"):
        text = client.get(url, HTTP_HOST=host).text
        links = set(re.findall(r"https?://[^\s\"<]+/t/[a-z0-9]+/", text))
        assert links, "the page shows each table's address"
        assert all(link.startswith(f"{SITE}/t/") for link in links), links
        assert "8080" not in text and "other.example/t/" not in text


def test_the_table_cards_print_the_site_address_and_afresh_when_it_changes(
    client, organiser, running_drive
):
    client.force_login(organiser)
    with override_settings(SITE_URL=SITE):
        before = text_of(client.get(qr_url(running_drive), HTTP_HOST="testserver:8080"))
    with override_settings(SITE_URL="https://cards.example.net"):
        after = text_of(client.get(qr_url(running_drive)))
    tokens = [link.token for link in sheets.live_links(running_drive)]
    assert all(f"{SITE}/t/{token}/" in before for token in tokens)
    assert "8080" not in before
    assert all(f"https://cards.example.net/t/{token}/" in after for token in tokens)
    sheet = PrintedSheet.objects.get(kind=SheetKind.TABLE_CARDS_QR)
    assert sheet.site == "https://cards.example.net"  # the old address's sheet was replaced
