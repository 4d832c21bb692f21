"""Staff in the admin see and change only their own clubs' rows, and no one changes a club's
organisers there (they are invited and removed on the club's pages, with history).

Before, a staff user with the club change permission renamed another club and added herself
as its organiser.
"""

import pytest
from django.contrib.auth.models import Permission
from django.urls import NoReverseMatch, reverse

from drives.models import Club, ClubRole, Drive, Player, Season, TableResult
from tests.conftest import make_club, make_played_drive, make_player, make_season, make_user

pytestmark = pytest.mark.django_db

PASSWORD = "staff-password-1"


def admin_url(model, action, *args):
    return reverse(f"admin:drives_{model._meta.model_name}_{action}", args=args)


@pytest.fixture
def clubs():
    return make_club(name="Hollybush", slug="hollybush"), make_club(name="Elsewhere", slug="away")


@pytest.fixture
def staff(client, clubs):
    """Organiser of Hollybush only, with every permission on the drives' models."""
    user = make_user("sally", password=PASSWORD)
    user.is_staff = True
    user.save()
    user.user_permissions.set(Permission.objects.filter(content_type__app_label="drives"))
    clubs[0].memberships.create(user=user, role=ClubRole.ORGANISER)
    client.force_login(user)
    return user


def club_form(club, **changes):
    fields = {
        "name": club.name,
        "slug": club.slug,
        "town": club.town,
        "venue": club.venue,
        "player_names": club.player_names,
        "currency": club.currency,
    }
    return fields | changes


def test_a_staff_user_cannot_rename_another_club_or_join_its_organisers(client, clubs, staff):
    _, other = clubs
    url = admin_url(Club, "change", other.pk)
    assert client.get(url).status_code == 302  # "doesn't exist": back to the admin's index
    client.post(url, club_form(other, name="Taken over", organisers=[staff.pk]))
    other.refresh_from_db()
    assert other.name == "Elsewhere"
    assert not other.memberships.exists()
    assert client.post(admin_url(Club, "delete", other.pk), {"post": "yes"}).status_code == 302
    assert Club.objects.filter(pk=other.pk).exists()


def test_organisers_are_read_only_even_on_ones_own_club(client, clubs, staff):
    own, _ = clubs
    stranger = make_user("mallory")
    url = admin_url(Club, "change", own.pk)
    page = client.get(url)
    assert page.status_code == 200
    assert 'name="organisers"' not in page.text
    response = client.post(url, club_form(own, name="Hollybush WC", organisers=[stranger.pk]))
    assert response.status_code == 302
    own.refresh_from_db()
    assert own.name == "Hollybush WC"  # the rest of the club can be changed
    assert [m.user for m in own.memberships.all()] == [staff]


def test_superusers_cannot_change_organisers_in_the_admin_either(admin_client, clubs):
    own, _ = clubs
    someone = make_user("someone")
    admin_client.post(admin_url(Club, "change", own.pk), club_form(own, organisers=[someone.pk]))
    assert not own.memberships.exists()
    # Nor through a page of the team's own rows: there is none.
    with pytest.raises(NoReverseMatch):
        reverse("admin:drives_membership_add")


def test_helping_at_a_club_is_not_organising_it(client, clubs, staff):
    _, other = clubs
    other.memberships.create(user=staff, role=ClubRole.HELPER)
    assert "Elsewhere" not in client.get(admin_url(Club, "changelist")).text
    assert client.get(admin_url(Club, "change", other.pk)).status_code == 302


def test_lists_show_only_ones_own_clubs_rows(client, clubs, staff):
    own, other = clubs
    make_player(own, name="Our Ann")
    make_player(other, name="Their Bob")
    make_season(own, name="Our season")
    make_season(other, name="Their season")
    clubs_page = client.get(admin_url(Club, "changelist")).text
    assert "Hollybush" in clubs_page and "Elsewhere" not in clubs_page
    players = client.get(admin_url(Player, "changelist")).text
    assert "Our Ann" in players and "Their Bob" not in players
    assert "Elsewhere" not in players  # not even in the club filter
    seasons = client.get(admin_url(Season, "changelist")).text
    assert "Our season" in seasons and "Their season" not in seasons


def test_drives_and_their_results_stay_within_ones_own_clubs(client, clubs, staff):
    own, other = clubs
    ours = make_played_drive(own, players=4, deals=4, title="Our evening")
    theirs = make_played_drive(other, players=4, deals=4, title="Their evening")
    drives = client.get(admin_url(Drive, "changelist")).text
    assert "Our evening" in drives and "Their evening" not in drives
    assert client.get(admin_url(Drive, "change", theirs.pk)).status_code == 302
    their_result = TableResult.objects.filter(drive=theirs).first()
    our_result = TableResult.objects.filter(drive=ours).first()
    assert client.get(admin_url(TableResult, "change", their_result.pk)).status_code == 302
    assert client.get(admin_url(TableResult, "change", our_result.pk)).status_code == 200


def test_a_staff_user_cannot_move_a_row_into_another_club(client, clubs, staff):
    own, other = clubs
    player = make_player(own, name="Ann")
    form = {
        "club": other.pk,
        "name": "Ann",
        "role": player.role,
        "member_number": "",
        "active": "on",
    }
    page = client.post(admin_url(Player, "change", player.pk), form)
    assert page.status_code == 200  # the form again, with its error
    assert "Select a valid choice" in page.text
    player.refresh_from_db()
    assert player.club == own
    added = client.post(admin_url(Season, "add"), {"club": other.pk, "name": "Sneaked in"})
    assert added.status_code == 200
    assert not Season.objects.filter(club=other).exists()


def test_only_superusers_add_clubs_in_the_admin(client, admin_client, staff):
    assert client.get(admin_url(Club, "add")).status_code == 403
    assert admin_client.get(admin_url(Club, "add")).status_code == 200
