"""Password guessing is paused after five failures, on the organiser and the admin log-in."""

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
def test_behind_a_proxy_it_counts_the_address_the_proxy_saw_not_one_the_client_sent():
    request = RequestFactory().get(
        "/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9"
    )
    assert client_address(request) == "203.0.113.9"


def test_without_a_proxy_it_ignores_x_forwarded_for():
    request = RequestFactory().get("/", REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR="6.6.6.6")
    assert client_address(request) == "203.0.113.9"
