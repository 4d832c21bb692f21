"""``manage.py hall_ready``: the accounts checked before a laptop serves a hall (``make hall``).

- Refuses while the demo organiser's password (``make run``'s, printed in the README) still
  opens an account: anyone on the hall's Wi-Fi could log in with it.
- When no account can log in yet (no organiser of a club, no administrator), asks at the
  terminal for the laptop's administrator account (``createsuperuser``); without a
  terminal, says how to make one. That account then creates the club or imports its file.
- Keeps a dated backup of every club in ``HALL_BACKUPS``, before the evening changes it.
"""

import sys

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db.models import Q

from drives.backup.on_disk import keep_club_backups
from drives.management.commands.loaddemo import DEMO_PASSWORD, DEMO_USERNAME
from drives.models import ClubRole


class Command(BaseCommand):
    help = "Check the accounts of a laptop about to serve a hall, and back up its clubs."

    def handle(self, *args, **options):
        User = get_user_model()
        demo = User.objects.filter(username=DEMO_USERNAME).first()
        if demo is not None and demo.check_password(DEMO_PASSWORD):
            raise CommandError(
                f"The account {DEMO_USERNAME!r} still has the demo password, which anyone "
                f"can read: change it first (manage.py changepassword {DEMO_USERNAME})."
            )
        can_log_in = User.objects.filter(
            Q(is_superuser=True) | Q(memberships__role=ClubRole.ORGANISER), is_active=True
        )
        if not can_log_in.exists():
            if sys.stdin.isatty():
                self.stdout.write("No one can log in on this laptop yet: make your account.")
                call_command("createsuperuser")
            else:
                self.stderr.write(
                    "No one can log in on this laptop yet: run `manage.py createsuperuser` "
                    "with the same settings, or start `make hall` from a terminal."
                )
        for path in keep_club_backups():
            self.stdout.write(f"Backed up to {path}")
