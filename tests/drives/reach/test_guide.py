"""The organiser's guide: in the site, in the page's language, linked from the organisers'
pages, printable."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import make_drive

pytestmark = pytest.mark.django_db

SECTIONS = ["set-up", "check-in", "printing", "phones", "rounds", "disputes", "finishing", "league"]


@pytest.mark.parametrize(
    ("prefix", "title", "words"),
    [
        ("", "The organiser's guide", ["Check-in", "Finish the drive", "Take N–S's figures"]),
        ("/fr", "Le guide de l’organisateur", ["Les inscriptions", "Terminer le tournoi"]),
        ("/hu", "Szervezői útmutató", ["Jelenlét", "A verseny befejezése"]),
    ],
)
def test_the_guide_reads_in_the_pages_language(client, prefix, title, words):
    response = client.get(prefix + reverse("drives:guide"))
    assert response.status_code == 200
    text = response.content.decode().replace("&#x27;", "'")
    assert f"<h1>{title}</h1>" in text
    for section in SECTIONS:
        assert f'<section id="{section}">' in text, section
    for word in words:
        assert word in text, word


def test_the_guide_is_printable(client):
    text = client.get(reverse("drives:guide")).text
    assert 'href="/static/css/guide.css"' in text  # its @media print rules
    assert 'src="/static/js/print.js"' in text and "data-print" in text
    from django.contrib.staticfiles import finders

    with open(finders.find("css/guide.css")) as stylesheet:
        assert "@media print" in stylesheet.read()


def test_the_organisers_pages_link_the_guide(organiser, club):
    organiser_client = Client()
    organiser_client.force_login(organiser)
    guide = reverse("drives:guide")
    drive = make_drive(club)
    for url in [reverse("drives:club", args=[club.slug]), reverse("drives:drive", args=[drive.pk])]:
        assert f'href="{guide}"' in organiser_client.get(url).text, url
    assert f'href="{guide}"' not in Client().get(reverse("drives:club", args=[club.slug])).text
