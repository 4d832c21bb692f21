"""What reaches the players (``drives.reach``): consent to results by e-mail, the mailings."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from drives.models.clubs import Player
from drives.models.drive import Drive


class ConsentSource(models.TextChoices):
    ORGANISER = "organiser", _("recorded by an organiser")
    UNSUBSCRIBE = "unsubscribe", _("the player's link to stop them")
    ERASURE = "erasure", _("the member's data erased")


class ConsentChange(models.Model):
    """A member's consent to results by e-mail given or withdrawn: when, how, by whom."""

    player = models.ForeignKey(Player, models.CASCADE, related_name="consent_changes")
    consented = models.BooleanField()
    source = models.CharField(max_length=11, choices=ConsentSource.choices)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]

    def __str__(self):
        return f"{self.player}: {'yes' if self.consented else 'no'} ({self.source})"


class ResultsMailing(models.Model):
    """A drive's results sent to the members who agreed: once when it finishes, and again
    each time an organiser resends them. ``sent_to`` lists the players already sent, so a
    task run again after a worker died sends each of them once."""

    drive = models.ForeignKey(Drive, models.CASCADE, related_name="results_mailings")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    requested_at = models.DateTimeField(auto_now_add=True)
    recipients = models.PositiveIntegerField(default=0)
    sent_to = models.JSONField(default=list, blank=True)
    failed = models.JSONField(default=list, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-requested_at", "-pk"]

    def __str__(self):
        return f"{self.drive}: results to {self.recipients} ({self.requested_at:%Y-%m-%d})"
