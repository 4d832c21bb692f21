"""A club's players: the list, add, edit, mark inactive, and import from CSV."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError
from django.urls import reverse
from django.utils import translation

from drives.club.csv_import import ExistingPlayer, read_players
from drives.club.forms import PlayerForm
from drives.models import Player, SeatRole
from drives.versions import record_version
from tests.conftest import make_club, make_player, make_players, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client


def list_url(club, **query):
    url = reverse("drives:player_list", args=[club.slug])
    return url + "?" + "&".join(f"{key}={value}" for key, value in query.items())


def csv_file(text, encoding="utf-8"):
    return SimpleUploadedFile("players.csv", text.encode(encoding), content_type="text/csv")


def import_csv(client, club, text, **kwargs):
    url = reverse("drives:player_import", args=[club.slug])
    return client.post(url, {"file": csv_file(text, **kwargs)}, follow=True)


def names(club):
    return sorted(club.players.values_list("name", flat=True))


# The list


def test_it_lists_the_clubs_players(organiser_client, club):
    make_player(club, name="Ann Smith", role=SeatRole.LADY, member_number="101")
    bob = make_player(club, name="Bob Jones", role=SeatRole.GENT, active=False)
    make_player(make_club(), name="Somebody Elsewhere")
    response = organiser_client.get(list_url(club))
    assert response.status_code == 200
    assert "Ann Smith" in response.text
    assert "Lady" in response.text
    assert "101" in response.text
    assert "Bob Jones" in response.text
    assert "Inactive" in response.text
    assert reverse("drives:player_edit", args=[bob.pk]) in response.text
    assert "Somebody Elsewhere" not in response.text
    assert "2 players on the list, 1 of them inactive" in response.text


def test_it_searches_by_name(organiser_client, club):
    make_player(club, name="Ann Smith")
    make_player(club, name="Bob Jones")
    response = organiser_client.get(list_url(club, q="sMiTh"))
    assert "Ann Smith" in response.text
    assert "Bob Jones" not in response.text


def test_it_says_when_nothing_matches(organiser_client, club):
    make_player(club, name="Ann Smith")
    response = organiser_client.get(list_url(club, q="zebedee"))
    assert "No players match." in response.text


def test_it_shows_only_inactive_players_when_asked(organiser_client, club):
    make_player(club, name="Ann Smith")
    make_player(club, name="Bob Jones", active=False)
    response = organiser_client.get(list_url(club, show="inactive"))
    assert "Bob Jones" in response.text
    assert "Ann Smith" not in response.text
    response = organiser_client.get(list_url(club, show="active"))
    assert "Ann Smith" in response.text
    assert "Bob Jones" not in response.text


def test_it_sorts_by_name_descending(organiser_client, club):
    for name in ["Bob Jones", "Cath Green", "Ann Smith"]:
        make_player(club, name=name)
    text = organiser_client.get(list_url(club, sort="-name")).text
    assert text.index("Cath Green") < text.index("Bob Jones") < text.index("Ann Smith")


def test_it_sorts_member_numbers_as_numbers_with_blanks_last(organiser_client, club):
    make_player(club, name="Number Ten", member_number="10")
    make_player(club, name="No Number")
    make_player(club, name="Number Nine", member_number="9")
    text = organiser_client.get(list_url(club, sort="member_number")).text
    assert text.index("Number Nine") < text.index("Number Ten") < text.index("No Number")
    text = organiser_client.get(list_url(club, sort="-member_number")).text
    assert text.index("Number Ten") < text.index("Number Nine") < text.index("No Number")


def test_it_keeps_the_search_when_sorting(organiser_client, club):
    make_player(club, name="Ann Smith")
    text = organiser_client.get(list_url(club, q="ann")).text
    assert "q=ann" in text  # the column headers' sort links


def test_it_pages_a_long_list(organiser_client, club):
    make_players(club, 60)
    response = organiser_client.get(list_url(club))
    assert "Player 050" in response.text
    assert "Player 051" not in response.text
    assert "Page 1 of 2" in response.text
    assert "Player 051" in organiser_client.get(list_url(club, page=2)).text


def test_it_lists_5_or_200_players_with_the_same_few_queries(
    organiser_client, club, django_assert_max_num_queries
):
    counts = []
    for more in (5, 195):
        make_players(club, more)
        club.players.filter(name="Player 002").update(active=False)
        with django_assert_max_num_queries(7) as queries:
            assert organiser_client.get(list_url(club, sort="role")).status_code == 200
        counts.append(len(queries))
    assert club.players.count() == 200
    assert counts[0] == counts[1]


def version(player):
    """The version the player's edit page shows, as a browser posts it back."""
    return record_version(player, PlayerForm.Meta.fields)


