"""A compass drive's results e-mail: the pair, its place in its field and its percentage
or compass score, never trick points."""

import pytest
from django.core import mail

from drives.evening.lifecycle import drive_finish
from drives.models import Player
from drives.reach import consent, mailing
from tests.drives.boards.conftest import make_compass_drive
from tests.drives.boards.test_boards_play import play_all
from tests.drives.boards.test_boards_prizes import tricks

pytestmark = pytest.mark.django_db


def mailed(club, organiser, card, language="en-gb", **fields):
    """The results e-mail of card ``card`` of a finished six-pair compass Mitchell."""
    drive = make_compass_drive(club, organiser, pairs=6, boards=6, deals=6, **fields)
    play_all(drive, tricks)
    drive_finish(drive=drive)
    player = Player.objects.get(entries__drive=drive, entries__card_number=card)
    consent.member_contact_save(
        player=player, email="pair@example.org", language=language, consent=True, user=None
    )
    mail.outbox.clear()
    mailing.deliver(mailing.results_send(drive=drive, user=None).pk)
    (message,) = mail.outbox
    return message


def test_the_e_mail_gives_the_pair_its_field_place_and_percentage(club, organiser):
    message = mailed(club, organiser, 9, method="matchpoints")
    # Cards 9 and 10 are the E–W winners of three E–W pairs.
    assert "Your partner: Player 010" in message.body
    assert "Place: 1 of 3 E–W pairs" in message.body
    assert "Matchpoints: 58.33%" in message.body
    assert "Prize: 1st (E–W)" in message.body
    assert "Points:" not in message.body
    html, _ = message.alternatives[0]
    assert "Place: 1 of 3 E–W pairs" in html and "Player 010" in html


def test_compass_scoring_gives_the_score_and_french_says_so(club, organiser):
    message = mailed(club, organiser, 2, language="fr", method="compass")
    assert "Votre partenaire\u00a0: Player 001" in message.body
    assert "Place\u00a0: 3 sur 3 paires N–S" in message.body
    assert "Score compass\u00a0: " in message.body
