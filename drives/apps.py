from django.apps import AppConfig
from django.core.management import call_command
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def create_cache_table(*, using, **kwargs):
    # The database cache (settings.CACHES) needs its table wherever the schema is made:
    # `migrate` on a new server, in CI and in benchmarks. It does nothing for other caches.
    call_command("createcachetable", database=using, verbosity=0)


class DrivesConfig(AppConfig):
    name = "drives"
    verbose_name = _("Whist drives")

    def ready(self):
        from drives import login_throttle
        from drives.accounts import checks  # noqa: F401  registers the e-mail deploy check
        from drives.backup import on_disk  # noqa: F401  a hall laptop's backup of each drive
        from drives.boards import sheets as board_sheets
        from drives.printing import signals  # noqa: F401  connects the pre-rendering
        from drives.reach import signals as reach_signals  # noqa: F401  results e-mails

        login_throttle.connect()
        board_sheets.register()  # the compass sheets, printed by the sheet worker

        post_migrate.connect(create_cache_table, sender=self)
