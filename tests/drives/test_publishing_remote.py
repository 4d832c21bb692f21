"""Publishing from the laptop in one action (drives.backup.remote): the club's site makes a
key, the laptop holds it with the site's address, and each finished drive is one button.

The site's side is tested through the test client; the laptop's button posts for real over
HTTP to a live server standing for the club's site (same database, another club).
"""

import io
import json
import re

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from drives.backup.club_file import export_club, import_club, open_club_file
from drives.backup.drive_file import export_drive
from drives.models import Drive, PublishingKey, PublishingTarget
from tests.conftest import make_club, make_played_drive, make_players, make_user


def as_file(document):
    return io.BytesIO(json.dumps(document).encode())


@pytest.fixture
def organiser(db):
    return make_user("ann")


@pytest.fixture
def site_and_laptop(organiser):
    site = make_club(name="Hollybush Whist Club", slug="hollybush", organiser=organiser)
    make_players(site, 8)
    laptop = import_club(
        open_club_file(as_file(export_club(site))), slug="hollybush-laptop", organiser=organiser
    )
    drive = make_played_drive(laptop, players=0, deals=4)
    return site, laptop, drive


def make_key(client, club) -> str:
    response = client.post(
        reverse("drives:publishing_settings", args=[club.slug]), {"action": "make-key"}
    )
    (message,) = [str(m) for m in get_messages(response.wsgi_request)]
    return re.search(r"shown this once: (\S+)\. Enter it", message).group(1)


def post_drive(client, drive, key):
    return client.post(
        "/publish/",
        json.dumps(export_drive(drive)),
        content_type="application/json",
        headers={"Authorization": f"Bearer {key}"},
    )


@pytest.mark.django_db
def test_the_site_publishes_a_drive_posted_with_its_clubs_key(client, organiser, site_and_laptop):
    site, _laptop, drive = site_and_laptop
    client.force_login(organiser)
    key = make_key(client, site)
    assert not PublishingKey.objects.filter(digest=key).exists()  # only its digest is kept
    client.logout()
    first = post_drive(client, drive, key)
    assert first.status_code == 201 and first.json()["created"] is True
    assert Drive.objects.get(club=site).uid == drive.uid
    again = post_drive(client, drive, key)
    assert again.status_code == 200 and again.json()["created"] is False
    assert "nothing changed" in again.json()["message"]
    assert Drive.objects.filter(club=site).count() == 1


@pytest.mark.django_db
def test_a_key_that_opens_nothing_or_was_withdrawn_is_refused(client, organiser, site_and_laptop):
    site, _laptop, drive = site_and_laptop
    assert post_drive(client, drive, "guessed").status_code == 401
    client.force_login(organiser)
    key = make_key(client, site)
    settings_page = reverse("drives:publishing_settings", args=[site.slug])
    client.post(settings_page, {"action": "withdraw-keys"})
    refused = post_drive(client, drive, key)
    assert refused.status_code == 401 and "opens nothing" in refused.json()["message"]
    assert not Drive.objects.filter(club=site).exists()


@pytest.mark.django_db
def test_other_results_on_the_site_are_a_refusal_in_words(client, organiser, site_and_laptop):
    site, _laptop, drive = site_and_laptop
    client.force_login(organiser)
    key = make_key(client, site)
    post_drive(client, drive, key)
    result = Drive.objects.get(club=site).results.order_by("pk").first()
    result.ns_tricks = 7 if result.ns_tricks != 7 else 6
    result.save()
    refused = post_drive(client, drive, key)
    assert refused.status_code == 409 and "with other results" in refused.json()["message"]


@pytest.mark.django_db
def test_the_laptop_takes_only_an_https_site(client, organiser, site_and_laptop):
    _site, laptop, _drive = site_and_laptop
    client.force_login(organiser)
    response = client.post(
        reverse("drives:publishing_settings", args=[laptop.slug]),
        {"action": "target", "site_url": "http://whist.example.org", "key": "k"},
    )
    assert response.status_code == 400 and "starts with https://" in response.text
    assert not PublishingTarget.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_one_button_on_the_laptop_publishes_the_drive_on_the_clubs_site(
    client, organiser, site_and_laptop, live_server, settings
):
    settings.PUBLISH_INSECURE = True
    site, laptop, drive = site_and_laptop
    client.force_login(organiser)
    key = make_key(client, site)
    client.post(
        reverse("drives:publishing_settings", args=[laptop.slug]),
        {"action": "target", "site_url": live_server.url, "key": key},
    )
    page = client.get(reverse("drives:drive_publish", args=[laptop.slug])).text
    assert f"Publish to {live_server.url}" in page
    sent = client.post(reverse("drives:drive_send", args=[drive.pk]), follow=True)
    assert "is published: 8 players found among the members, 0 new members added." in sent.text
    assert Drive.objects.get(club=site).uid == drive.uid
    again = client.post(reverse("drives:drive_send", args=[drive.pk]), follow=True)
    assert "nothing changed" in again.text
    assert Drive.objects.filter(club=site).count() == 1


@pytest.mark.django_db
def test_a_laptop_with_no_internet_says_so_and_keeps_the_drive(
    client, organiser, site_and_laptop, settings
):
    settings.PUBLISH_INSECURE = True
    _site, laptop, drive = site_and_laptop
    PublishingTarget.objects.create(club=laptop, site_url="http://127.0.0.1:9", key="k")
    client.force_login(organiser)
    sent = client.post(reverse("drives:drive_send", args=[drive.pk]), follow=True)
    assert "site cannot be reached (no internet here?)" in sent.text
