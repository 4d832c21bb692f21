"""A club of one's own and its team: creating a club, invitations that expire, can be
withdrawn and work once, organisers and helpers, and the team's history."""

import datetime as dt
import re

import pytest
from django.core import mail
from django.test import override_settings
from django.utils import timezone

from drives.models import Club, ClubRole, Invitation, Membership, TeamChange
from tests.conftest import make_club, make_user

pytestmark = pytest.mark.django_db


def club_form(**overrides):
    data = {
        "name": "Hollybush Whist Club",
        "slug": "hollybush",
        "town": "Little Bramley",
        "venue": "The Village Hall",
        "player_names": "initial",
    }
    return data | overrides


def test_a_signed_up_user_creates_a_club_becomes_its_organiser_and_lands_on_it(client):
    user = make_user("ann")
    client.force_login(user)
    response = client.post("/accounts/clubs/new/", club_form(), follow=True)
    club = Club.objects.get(slug="hollybush")
    assert response.redirect_chain[-1][0] == "/clubs/hollybush/"
    assert (club.name, club.town, club.venue, club.player_names) == (
        "Hollybush Whist Club",
        "Little Bramley",
        "The Village Hall",
        "initial",
    )
    assert club.role_of(user) == ClubRole.ORGANISER
    assert "New drive" in response.text  # the organiser's buttons, at once
    assert TeamChange.objects.get(club=club).action == "created"


def test_the_short_name_is_made_from_the_name_when_left_empty(client):
    client.force_login(make_user())
    client.post("/accounts/clubs/new/", club_form(name="Sandy Lane Whist", slug=""))
    assert Club.objects.filter(slug="sandy-lane-whist").exists()


@pytest.mark.parametrize("language", ["en-gb", "fr", "hu"])
def test_a_second_club_with_the_same_short_name_is_refused_and_nothing_is_created(client, language):
    make_club(name="The first one", slug="hollybush")
    user = make_user()
    client.force_login(user)
    prefix = "" if language == "en-gb" else f"/{language}"
    response = client.post(f"{prefix}/accounts/clubs/new/", club_form())
    assert response.status_code == 200
    words = {
        "en-gb": "Another club already has the short name “hollybush”",
        "fr": "Un autre club a déjà le nom court « hollybush »",
        "hu": "Egy másik klubnak már ez a rövid neve: „hollybush”",
    }
    assert words[language].replace("« ", "«\u202f").replace(" »", "\u202f»") in response.text
    assert Club.objects.count() == 1 and not Membership.objects.filter(user=user).exists()


@pytest.fixture
def club(db):
    organiser = make_user("ann")
    organiser.email = "ann@example.org"
    organiser.save()
    return make_club(name="Hollybush", slug="hollybush", organiser=organiser)


@pytest.fixture
def organiser(club):
    return club.memberships.get().user


def invite(client, club, email="bert@example.org", role="helper", language="en-gb"):
    return client.post(
        f"/clubs/{club.slug}/team/", {"email": email, "role": role, "language": language}
    )


