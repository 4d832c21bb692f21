"""One member's data: exported whole, erased when they never played, anonymised when they
did; and contact details on no public page, CSV or sheet."""

import datetime as dt
import html
import io
import json

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from drives.evening.entries import drive_check_in, entry_check_in
from drives.evening.lifecycle import drive_start
from drives.management.commands.simulate_drive import simulate
from drives.models import ConsentChange, ConsentSource, Entry, Player, SeatRole
from drives.reach import consent
from drives.reports.report import drive_report
from tests.conftest import make_drive, make_season

pytestmark = pytest.mark.django_db

ADDRESS = "ann.smith@example.org"


@pytest.fixture
def organiser_client(organiser):
    client = Client()
    client.force_login(organiser)
    return client


@pytest.fixture
def members(club, organiser):
    names = ["Ann Smith", "Bob Jones", "Cath Brown", "Dan Green", "Eve White", "Fred Black",
             "Gwen Grey", "Hal Stone"]  # fmt: skip
    players = [
        Player.objects.create(
            club=club, name=name, role=[SeatRole.LADY, SeatRole.GENT][n % 2], member_number=str(n)
        )
        for n, name in enumerate(names, start=100)
    ]
    consent.member_contact_save(
        player=players[0], email=ADDRESS, language="en-gb", consent=True, user=organiser
    )
    return players


@pytest.fixture
def played(club, members):
    drive = make_drive(
        club, season=make_season(club), title="Autumn Drive", deals=4, date=dt.date(2026, 10, 2)
    )
    simulate(drive)
    drive.refresh_from_db()
    return drive


def text_of(response) -> str:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    if response["Content-Type"] == "application/pdf":
        pages = PdfReader(io.BytesIO(content)).pages
        return "\n".join(page.extract_text() for page in pages)
    return html.unescape(content.decode())


def test_an_organiser_downloads_everything_kept_about_a_member(organiser_client, played, members):
    ann = members[0]
    response = organiser_client.get(reverse("drives:member_export", args=[ann.pk]))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="')
    assert f"-hollybush-member-{ann.pk}.json" in response["Content-Disposition"]
    document = json.loads(response.content)
    assert document["format"] == "whist-drive-member"
    assert document["member"]["name"] == "Ann Smith"
    assert document["member"]["email"] == ADDRESS
    assert document["member"]["member_number"] == "100"
    assert document["member"]["agreed_to_results_by_email_at"]
    assert [c["consented"] for c in document["consent_history"]] == [True]
    assert document["consent_history"][0]["recorded_by"] == "alice"
    (entry,) = document["entries"]
    line = next(row for row in drive_report(played).overall if row.entry.player_id == ann.pk)
    assert entry["drive"] == "Autumn Drive" and entry["date"] == "2026-10-02"
    assert entry["place"] == line.rank_label
    assert entry["points"] == str(line.standing.points)
    assert entry["card_number"] == line.entry.card_number


def test_a_member_who_never_played_is_erased_with_their_check_in(organiser_client, club, members):
    newcomer = Player.objects.create(club=club, name="Zoe Newcombe", email="zoe@example.org")
    planned = make_drive(club, title="Christmas Drive")
    entry_check_in(drive=planned, player=newcomer, role=SeatRole.LADY)
    url = reverse("drives:member_erase", args=[newcomer.pk])

    page = organiser_client.get(url)
    assert "This member has never played: they are deleted" in text_of(page)
    response = organiser_client.post(url, follow=True)

    assert response.redirect_chain[-1][0] == reverse("drives:player_list", args=[club.slug])
    assert "Zoe Newcombe is deleted, with all their data." in text_of(response)
    assert not Player.objects.filter(pk=newcomer.pk).exists()
    assert not Entry.objects.filter(drive=planned).exists()


