"""django-tables2 tables: how lists of rows look and sort, nothing more."""

import django_tables2 as tables
from django.db.models import Case, F, When
from django.db.models.functions import Length
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from drives.models import Player

NARROW_HIDE = {"th": {"class": "narrow-hide"}, "td": {"class": "narrow-hide"}}


class PlayerTable(tables.Table):
    name = tables.Column(verbose_name=_("Name"))
    role = tables.Column(verbose_name=_("Seat role"), order_by=("role", "name"))
    # A phone shows name, role and the Edit link; the rest waits for a wider screen.
    member_number = tables.Column(verbose_name=_("Member number"), attrs=NARROW_HIDE)
    active = tables.Column(
        verbose_name=_("Status"), order_by=("-active", "name"), attrs=NARROW_HIDE
    )
    edit = tables.Column(verbose_name=_("Edit"), empty_values=(), orderable=False)

    class Meta:
        model = Player
        fields = ["name", "role", "member_number", "active"]
        template_name = "drives/players/_table.html"
        row_attrs = {"class": lambda record: "" if record.active else "muted"}

    def render_name(self, record):
        # A player who cannot move stays put at every drive: a mark in plain words, on phones too.
        if record.stays:
            return format_html(
                '{} <span class="badge">{}</span>', record.name, _("stays at one table")
            )
        return record.name

    def render_active(self, value):
        if value:
            return _("Active")
        return format_html('<span class="badge">{}</span>', _("Inactive"))

    def render_edit(self, record):
        return format_html(
            '<a href="{}" aria-label="{}">{}</a>',
            reverse("drives:player_edit", args=[record.pk]),
            _("Edit %(name)s") % {"name": record.name},
            _("Edit"),
        )

    def order_member_number(self, queryset, is_descending):
        # Numbers are text: order by length first so that 9 comes before 10,
        # and put players without a number last either way.
        blank_last = Case(When(member_number="", then=1), default=0)
        length, number = Length("member_number"), F("member_number")
        order = (length.desc(), number.desc()) if is_descending else (length.asc(), number.asc())
        return queryset.order_by(blank_last, *order, "name"), True