def link_in(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


def test_an_invitation_is_e_mailed_in_the_chosen_language_and_works_once(client, club, organiser):
    client.force_login(organiser)
    response = invite(client, club, role="organiser", language="fr")
    assert response.status_code == 302
    (message,) = mail.outbox
    assert message.to == ["bert@example.org"]
    assert message.subject == "Une invitation dans l’équipe de Hollybush"
    link = link_in(message)
    assert "/fr/accounts/invitations/" in link
    invitation = Invitation.objects.get()
    assert link.split("/")[-2] not in invitation.digest  # only the digest is kept
    bert = make_user("bert")
    client.force_login(bert)
    page = client.get(link)
    assert page.status_code == 200 and "Accepter l’invitation" in page.text
    response = client.post(link)
    assert response["Location"] == "/fr/clubs/hollybush/"  # the language the link was in
    assert club.role_of(bert) == ClubRole.ORGANISER
    # A second use: refused, and nothing changes.
    carol = make_user("carol")
    client.force_login(carol)
    again = client.post(link)
    assert again.status_code == 410
    assert "Cette invitation a déjà servi" in again.text
    assert club.role_of(carol) is None
    actions = list(club.team_changes.values_list("action", flat=True))
    assert actions == ["joined", "invited"]


def test_an_expired_invitation_opens_nothing(client, club, organiser):
    client.force_login(organiser)
    invite(client, club)
    link = link_in(mail.outbox[0])
    Invitation.objects.update(expires_at=timezone.now() - dt.timedelta(minutes=1))
    client.force_login(make_user("bert"))
    response = client.post(link)
    assert response.status_code == 410
    assert "This invitation has expired" in response.text
    assert club.memberships.count() == 1


def test_a_withdrawn_invitation_opens_nothing(client, club, organiser):
    client.force_login(organiser)
    invite(client, club)
    link = link_in(mail.outbox[0])
    invitation = Invitation.objects.get()
    response = client.post(f"/clubs/{club.slug}/team/change/", {"invitation": invitation.pk})
    assert response.status_code == 302
    client.force_login(make_user("bert"))
    response = client.get(link)
    assert response.status_code == 410
    assert "withdrawn" in response.text
    assert club.memberships.count() == 1
    assert club.team_changes.first().action == "withdrawn"


def test_a_link_that_is_not_an_invitation_opens_nothing(client):
    response = client.get("/accounts/invitations/not-a-real-invitation-token-at-all/")
    assert response.status_code == 410
    assert "not one of ours" in response.text


def test_a_second_invitation_to_the_same_address_replaces_the_first(client, club, organiser):
    client.force_login(organiser)
    invite(client, club)
    invite(client, club, role="organiser")
    first, second = (link_in(message) for message in mail.outbox)
    client.force_login(make_user("bert"))
    assert client.post(first).status_code == 410
    client.post(second)
    assert club.memberships.get(user__username="bert").role == ClubRole.ORGANISER


def test_someone_already_in_the_team_is_not_invited_again(client, club, organiser):
    client.force_login(organiser)
    response = invite(client, club, email="ANN@example.org")
    assert response.status_code == 400
    assert "ANN@example.org is already in this club&#x27;s team." in response.text
    assert not Invitation.objects.exists() and mail.outbox == []


def test_an_invitation_accepted_by_a_team_member_changes_nothing(client, club, organiser):
    client.force_login(organiser)
    invite(client, club, email="someone@example.org")
    response = client.post(link_in(mail.outbox[0]), follow=True)
    assert "You are already in Hollybush" in response.text
    assert club.memberships.get().role == ClubRole.ORGANISER


def test_a_helper_cannot_invite_or_remove_anyone(client, club, organiser):
    helper = make_user("helen")
    club.memberships.create(user=helper, role=ClubRole.HELPER)
    client.force_login(helper)
    assert invite(client, club).status_code == 403
    ann = club.memberships.get(user=organiser)
    response = client.post(
        f"/clubs/{club.slug}/team/change/", {"membership": ann.pk, "action": "remove"}
    )
    assert response.status_code == 403
    assert club.memberships.count() == 2 and mail.outbox == []


def test_removing_a_helper_takes_effect_at_once_and_is_kept_in_the_history(client, club, organiser):
    helper = make_user("helen")
    membership = club.memberships.create(user=helper, role=ClubRole.HELPER)
    client.force_login(organiser)
    client.post(
        f"/clubs/{club.slug}/team/change/", {"membership": membership.pk, "action": "remove"}
    )
    assert club.role_of(helper) is None
    change = club.team_changes.first()
    assert (change.person, change.action, change.changed_by) == ("helen", "removed", "ann")
    page = client.get(f"/clubs/{club.slug}/team/").text
    assert "helen" in page and "was removed" in page


def test_a_helper_made_an_organiser_and_back(client, club, organiser):
    helper = make_user("helen")
    membership = club.memberships.create(user=helper, role=ClubRole.HELPER)
    client.force_login(organiser)
    url = f"/clubs/{club.slug}/team/change/"
    client.post(url, {"membership": membership.pk, "role": "organiser"})
    assert club.is_organiser(helper)
    client.post(url, {"membership": membership.pk, "role": "helper"})
    assert club.role_of(helper) == ClubRole.HELPER
    assert [c.action for c in club.team_changes.all()[:2]] == ["role", "role"]


def test_the_last_organiser_is_neither_removed_nor_made_a_helper(client, club, organiser):
    client.force_login(organiser)
    ann = club.memberships.get(user=organiser)
    url = f"/clubs/{club.slug}/team/change/"
    response = client.post(url, {"membership": ann.pk, "action": "remove"}, follow=True)
    assert "Hollybush needs an organiser" in response.text
    client.post(url, {"membership": ann.pk, "role": "helper"})
    assert club.memberships.get().role == ClubRole.ORGANISER


@override_settings(SIGNUP_OPEN=False)
def test_with_sign_up_closed_only_an_invitation_opens_it(client, club, organiser):
    closed = client.get("/accounts/signup/")
    assert "Sign-up is by invitation" in closed.text
    client.force_login(organiser)
    invite(client, club)
    link = link_in(mail.outbox[0])
    client.logout()
    page = client.get(link)
    assert "Create an account" in page.text
    form = client.get("/accounts/signup/")
    assert 'name="password1"' in form.text
    password = "a-long-whist-password-7"
    response = client.post(
        "/accounts/signup/",
        {
            "email": "bert@example.org",
            "username": "bert",
            "password1": password,
            "password2": password,
        },
        follow=True,
    )
    # The invited address needs no second confirmation; the log-in leads back to accepting.
    assert "Accept the invitation" in response.text
    client.post(link)
    assert club.memberships.get(user__username="bert").role == ClubRole.HELPER
    client.logout()
    assert "Sign-up is by invitation" in client.get("/accounts/signup/").text


def test_a_clubs_name_and_town_lose_the_characters_that_disguise_text(client):
    """After a right-to-left override "Hollybush" would read backwards on every public page."""
    client.force_login(make_user())
    client.post(
        "/accounts/clubs/new/",
        club_form(name="Holly\u202ebush\x07 Whist  Club", town="Little\u2066 Bramley"),
    )
    club = Club.objects.get(slug="hollybush")
    assert (club.name, club.town) == ("Hollybush Whist Club", "Little Bramley")
