"""Crafted club files: every one refused with a clear message, and nothing imported.

Before these checks a short name of ``../../etc x`` was taken (and the home page then
answered 500 for everyone), ``version: true`` was read as 1, a deep file raised
RecursionError, a missing id KeyError, a number too large DataError, and anyone named in
the file's organisers became an organiser here (issue 25, point 7).
"""

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from drives.backup.club_file import export_club
from drives.models import Club, Drive, Player, Seating
from tests.conftest import make_club, make_played_drive, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def document():
    """A small played club's file, as export_club writes it."""
    owner = make_user("alice")
    club = make_club(name="Hollybush", slug="hollybush", organiser=owner)
    make_played_drive(club, players=8, deals=4)
    second = make_played_drive(club, players=0, deals=4, title="Second")
    assert second.status == "finished"
    document = export_club(club)
    # The copy is imported beside the original: another short name.
    document["club"][0]["slug"] = "copy"
    return document


def write(tmp_path, document, name="club.json") -> str:
    path = tmp_path / name
    text = document if isinstance(document, str) else json.dumps(document)
    path.write_text(text)
    return str(path)


def refused(tmp_path, document, *args) -> str:
    clubs = Club.objects.count()
    with pytest.raises(CommandError) as error:
        call_command("import_club", write(tmp_path, document), *args, stdout=io.StringIO())
    assert Club.objects.count() == clubs, "nothing imported"
    assert not Club.objects.filter(slug="copy").exists()
    return str(error.value)


def test_a_sound_file_still_imports(tmp_path, document):
    out = io.StringIO()
    call_command("import_club", write(tmp_path, document), stdout=out)
    copy = Club.objects.get(slug="copy")
    assert copy.drives.count() == 2
    assert "Nobody organises it yet" in out.getvalue()


@pytest.mark.parametrize("slug", ["../../etc x", "has space", "", "é" * 3, "x" * 51, 7, None])
def test_an_invalid_short_name_is_refused_and_the_home_page_stays_up(
    client, tmp_path, document, slug
):
    document["club"][0]["slug"] = slug
    message = refused(tmp_path, document)
    assert "cannot be a club's short name" in message
    assert client.get(reverse("drives:home")).status_code == 200


def test_an_invalid_short_name_given_on_the_command_line_is_refused(tmp_path, document):
    assert "cannot be a club's short name" in refused(tmp_path, document, "--slug", "a/b")


@pytest.mark.parametrize(
    ("version", "shown"),
    [(True, "true"), ("1", '"1"'), (1.0, "1.0"), (2, "2"), (0, "0"), (None, "null")],
)
def test_only_the_supported_whole_number_versions_are_read(tmp_path, document, version, shown):
    document["version"] = version
    message = refused(tmp_path, document)
    assert f"This club file is version {shown}; this site reads version 1." in message


def test_a_file_nested_a_hundred_thousand_deep_is_refused_without_recursion(tmp_path):
    deep = '{"format": "whist-drive-club", "version": 1, "club": ' + "[" * 100_000
    deep += "]" * 100_000 + "}"
    assert "nests deeper than any club file" in refused(tmp_path, deep)


@pytest.mark.parametrize(
    "text",
    ["", "not json", "[1, 2]", "42", '{"format": "whist-drive-club", "version": 1', "{}"],
)
def test_what_is_not_a_club_file_says_so(tmp_path, text):
    message = refused(tmp_path, text)
    assert "not a club file" in message or "not a Whist Drive club file" in message


def test_a_file_over_the_size_cap_is_refused_before_it_is_read(tmp_path, document, settings):
    settings.CLUB_FILE_MAX_BYTES = 1000
    assert "a club file can be at most 1000" in refused(tmp_path, document).replace("\xa0", " ")


def test_an_unknown_or_repeated_top_level_key_is_refused(tmp_path, document):
    document["players_extra"] = []
    assert "which this site does not know" in refused(tmp_path, document)
    text = json.dumps(export_club(Club.objects.get()))
    text = text.replace('"version": 1', '"version": 1, "version": 1', 1)
    assert "holds “version” twice" in refused(tmp_path, text)


