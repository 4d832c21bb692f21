"""Accounts (django-allauth): sign-up with a confirmed address, log-in by user name or
e-mail, passwords, deleting one's account; e-mail queued for the worker, in the reader's
language; django-axes on every door that takes a password."""

import os
import re
import subprocess
import sys

import pytest
from allauth.account.models import EmailAddress
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import override_settings
from django_tasks import default_task_backend

from drives import mail as site_mail
from drives.models import ClubRole
from tests.conftest import make_club, make_user
from tests.drives.test_foundation import ROOT

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-whist-password-7"
DUMMY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}


def sign_up(client, *, email="ann@example.org", username="ann", prefix=""):
    return client.post(
        f"{prefix}/accounts/signup/",
        {"email": email, "username": username, "password1": PASSWORD, "password2": PASSWORD},
    )


def link_in(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


def confirmed_user(username="ann", email="ann@example.org"):
    user = make_user(username, PASSWORD)
    user.email = email
    user.save()
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    return user


def test_sign_up_sends_a_link_and_logs_in_only_once_the_address_is_confirmed(client):
    response = sign_up(client)
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session  # not before the address is confirmed
    user = get_user_model().objects.get(username="ann")
    assert not EmailAddress.objects.get(user=user).verified
    (message,) = mail.outbox
    assert message.to == ["ann@example.org"]
    confirm = link_in(message)
    page = client.get(confirm)
    assert page.status_code == 200  # a button to press: a GET changes nothing
    assert not EmailAddress.objects.get(user=user).verified
    response = client.post(confirm, follow=True)
    assert EmailAddress.objects.get(user=user).verified
    assert int(client.session["_auth_user_id"]) == user.pk
    # No club yet: "my clubs" offers to create one.
    assert response.redirect_chain[-1][0] == "/accounts/clubs/"
    assert "Create a club" in response.text


def test_the_confirmation_is_written_in_the_language_of_the_sign_up_page(client):
    sign_up(client, prefix="/fr")
    (message,) = mail.outbox
    assert "/fr/accounts/confirm-email/" in message.body
    assert message.subject == "Confirmez votre adresse e-mail"


@override_settings(TASKS=DUMMY)
def test_no_e_mail_leaves_inside_the_request_it_is_queued_for_the_worker(client):
    default_task_backend.clear()
    sign_up(client)
    assert mail.outbox == []  # the page did not wait for a mail server
    (queued,) = default_task_backend.results
    assert queued.task.name == "send_rendered_task" and queued.kwargs["to"] == ["ann@example.org"]
    queued.task.call(*queued.args, **queued.kwargs)  # what the worker does
    assert mail.outbox[0].to == ["ann@example.org"]


def test_an_address_already_in_use_is_refused_and_nothing_is_created(client):
    confirmed_user("bob", "ann@example.org")
    response = sign_up(client, email="ANN@example.org")
    assert response.status_code == 200
    assert "A user is already registered with this email address." in response.text
    assert not get_user_model().objects.filter(username="ann").exists()
    assert mail.outbox == []


def test_a_user_name_already_taken_is_refused(client):
    make_user("ann")
    response = sign_up(client, email="other@example.org")
    assert response.status_code == 200
    assert get_user_model().objects.filter(username="ann").count() == 1


@pytest.mark.parametrize("login", ["ann", "ann@example.org", "Ann@Example.org"])
def test_one_logs_in_by_user_name_or_e_mail_address(client, login):
    confirmed_user()
    response = client.post("/accounts/login/", {"username": login, "password": PASSWORD})
    assert response.status_code == 302
    assert "_auth_user_id" in client.session


def test_after_log_in_an_organiser_lands_on_their_club(client):
    user = confirmed_user()
    club = make_club(organiser=user)
    response = client.post(
        "/accounts/login/", {"username": "ann", "password": PASSWORD}, follow=True
    )
    assert response.redirect_chain[-1][0] == club.get_absolute_url()


def test_with_two_clubs_my_clubs_lists_both_with_the_role(client):
    user = confirmed_user()
    make_club(name="Hollybush", organiser=user)
    other = make_club(name="Sandy Lane")
    other.memberships.create(user=user, role=ClubRole.HELPER)
    client.force_login(user)
    page = client.get("/accounts/clubs/").text
    assert "Hollybush" in page and "Sandy Lane" in page and "Helper" in page


def test_an_account_made_before_sign_up_existed_still_logs_in(client):
    """The demo organiser and createsuperuser's accounts have no address to confirm."""
    make_user("organiser", PASSWORD)
    response = client.post("/accounts/login/", {"username": "organiser", "password": PASSWORD})
    assert response.status_code == 302 and "_auth_user_id" in client.session


def test_guesses_by_e_mail_address_count_against_the_user_name(client):
    confirmed_user()
    for _ in range(4):
        client.post("/accounts/login/", {"username": "ann@example.org", "password": "guess"})
    response = client.post("/accounts/login/", {"username": "ann", "password": "guess"})
    assert response.status_code == 429
    assert AccessAttempt.objects.get(username="ann").failures_since_start == 5
    response = client.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert response.status_code == 429 and "_auth_user_id" not in client.session


def test_the_password_change_is_throttled_like_the_log_in(client):
    user = confirmed_user()
    client.force_login(user)
    url = "/accounts/password/change/"
    wrong = {"oldpassword": "guess", "password1": "new-pass-word-9", "password2": "new-pass-word-9"}
    for _ in range(4):
        assert client.post(url, wrong).status_code == 200  # the form, with its error
    assert client.post(url, wrong).status_code == 429
    right = wrong | {"oldpassword": PASSWORD}
    assert client.post(url, right).status_code == 429  # not even checked while paused
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_the_password_change_with_the_right_password_changes_it(client):
    user = confirmed_user()
    client.force_login(user)
    response = client.post(
        "/accounts/password/change/",
        {"oldpassword": PASSWORD, "password1": "new-pass-word-9", "password2": "new-pass-word-9"},
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("new-pass-word-9")


def test_reauthentication_before_deleting_an_account_is_throttled_too(client):
    user = confirmed_user()
    client.force_login(user)
    client.get("/accounts/delete/")  # asks for the password again
    for _ in range(5):
        response = client.post("/accounts/reauthenticate/", {"password": "guess"})
    assert response.status_code == 429
    assert get_user_model().objects.filter(pk=user.pk).exists()


def test_a_forgotten_password_is_reset_through_the_e_mailed_link(client):
    user = confirmed_user()
    assert client.get("/accounts/password_reset/")["Location"] == "/accounts/password/reset/"
    response = client.post("/accounts/password/reset/", {"email": "ann@example.org"})
    assert response.status_code == 302
    (message,) = mail.outbox
    page = client.get(link_in(message), follow=True)
    form_url = page.redirect_chain[-1][0]
    response = client.post(
        form_url, {"password1": "fresh-pass-word-3", "password2": "fresh-pass-word-3"}
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("fresh-pass-word-3")


def test_the_e_mail_address_changes_once_the_new_one_is_confirmed(client):
    user = confirmed_user()
    client.force_login(user)
    response = client.post("/accounts/email/", {"action_add": "", "email": "ann@new.example.org"})
    assert response.status_code == 302
    (message,) = mail.outbox
    assert message.to == ["ann@new.example.org"]
    user.refresh_from_db()
    assert user.email == "ann@example.org"  # until confirmed
    client.post(link_in(message))
    user.refresh_from_db()
    assert user.email == "ann@new.example.org"
    assert list(EmailAddress.objects.filter(user=user).values_list("email", flat=True)) == [
        "ann@new.example.org"
    ]


def test_the_only_organiser_of_a_club_cannot_delete_the_account_and_is_told_the_way_out(client):
    user = confirmed_user()
    club = make_club(name="Hollybush", organiser=user)
    client.force_login(user)
    client.get("/accounts/delete/")
    client.post("/accounts/reauthenticate/", {"password": PASSWORD})
    page = client.get("/accounts/delete/")
    assert "You are the only organiser of Hollybush" in page.text
    assert f"/clubs/{club.slug}/team/" in page.text
    client.post("/accounts/delete/")
    assert get_user_model().objects.filter(pk=user.pk).exists()


def test_with_another_organiser_the_account_is_deleted_and_the_club_keeps_them(client):
    user = confirmed_user()
    club = make_club(organiser=user)
    club.memberships.create(user=make_user("bert"), role=ClubRole.ORGANISER)
    client.force_login(user)
    client.get("/accounts/delete/")
    client.post("/accounts/reauthenticate/", {"password": PASSWORD})
    response = client.post("/accounts/delete/")
    assert response.status_code == 302
    assert not get_user_model().objects.filter(pk=user.pk).exists()
    assert list(club.memberships.values_list("user__username", flat=True)) == ["bert"]
    assert club.team_changes.filter(person="ann", action="left").exists()


def test_a_templated_message_is_rendered_in_the_recipients_language():
    site_mail.send_later(
        template="accounts/email/invitation",
        to=["zsofi@example.org"],
        context={
            "club": "Hollybush",
            "inviter": "Ann",
            "role": "helper",
            "url": "https://whist.example.org/hu/accounts/invitations/x/",
            "expires": "december 15.",
        },
        language="hu",
    )
    (message,) = mail.outbox
    assert message.subject == "Meghívás a klub csapatába: Hollybush"
    assert "segítőnek" in message.body and "/hu/accounts/invitations/x/" in message.body


def test_without_a_mail_server_the_messages_are_files_anyone_can_read(client, tmp_path, settings):
    """What `make run` does (no EMAIL_HOST): each message is a file in MAIL_FOLDER."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = tmp_path
    sign_up(client)
    (written,) = tmp_path.iterdir()
    text = written.read_text()
    assert "To: ann@example.org" in text and "/accounts/confirm-email/" in text


def test_the_settings_send_by_smtp_when_a_mail_server_is_given_and_to_files_otherwise():
    show = "import config.settings as s; print(s.EMAIL_BACKEND, s.MAIL_FOLDER.name)"
    env = {k: v for k, v in os.environ.items() if not k.startswith("EMAIL_")} | {"DEBUG": "1"}

    def settings_with(**variables):
        run = [sys.executable, "-c", show]
        return subprocess.run(
            run, cwd=ROOT, env=env | variables, capture_output=True, text=True, check=True
        ).stdout.split()

    assert settings_with() == ["django.core.mail.backends.filebased.EmailBackend", "mail"]
    show = "import config.settings as s; print(s.EMAIL_BACKEND, s.EMAIL_PORT, s.EMAIL_USE_TLS)"
    assert settings_with(EMAIL_HOST="smtp.example.org", EMAIL_PORT="465", EMAIL_USE_SSL="1") == [
        "django.core.mail.backends.smtp.EmailBackend",
        "465",
        "False",
    ]
