"""How pages anyone can open, and their CSVs and PDFs, name a club's players: one rule, here.

A player is named in public only once they have played in a finished drive: before
that (a newcomer checked in tonight) they are their card, "Card 7". A club may show
"first name and initial" instead of full names (``Club.player_names``). The club's
organisers see full names on every page; pages only they see (the player list, the
check-in) do not come here at all.

>>> first_name_and_initial("Ann Smith"), first_name_and_initial("Mary Jane  de Vere")
('Ann S.', 'Mary V.')
>>> first_name_and_initial("Cher")
'Cher'

Every door a name comes in by (the forms, the CSV import, a backup file)
passes it through ``clean_name``: no control characters, and none of the bidirectional
embeddings, overrides and isolates that make a name display as other letters than it
holds (after a right-to-left override, "Ann Smith" reads "htimS nnA").

>>> clean_name("  Ann\\u202e htimS\\t Jones\\x00 ")
'Ann htimS Jones'
"""

import re
from collections.abc import Collection

from django import forms
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext as _

from drives.models import Club, Drive, DriveStatus, Entry, Player, PlayerNames

#: C0 and C1 controls and DEL: they become a space (a tab between two words stays a gap).
CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]")
#: Direction marks, embeddings, overrides and isolates (U+061C, U+200E–F, U+202A–E,
#: U+2066–9): they go. Joiners (U+200C–D), which some scripts' names need, stay.
BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def clean_name(text: str) -> str:
    """A name as it is stored: the characters above removed, spaces tidied."""
    return " ".join(BIDI_CONTROLS.sub("", CONTROLS.sub(" ", text)).split())


class OneLineTexts(forms.BaseForm):
    """A form whose one-line text boxes (a club's name and town, a drive's title, a
    season's name) are cleaned as names are: they show on the same public pages."""

    def clean(self) -> dict:
        cleaned = super().clean() or self.cleaned_data
        for name, value in cleaned.items():
            if isinstance(value, str) and not isinstance(self.fields[name].widget, forms.Textarea):
                cleaned[name] = clean_name(value)
        return cleaned


def first_name_and_initial(name: str) -> str:
    words = name.split()
    if len(words) < 2:
        return name
    return f"{words[0]} {words[-1][0]}."


def _played_entries():
    """Entries of finished drives where the player played: sat at a table or, at a drive
    run on paper, handed in a card."""
    played = Q(seatings__isnull=False) | Q(card_totals__isnull=False)
    return Entry.objects.filter(played, drive__status=DriveStatus.FINISHED)


def players_who_played(player_ids) -> set[int]:
    """Of these players (ids or a query of ids), those who played in a finished drive."""
    return set(
        _played_entries()
        .filter(player_id__in=player_ids)
        .values_list("player_id", flat=True)
        .distinct()
    )


def has_played(player_field: str = "player_id") -> Exists:
    """The same, as an expression to annotate a query (of entries, by default) with."""
    return Exists(_played_entries().filter(player_id=OuterRef(player_field)))


class PublicNames:
    """The names pages show; ``known=None`` when every player shown has played before."""

    def __init__(self, *, initial: bool = False, known: Collection[int] | None = None):
        self.initial = initial
        self.known = known

    @classmethod
    def for_club(cls, club: Club, viewer=None) -> "PublicNames":
        """For league, club and player pages: only players of finished drives appear there."""
        if viewer is not None and club.is_organiser(viewer):
            return cls()
        return cls(initial=club.player_names == PlayerNames.INITIAL)

    @classmethod
    def for_drive(cls, drive: Drive, viewer=None) -> "PublicNames":
        """For a drive's pages: its entrants, some of whom may not have played before.

        The club's organisers (``viewer``) see everyone's full name. Printed sheets
        pass no viewer: the same PDF serves everyone.
        """
        if viewer is not None and drive.club.is_organiser(viewer):
            return cls()
        entrants = Entry.objects.filter(drive=drive).values("player_id")
        return cls(
            initial=drive.club.player_names == PlayerNames.INITIAL,
            known=players_who_played(entrants),
        )

    def knows(self, player: Player) -> bool:
        return self.known is None or player.pk in self.known

    def player(self, player: Player) -> str:
        if not self.knows(player):
            return _("a new player")
        return first_name_and_initial(player.name) if self.initial else player.name

    def entry(self, entry: Entry) -> str:
        if not self.knows(entry.player):
            return _("Card %(number)d") % {"number": entry.card_number}
        return self.player(entry.player)