@pytest.mark.parametrize(
    ("table", "field", "value", "problem"),
    [
        ("drive", "deals", "24", "a whole number expected, not '24'"),
        ("drive", "deals", True, "a whole number expected, not true"),
        ("drive", "honours", 1, "true or false expected, not 1"),
        ("drive", "deals_per_round", 70_000, "from 0 to 32767, not 70000"),
        ("drive", "movement", "teleport", "is not a valid choice"),
        ("drive", "date", "2026-13-45", "date"),
        ("drive", "rested_entries", {"a": 1}, "a list expected"),
        ("player", "name", "x" * 101, "at most 100 characters"),
        ("player", "name", "\u202e", "cannot be blank"),
        ("player", "member_number", "7\x00", "NUL"),
        ("player", "club", 999_999, "no such row: 999999"),
        ("player", "club", "1", "a row number expected"),
        ("player", "id", None, "each row needs its own whole number"),
        ("tableresult", "ns_tricks", -1, "from 0 to 32767, not -1"),
        ("tableresult", "ns_tricks", 14, "result_tricks_at_most_13"),
        ("tableresult", "entered_by", 5, "a user name expected, not 5"),
        ("seating", "entry", 2**62, "no such row"),
    ],
)
def test_every_field_is_checked_for_its_type_and_range(
    tmp_path, document, table, field, value, problem
):
    document[table][0][field] = value
    message = refused(tmp_path, document)
    assert f"The club file is damaged ({table}" in message
    assert problem in message, message
    assert "nothing was imported" in message


def test_a_row_that_is_not_a_record_is_refused(tmp_path, document):
    document["player"].append([1, 2])
    assert "a row of “player” is not a record" in refused(tmp_path, document)


def test_two_rows_with_one_id_are_refused(tmp_path, document):
    document["player"].append(dict(document["player"][0]))
    assert "each row needs its own whole number" in refused(tmp_path, document)


def test_two_players_with_one_member_number_are_refused_by_name(tmp_path, document):
    document["player"][0]["member_number"] = document["player"][1]["member_number"] = "12"
    message = refused(tmp_path, document)
    assert "player_member_number_unique_in_club" in message


def test_a_seating_cannot_point_at_another_drives_entry(tmp_path, document):
    first, second = (d["id"] for d in document["drive"])
    other_entry = next(e["id"] for e in document["entry"] if e["drive"] == second)
    seating = next(s for s in document["seating"] if s["drive"] == first)
    seating["entry"] = other_entry
    assert "a row of another drive" in refused(tmp_path, document)


def test_rested_entries_must_be_entries_of_the_file(tmp_path, document):
    document["drive"][0]["rested_entries"] = [123_456]
    assert "rested_entries: entries of no drive" in refused(tmp_path, document)


def test_the_files_organisers_are_never_granted_the_importer_is(tmp_path, document):
    eve = make_user("eve")
    document["organisers"] = ["eve", "alice"]
    importer = make_user("importer")
    path = write(tmp_path, document)
    call_command("import_club", path, "--organiser", "importer", stdout=io.StringIO())
    copy = Club.objects.get(slug="copy")
    assert list(copy.team.all()) == [importer]
    assert not copy.is_organiser(eve)


def test_names_lose_control_and_direction_override_characters(tmp_path, document):
    document["player"][0]["name"] = "Ann\u202e htimS\x07"
    document["club"][0]["name"] = "\u2066Holly\u2069bush"
    call_command("import_club", write(tmp_path, document), stdout=io.StringIO())
    copy = Club.objects.get(slug="copy")
    assert copy.name == "Hollybush"
    assert copy.players.filter(name="Ann htimS").exists()


# The import page: the same checks, worded in the page's language.


def upload(client, document, **data):
    text = document if isinstance(document, str) else json.dumps(document)
    data["file"] = io.BytesIO(text.encode())
    data["file"].name = "club.json"
    return client.post(reverse("drives:club_import"), data)


def test_the_import_page_makes_the_importer_the_organiser(client, document):
    importer = make_user("importer")
    client.force_login(importer)
    response = upload(client, document)
    copy = Club.objects.get(slug="copy")
    assert response.status_code == 302
    assert response["Location"] == copy.get_absolute_url()
    assert list(copy.team.all()) == [importer]
    page = client.get(response["Location"])
    assert "Hollybush is imported: 8 players, 2 drives. You organise it." in page.text


def test_the_import_page_refuses_in_the_pages_language(client, document):
    client.force_login(make_user("importer"))
    document["version"] = True
    with translation.override("fr"):
        url = reverse("drives:club_import")
    text = document if isinstance(document, str) else json.dumps(document)
    file = io.BytesIO(text.encode())
    file.name = "club.json"
    response = client.post(url, {"file": file})
    assert response.status_code == 400
    assert "version true" in response.text
    assert "Ce fichier" in response.text
    assert not Club.objects.filter(slug="copy").exists()
    assert Drive.objects.count() == 2 and Player.objects.count() == 8
    assert Seating.objects.exclude(drive__club__slug="hollybush").count() == 0


def test_the_import_page_needs_a_log_in(client, document):
    response = upload(client, document)
    assert response.status_code == 302
    assert reverse("login") in response["Location"]
    assert not Club.objects.filter(slug="copy").exists()
