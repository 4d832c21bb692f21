"""The admin: a window on the data that cannot destroy a season's history.

Results, their corrections and seatings are read-only here: they change only
through the round page's services, which keep the version and the history. A
drive, season or player with results is protected by the database (PROTECT);
the delete page says what to do instead of listing every protected row.

Staff who are not superusers see and change only the rows of the clubs they organise, and
pick only those clubs' rows in a form. No one changes a club's organisers here: they are
invited and removed on the club's pages, which keep the history; here they are read-only.
"""

from django.contrib import admin
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drives.models import (
    Club,
    ClubRole,
    Drive,
    DriveStatus,
    DriveStatusChange,
    Entry,
    Player,
    ResultChange,
    Season,
    Seating,
    TableResult,
)


class WithinOwnClubs(admin.ModelAdmin):
    """Rows of the clubs the user organises, unless a superuser; ``club_path`` leads from
    the model to its club ("" for a club itself)."""

    club_path = "club"

    def get_queryset(self, request):
        return within_own_clubs(super().get_queryset(request), request.user, self.club_path)

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and self._own(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._own(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self._own(request, obj)

    def _own(self, request, obj) -> bool:
        if obj is None:
            return True
        rows = within_own_clubs(
            type(obj)._default_manager.filter(pk=obj.pk), request.user, self.club_path
        )
        return rows.exists()

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        return super().formfield_for_foreignkey(
            db_field, request, **own_choices(db_field, request, kwargs)
        )


def within_own_clubs(queryset, user, club_path: str):
    if user.is_superuser:
        return queryset
    # One filter() call, so that the user and the role are read from the same membership.
    memberships = f"{club_path}__memberships" if club_path else "memberships"
    return queryset.filter(
        **{f"{memberships}__user": user, f"{memberships}__role": ClubRole.ORGANISER}
    )


#: A form's choice of a club's rows → the path from that model to its club.
CHOICES_CLUB_PATH = {Club: "", Season: "club", Player: "club", Drive: "club"}


def own_choices(db_field, request, kwargs: dict) -> dict:
    """A foreign key's choices narrowed to the user's own clubs' rows."""
    model = db_field.related_model
    if model in CHOICES_CLUB_PATH:
        path = CHOICES_CLUB_PATH[model]
        kwargs["queryset"] = within_own_clubs(model._default_manager.all(), request.user, path)
    return kwargs


class ReadOnlyAdmin(WithinOwnClubs):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ExplainsProtection(WithinOwnClubs):
    """The delete page gives one sentence of why, not a list of every protected row."""

    def get_deleted_objects(self, objs, request):
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        if protected:
            # The reason matters more than which read-only rows would have gone with it.
            return deleted, counts, set(), [self.protected_reason(len(protected))]
        return deleted, counts, perms_needed, protected

    def protected_reason(self, count: int) -> str:
        raise NotImplementedError


@admin.register(Club)
class ClubAdmin(ExplainsProtection):
    club_path = ""
    list_display = ["name", "town", "slug", "four_colour_suits"]
    prepopulated_fields = {"slug": ["name"]}
    # The team is invited and removed on the club's pages, which keep the history
    # (drives.accounts); the admin shows no way to change it.

    def has_add_permission(self, request):
        # A staff user's new club would have no organiser, so no one but superusers to see it.
        return request.user.is_superuser

    def protected_reason(self, count):
        return _("The club has a history (seasons, drives, players who have played): it is kept.")


@admin.register(Player)
class PlayerAdmin(ExplainsProtection):
    list_display = ["name", "club", "role", "member_number", "active"]
    list_filter = [("club", admin.RelatedOnlyFieldListFilter), "role", "active"]
    search_fields = ["name", "member_number"]

    def get_readonly_fields(self, request, obj=None):
        # Consent changes on the member's e-mail page, where its history is kept.
        consent = ["results_consent_at", "anonymised_at"]
        # Their results belong to the club they played for; a move would carry them off.
        if obj is not None and obj.entries.exists():
            return ["club", *consent]
        return consent

    def protected_reason(self, count):
        return ngettext(
            "The player has played in %(count)d drive: mark them inactive instead.",
            "The player has played in %(count)d drives: mark them inactive instead.",
            count,
        ) % {"count": count}


@admin.register(Season)
class SeasonAdmin(ExplainsProtection):
    list_display = ["name", "club", "start", "end", "league_rule"]
    list_filter = [("club", admin.RelatedOnlyFieldListFilter)]

    def protected_reason(self, count):
        return ngettext(
            "The season has %(count)d drive: move or delete it first "
            "(a drive with results can only be cancelled).",
            "The season has %(count)d drives: move or delete them first "
            "(a drive with results can only be cancelled).",
            count,
        ) % {"count": count}


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    autocomplete_fields = ["player"]

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        return super().formfield_for_foreignkey(
            db_field, request, **own_choices(db_field, request, kwargs)
        )

    # Once a drive has started its entries are part of the seatings and results.
    def _planned(self, obj) -> bool:
        return obj is None or obj.status == DriveStatus.PLANNED

    def has_add_permission(self, request, obj=None):
        return self._planned(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request, obj=None):
        return self._planned(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self._planned(obj) and super().has_delete_permission(request, obj)


class DriveStatusChangeInline(admin.TabularInline):
    model = DriveStatusChange
    extra = 0
    readonly_fields = ["old_status", "new_status", "reason", "changed_by", "changed_at"]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Drive)
class DriveAdmin(ExplainsProtection):
    list_display = ["title", "club", "date", "deals", "movement", "status"]
    list_filter = [("club", admin.RelatedOnlyFieldListFilter), "status", "movement"]
    date_hierarchy = "date"
    inlines = [EntryInline, DriveStatusChangeInline]
    # The evening's progress moves only through the organiser's pages and services.
    readonly_fields = ["status", "current_round", "rested_entries"]

    def get_deleted_objects(self, objs, request):
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        # A drive without results takes its seatings with it; one by one they stay read-only.
        perms_needed.discard(Seating._meta.verbose_name)
        return deleted, counts, perms_needed, protected

    def protected_reason(self, count):
        return ngettext(
            "The drive has %(count)d result: cancel it on its page instead; "
            "a cancelled drive is kept and counts nowhere.",
            "The drive has %(count)d results: cancel it on its page instead; "
            "a cancelled drive is kept and counts nowhere.",
            count,
        ) % {"count": count}


@admin.register(Seating)
class SeatingAdmin(ReadOnlyAdmin):
    club_path = "drive__club"
    list_display = ["drive", "round", "table", "seat", "entry"]
    list_filter = [("drive", admin.RelatedOnlyFieldListFilter)]


class ResultChangeInline(admin.TabularInline):
    model = ResultChange
    extra = 0
    readonly_fields = [f.name for f in ResultChange._meta.fields]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(TableResult)
class TableResultAdmin(ReadOnlyAdmin):
    """Corrections go through the round page, which checks the version and keeps history."""

    club_path = "drive__club"
    list_display = ["drive", "deal", "table", "ns_tricks", "version", "entered_by", "entered_at"]
    list_filter = [("drive", admin.RelatedOnlyFieldListFilter)]
    inlines = [ResultChangeInline]


@admin.register(ResultChange)
class ResultChangeAdmin(ReadOnlyAdmin):
    club_path = "result__drive__club"
    list_display = ["result", "old_ns_tricks", "new_ns_tricks", "changed_by", "changed_at"]
    list_filter = [("result__drive", admin.RelatedOnlyFieldListFilter)]
