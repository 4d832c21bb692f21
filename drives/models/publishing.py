"""Publishing an evening played on a hall laptop to the club's hosted site (drives.backup)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from drives.models.clubs import Club


class PublishingKey(models.Model):
    """A key a club's organiser makes on the club's hosted site and gives a hall laptop, so
    that the laptop publishes finished drives there in one action (drives.backup). Only its
    SHA-256 is kept; withdrawn keys open nothing."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="publishing_keys")
    digest = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"publishing key of {self.club} ({self.created_at:%Y-%m-%d})"


class PublishingTarget(models.Model):
    """On a hall laptop: the club's hosted site, and the key it gave, to publish drives to."""

    club = models.OneToOneField(Club, models.CASCADE, related_name="publishing_target")
    site_url = models.URLField(_("the club's site"), max_length=200)
    key = models.CharField(_("publishing key"), max_length=64)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"{self.club} publishes to {self.site_url}"