# Who may see and change players


def urls_of(club, player):
    return [
        reverse("drives:player_list", args=[club.slug]),
        reverse("drives:player_add", args=[club.slug]),
        reverse("drives:player_import", args=[club.slug]),
        reverse("drives:player_edit", args=[player.pk]),
    ]


ATTEMPT = {
    "name": "Mallory",
    "role": "gent",
    "member_number": "666",
    "text": "name\nMallory\n",
}


def test_it_sends_anonymous_visitors_to_log_in(client, club):
    player = make_player(club, name="Ann Smith")
    for url in urls_of(club, player):
        for response in (client.get(url), client.post(url, ATTEMPT)):
            assert response.status_code == 302
            assert response.url == f"{reverse('login')}?next={url}"
    player.refresh_from_db()
    assert player.name == "Ann Smith"
    assert names(club) == ["Ann Smith"]


def test_it_refuses_another_clubs_organiser(client, club):
    player = make_player(club, name="Ann Smith")
    bob = make_user("bob")
    bobs_club = make_club(organiser=bob)
    client.force_login(bob)
    for url in urls_of(club, player):
        assert client.get(url).status_code == 403
        assert client.post(url, ATTEMPT).status_code == 403
    player.refresh_from_db()
    assert player.name == "Ann Smith"
    assert names(club) == ["Ann Smith"]
    assert not bobs_club.players.exists()


# Add and edit


def test_it_adds_a_player(organiser_client, club):
    url = reverse("drives:player_add", args=[club.slug])
    assert organiser_client.get(url).status_code == 200
    data = {"name": "  Ann   Smith ", "role": "lady", "member_number": " 101 "}
    response = organiser_client.post(url, data)
    assert response.status_code == 302
    assert response.url == reverse("drives:player_list", args=[club.slug])
    player = club.players.get()
    assert (player.name, player.role, player.member_number, player.active) == (
        "Ann Smith",
        "lady",
        "101",
        True,
    )
    assert "Added Ann Smith." in organiser_client.get(response.url).text


def test_it_goes_back_to_the_form_to_add_another(organiser_client, club):
    url = reverse("drives:player_add", args=[club.slug])
    response = organiser_client.post(url, {"name": "Ann", "role": "lady", "another": "1"})
    assert response.url == url
    assert names(club) == ["Ann"]


def test_it_refuses_a_blank_name(organiser_client, club):
    url = reverse("drives:player_add", args=[club.slug])
    response = organiser_client.post(url, {"name": "   ", "role": "either"})
    assert response.status_code == 200
    assert "This field is required." in response.text
    assert not club.players.exists()


def test_it_edits_a_player(organiser_client, club):
    player = make_player(club, name="Ann Smith", role=SeatRole.LADY)
    url = reverse("drives:player_edit", args=[player.pk])
    assert "Edit Ann Smith" in organiser_client.get(url).text
    data = {"name": "Ann Smyth", "role": "either", "member_number": "7", "active": "on"}
    response = organiser_client.post(url, data | {"version": version(player)})
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.name, player.role, player.member_number, player.active) == (
        "Ann Smyth",
        "either",
        "7",
        True,
    )


