"""Members' e-mail and consent, each player's results e-mailed after a drive, the resend
and the signed link that stops them."""

import datetime as dt
import html
import smtplib

import pytest
from django.core import mail
from django.test import Client, override_settings
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from drives import mail as site_mail
from drives.evening.entries import drive_check_in, entry_check_in
from drives.evening.lifecycle import drive_finish, drive_reopen, drive_start
from drives.management.commands.simulate_drive import simulate
from drives.models import ConsentChange, ConsentSource, Player, ResultsMailing, SeatRole
from drives.reach import consent, mailing
from drives.reach.unsubscribe import token_for
from tests.conftest import make_drive, make_season, make_user

pytestmark = pytest.mark.django_db

DATABASE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
SITE = "https://whist.example.org"


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = SITE


@pytest.fixture
def organiser_client(organiser):
    client = Client()
    client.force_login(organiser)
    return client


@pytest.fixture
def members(club, organiser):
    """Eight members: Ann (English) and Bob (French) agreed to results by e-mail; Cath gave an
    address but did not agree."""
    names = ["Ann Smith", "Bob Martin", "Cath Brown", "Dan Green", "Eve White", "Fred Black",
             "Gwen Grey", "Hal Stone"]  # fmt: skip
    players = [
        Player.objects.create(club=club, name=name, role=[SeatRole.LADY, SeatRole.GENT][n % 2])
        for n, name in enumerate(names)
    ]
    for player, email, language, agreed in [
        (players[0], "ann@example.org", "en-gb", True),
        (players[1], "bob@example.fr", "fr", True),
        (players[2], "cath@example.org", "en-gb", False),
    ]:
        consent.member_contact_save(
            player=player, email=email, language=language, consent=agreed, user=organiser
        )
    return players


@pytest.fixture
def finished(club, members, django_capture_on_commit_callbacks):
    """A drive of the eight members in a season, played and finished, its e-mails sent."""
    drive = make_drive(
        club, season=make_season(club), title="Autumn Drive", deals=4, date=dt.date(2026, 10, 2)
    )
    with django_capture_on_commit_callbacks(execute=True):
        simulate(drive)
    drive.refresh_from_db()
    return drive


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def mails_to(address):
    return [message for message in mail.outbox if message.to == [address]]


def test_it_records_a_members_address_and_consent_with_the_moment(organiser_client, club):
    player = Player.objects.create(club=club, name="Ann Smith")
    url = reverse("drives:member_contact", args=[player.pk])

    page = organiser_client.get(url)
    assert page.status_code == 200
    assert "Only the club's organisers see this address" in page.text

    response = organiser_client.post(
        url, {"email": "ann@example.org", "language": "fr", "consent": "on"}, follow=True
    )
    assert "Ann Smith will receive their results by e-mail." in response.text
    player.refresh_from_db()
    assert (player.email, player.language) == ("ann@example.org", "fr")
    assert player.results_consent_at is not None
    change = ConsentChange.objects.get(player=player)
    assert (change.consented, change.source) == (True, ConsentSource.ORGANISER)
    assert change.changed_by.username == "alice"
    assert "Consent history" in response.text and "agreed" in response.text

    response = organiser_client.post(
        url, {"email": "ann@example.org", "language": "fr"}, follow=True
    )
    assert "Ann Smith will receive no more results e-mails." in response.text
    player.refresh_from_db()
    assert player.results_consent_at is None
    assert [c.consented for c in player.consent_changes.all()] == [False, True]


def test_consent_without_an_address_is_refused_and_changes_nothing(organiser_client, club):
    player = Player.objects.create(club=club, name="Ann Smith")
    url = reverse("drives:member_contact", args=[player.pk])

    response = organiser_client.post(url, {"email": "", "language": "en-gb", "consent": "on"})

    assert response.status_code == 200
    assert "Results can only be e-mailed to a member with an e-mail address." in response.text
    player.refresh_from_db()
    assert player.results_consent_at is None
    assert not ConsentChange.objects.exists()