def test_a_member_who_played_is_anonymised_and_their_results_stay(
    organiser_client, club, played, members
):
    ann = members[0]
    before = [(row.entry.player_id, row.standing.points) for row in drive_report(played).overall]
    url = reverse("drives:member_erase", args=[ann.pk])
    assert "their results stay in the standings" in text_of(organiser_client.get(url))

    response = organiser_client.post(url, follow=True)

    assert "Ann Smith is anonymised" in text_of(response)
    ann.refresh_from_db()
    assert ann.name == f"Former member {ann.pk}"
    assert (ann.email, ann.member_number, ann.results_consent_at) == ("", "", None)
    assert ann.anonymised_at is not None and not ann.active
    (record,) = ConsentChange.objects.filter(player=ann)
    assert (record.consented, record.source) == (False, ConsentSource.ERASURE)
    after = [(row.entry.player_id, row.standing.points) for row in drive_report(played).overall]
    assert after == before
    standings = text_of(Client().get(reverse("drives:standings", args=[played.pk])))
    assert f"Former member {ann.pk}" in standings and "Ann Smith" not in standings

    again = organiser_client.post(url, follow=True)
    assert "This member’s details were erased already." in text_of(again)


def test_a_member_checked_in_to_a_running_drive_is_not_erased(organiser_client, club, members):
    drive = make_drive(club, deals=4)
    drive_check_in(drive=drive, roles={p: p.role for p in members})
    drive_start(drive=drive)
    late = Player.objects.create(club=club, name="Zoe Newcombe")
    entry_check_in(drive=drive, player=late, role=SeatRole.LADY)  # waits for a partner

    response = organiser_client.post(reverse("drives:member_erase", args=[late.pk]), follow=True)

    assert "Zoe Newcombe is checked in to Test Drive, which is under way" in text_of(response)
    url = "/hu" + reverse("drives:member_erase", args=[late.pk])
    hungarian = text_of(organiser_client.post(url, follow=True))
    assert "Ez a tag (Zoe Newcombe) be van jelentkeztetve" in hungarian
    assert Player.objects.filter(pk=late.pk, name="Zoe Newcombe").exists()


def test_contact_details_appear_on_no_public_page_csv_or_sheet(
    organiser_client, club, played, members
):
    season = played.season
    ann = members[0]
    public = [
        reverse("drives:home"),
        reverse("drives:club", args=[club.slug]),
        reverse("drives:club_calendar", args=[club.slug]),
        reverse("drives:club_results_feed", args=[club.slug]),
        reverse("drives:season", args=[season.pk]),
        reverse("drives:league_csv", args=[season.pk]),
        reverse("drives:league_pdf", args=[season.pk]),
        reverse("drives:drive", args=[played.pk]),
        *(reverse("drives:round", args=[played.pk, n]) for n in range(1, played.rounds + 1)),
        reverse("drives:standings", args=[played.pk]),
        reverse("drives:standings_csv", args=[played.pk]),
        reverse("drives:results_csv", args=[played.pk]),
        reverse("drives:results_pdf", args=[played.pk]),
        reverse("drives:scorecards_pdf", args=[played.pk]),
        reverse("drives:table_cards_pdf", args=[played.pk]),
        reverse("drives:hall", args=[played.pk]),
        reverse("drives:hall_live", args=[played.pk]),
        ann.get_absolute_url(),
    ]
    organisers_downloads = [
        reverse("drives:blank_pack_pdf", args=[played.pk]),
        reverse("drives:player_list", args=[club.slug]),
    ]
    # Pages that name her, so the search below looks where her record is read.
    naming = {
        reverse("drives:season", args=[season.pk]),
        reverse("drives:league_csv", args=[season.pk]),
        reverse("drives:standings", args=[played.pk]),
        reverse("drives:standings_csv", args=[played.pk]),
        reverse("drives:results_csv", args=[played.pk]),
        reverse("drives:results_pdf", args=[played.pk]),
        reverse("drives:scorecards_pdf", args=[played.pk]),
        ann.get_absolute_url(),
    }
    for client, urls in [(Client(), public), (organiser_client, public + organisers_downloads)]:
        for url in urls:
            response = client.get(url)
            assert response.status_code == 200, url
            text = text_of(response)
            assert url not in naming or "Ann Smith" in text, url
            assert ADDRESS not in text and "example.org" not in text, url
    # The organisers' own page of the member shows it, and only that page.
    contact = organiser_client.get(reverse("drives:member_contact", args=[ann.pk]))
    assert ADDRESS in text_of(contact)
