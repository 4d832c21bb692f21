from django.contrib import admin

from drives.models import Club, Drive, Entry, Player, ResultChange, Season, Seating, TableResult


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "town", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organisers"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "role", "member_number", "active"]
    list_filter = ["club", "role", "active"]
    search_fields = ["name", "member_number"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "start", "end", "league_rule"]
    list_filter = ["club"]


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Drive)
class DriveAdmin(admin.ModelAdmin):
    list_display = ["title", "club", "date", "deals", "movement", "status"]
    list_filter = ["club", "status", "movement"]
    date_hierarchy = "date"
    inlines = [EntryInline]


@admin.register(Seating)
class SeatingAdmin(admin.ModelAdmin):
    list_display = ["drive", "round", "table", "seat", "entry"]
    list_filter = ["drive"]


class ResultChangeInline(admin.TabularInline):
    model = ResultChange
    extra = 0
    readonly_fields = [f.name for f in ResultChange._meta.fields]
    can_delete = False


@admin.register(TableResult)
class TableResultAdmin(admin.ModelAdmin):
    list_display = ["drive", "deal", "table", "ns_tricks", "version", "entered_by", "entered_at"]
    list_filter = ["drive"]
    inlines = [ResultChangeInline]
