"""Two tabs opened on the same page, both saved: the second is refused, nothing is lost.

Each "tab" is its own test client that reads the page, as a browser would, and posts back
the version it showed (issue 25, point 6 and the stale-tabs part of point 9).
"""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from drives.models import Entry, SeatRole
from tests.conftest import drive_form, make_drive, make_player, make_players, make_user

STALE = "was changed by someone else since you opened this page; nothing was saved."


def tab(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def shown_version(page_text: str, form_id: str | None = None) -> str:
    if form_id is not None:
        page_text = page_text[page_text.index(f'id="{form_id}"') :]
    found = re.search(r'name="version" value="([0-9a-f]+)"', page_text)
    assert found, "the page carries the version it shows"
    return found.group(1)


def ticks(players, version, roles=None):
    data = {"present": [p.pk for p in players], "version": version}
    for player in players:
        data[f"role_{player.pk}"] = (roles or {}).get(player.pk, player.role)
    return data


@pytest.fixture
def co_organiser(club):
    user = make_user("bea")
    club.team.add(user)
    return user


def test_a_stale_check_in_list_keeps_the_other_tabs_player_and_shows_its_ticks(
    club, organiser, co_organiser
):
    drive = make_drive(club)
    ann, bob, cat, dan = make_players(club, 4)
    first, second = tab(organiser), tab(co_organiser)
    url = drive.get_absolute_url()
    version_first = shown_version(first.get(url).text, "check-in")
    version_second = shown_version(second.get(url).text, "check-in")

    saved = first.post(
        reverse("drives:check_in", args=[drive.pk]), ticks([ann, bob], version_first)
    )
    assert saved.status_code == 302
    # The second tab never saw Bob ticked: saving it would have un-checked him.
    stale = second.post(
        reverse("drives:check_in", args=[drive.pk]), ticks([ann, cat], version_second)
    )

    assert stale.status_code == 409
    assert f"The check-in list {STALE}" in stale.text
    assert set(drive.entries.values_list("player_id", flat=True)) == {ann.pk, bob.pk}
    # What the second tab typed is shown back, with who the other tab checked in.
    assert re.search(rf'value="{cat.pk}" id="present-{cat.pk}" checked', stale.text)
    assert not re.search(rf'value="{bob.pk}" id="present-{bob.pk}" checked', stale.text)
    saved_now = stale.text[stale.text.index('id="saved-now"') :]
    assert f"checked in now: {bob.name}" in saved_now
    assert f"not checked in now: {cat.name}" in saved_now
    assert dan.name not in saved_now.split("</div>")[0]

    # Having seen the difference, saving again keeps the second tab's list on purpose.
    again = second.post(
        reverse("drives:check_in", args=[drive.pk]), ticks([ann, cat], shown_version(stale.text))
    )
    assert again.status_code == 302
    assert set(drive.entries.values_list("player_id", flat=True)) == {ann.pk, cat.pk}


def test_a_walk_in_makes_an_older_check_in_list_stale(client, club, organiser):
    drive = make_drive(club)
    ann = make_player(club, name="Ann Smith")
    first = tab(organiser)
    version = shown_version(first.get(drive.get_absolute_url()).text, "check-in")
    walked = first.post(
        reverse("drives:walk_in", args=[drive.pk]), {"name": "Wendy Walker", "role": "lady"}
    )
    assert walked.status_code == 302

    stale = first.post(reverse("drives:check_in", args=[drive.pk]), ticks([ann], version))

    assert stale.status_code == 409
    assert Entry.objects.filter(drive=drive, player__name="Wendy Walker").exists()
    assert "checked in now: Wendy Walker" in stale.text


def test_a_check_in_post_without_a_version_is_refused_as_stale(club, organiser):
    drive = make_drive(club)
    players = make_players(club, 2)
    response = tab(organiser).post(
        reverse("drives:check_in", args=[drive.pk]), ticks(players, version="")
    )
    assert response.status_code == 409
    assert not drive.entries.exists()


def test_a_stale_members_record_keeps_the_other_tabs_change_and_the_typed_values(
    club, organiser, co_organiser
):
    player = make_player(club, name="Ann Smith", role=SeatRole.LADY, member_number="7")
    first, second = tab(organiser), tab(co_organiser)
    url = reverse("drives:player_edit", args=[player.pk])
    version_first = shown_version(first.get(url).text)
    version_second = shown_version(second.get(url).text)

    record = {"role": "lady", "member_number": "7", "active": "on"}
    saved = first.post(url, record | {"name": "Ann Smythe", "version": version_first})
    assert saved.status_code == 302
    stale = second.post(
        url, record | {"name": "Ann Smith", "member_number": "12", "version": version_second}
    )

    assert stale.status_code == 409
    assert f"Ann Smythe's record {STALE}" in html.unescape(stale.text)
    player.refresh_from_db()
    assert (player.name, player.member_number) == ("Ann Smythe", "7")
    assert 'value="12"' in stale.text  # the typed member number, not lost
    saved_now = stale.text[stale.text.index('id="saved-now"') :].split("</div>")[0]
    assert "Name: Ann Smythe" in saved_now
    assert "Member number: 7" in saved_now  # saved now, beside the 12 typed
    assert "Usual seat role" not in saved_now  # the same in both

    again = second.post(
        url,
        record
        | {"name": "Ann Smith", "member_number": "12"}
        | {"version": shown_version(stale.text)},
    )
    assert again.status_code == 302
    player.refresh_from_db()
    assert (player.name, player.member_number) == ("Ann Smith", "12")


def test_a_stale_drive_set_up_is_refused_with_the_typed_values_kept(club, organiser, co_organiser):
    drive = make_drive(club, title="Christmas Drive")
    first, second = tab(organiser), tab(co_organiser)
    url = reverse("drives:drive_edit", args=[drive.pk])
    version_first = shown_version(first.get(url).text)
    version_second = shown_version(second.get(url).text)

    saved = first.post(url, drive_form(deals=12, version=version_first))
    assert saved.status_code == 302
    stale = second.post(url, drive_form(title="Boxing Day Drive", version=version_second))

    assert stale.status_code == 409
    assert f"The drive's set-up {STALE}" in html.unescape(stale.text)
    drive.refresh_from_db()
    assert (drive.title, drive.deals) == ("Christmas Drive", 12)
    assert 'value="Boxing Day Drive"' in stale.text
    saved_now = stale.text[stale.text.index('id="saved-now"') :].split("</div>")[0]
    assert "Number of deals: 12" in saved_now


def test_the_stale_message_is_in_the_pages_language(club, organiser, co_organiser):
    player = make_player(club, name="Ann Smith")
    url = reverse("drives:player_edit", args=[player.pk])
    first, second = tab(organiser), tab(co_organiser)
    with translation.override("fr"):
        french_url = reverse("drives:player_edit", args=[player.pk])
    version = shown_version(second.get(french_url).text)
    first.post(
        url,
        {
            "name": "Ann Smythe",
            "role": "either",
            "active": "on",
            "version": shown_version(first.get(url).text),
        },
    )
    stale = second.post(french_url, {"name": "Ann S", "role": "either", "version": version})
    assert stale.status_code == 409
    assert "Quelqu’un d’autre a modifié" in stale.text or "quelqu’un d’autre" in stale.text