def test_it_marks_a_player_inactive(organiser_client, club):
    player = make_player(club, name="Ann Smith")
    url = reverse("drives:player_edit", args=[player.pk])
    data = {"name": "Ann Smith", "role": "either", "version": version(player)}
    response = organiser_client.post(url, data, follow=True)
    player.refresh_from_db()
    assert player.active is False
    assert "Saved Ann Smith." in response.text
    assert "Inactive" in response.text


def test_it_refuses_a_member_number_already_in_use_when_adding(organiser_client, club):
    make_player(club, name="Ann Smith", member_number="101")
    url = reverse("drives:player_add", args=[club.slug])
    response = organiser_client.post(url, {"name": "Bob", "role": "gent", "member_number": "101"})
    assert response.status_code == 200
    assert "Member number 101 is already Ann Smith’s." in response.text
    assert names(club) == ["Ann Smith"]


def test_it_refuses_a_member_number_already_in_use_when_editing(organiser_client, club):
    make_player(club, name="Ann Smith", member_number="101")
    bob = make_player(club, name="Bob", member_number="102")
    url = reverse("drives:player_edit", args=[bob.pk])
    data = {"name": "Bob", "role": "gent", "member_number": "101", "active": "on"}
    response = organiser_client.post(url, data)
    assert response.status_code == 200
    assert "Member number 101 is already Ann Smith’s." in response.text
    assert "Edit Bob" in response.text
    bob.refresh_from_db()
    assert bob.member_number == "102"


def test_it_lets_a_player_keep_their_member_number(organiser_client, club):
    player = make_player(club, name="Ann", member_number="101")
    url = reverse("drives:player_edit", args=[player.pk])
    data = {"name": "Ann Smith", "role": "lady", "member_number": "101", "active": "on"}
    assert organiser_client.post(url, data | {"version": version(player)}).status_code == 302
    player.refresh_from_db()
    assert player.name == "Ann Smith"


def test_it_allows_the_same_member_number_in_another_club(organiser_client, club):
    make_player(make_club(), name="Elsewhere", member_number="101")
    url = reverse("drives:player_add", args=[club.slug])
    response = organiser_client.post(url, {"name": "Ann", "role": "lady", "member_number": "101"})
    assert response.status_code == 302
    assert club.players.get().member_number == "101"


def test_it_allows_many_players_without_a_member_number(organiser_client, club):
    make_player(club, name="Ann")
    url = reverse("drives:player_add", args=[club.slug])
    assert organiser_client.post(url, {"name": "Bob", "role": "gent"}).status_code == 302
    assert names(club) == ["Ann", "Bob"]


# Import from CSV


def test_it_imports_a_csv_file(organiser_client, club):
    url = reverse("drives:player_import", args=[club.slug])
    assert organiser_client.get(url).status_code == 200
    text = "Name,Seat Role,Member Number\nAnn Smith,lady,101\nBob Jones,G,102\nChris Lee,,\n"
    response = import_csv(organiser_client, club, text)
    assert response.redirect_chain == [(reverse("drives:player_list", args=[club.slug]), 302)]
    assert "Imported 3 players." in response.text
    players = club.players.values_list("name", "role", "member_number", "active")
    assert sorted(players) == [
        ("Ann Smith", "lady", "101", True),
        ("Bob Jones", "gent", "102", True),
        ("Chris Lee", "either", "", True),
    ]


def test_it_imports_pasted_text(organiser_client, club):
    url = reverse("drives:player_import", args=[club.slug])
    response = organiser_client.post(url, {"text": "ROLE,name\nL,Ann\ne,Chris\n"}, follow=True)
    assert "Imported 2 players." in response.text
    assert sorted(club.players.values_list("name", "role")) == [
        ("Ann", "lady"),
        ("Chris", "either"),
    ]


