"""Clubs, their team (organisers and helpers, invitations, the team's history), their
players and their seasons."""

import uuid

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring.league import LeagueKind
from scoring.money import CURRENCIES
from scoring.standings import Role


class SeatRole(models.TextChoices):
    LADY = Role.LADY.value, _("Lady")
    GENT = Role.GENT.value, _("Gent")
    EITHER = Role.EITHER.value, _("Either")


class PlayerNames(models.TextChoices):
    FULL = "full", _("Full name (Ann Smith)")
    INITIAL = "initial", _("First name and initial (Ann S.)")


class Club(models.Model):
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("short name"), unique=True)
    town = models.CharField(_("town"), max_length=100, blank=True)
    venue = models.CharField(_("usual venue"), max_length=200, blank=True)
    # Who runs the club and in which role: drives.permissions reads it.
    team = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        through="Membership",
        related_name="clubs",
        blank=True,
        verbose_name=_("organisers and helpers"),
    )
    player_names = models.CharField(
        _("players named on public pages as"),
        max_length=7,
        choices=PlayerNames.choices,
        default=PlayerNames.FULL,
        help_text=_("Pages, CSVs and PDFs anyone can open; organisers' own pages show full names."),
    )
    # Two red suits are hard to tell apart for many older eyes: ♥ red, ♦ blue, ♣ green, ♠ black.
    four_colour_suits = models.BooleanField(
        _("four-colour suits"),
        default=False,
        help_text=_("Hearts red, diamonds blue, clubs green, spades black, on pages and sheets."),
    )

    # Entry fees, takings and prizes are in it on every page, sheet and CSV (drives.money).
    currency = models.CharField(
        _("currency"),
        max_length=3,
        choices=[(code, code) for code in CURRENCIES],
        default="GBP",
        help_text=_("Entry fees, takings, costs and prize money are kept in it."),
    )

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("drives:club", args=[self.slug])

    def role_of(self, user) -> str | None:
        """``user``'s role here (a ``ClubRole``), or None; a superuser is an organiser."""
        if not user.is_authenticated:
            return None
        if user.is_superuser:
            return ClubRole.ORGANISER
        return self.memberships.filter(user=user).values_list("role", flat=True).first()

    def is_organiser(self, user) -> bool:
        return self.role_of(user) == ClubRole.ORGANISER

    def is_team(self, user) -> bool:
        """An organiser or a helper: may check players in and enter results."""
        return self.role_of(user) is not None


class ClubRole(models.TextChoices):
    ORGANISER = "organiser", _("Organiser")
    HELPER = "helper", _("Helper")


class Membership(models.Model):
    """One person's role in one club's team; removing the row takes effect at once."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="memberships")
    role = models.CharField(
        _("role"), max_length=9, choices=ClubRole.choices, default=ClubRole.ORGANISER
    )
    since = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "role", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="membership_one_role_a_club"),
        ]

    def __str__(self):
        return f"{self.user}: {self.role} of {self.club}"


class Invitation(models.Model):
    """An e-mailed link to join a club's team: it expires, can be withdrawn, works once.

    Only the SHA-256 of the link's secret is kept, so the table cannot be read for links.
    """

    club = models.ForeignKey(Club, models.CASCADE, related_name="invitations")
    email = models.EmailField(_("e-mail address"))
    role = models.CharField(_("role"), max_length=9, choices=ClubRole.choices)
    # The language the invitation was written in: the invitee's, as the organiser chose.
    language = models.CharField(_("language of the e-mail"), max_length=10)
    digest = models.CharField(max_length=64, unique=True)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.email} to {self.club} as {self.role}"


class TeamAction(models.TextChoices):
    CREATED = "created", _("created the club")
    INVITED = "invited", _("was invited")
    WITHDRAWN = "withdrawn", _("invitation withdrawn")
    JOINED = "joined", _("joined")
    ROLE = "role", _("role changed")
    REMOVED = "removed", _("was removed")
    LEFT = "left", _("left")


class TeamChange(models.Model):
    """The history of a club's organisers and helpers: who, what, by whom, when.

    Names are copied, so the history still reads after an account is deleted.
    """

    club = models.ForeignKey(Club, models.CASCADE, related_name="team_changes")
    person = models.CharField(max_length=254)  # a user name, or the invited address
    action = models.CharField(max_length=9, choices=TeamAction.choices)
    role = models.CharField(max_length=9, choices=ClubRole.choices, blank=True)
    changed_by = models.CharField(max_length=150, blank=True)
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]

    def __str__(self):
        return f"{self.club}: {self.person} {self.action}"


class Player(models.Model):
    club = models.ForeignKey(Club, models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=100)
    role = models.CharField(
        _("usual seat role"), max_length=6, choices=SeatRole.choices, default=SeatRole.EITHER
    )
    member_number = models.CharField(_("member number"), max_length=20, blank=True)
    active = models.BooleanField(_("active"), default=True)
    # Contact details: only the club's organisers see them, never a public page, CSV or
    # sheet (drives.reach); results are e-mailed only while the consent stands.
    email = models.EmailField(_("e-mail address"), blank=True)
    language = models.CharField(
        _("language of e-mails"), max_length=7, choices=settings.LANGUAGES, default="en-gb"
    )
    results_consent_at = models.DateTimeField(
        _("agreed to results by e-mail"), null=True, blank=True
    )
    anonymised_at = models.DateTimeField(null=True, blank=True)
    large_print = models.BooleanField(
        _("large-print cards"),
        default=False,
        help_text=_("This player's scorecard prints in large print, one card a page."),
    )
    stays = models.BooleanField(
        _("stays at one table"),
        default=False,
        help_text=_(
            "This player cannot move: at each drive they keep one table, and one seat, all "
            "evening, and the movement works round them."
        ),
    )

    # The same member on a hall laptop and on the club's site (drives.backup.drive_file):
    # a club file carries it, so a drive published from a copy finds its players.
    uid = models.UUIDField(default=uuid.uuid4, editable=False)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "member_number"],
                condition=~Q(member_number=""),
                name="player_member_number_unique_in_club",
            ),
            models.UniqueConstraint(fields=["club", "uid"], name="player_uid_unique_in_club"),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("drives:player", args=[self.pk])


class LeagueRule(models.TextChoices):
    TOTAL = LeagueKind.TOTAL.value, _("Total points over all drives")
    BEST = LeagueKind.BEST.value, _("Best N drives")
    PLACING = LeagueKind.PLACING.value, _("Placing points")
    AVERAGE = LeagueKind.AVERAGE.value, _("Average per drive")
    PERCENTAGE = LeagueKind.PERCENTAGE.value, _("Average percentage")


class Season(models.Model):
    club = models.ForeignKey(Club, models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=100)
    start = models.DateField(_("starts"))
    end = models.DateField(_("ends"))
    league_rule = models.CharField(
        _("league rule"), max_length=12, choices=LeagueRule.choices, default=LeagueRule.TOTAL
    )
    best_n = models.PositiveSmallIntegerField(_("best N drives"), null=True, blank=True)
    placing_points = models.CharField(
        _("placing points"), max_length=100, blank=True, default="10,8,6,5,4,3,2,1"
    )
    minimum_drives = models.PositiveSmallIntegerField(_("drives to qualify"), default=0)
    by_role = models.BooleanField(_("separate ladies and gents tables"), default=False)

    class Meta:
        ordering = ["-start"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end__gte=F("start")), name="season_ends_after_start"
            ),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("drives:season", args=[self.pk])
