"""Hall mode on the site: who may log in on the laptop, sign-up closed, the hall's address on
the dashboard, the accounts checked before the laptop serves (``manage.py hall_ready``)."""

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from drives.models import ClubRole
from tests.conftest import make_club, make_started_drive, make_user

pytestmark = pytest.mark.django_db
PASSWORD = "secret-password-1"


@pytest.fixture
def hall(settings):
    settings.HALL_MODE = True
    settings.SITE_URL = "http://192.168.1.20:8000"
    settings.AUTHENTICATION_BACKENDS = [
        "axes.backends.AxesStandaloneBackend",
        "drives.accounts.hall.HallAuthenticationBackend",
    ]


def log_in(client, username):
    return client.post("/accounts/login/", {"username": username, "password": PASSWORD})


def test_a_clubs_organiser_logs_in_on_the_laptop(client, hall):
    make_club(organiser=make_user("ann"))
    assert log_in(client, "ann").status_code == 302
    assert "_auth_user_id" in client.session


def test_a_helper_or_a_stranger_with_the_right_password_cannot(client, hall):
    club = make_club(organiser=make_user("ann"))
    club.memberships.create(user=make_user("harry"), role=ClubRole.HELPER)
    make_user("stranger")
    for name in ("harry", "stranger"):
        response = log_in(client, name)
        assert response.status_code == 200
        assert "_auth_user_id" not in client.session
    assert "only the organisers of a club on it can log in" in response.text


def test_the_laptops_administrator_logs_in_to_set_up_a_club(client, hall):
    get_user_model().objects.create_superuser("owner", "", PASSWORD)
    assert log_in(client, "owner").status_code == 302


def test_away_from_the_hall_a_helper_logs_in_as_ever(client):
    club = make_club(organiser=make_user("ann"))
    club.memberships.create(user=make_user("harry"), role=ClubRole.HELPER)
    assert log_in(client, "harry").status_code == 302


def test_sign_up_is_closed_on_the_laptop(client, hall, settings):
    settings.SIGNUP_OPEN = True  # even were it left open
    page = client.get("/accounts/signup/")
    assert "Create an account" not in client.get("/accounts/login/").text
    assert page.status_code == 200 and 'name="password1"' not in page.text


def test_the_dashboard_shows_the_halls_address_and_its_qr_code(client, hall):
    organiser = make_user("ann")
    drive = make_started_drive(make_club(organiser=organiser))
    client.force_login(organiser)
    page = client.get(f"/drives/{drive.pk}/tables/").text
    assert "Phones on the hall's Wi-Fi open:" in page
    assert "http://192.168.1.20:8000/" in page and "<svg" in page


def test_away_from_the_hall_the_dashboard_has_no_address(client):
    organiser = make_user("ann")
    drive = make_started_drive(make_club(organiser=organiser))
    client.force_login(organiser)
    assert "Phones on the hall's Wi-Fi" not in client.get(f"/drives/{drive.pk}/tables/").text


def test_the_laptop_refuses_to_serve_while_the_demo_password_opens_an_account():
    get_user_model().objects.create_user("organiser", password="whist-demo")
    with pytest.raises(CommandError, match="demo password"):
        call_command("hall_ready", stdout=io.StringIO(), stderr=io.StringIO())


def test_with_no_account_it_says_how_to_make_one(monkeypatch):
    errors = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO())  # no terminal to ask at
    call_command("hall_ready", stdout=io.StringIO(), stderr=errors)
    assert "createsuperuser" in errors.getvalue()


def test_every_club_is_backed_up_when_the_laptop_starts(settings, tmp_path):
    settings.HALL_BACKUPS = str(tmp_path)
    make_club(slug="hollybush", organiser=make_user("ann"))
    call_command("hall_ready", stdout=io.StringIO(), stderr=io.StringIO())
    (backup,) = tmp_path.glob("hollybush-*.json")
    assert json.loads(backup.read_text())["club"][0]["slug"] == "hollybush"


@pytest.fixture
def hall_https(hall, settings, tmp_path):
    from config import certificates

    paths = certificates.ensure(tmp_path, ["192.168.1.20"])
    settings.HALL_CA_CERTIFICATE = str(paths.ca)
    settings.HALL_SECURE_URL = "https://192.168.1.20:8443"
    return paths


def test_a_phone_downloads_the_halls_certificate_as_its_installer_takes_it(client, hall_https):
    import ssl

    response = client.get("/hall/whist-drive-hall.crt")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/x-x509-ca-cert"
    assert "whist-drive-hall.crt" in response["Content-Disposition"]
    assert response.content == ssl.PEM_cert_to_DER_cert(hall_https.ca.read_text())


def test_the_organisers_page_says_how_to_trust_it_on_each_phone(client, hall_https):
    organiser = make_user("ann")
    drive = make_started_drive(make_club(organiser=organiser))
    client.force_login(organiser)
    dashboard = client.get(f"/drives/{drive.pk}/tables/").text
    assert 'href="/hall/certificate/"' in dashboard
    client.logout()  # opened on each phone, with no one logged in there
    page = client.get("/hall/certificate/")
    assert page.status_code == 200
    text = page.text
    assert "Keep the table pages on phones when the signal drops" in text
    assert 'href="/hall/whist-drive-hall.crt"' in text
    assert "On an Android phone or tablet" in text and "On an iPhone or iPad" in text
    assert "Certificate Trust Settings" in text
    assert "Phones without it still work and keep their typed figures" in text
    assert "http://192.168.1.20:8000/hall/certificate/" in text and "<svg" in text
    assert "https://192.168.1.20:8443" in text
    french = client.get("/fr/hall/certificate/").text
    assert "Garder les pages des tables" in french


def test_the_table_page_knows_where_the_laptops_https_is(client, hall_https):
    from drives.tableside import tokens

    drive = make_started_drive(make_club(organiser=make_user("ann")))
    link = tokens.side_links(drive=drive)[0]
    page = client.get(f"/t/{link.token}/")
    assert page.status_code == 200
    assert 'data-secure-site="https://192.168.1.20:8443"' in page.text


def test_away_from_the_hall_there_is_no_certificate(client):
    assert client.get("/hall/whist-drive-hall.crt").status_code == 404
    assert client.get("/hall/certificate/").status_code == 404
