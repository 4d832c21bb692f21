"""Results by e-mail in real Chromium: an organiser opts a member in, the drive's results
arrive in the member's language, are resent, and the link in the message stops them."""

import re

import pytest
from django.core import mail

from drives.management.commands.simulate_drive import simulate
from drives.models import Player
from tests.browser.conftest import log_in_as
from tests.conftest import make_club, make_drive, make_players, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_member_opted_in_gets_the_results_and_stops_them_from_the_e_mail(
    page, chromium, live_server, settings
):
    settings.SITE_URL = live_server.url
    organiser = make_user("results-organiser")
    club = make_club(name="Hollybush Whist Club", organiser=organiser)
    make_players(club, 7)
    ann = Player.objects.create(club=club, name="Ann Smith", role="lady")
    log_in_as(page, live_server.url, organiser)

    # From the member's record to their e-mail page; consent is ticked and saved.
    page.goto(f"{live_server.url}/players/{ann.pk}/edit/")
    page.get_by_role("link", name="E-mail, results by e-mail and the member's data").click()
    page.get_by_label("E-mail address").fill("ann@example.org")
    page.get_by_label("Language of e-mails").select_option("fr")
    page.get_by_label("Has agreed to receive their results by e-mail").check()
    page.get_by_role("button", name="Save").click()
    page.get_by_text("Ann Smith will receive their results by e-mail.").wait_for()
    assert page.get_by_role("cell", name="recorded by an organiser").is_visible()

    mail.outbox.clear()
    drive = make_drive(club, title="Autumn Drive", deals=4)
    simulate(drive)  # finishing queues the e-mails; the test's task backend runs them at once
    (message,) = mail.outbox
    assert message.to == ["ann@example.org"]
    assert message.subject == "Votre résultat à Autumn Drive (Hollybush Whist Club)"

    # The organiser sends them again from the finished drive's page.
    page.goto(f"{live_server.url}/drives/{drive.pk}/")
    page.get_by_role("link", name="Results by e-mail").click()
    page.get_by_role("button", name="Send the results again").click()
    page.get_by_text("The results are on their way to 1 player.").wait_for()
    assert len(mail.outbox) == 2

    # The member opens the link from the e-mail, in a browser that is not logged in.
    stop = re.search(r"http\S+/results-email/stop/\S+/", message.body).group(0)
    member = chromium.new_context(viewport={"width": 360, "height": 740}).new_page()
    member.goto(stop)
    member.get_by_role("button", name="Arrêter les e-mails").click()
    member.get_by_text(
        "Vous ne recevrez plus de résultats par e-mail de Hollybush Whist Club."
    ).wait_for()
    member.context.close()
    ann.refresh_from_db()
    assert ann.results_consent_at is None

    page.goto(f"{live_server.url}/players/{ann.pk}/email/")
    assert page.get_by_role("cell", name="the player's link to stop them").is_visible()
    assert not page.get_by_label("Has agreed to receive their results by e-mail").is_checked()
