"""What every page's frame offers the reader: the larger-text switch (kept in a cookie, so
it works without scripts and the next page opens large at once), the club's four-colour
suits, and the organiser log-in as one small footer link on the players' pages."""

import pytest

from tests.conftest import link_of, make_club, make_started_drive

pytestmark = pytest.mark.django_db


def test_it_switches_to_larger_text_and_back_without_scripts(client, club):
    response = client.post("/text-size/", {"size": "large", "next": "/clubs/hollybush/"})
    assert response.status_code == 302 and response["Location"] == "/clubs/hollybush/"
    assert response.cookies["text_size"].value == "large"
    assert response.cookies["text_size"]["max-age"] == 365 * 24 * 60 * 60
    text = client.get("/clubs/hollybush/").content.decode()
    assert 'class="large-text' in text and 'aria-pressed="true"' in text
    client.post("/text-size/", {"size": "normal", "next": "/"})
    text = client.get("/clubs/hollybush/").content.decode()
    assert "large-text" not in text and 'aria-pressed="false"' in text


def test_it_never_sends_the_reader_to_another_site(client):
    response = client.post("/text-size/", {"size": "large", "next": "https://evil.example/"})
    assert response["Location"] == "/"
    assert client.get("/text-size/").status_code == 405


def test_a_public_page_cached_in_normal_text_is_served_afresh_in_large_text(client, club):
    drive = make_started_drive(club, movement="individual", deals=8)
    url = f"/drives/{drive.pk}/standings/"
    client.get(url)  # the CSRF cookie, part of the ETag, is set by the first visit
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    client.cookies["text_size"] = "large"
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and "large-text" in again.content.decode()


@pytest.mark.parametrize("four_colour", [True, False])
def test_the_clubs_four_colour_suits_reach_its_pages_and_phones(client, four_colour):
    club = make_club(name="Ashby Whist Club", slug="ashby", four_colour_suits=four_colour)
    drive = make_started_drive(club, movement="individual", deals=8, deals_per_round=4)
    for url in (f"/t/{link_of(drive).token}/", f"/drives/{drive.pk}/hall/"):
        text = client.get(url).content.decode()
        assert ("four-colour" in text.split(">", 2)[1]) is four_colour, url


def test_the_players_pages_offer_the_log_in_in_the_footer_only(client, organiser, club):
    text = client.get("/clubs/hollybush/").content.decode()
    header, _, rest = text.partition("</header>")
    assert "/accounts/login/" not in header
    assert 'class="site-footer"><a href="/accounts/login/?next=/clubs/hollybush/"' in rest
    client.force_login(organiser)
    text = client.get("/clubs/hollybush/").content.decode()
    assert "site-footer" not in text and "Log out" in text
