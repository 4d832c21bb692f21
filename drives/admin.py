"""The admin: a window on the data that cannot destroy a season's history.

Results, their corrections and seatings are read-only here: they change only
through the round page's services, which keep the version and the history. A
drive, season or player with results is protected by the database (PROTECT);
the delete page says what to do instead of listing every protected row.
"""

from django.contrib import admin
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drives.models import (
    Club,
    Drive,
    DriveStatus,
    DriveStatusChange,
    Entry,
    Membership,
    Player,
    ResultChange,
    Season,
    Seating,
    TableResult,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ExplainsProtection(admin.ModelAdmin):
    """The delete page gives one sentence of why, not a list of every protected row."""

    def get_deleted_objects(self, objs, request):
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        if protected:
            # The reason matters more than which read-only rows would have gone with it.
            return deleted, counts, set(), [self.protected_reason(len(protected))]
        return deleted, counts, perms_needed, protected

    def protected_reason(self, count: int) -> str:
        raise NotImplementedError


class MembershipInline(admin.TabularInline):
    """Organisers and helpers; the club's own team page keeps a history, this does not."""

    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(ExplainsProtection):
    list_display = ["name", "town", "slug", "four_colour_suits"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]

    def protected_reason(self, count):
        return _("The club has a history (seasons, drives, players who have played): it is kept.")


@admin.register(Player)
class PlayerAdmin(ExplainsProtection):
    list_display = ["name", "club", "role", "member_number", "active"]
    list_filter = ["club", "role", "active"]
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
    list_filter = ["club"]

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
    list_filter = ["club", "status", "movement"]
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
    list_display = ["drive", "round", "table", "seat", "entry"]
    list_filter = ["drive"]


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

    list_display = ["drive", "deal", "table", "ns_tricks", "version", "entered_by", "entered_at"]
    list_filter = ["drive"]
    inlines = [ResultChangeInline]


@admin.register(ResultChange)
class ResultChangeAdmin(ReadOnlyAdmin):
    list_display = ["result", "old_ns_tricks", "new_ns_tricks", "changed_by", "changed_at"]
    list_filter = ["result__drive"]
