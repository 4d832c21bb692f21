"""A drive played on a hall laptop published to the club's site (drives.backup.drive_file):
matched by the drive's identity, its players found among the members, walk-ins added,
publishing twice changing nothing, and a clear refusal when the site holds other results.

The laptop's club is a copy of the site's club in the same database (imported from the
site's club file under another short name), as a laptop's is after the organiser took the
club file home; a drive file crosses between them as it would between two machines.
"""

import io
import json

import pytest
from django.urls import reverse

from drives.backup.club_file import export_club, import_club, open_club_file
from drives.backup.drive_file import export_drive, open_drive_file, publish_drive, results_of
from drives.errors import DriveError
from drives.models import Drive, Player, ResultChange, Season, TableResult
from tests.conftest import (
    make_club,
    make_drive,
    make_played_drive,
    make_player,
    make_players,
    make_season,
    make_user,
)

pytestmark = pytest.mark.django_db


def as_file(document: dict) -> io.BytesIO:
    return io.BytesIO(json.dumps(document).encode())


def publish(drive, club):
    return publish_drive(open_drive_file(as_file(export_drive(drive))), club=club)


def held(club) -> dict:
    return {
        "drives": Drive.objects.filter(club=club).count(),
        "players": Player.objects.filter(club=club).count(),
        "seasons": Season.objects.filter(club=club).count(),
        "results": TableResult.objects.filter(drive__club=club).count(),
        "changes": ResultChange.objects.filter(result__drive__club=club).count(),
    }


def same_results(one: Drive, other: Drive) -> bool:
    def rows(drive):
        document = export_drive(drive)
        return lambda key: iter(document.get(key, []))

    return results_of(rows(one)) == results_of(rows(other))


@pytest.fixture
def organiser():
    return make_user("ann")


@pytest.fixture
def site_and_laptop(organiser):
    """The club's site with eight members and a season; the laptop's copy of it, where an
    evening was played with four walk-ins added on the night."""
    site = make_club(name="Hollybush Whist Club", slug="hollybush", organiser=organiser)
    make_players(site, 8)
    make_season(site)
    laptop = import_club(
        open_club_file(as_file(export_club(site))), slug="hollybush-laptop", organiser=organiser
    )
    drive = make_played_drive(laptop, players=4, deals=4, season=laptop.seasons.get())
    return site, laptop, drive


def test_the_evening_reaches_the_clubs_site_with_its_members_found_and_walk_ins_added(
    site_and_laptop,
):
    site, _laptop, drive = site_and_laptop
    published = publish(drive, site)
    assert published.created
    assert (published.players_found, published.players_added) == (8, 4)
    copy = published.drive
    assert copy.club == site and copy.uid == drive.uid and copy.status == "finished"
    assert copy.season == site.seasons.get()  # the site's own season, not a second one
    assert held(site)["players"] == 12 and held(site)["seasons"] == 1
    assert same_results(copy, drive)
    assert copy.results.count() == drive.results.count() > 0
    assert sorted(copy.entries.values_list("player__name", flat=True)) == sorted(
        drive.entries.values_list("player__name", flat=True)
    )


def test_publishing_twice_changes_nothing(site_and_laptop):
    site, _laptop, drive = site_and_laptop
    first = publish(drive, site)
    before = held(site)
    again = publish(drive, site)
    assert not again.created and again.drive == first.drive
    assert held(site) == before


def test_the_walk_ins_of_one_evening_are_found_at_the_next(site_and_laptop):
    site, laptop, drive = site_and_laptop
    publish(drive, site)
    second = make_played_drive(laptop, players=0, deals=4, title="Next week")
    published = publish(second, site)
    assert (published.players_found, published.players_added) == (12, 0)
    assert held(site)["players"] == 12


def test_a_site_holding_other_results_for_the_drive_refuses_and_keeps_them(site_and_laptop):
    site, _laptop, drive = site_and_laptop
    copy = publish(drive, site).drive
    result = copy.results.order_by("pk").first()
    result.ns_tricks = 13 - result.ns_tricks if result.ns_tricks != 6 else 7
    result.save()
    before = held(site)
    with pytest.raises(DriveError, match=r"already holds .* with other results"):
        publish(drive, site)
    assert held(site) == before
    result.refresh_from_db()
    assert not same_results(copy, drive)


def test_clubs_set_up_apart_find_members_by_number_then_by_a_name_only_one_has(organiser):
    site = make_club(slug="site", organiser=organiser)
    ada = make_player(site, name="Ada Ashworth", member_number="17")
    bert = make_player(site, name="Bert Barlow")
    make_player(site, name="Cyril Clegg")
    make_player(site, name="Cyril Clegg", member_number="40")
    laptop = make_club(slug="laptop", organiser=organiser)
    make_player(laptop, name="Ada Ashworth-Smith", member_number="17")
    make_player(laptop, name="bert barlow ")
    make_player(laptop, name="Cyril Clegg")
    drive = make_played_drive(laptop, players=5, deals=4)
    published = publish(drive, site)
    assert (published.players_found, published.players_added) == (2, 6)
    names = set(published.drive.entries.values_list("player", flat=True))
    assert {ada.pk, bert.pk} <= names
    assert Player.objects.filter(club=site, name="Cyril Clegg").count() == 3


def test_a_drive_not_finished_is_not_published(organiser):
    laptop = make_club(slug="laptop", organiser=organiser)
    drive = make_drive(laptop)
    with pytest.raises(DriveError, match="Only a finished drive can be published"):
        publish(drive, make_club(slug="site"))


def test_a_file_of_another_kind_is_refused(organiser, site_and_laptop):
    site, _laptop, _drive = site_and_laptop
    with pytest.raises(DriveError, match="not a Whist Drive drive file"):
        open_drive_file(as_file(export_club(site)))


def test_an_organiser_publishes_from_the_clubs_page(client, organiser, site_and_laptop):
    site, _laptop, drive = site_and_laptop
    client.force_login(organiser)
    download = client.get(reverse("drives:drive_file", args=[drive.pk]))
    assert download["Content-Disposition"].startswith('attachment; filename="hollybush-laptop-')
    upload = io.BytesIO(download.content)
    upload.name = "evening.json"
    page = reverse("drives:drive_publish", args=[site.slug])
    response = client.post(page, {"file": upload}, follow=True)
    assert "is published: 8 players found among the members, 4 new members added." in (
        response.text
    )
    upload.seek(0)
    again = client.post(page, {"file": upload}, follow=True)
    assert "was already on this site with these results: nothing changed." in again.text
    assert Drive.objects.filter(club=site).count() == 1


def test_only_the_clubs_organisers_publish(client, site_and_laptop):
    site, _laptop, _drive = site_and_laptop
    client.force_login(make_user("stranger"))
    assert client.get(reverse("drives:drive_publish", args=[site.slug])).status_code == 403


def test_a_hall_laptop_keeps_each_finished_drive_on_its_disk(
    settings, tmp_path, organiser, django_capture_on_commit_callbacks
):
    settings.HALL_BACKUPS = str(tmp_path)
    club = make_club(slug="hollybush", organiser=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        drive = make_played_drive(club, players=8, deals=4)
    (kept,) = tmp_path.glob(f"hollybush-*-drive-{drive.pk}-*.json")
    document = json.loads(kept.read_text())
    assert document["format"] == "whist-drive-drive"
    assert document["drive"][0]["uid"] == str(drive.uid)