def test_a_bad_address_is_refused_in_the_pages_language(organiser_client, club):
    player = Player.objects.create(club=club, name="Ann Smith")
    url = "/fr" + reverse("drives:member_contact", args=[player.pk])

    response = organiser_client.post(url, {"email": "ann@", "language": "fr", "consent": "on"})

    assert "Saisissez une adresse de courriel valide." in response.text
    player.refresh_from_db()
    assert player.email == ""


def test_contact_details_are_for_the_clubs_organisers_only(club):
    player = Player.objects.create(club=club, name="Ann Smith", email="ann@example.org")
    other = Client()
    other.force_login(make_user("mallory"))
    for url in [
        reverse("drives:member_contact", args=[player.pk]),
        reverse("drives:member_export", args=[player.pk]),
        reverse("drives:member_erase", args=[player.pk]),
    ]:
        assert other.get(url).status_code == 403, url
        if not url.endswith(".json"):
            assert other.post(url, {"email": "", "language": "en-gb"}).status_code == 403, url
        assert Client().get(url).status_code == 302, url  # to the log-in page
    player.refresh_from_db()
    assert player.email == "ann@example.org"


def test_each_player_who_agreed_gets_their_own_result_in_their_language(finished, members):
    ann, bob = members[:2]
    assert {tuple(m.to) for m in mail.outbox} == {("ann@example.org",), ("bob@example.fr",)}
    assert not mails_to("cath@example.org")

    from drives.reach.results import drive_results

    results = drive_results(finished)
    (english,) = mails_to("ann@example.org")
    assert english.subject == "Your result at Autumn Drive (Hollybush Whist Club)"
    ann_result = results[ann.pk]
    assert f"Place: {ann_result.place} of 8" in english.body
    assert f"League 2026–27: place {ann_result.league_place}" in english.body
    assert f"{SITE}/drives/{finished.pk}/standings/" in english.body
    assert f"{SITE}/players/{ann.pk}/" in english.body
    stop = f"{SITE}/results-email/stop/{token_for(ann)}/"
    assert stop in english.body
    assert english.extra_headers["List-Unsubscribe"] == f"<{stop}>"
    html, kind = english.alternatives[0]
    assert kind == "text/html" and "Stop these e-mails" in html

    (french,) = mails_to("bob@example.fr")
    assert french.subject == "Votre résultat à Autumn Drive (Hollybush Whist Club)"
    assert f"Place\u00a0: {results[bob.pk].place} sur 8" in french.body
    assert f"{SITE}/fr/drives/{finished.pk}/standings/" in french.body
    assert f"{SITE}/fr/results-email/stop/" in french.body

    sent = ResultsMailing.objects.get(drive=finished)
    assert sent.requested_by is None and sent.finished_at is not None
    assert sorted(sent.sent_to) == sorted([ann.pk, bob.pk])


def test_a_prize_winner_is_told_their_prize(finished, members):
    from drives.reach.results import drive_results

    winner = next(pk for pk, result in drive_results(finished).items() if result.place == "1")
    player = Player.objects.get(pk=winner)
    mail.outbox.clear()
    consent.member_contact_save(
        player=player, email="winner@example.org", language="en-gb", consent=True, user=None
    )
    mailing.deliver(mailing.results_send(drive=finished, user=None).pk)
    (message,) = mails_to("winner@example.org")
    assert "Place: 1 of 8" in message.body
    assert "Prize: 1st" in message.body


def test_finishing_only_queues_the_e_mails_for_the_worker(
    club, members, django_capture_on_commit_callbacks
):
    drive = make_drive(club, title="Autumn Drive", deals=4)
    with override_settings(TASKS=DATABASE), django_capture_on_commit_callbacks(execute=True):
        simulate(drive)

    assert mail.outbox == []  # nothing sent inside the finishing request
    sent = ResultsMailing.objects.get(drive=drive)
    queued = DBTaskResult.objects.values_list("task_path", "args_kwargs")
    assert list(queued) == [("drives.reach.tasks.send_results", {"args": [sent.pk], "kwargs": {}})]