def test_a_byte_order_mark_at_the_start_of_a_paste_is_dropped(organiser_client, club):
    url = reverse("drives:player_import", args=[club.slug])
    text = "\ufeffname,seat role\r\nAnn,Lady\r\n"  # copied from Excel's "CSV UTF-8"
    response = organiser_client.post(url, {"text": text}, follow=True)
    assert "Imported 1 player." in response.text
    assert list(club.players.values_list("name", "role")) == [("Ann", "lady")]


@pytest.mark.parametrize(
    "text",
    [
        "\ufeffname,seat role,member number\r\nAnn,Lady,1\r\nBob,GENT,2\r\n",  # Excel's UTF-8
        "name;seat role;member\nAnn;lady;1\nBob;gent;2\n",  # French or Hungarian Excel
        "name\tseat_role\tmember_number\nAnn\tlady\t1\nBob\tgent\t2\n",
        "name,role,member\n\nAnn,lady,1,,\n,,\nBob,gent,2\n",  # blank and spare cells
    ],
)
def test_it_imports_what_spreadsheets_save(organiser_client, club, text):
    response = import_csv(organiser_client, club, text)
    assert "Imported 2 players." in response.text
    assert sorted(club.players.values_list("name", "role", "member_number")) == [
        ("Ann", "lady", "1"),
        ("Bob", "gent", "2"),
    ]


def test_it_imports_nothing_and_lists_every_bad_line(organiser_client, club):
    make_player(club, name="Existing", member_number="50")
    text = (
        "name,seat role,member number\n"  # line 1
        "Ann Smith,lady,101\n"  # 2: fine
        ",gent,102\n"  # 3: no name
        "Bob Jones,x,103\n"  # 4: unknown role
        "Cath Green,lady,101\n"  # 5: Ann's number
        "Dan Brown,gent\n"  # 6: a column short
        "Eve White,lady,104,extra\n"  # 7: a column too many
    )
    response = import_csv(organiser_client, club, text)
    assert response.status_code == 200
    assert "Nothing was imported." in response.text
    assert "Line 3: the name is blank" in response.text
    assert "Line 4: unknown seat role &#x27;x&#x27; (use lady, gent or either)" in response.text
    assert "Line 5: member number 101 is also on line 2" in response.text
    assert "Line 6: expected 3 columns but found 2" in response.text
    assert "Line 7: expected 3 columns but found 4" in response.text
    assert "Line 2" not in response.text
    assert names(club) == ["Existing"]


def test_it_refuses_a_file_that_is_not_utf8(organiser_client, club):
    response = import_csv(organiser_client, club, "name\nAnn\nZoë\n", encoding="latin-1")
    assert "Line 3 is not UTF-8 text" in response.text
    assert "CSV UTF-8" in response.text
    assert not club.players.exists()


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("\n \n", "Line 1: the file is empty"),
        ("name,seat role\n", "Line 1: there are no players under the header"),
        ("who,seat role\nAnn,lady\n", "Line 1: unknown column &#x27;who&#x27;"),
        ("seat role\nlady\n", "Line 1: the header needs a &#x27;name&#x27; column"),
        ("name,role,seat role\nAnn,l,l\n", "Line 1: column &#x27;seat role&#x27; appears twice"),
        ("name\n" + "x" * 101 + "\n", "Line 2: the name is longer than 100 characters"),
    ],
)
def test_it_explains_a_file_it_cannot_read(organiser_client, club, text, error):
    response = import_csv(organiser_client, club, text)
    assert error in response.text
    assert not club.players.exists()


def test_it_asks_for_a_file_or_text_but_not_both(organiser_client, club):
    url = reverse("drives:player_import", args=[club.slug])
    response = organiser_client.post(url, {"text": "  "})
    assert "Choose a CSV file to upload, or paste the list." in response.text
    response = organiser_client.post(url, {"file": csv_file("name\nAnn\n"), "text": "name\nBob\n"})
    assert "Upload a file or paste the list, not both." in response.text
    assert not club.players.exists()


