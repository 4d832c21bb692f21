"""Password guessing is paused after five failures, on the organiser and the admin log-in;
an attacker cannot lift it, and the paused user is told how to get in again."""

import datetime as dt

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import RequestFactory, override_settings

from drives.limits import client_address

pytestmark = pytest.mark.django_db

PAGES = ["/accounts/login/", "/admin/login/"]
PASSWORD = "correct-horse-battery"


@pytest.fixture
def staff():
    return get_user_model().objects.create_user(
        "margaret", password=PASSWORD, is_staff=True, is_superuser=True
    )


def log_in(client, page, password, username="margaret", **extra):
    return client.post(page, {"username": username, "password": password}, **extra)


def logged_in(client):
    return "_auth_user_id" in client.session


@pytest.mark.parametrize("page", PAGES)
def test_it_pauses_log_ins_after_five_wrong_passwords(client, staff, page):
    for _ in range(4):
        response = log_in(client, page, "guess")
        assert response.status_code == 200  # the form again, with its error
    response = log_in(client, page, "guess")
    assert response.status_code == 429
    assert "Try again in 15 minutes." in response.text
    # The right password is not even checked while paused.
    response = log_in(client, page, PASSWORD)
    assert response.status_code == 429
    assert not logged_in(client)


def test_the_right_password_within_the_limit_logs_in_and_clears_the_count(client, staff):
    for _ in range(4):
        log_in(client, "/accounts/login/", "guess")
    response = log_in(client, "/accounts/login/", PASSWORD)
    assert response.status_code == 302
    assert logged_in(client)
    assert not AccessAttempt.objects.filter(username="margaret").exists()


def test_a_good_log_in_clears_only_that_users_failures_from_that_address(client, staff):
    get_user_model().objects.create_user("bob", password="bobs-own-password")
    for _ in range(2):
        log_in(client, "/accounts/login/", "guess", REMOTE_ADDR="203.0.113.1")
        log_in(client, "/accounts/login/", "guess", REMOTE_ADDR="203.0.113.2")
        log_in(client, "/accounts/login/", "guess", username="bob", REMOTE_ADDR="203.0.113.1")
    log_in(client, "/accounts/login/", PASSWORD, REMOTE_ADDR="203.0.113.1")
    assert logged_in(client)
    left = AccessAttempt.objects.values_list("username", "ip_address", "failures_since_start")
    assert sorted(left) == [("bob", "203.0.113.1", 2), ("margaret", "203.0.113.2", 2)]


def test_an_attackers_own_good_log_ins_do_not_reset_the_victims_count(client, staff):
    """Before, axes' reset on success cleared every failure of the address: three guesses,
    a good log-in to the attacker's own account, three more... and the victim never paused."""
    get_user_model().objects.create_user("mallory", password="mallorys-own-password")
    statuses = []
    for _ in range(2):
        for _ in range(3):
            statuses.append(log_in(client, "/accounts/login/", "guess").status_code)
        log_in(client, "/accounts/login/", "mallorys-own-password", username="mallory")
        client.post("/accounts/logout/")
    assert statuses == [200] * 4 + [429, 429]  # the fifth failure pauses, as without her
    # Margaret is paused wherever she logs in from, and told how to get in again.
    response = log_in(client, "/accounts/login/", PASSWORD, REMOTE_ADDR="198.51.100.7")
    assert response.status_code == 429
    assert "Forgotten your password?" in response.text


def test_user_names_are_counted_whatever_their_case(client, staff):
    for name in ["MARGARET", "Margaret", "margaret ", "mArgaret", "margaret"]:
        log_in(client, "/accounts/login/", "guess", username=name, REMOTE_ADDR="203.0.113.9")
    assert log_in(client, "/accounts/login/", PASSWORD).status_code == 429


def test_a_new_password_lifts_the_pause_on_the_account(client, staff):
    for number in range(5):
        log_in(client, "/accounts/login/", "guess", REMOTE_ADDR=f"203.0.113.{number}")
    assert log_in(client, "/accounts/login/", PASSWORD).status_code == 429
    staff.set_password("a-brand-new-password")
    staff.save()
    response = log_in(client, "/accounts/login/", "a-brand-new-password")
    assert response.status_code == 302
    assert logged_in(client)


def test_other_saves_of_the_user_leave_the_pause_in_place(client, staff):
    for _ in range(5):
        log_in(client, "/accounts/login/", "guess")
    staff.first_name = "Margaret"
    staff.save()
    assert log_in(client, "/accounts/login/", PASSWORD).status_code == 429


@override_settings(PASSWORD_RESET_URL_NAME="drives:home")
def test_the_paused_page_links_to_the_password_reset_page(client, staff):
    for _ in range(5):
        response = log_in(client, "/accounts/login/", "guess")
    assert response.status_code == 429
    assert response.context["password_reset_url"] == "/"
    assert "Choose a new password" in response.text


@override_settings(PASSWORD_RESET_URL_NAME="no-such-page")
def test_without_a_reset_page_the_paused_page_says_whom_to_ask(client, staff):
    for _ in range(5):
        response = log_in(client, "/accounts/login/", "guess")
    assert response.status_code == 429
    assert "Ask the site's administrator to set a new one" in response.text


def test_one_address_guessing_many_user_names_is_paused_too(client, staff):
    for number in range(5):
        log_in(client, "/accounts/login/", "guess", username=f"user{number}")
    response = log_in(client, "/accounts/login/", PASSWORD)
    assert response.status_code == 429
    assert not logged_in(client)


def test_a_user_name_guessed_from_many_addresses_is_paused_too(client, staff):
    for number in range(5):
        log_in(client, "/accounts/login/", "guess", REMOTE_ADDR=f"203.0.113.{number}")
    response = log_in(client, "/accounts/login/", PASSWORD, REMOTE_ADDR="198.51.100.7")
    assert response.status_code == 429


def test_log_ins_open_again_after_the_pause(client, staff):
    for _ in range(5):
        log_in(client, "/accounts/login/", "guess")
    AccessAttempt.objects.update(attempt_time=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
    response = log_in(client, "/accounts/login/", PASSWORD)
    assert response.status_code == 302
    assert logged_in(client)


@pytest.mark.parametrize(
    ("language", "text"),
    [("fr", "Réessayez dans 15 minutes."), ("hu", "Próbálja újra 15 perc múlva.")],
)
def test_the_pause_is_explained_in_the_pages_language(client, staff, language, text):
    for _ in range(5):
        response = log_in(client, f"/{language}/accounts/login/", "guess")
    assert response.status_code == 429
    assert text in response.text


@override_settings(TRUSTED_PROXIES=1)
def test_behind_a_proxy_log_ins_are_counted_per_client_not_for_the_proxy(client, staff):
    for number in range(5):
        log_in(
            client,
            "/accounts/login/",
            "guess",
            username=f"user{number}",
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR="203.0.113.66",
        )
    paused = log_in(client, "/admin/login/", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.66")
    assert paused.status_code == 429
    response = log_in(client, "/accounts/login/", PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert response.status_code == 302


@override_settings(TRUSTED_PROXIES=1)
def test_behind_a_proxy_it_counts_the_address_the_proxy_saw_not_one_the_client_sent():
    request = RequestFactory().get(
        "/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9"
    )
    assert client_address(request) == "203.0.113.9"


def test_without_a_proxy_it_ignores_x_forwarded_for():
    request = RequestFactory().get("/", REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR="6.6.6.6")
    assert client_address(request) == "203.0.113.9"
