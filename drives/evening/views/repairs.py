"""The organiser's "Put right a wrong move" page: where players really sat in a played
round, two players' places or two tables' results swapped, with the reason; the services
(``drives.evening.repairs``) do it and this page words what they did."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from drives.errors import DriveError
from drives.evening import repairs
from drives.evening.repair_forms import PlayersSwapForm, TablesSwapForm
from drives.models import Drive, DriveStatus, Entry, MoveRepair, RepairKind, Seating
from drives.permissions import require_organiser
from drives.seats import seat_letter


def organised_drive(request, pk) -> Drive:
    drive = get_object_or_404(Drive.objects.select_related("club"), pk=pk)
    require_organiser(request.user, drive.club)
    return drive


@login_required
def repair_latest(request, pk):
    """The page for the last round played, where a mistake is usually found."""
    drive = organised_drive(request, pk)
    latest = repairs.last_played_round(drive)
    if latest < 1:
        messages.info(request, _("No round has been played yet: there is no move to put right."))
        return redirect(drive)
    return redirect("drives:repair", pk=drive.pk, number=latest)


@login_required
def repair_page(request, pk, number):
    drive = organised_drive(request, pk)
    latest = repairs.last_played_round(drive)
    if drive.status == DriveStatus.PLANNED or not 1 <= number <= max(latest, 0):
        raise Http404("That round has not been played yet.")
    seats = list(Seating.objects.filter(drive=drive, round=number).select_related("entry__player"))
    entries = _players_of_round(drive, number, seats)
    player_choices = [(pk, label) for pk, (_entry, label) in entries.items()]
    table_choices = [(t, _("Table %(table)s") % {"table": t}) for t in _tables(seats)]
    kind = request.POST.get("kind") if request.method == "POST" else None
    version = repairs.repair_version(drive, number)
    forms = {
        RepairKind.PLAYERS: PlayersSwapForm(
            request.POST if kind == RepairKind.PLAYERS else None,
            choices=player_choices,
            initial={"version": version},
            prefix="players",
        ),
        RepairKind.TABLES: TablesSwapForm(
            request.POST if kind == RepairKind.TABLES else None,
            choices=table_choices,
            initial={"version": version},
            prefix="tables",
        ),
    }
    posted = forms.get(kind) if kind else None
    if posted is not None and posted.is_valid():
        done = _attempt(request, drive, number, kind, posted.cleaned_data, entries)
        if done is not None:
            what = repair_words(done.record)
            messages.success(request, _("%(what)s; standings recalculated.") % {"what": what})
            if done.replanned or done.kept:
                messages.info(request, next_round_words(done.record))
            return redirect("drives:round", pk=drive.pk, number=number)
    context = {
        "drive": drive,
        "number": number,
        "played": range(1, latest + 1),
        "players_form": forms[RepairKind.PLAYERS],
        "tables_form": forms[RepairKind.TABLES],
        "history": [
            (record, repair_words(record), next_round_words(record))
            for record in MoveRepair.objects.filter(drive=drive).select_related(
                "first_entry__player", "second_entry__player", "changed_by"
            )
        ],
    }
    return render(request, "drives/repair.html", context)


def _players_of_round(drive, number, seats) -> dict[int, tuple[Entry, str]]:
    """Everyone in play in the round, seated first in table order, each with where the
    round records them: what the organiser picks from."""
    seated = {s.entry_id: s for s in seats}
    resting = Entry.objects.filter(Entry.playing_in(number), drive=drive).exclude(
        pk__in=list(seated)
    )
    choices = {
        s.entry_id: (
            s.entry,
            _("%(name)s (card %(card)d): table %(table)d, seat %(seat)s")
            % {
                "name": s.entry.player.name,
                "card": s.entry.card_number,
                "table": s.table,
                "seat": seat_letter(s.seat),
            },
        )
        for s in sorted(seats, key=lambda s: (s.table, "NESW".index(s.seat)))
    }
    for entry in resting.select_related("player"):
        choices[entry.pk] = (
            entry,
            _("%(name)s (card %(card)d): sat out")
            % {"name": entry.player.name, "card": entry.card_number},
        )
    return choices


def _tables(seats) -> list[int]:
    return sorted({s.table for s in seats})


def _attempt(request, drive, number, kind, data, entries) -> repairs.Repair | None:
    """Run the repair; what it did, or None once its refusal is a message."""
    common = {
        "drive": drive,
        "round_number": number,
        "reason": data["reason"],
        "version": data["version"],
        "user": request.user,
    }
    try:
        if kind == RepairKind.PLAYERS:
            if data["first"] not in entries or data["second"] not in entries:
                raise DriveError(_("Choose two players of round %(round)d.") % {"round": number})
            return repairs.players_swap(
                first=entries[data["first"]][0], second=entries[data["second"]][0], **common
            )
        return repairs.tables_swap(first=data["first"], second=data["second"], **common)
    except DriveError as error:
        messages.error(request, str(error))
        return None


def repair_words(record: MoveRepair) -> str:
    """What a repair did, as the page's message and its history say it."""
    words = {"round": record.round}
    if record.kind == RepairKind.PLAYERS:
        assert record.first_entry is not None and record.second_entry is not None
        return _("Swapped %(first)s and %(second)s in round %(round)d") % (
            words
            | {"first": record.first_entry.player.name, "second": record.second_entry.player.name}
        )
    return _("Swapped the results of tables %(first)d and %(second)d in round %(round)d") % (
        words | {"first": record.first_table, "second": record.second_table}
    )


def next_round_words(record: MoveRepair) -> str:
    """What became of the next round of a progressive drive; "" when nothing was seated."""
    if record.replanned_round:
        return _("Round %(round)d was seated again from the corrected round.") % {
            "round": record.replanned_round
        }
    if record.kept_round:
        return _("Round %(round)d had begun, so its seats stay as played.") % {
            "round": record.kept_round
        }
    return ""