def test_it_updates_players_on_reimport_rather_than_duplicating_them(organiser_client, club):
    ann = make_player(club, name="Ann Smith", role=SeatRole.LADY, member_number="101")
    bob = make_player(club, name="bob jones", role=SeatRole.GENT, active=False)
    text = (
        "name,seat role,member number\n"
        "Ann Smyth,,101\n"  # the same number: renamed, role kept
        "Bob Jones,,102\n"  # the same name, no number yet: number filled in
        "Chris Lee,either,103\n"  # new
    )
    response = import_csv(organiser_client, club, text)
    assert "Imported 3 players. 1 new, 2 updated, 0 unchanged." in response.text
    ann.refresh_from_db()
    bob.refresh_from_db()
    assert (ann.name, ann.role, ann.member_number) == ("Ann Smyth", "lady", "101")
    assert (bob.name, bob.role, bob.member_number, bob.active) == (
        "Bob Jones",
        "gent",
        "102",
        False,
    )
    assert names(club) == ["Ann Smyth", "Bob Jones", "Chris Lee"]

    response = import_csv(organiser_client, club, text)
    assert "Imported 3 players. 0 new, 0 updated, 3 unchanged." in response.text
    assert club.players.count() == 3


def test_it_imports_nothing_when_the_list_changes_while_saving(organiser_client, club, monkeypatch):
    def clash(*args, **kwargs):
        raise IntegrityError("player_member_number_unique_in_club")

    monkeypatch.setattr(Player.objects, "bulk_update", clash)
    make_player(club, name="Ann", member_number="1")
    response = import_csv(organiser_client, club, "name,member\nBob,2\nAnn Smith,1\n")
    assert response.status_code == 200
    assert "The player list changed while importing; please try again." in response.text
    assert names(club) == ["Ann"]


def test_it_refuses_two_lines_for_the_same_player(organiser_client, club):
    make_player(club, name="Ann Smith", member_number="101")
    text = "name,member number\nAnn Smith,101\nann smith,\n"
    response = import_csv(organiser_client, club, text)
    assert "Line 3: ann smith is also on line 2" in response.text
    assert club.players.count() == 1


def test_it_asks_which_player_when_a_name_is_ambiguous(organiser_client, club):
    make_player(club, name="John Smith")
    make_player(club, name="John Smith")
    response = import_csv(organiser_client, club, "name,role\nJohn Smith,gent\n")
    assert "Line 2: the club has 2 players called John Smith" in response.text
    assert not club.players.filter(role=SeatRole.GENT).exists()


# Import limits: nothing oversized or unprintable reaches the database, and never a 500


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("name\nAnn\nB\x00b\n", "Line 3: it contains a control character"),
        ("name,member\nAnn,1\x1b\n", "Line 2: it contains a control character"),
        ("name\n" + "x" * 200_000 + "\n", "Line 2: this line cannot be read"),
        ('name\n"Ann\n' + "y" * 200_000, "Line 2: this line cannot be read"),
        ("name,member\nAnn," + "7" * 21 + "\n", "Line 2: the member number is longer than 20"),
        ("name,role\nAnn," + "q" * 5000 + "\n", "unknown seat role &#x27;" + "q" * 30 + "…"),
    ],
)
def test_it_refuses_unprintable_and_overlong_cells(organiser_client, club, text, error):
    for response in (
        import_csv(organiser_client, club, text),
        organiser_client.post(
            reverse("drives:player_import", args=[club.slug]), {"text": text}, follow=True
        ),
    ):
        assert response.status_code == 200
        assert "Nothing was imported." in response.text
        assert error in response.text
        assert "&#x27;" + "q" * 31 not in response.text  # a bad cell is quoted, not echoed whole
    assert not club.players.exists()


def test_it_refuses_more_than_5000_players_naming_the_first_line_too_many(organiser_client, club):
    text = "name\n" + "".join(f"Player {n}\n" for n in range(1, 5002))
    response = import_csv(organiser_client, club, text)
    assert "Line 5002: a list can have at most 5000 players" in response.text
    assert not club.players.exists()