@pytest.mark.django_db(transaction=True)
def test_the_database_worker_sends_the_queued_e_mails(club, members):
    drive = make_drive(club, title="Autumn Drive", deals=4)
    with override_settings(TASKS=DATABASE):
        simulate(drive)
        assert mail.outbox == []
        from django.core.management import call_command

        call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
    assert len(mail.outbox) == 2
    assert ResultsMailing.objects.get(drive=drive).finished_at is not None


def test_reopening_and_finishing_again_sends_nothing_by_itself(
    finished, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        drive_reopen(drive=finished)
        drive_finish(drive=finished)
    assert mail.outbox == []
    assert ResultsMailing.objects.filter(drive=finished).count() == 1


def test_an_organiser_resends_a_drives_results(
    organiser_client, finished, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    url = reverse("drives:results_mail", args=[finished.pk])
    page = organiser_client.get(url)
    assert page.status_code == 200
    assert "2 players of this drive have agreed to receive their results by e-mail." in page.text
    assert "on finishing" in page.text

    with django_capture_on_commit_callbacks(execute=True):
        response = organiser_client.post(url, follow=True)

    assert "The results are on their way to 2 players." in response.text
    assert len(mail.outbox) == 2
    latest = ResultsMailing.objects.filter(drive=finished).first()
    assert latest.requested_by.username == "alice"
    assert "alice" in response.text
    # The finished drive's page links to it for organisers.
    assert url in organiser_client.get(reverse("drives:drive", args=[finished.pk])).text


def test_results_of_a_running_drive_cannot_be_sent(organiser_client, club, members):
    drive = make_drive(club, deals=4)
    drive_check_in(drive=drive, roles={p: p.role for p in members})
    drive_start(drive=drive)
    url = reverse("drives:results_mail", args=[drive.pk])

    response = organiser_client.post(url, follow=True)

    assert "Results can be e-mailed once the drive is finished." in response.text
    assert not ResultsMailing.objects.exists()


def test_a_resend_while_one_is_still_going_out_is_refused(organiser_client, finished):
    ResultsMailing.objects.create(drive=finished, recipients=2)  # queued, not yet sent
    url = "/hu" + reverse("drives:results_mail", args=[finished.pk])
    response = organiser_client.post(url, follow=True)
    assert ResultsMailing.objects.filter(drive=finished).count() == 2
    assert "Ezek az eredmények még úton vannak" in response.text


def test_a_resend_with_nobody_to_send_to_is_refused(organiser_client, club, members, finished):
    Player.objects.update(results_consent_at=None)
    response = organiser_client.post(
        reverse("drives:results_mail", args=[finished.pk]), follow=True
    )
    assert "None of this drive's players has agreed to receive results by e-mail." in text_of(
        response
    )
    assert ResultsMailing.objects.filter(drive=finished).count() == 1


def test_a_member_who_stopped_after_the_send_was_queued_gets_nothing(finished, members):
    mail.outbox.clear()
    sent = mailing.results_send(drive=finished, user=None)
    consent.consent_withdraw(player=members[1], source=ConsentSource.UNSUBSCRIBE)
    mailing.deliver(sent.pk)
    assert [m.to for m in mail.outbox] == [["ann@example.org"]]


def test_a_refused_message_is_counted_and_the_others_still_go(finished, members, monkeypatch):
    mail.outbox.clear()
    real_deliver = site_mail._deliver

    def refusing(subject, body, html, to, headers=None):
        if to == ["ann@example.org"]:
            raise smtplib.SMTPRecipientsRefused({to[0]: (550, b"no such user")})
        real_deliver(subject, body, html, to, headers)

    monkeypatch.setattr("drives.mail._deliver", refusing)
    sent = mailing.results_send(drive=finished, user=None)
    mailing.deliver(sent.pk)
    mailing.deliver(sent.pk)  # a task run again sends nobody twice

    sent.refresh_from_db()
    assert sent.failed == [members[0].pk] and sent.sent_to == [members[1].pk]
    assert [m.to for m in mail.outbox] == [["bob@example.fr"]]


def test_the_link_in_the_e_mail_stops_them_in_one_click_without_logging_in(finished, members):
    ann = members[0]
    url = reverse("drives:results_stop", args=[token_for(ann)])
    visitor = Client(enforce_csrf_checks=True)

    page = visitor.get(url)
    assert page.status_code == 200
    assert "Stop the e-mails with your results from Hollybush Whist Club?" in page.text
    ann.refresh_from_db()
    assert ann.results_consent_at is not None  # opening the link changes nothing

    # A mail program's one-click unsubscribe posts with no cookie and no CSRF token.
    response = visitor.post(url, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    assert "You will receive no more results e-mails from Hollybush Whist Club." in response.text
    ann.refresh_from_db()
    assert ann.results_consent_at is None
    assert ann.consent_changes.first().source == ConsentSource.UNSUBSCRIBE

    mail.outbox.clear()
    mailing.deliver(mailing.results_send(drive=finished, user=None).pk)
    assert [m.to for m in mail.outbox] == [["bob@example.fr"]]
    assert "You will receive no more" in visitor.get(url).text  # the link still answers


def test_a_changed_link_opens_nothing(members):
    token = token_for(members[0])
    for bad in [token[:-2] + "xx", f"{members[1].pk}:{token.split(':')[1]}", "nonsense"]:
        response = Client().post(reverse("drives:results_stop", args=[bad]))
        assert response.status_code == 404, bad
    members[0].refresh_from_db()
    assert members[0].results_consent_at is not None


def test_the_organisers_pages_read_in_the_same_queries_whatever_their_length(
    organiser_client, organiser, finished, members
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries(url):
        with CaptureQueriesContext(connection) as context:
            assert organiser_client.get(url).status_code == 200
        return len(context)

    contact = reverse("drives:member_contact", args=[members[0].pk])
    sending = reverse("drives:results_mail", args=[finished.pk])
    before = queries(contact), queries(sending)
    for _ in range(4):
        consent.consent_withdraw(player=members[0], source=ConsentSource.UNSUBSCRIBE)
        consent.member_contact_save(
            player=members[0],
            email="ann@example.org",
            language="en-gb",
            consent=True,
            user=organiser,
        )
        sending_again = mailing.results_send(drive=finished, user=organiser)
        mailing.deliver(sending_again.pk)
    assert (queries(contact), queries(sending)) == before


def test_a_member_who_agreed_but_did_not_play_is_not_counted_or_sent(
    organiser_client, club, members, organiser, django_capture_on_commit_callbacks
):
    away = Player.objects.create(club=club, name="Zoe Away")
    consent.member_contact_save(
        player=away, email="zoe@example.org", language="en-gb", consent=True, user=organiser
    )
    # Fixed partners: the first of a late pair waits unseated for a partner who never comes.
    drive = make_drive(club, title="Autumn Drive", deals=4, movement="mitchell")
    drive_check_in(drive=drive, roles={p: p.role for p in members})
    drive_start(drive=drive)
    entry_check_in(drive=drive, player=away, role=SeatRole.LADY)
    drive.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        simulate(drive)
    assert drive.entries.filter(player=away, seatings__isnull=True).exists()

    assert ResultsMailing.objects.get(drive=drive).recipients == 2
    assert not mails_to("zoe@example.org")


def test_finishing_a_paper_drive_sends_its_results_too(
    organiser_client, club, members, django_capture_on_commit_callbacks
):
    from drives.paper import services as paper
    from tests.drives.paper.test_paper_drives import honest_totals, paper_drive, type_all

    drive = paper_drive(club, members, title="Paper Drive")
    type_all(organiser_client, drive, honest_totals(drive))
    with django_capture_on_commit_callbacks(execute=True):
        paper.paper_drive_finish(drive=drive)

    assert {m.to[0] for m in mail.outbox} == {"ann@example.org", "bob@example.fr"}
    assert all("Paper Drive" in m.subject for m in mail.outbox)