def test_it_imports_5000_players_in_one_go(organiser_client, club):
    text = "name\n" + "".join(f"Player {n}\n" for n in range(1, 5001))
    response = import_csv(organiser_client, club, text)
    assert "Imported 5000 players." in response.text
    assert club.players.count() == 5000


@pytest.mark.parametrize("how", ["file", "text"])
def test_it_refuses_a_list_over_1_mb(organiser_client, club, how):
    text = "name\n" + "A very long player name indeed\n" * 40_000  # 1.2 MB in 40,001 lines
    data = {"file": csv_file(text)} if how == "file" else {"text": text}
    url = reverse("drives:player_import", args=[club.slug])
    response = organiser_client.post(url, data, follow=True)
    assert response.status_code == 200
    assert "too big for a list of players: import at most 1.0\xa0MB at a time" in response.text
    assert not club.players.exists()


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en-gb", "too large to read (more than 2.5\xa0MB), so nothing was changed"),
        ("fr", "trop volumineux pour être lu (plus de 2,5\xa0Mio)\xa0: rien n’a changé"),
        ("hu", "túl nagy ahhoz, hogy be lehessen olvasni (több mint 2,5\xa0MB), ezért semmi"),
    ],
)
def test_a_paste_past_djangos_request_limit_comes_back_to_the_page_with_nothing_changed(
    organiser_client, club, language, expected
):
    make_player(club, name="Kept")
    text = "name\n" + "A very long player name indeed\n" * 100_000  # 3.1 MB
    with translation.override(language):
        url = reverse("drives:player_import", args=[club.slug])
    response = organiser_client.post(url, {"text": text}, follow=True)
    assert response.redirect_chain == [(url, 302)]
    assert response.status_code == 200
    assert expected in response.text
    assert names(club) == ["Kept"]


def test_a_post_with_too_many_boxes_comes_back_with_a_message(organiser_client, club, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 10
    url = reverse("drives:player_import", args=[club.slug])
    data = {f"box{n}": "x" for n in range(20)} | {"text": "name\nAnn\n"}
    response = organiser_client.post(url, data, follow=True)
    assert response.redirect_chain == [(url, 302)]
    assert "too many boxes to read (more than 10), so nothing was changed" in response.text
    assert names(club) == []


# The CSV reader on its own


@pytest.mark.parametrize(
    ("text", "existing", "expected"),
    [
        # A quoted name over two lines still gives the next row its own line number.
        ('name,role\n"Ann\nSmith",l\nBob,g\n', [], [(2, None, "Ann Smith"), (4, None, "Bob")]),
        # Blank lines before the header count too.
        ("\n\nname\nAnn\n", [], [(4, None, "Ann")]),
        # Different member numbers are different people, even with the same name.
        ("name,member\nAnn,2\n", [ExistingPlayer(1, "Ann", "lady", "1")], [(2, None, "Ann")]),
        # Without a number in the file, the name finds the numbered player.
        ("name,member\nANN,\n", [ExistingPlayer(1, "Ann", "lady", "1")], [(2, 1, "ANN")]),
    ],
)
def test_it_reads_rows_and_matches_existing_players(text, existing, expected):
    rows, errors = read_players(text, existing)
    assert errors == []
    assert [(row.line, row.pk, row.name) for row in rows] == expected


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("fr", "Ligne 3\xa0: elle contient un caractère de contrôle"),
        ("hu", "3. sor: vezérlőkaraktert (például NUL-t) tartalmaz"),
    ],
)
def test_it_explains_a_refused_import_in_the_readers_language(
    organiser_client, club, language, message
):
    with translation.override(language):  # the address carries the language: /fr/, /hu/
        url = reverse("drives:player_import", args=[club.slug])
    response = organiser_client.post(url, {"file": csv_file("name\nAnn\nB\x00b\n")}, follow=True)
    assert message in response.text
    assert not club.players.exists()
