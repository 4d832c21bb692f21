"""The interface in French and Hungarian: complete catalogues, and pages that use them.

The catalogues are committed compiled (``django.mo``) as well as as source
(``django.po``), so a fresh machine needs no gettext tools; these tests keep the
two in step and keep the templates free of text that bypasses the catalogues.
"""

import ast
import datetime as dt
import gettext
import html
import io
import re
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.template import Context, Template
from django.template.loader import render_to_string
from django.urls import translate_url
from django.utils import translation

from drives.errors import labelled
from drives.evening.lifecycle import drive_start
from drives.printing.sheets import Layout
from drives.tableside import tokens
from tests.conftest import (
    make_club,
    make_drive,
    make_entries,
    make_players,
    make_season,
    make_user,
)

LANGUAGES = ("fr", "hu")
LOCALE = Path(settings.BASE_DIR) / "locale"
TEMPLATES = Path(settings.BASE_DIR) / "templates"


# ---------------------------------------------------------------- the catalogues


class PoEntry:
    def __init__(self, line: int):
        self.line = line
        self.flags: set[str] = set()
        self.obsolete = False
        self.fields: dict[str, str] = {}  # msgctxt, msgid, msgid_plural, msgstr, msgstr[0] …

    @property
    def key(self) -> str:
        """The entry as the .mo file keys it: context + EOT + msgid."""
        msgid = self.fields.get("msgid", "")
        if "msgctxt" in self.fields:
            return f"{self.fields['msgctxt']}\x04{msgid}"
        return msgid

    @property
    def translations(self) -> dict[str, str]:
        return {k: v for k, v in self.fields.items() if k.startswith("msgstr")}

    def __repr__(self) -> str:
        return f"line {self.line}: {self.fields.get('msgid', '')!r}"


def read_po(path: Path) -> tuple[PoEntry, list[PoEntry]]:
    """(the header, the entries) of a .po file: just enough of the format for these checks."""
    entries: list[PoEntry] = []
    entry: PoEntry | None = None
    field = None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            entry, field = None, None
            continue
        if line.startswith("#") and not line.startswith(("#~", "#,")):
            continue  # a translator's or a source comment belongs to no field
        if entry is None:
            entry = PoEntry(number)
            entries.append(entry)
        if line.startswith("#~"):
            entry.obsolete = True
            continue
        if line.startswith("#,"):
            entry.flags |= {flag.strip() for flag in line[2:].split(",")}
            continue
        match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$', line)
        if match:
            field = match.group(1)
            entry.fields[field] = ast.literal_eval(match.group(2))
        elif line.startswith('"') and field is not None:
            entry.fields[field] += ast.literal_eval(line)
        else:
            raise AssertionError(f"{path}:{number}: cannot read {raw!r}")
    header, *rest = entries
    assert header.fields.get("msgid") == "", f"{path} does not start with its header"
    return header, [e for e in rest if not e.obsolete]


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "django.po"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogue_is_complete(language):
    header, entries = read_po(po_path(language))
    assert len(entries) > 300, "the catalogue looks truncated"
    plural_forms = re.search(r"nplurals=(\d+)", header.fields["msgstr"])
    assert plural_forms, "the header needs its Plural-Forms"
    nplurals = int(plural_forms.group(1))
    assert "fuzzy" not in header.flags, "the header is marked fuzzy"
    fuzzy = [entry for entry in entries if "fuzzy" in entry.flags]
    assert not fuzzy, f"fuzzy entries in the {language} catalogue: {fuzzy}"
    empty = [entry for entry in entries if not all(entry.translations.values())]
    assert not empty, f"untranslated entries in the {language} catalogue: {empty}"
    wrong_forms = [
        entry
        for entry in entries
        if "msgid_plural" in entry.fields and len(entry.translations) != nplurals
    ]
    assert not wrong_forms, f"plural entries without {nplurals} forms: {wrong_forms}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translation_says_itself_twice(language):
    """A merge of two branches' catalogues once left sentences written twice over, run
    together ("…laissez l’atout vide.Une enchère…"), which gettext then showed as is."""
    _, entries = read_po(po_path(language))
    run_together = re.compile(r"[a-zà-ű][.!?][A-ZÀ-Ű]")
    doubled = [
        entry
        for entry in entries
        for text in entry.translations.values()
        if run_together.search(text) and not run_together.search(entry.fields["msgid"])
    ]
    assert not doubled, f"translations written twice in the {language} catalogue: {doubled}"
    header, _ = read_po(po_path(language))
    assert header.fields["msgstr"].count("POT-Creation-Date") == 1


def test_each_catalogue_speaks_its_own_language():
    """Mending that merge once kept the French half in the Hungarian catalogue: a
    Hungarian page then told its reader in French that a no-trump bid has no trumps."""
    _, french = read_po(po_path("fr"))
    french_by_key = {entry.key: entry.translations for entry in french}
    _, hungarian = read_po(po_path("hu"))
    borrowed = [
        entry
        for entry in hungarian
        for form, text in entry.translations.items()
        if len(text.split()) > 3 and french_by_key.get(entry.key, {}).get(form) == text
    ]
    assert not borrowed, f"Hungarian entries that carry the French translation: {borrowed}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_placeholders_survive_translation(language):
    """A translation must use the msgid's placeholders, or rendering fails or loses text."""
    _, entries = read_po(po_path(language))
    placeholder = re.compile(r"%\(\w+\)[sdi]|\{\{ *\w+ *\}\}|%[sd]")
    wrong = []
    for entry in entries:
        wanted = set(placeholder.findall(entry.fields["msgid"]))
        wanted |= set(placeholder.findall(entry.fields.get("msgid_plural", "")))
        for field, text in entry.translations.items():
            found = set(placeholder.findall(text))
            # A singular form may say "one" in words instead of using the count.
            if found - wanted or (field != "msgstr[0]" and wanted - found):
                wrong.append((entry, field, text))
    assert not wrong, "\n".join(f"{entry} → {field}: {text!r}" for entry, field, text in wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_matches_the_source(language):
    """The .mo Django reads must be compiled from the current .po (run compilemessages)."""
    _, entries = read_po(po_path(language))
    with open(po_path(language).with_suffix(".mo"), "rb") as mo:
        catalog = gettext.GNUTranslations(mo)._catalog
    compiled: dict[str, str] = {}
    for key, text in catalog.items():
        if isinstance(key, tuple):  # plural forms are keyed (msgid, index)
            key, index = key
            compiled[f"{key}[{index}]"] = text
        elif key:
            compiled[key] = text
    source: dict[str, str] = {}
    for entry in entries:
        if "msgid_plural" in entry.fields:
            for field, text in entry.translations.items():
                index = field[len("msgstr[") : -1]
                source[f"{entry.key}[{index}]"] = text
        else:
            source[entry.key] = entry.fields["msgstr"]
    assert compiled.keys() == source.keys(), (
        f"{language}: only in the .po: {sorted(source.keys() - compiled.keys())[:10]}; "
        f"only in the .mo: {sorted(compiled.keys() - source.keys())[:10]}"
    )
    stale = [key for key in source if source[key] != compiled[key]]
    assert not stale, f"{language}: translations changed since compiling: {stale[:10]}"


def test_hungarian_puts_no_suffix_on_a_placeholder():
    """A Hungarian suffix follows the sound of the number it joins (3-mal, 4-gyel, 5-tel),
    which a translation cannot know for %(n)s: the catalogue words around the number instead
    ("%(n)d ütéssel kevesebb"), and writes no "1./4" shorthand for "1 of 4". A suffix is
    written small; capitals after a number are a contract's strain ("4SZA", as Hungarian
    bridge writes no trumps closed up)."""
    _, entries = read_po(po_path("hu"))
    suffixed = re.compile(r"(?:%\(\w+\)[sd]|%[sd])(?:-|\.?/)?[a-zá-ű]|%\(\w+\)[sd]\./")
    wrong = [
        f"{entry} → {text!r}"
        for entry in entries
        for text in entry.translations.values()
        if suffixed.search(text)
    ]
    assert not wrong, "Hungarian suffixes on placeholders:\n" + "\n".join(wrong)


#: What ``make messages`` reads: the repository less these (and the hidden folders).
NOT_SCANNED = {"bench", "tests", "locale"}


def test_every_string_in_the_code_is_in_the_catalogues(tmp_path, settings, monkeypatch):
    """The checks above see only what the .po files hold: a string added to the code or a
    template without ``make messages`` would reach French and Hungarian pages in English.
    Here makemessages runs over the code into a copy of the French catalogue; the entries
    it adds are missing from the committed one, those it retires are stale there."""
    base = Path(settings.BASE_DIR)
    for item in base.iterdir():
        if item.name not in NOT_SCANNED and not item.name.startswith("."):
            (tmp_path / item.name).symlink_to(item)
    copy = tmp_path / "locale" / "fr" / "LC_MESSAGES" / "django.po"
    copy.parent.mkdir(parents=True)
    shutil.copy(po_path("fr"), copy)
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    monkeypatch.chdir(tmp_path)
    call_command(
        "makemessages",
        locale=["fr"],
        extensions=["html", "txt", "py", "svg"],
        symlinks=True,
        no_location=True,
        verbosity=0,
    )
    in_code = {entry.key for entry in read_po(copy)[1]}
    committed = {entry.key for entry in read_po(po_path("fr"))[1]}
    assert not in_code - committed, f"missing from the catalogues: {sorted(in_code - committed)}"
    assert not committed - in_code, f"no longer in the code: {sorted(committed - in_code)}"


def test_both_catalogues_hold_the_same_entries():
    french = {entry.key for entry in read_po(po_path("fr"))[1]}
    hungarian = {entry.key for entry in read_po(po_path("hu"))[1]}
    assert french == hungarian, (
        f"only French: {french - hungarian}; only Hungarian: {hungarian - french}"
    )


# ---------------------------------------------------------------- the templates

#: Words a template may show as they are, in every language.
ALLOWED_WORDS = {"CSV", "PDF", "N", "E", "S", "W"}
#: Text that is rightly not translated: file names, and sample data the importer reads.
ALLOWED_TEXT = {
    "drives/drive.html": ["results.csv", "standings.csv"],
    "drives/_standings_body.html": ["results.csv", "standings.csv"],
    # The importer reads these English column names, whatever the page's language.
    "drives/players/import.html": [
        "name,seat role,member number",
        "Ann Smith,lady,101",
        "Bob Jones,gent,102",
        "Chris Lee,,",
    ],
}
#: Templates written out whole in one language each (``guide.fr.html``): prose too long to
#: translate sentence by sentence; the view picks the page's language.
ONE_LANGUAGE_EACH = ("reach/guide/guide.",)
#: Attributes whose values people read (or hear, from a screen reader).
VISIBLE_ATTRIBUTES = ("title", "alt", "aria-label", "placeholder", "aria-description")


def untranslated_text(source: str) -> list[str]:
    """The bits of a template's text that would reach the page without translation."""
    text = re.sub(r"{#.*?#}", " ", source, flags=re.S)
    text = re.sub(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", " ", text, flags=re.S)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S | re.I)
    # Translated text goes, and so does everything a tag or a variable puts out.
    text = re.sub(
        r"{%\s*blocktrans(?:late)?\b.*?%}.*?{%\s*endblocktrans(?:late)?\s*%}", " ", text, flags=re.S
    )
    text = re.sub(r"{%.*?%}", " ", text, flags=re.S)
    text = re.sub(r"{{.*?}}", " ", text, flags=re.S)
    found = []
    for tag in re.findall(r"<[^>]*>", text):
        for attribute in VISIBLE_ATTRIBUTES:
            for value in re.findall(rf'\s{attribute}\s*=\s*"([^"]*)"', tag):
                found.append(value)
    text = re.sub(r"<[^>]*>", " ", text)
    text = re.sub(r"&[#\w]+;", " ", text)
    found += [line.strip() for line in text.splitlines()]
    return [bit for bit in found if re.search(r"[^\W\d_]", bit)]


def template_files() -> list[Path]:
    return sorted(p for p in TEMPLATES.rglob("*") if p.suffix in (".html", ".svg", ".txt"))


def test_the_scanner_finds_untranslated_text():
    source = (
        '{% load i18n %}<p title="Hello">{% translate "Fine" %} {{ name }} Oops</p>'
        "{% blocktranslate %}Also fine{% endblocktranslate %}<script>var x = 'ok';</script>"
    )
    assert untranslated_text(source) == ["Hello", "Oops"]


def test_the_templates_have_no_untranslated_text():
    problems = []
    for path in template_files():
        name = path.relative_to(TEMPLATES).as_posix()
        if name.startswith(ONE_LANGUAGE_EACH):
            continue
        allowed = ALLOWED_TEXT.get(name, [])
        for bit in untranslated_text(path.read_text(encoding="utf-8")):
            for text in allowed:
                bit = bit.replace(text, " ")
            words = {word for word in re.findall(r"[^\W\d_]+", bit) if word not in ALLOWED_WORDS}
            if words:
                problems.append(f"{name}: {bit!r}")
    assert not problems, "Text outside {% translate %}:\n" + "\n".join(problems)


# ---------------------------------------------------------------- French typography

#: French typography as the Imprimerie nationale sets it: a no-break space (U+00A0) before a
#: colon, a narrow no-break space (U+202F) before ; ! ? and inside « ». The colon keeps the
#: wider space most of the catalogue was written with; a line never breaks before either.
FRENCH_SPACE_BEFORE = {":": "\u00a0", ";": "\u202f", "!": "\u202f", "?": "\u202f", "»": "\u202f"}


def french_typography_slips(text: str) -> list[str]:
    """The marks in ``text`` without the space French wants, each with what precedes it."""
    text = re.sub(r"<[^>]*>", "", text)  # an attribute's "?" or ":" is no punctuation
    text = re.sub(r"https?://\S+|\d:\d", " ", text)  # addresses and times of day
    slips = []
    for found in re.finditer(r"[:;!?»]", text):
        before = text[found.start() - 1 : found.start()]
        if before != FRENCH_SPACE_BEFORE[found.group()]:
            slips.append(text[max(0, found.start() - 20) : found.end()])
    slips += [text[found.start() : found.end() + 20] for found in re.finditer("«(?!\u202f)", text)]
    return slips


def test_the_typography_check_sees_each_slip():
    assert french_typography_slips("Tour 1 sur 4:") == ["Tour 1 sur 4:"]
    assert french_typography_slips("Retirer %(name)s ?") == ["Retirer %(name)s ?"]
    assert french_typography_slips("Partir\u00a0?") == ["Partir\u00a0?"]
    assert len(french_typography_slips("le «\u00a0club\u00a0»")) == 2
    fine = "À 20:41, voir https://whist.example.org/?a=1\u00a0: «\u202foui\u202f»\u202f!"
    assert french_typography_slips(fine) == []


def test_french_translations_keep_the_spaces_before_punctuation():
    _, entries = read_po(po_path("fr"))
    slips = [
        f"{entry}: {slip!r}"
        for entry in entries
        for text in entry.translations.values()
        for slip in french_typography_slips(text)
    ]
    assert not slips, "French punctuation without its space:\n" + "\n".join(slips)


def test_the_french_guide_keeps_the_spaces_before_punctuation():
    source = (TEMPLATES / "reach/guide/guide.fr.html").read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"{%.*?%}|{{.*?}}|<[^>]*>", "", source, flags=re.S))
    assert not french_typography_slips(text)


def test_no_template_types_punctuation_after_translated_text():
    """A ":" typed after a translated word reaches a French page without its space: the
    templates write ``{% translate ":" context "before a list" %}`` instead."""
    after_words = re.compile(
        r'(?:{%\s*(?:endblocktranslate|translate\s+"[^"]*")\s*%}|}})(?:</\w+>)?\s?[:;!?](?![:\w/])'
    )
    slips = []
    for path in template_files():
        name = path.relative_to(TEMPLATES).as_posix()
        if name.startswith(ONE_LANGUAGE_EACH):
            continue
        source = path.read_text(encoding="utf-8")
        # A mark inside the translated text is the translator's to space.
        source = re.sub(
            r"{%\s*blocktranslate\b.*?%}.*?({%\s*endblocktranslate\s*%})", r"\1", source, flags=re.S
        )
        source = re.sub(r"<(script|style)\b.*?</\1>", " ", source, flags=re.S | re.I)
        slips += [f"{name}: {found.group()!r}" for found in after_words.finditer(source)]
    assert not slips, "Punctuation typed after translated text:\n" + "\n".join(slips)


@pytest.mark.parametrize(("language", "colon"), [("en-gb", ":"), ("fr", "\u00a0:"), ("hu", ":")])
def test_a_label_and_its_text_join_as_the_language_writes_them(language, colon):
    with translation.override(language):
        assert labelled("Total", "too big") == f"Total{colon} too big"
        assert labelled("", "too big") == "too big"


# ---------------------------------------------------------------- the pages


@pytest.fixture
def finished_drive(db):
    club = make_club(name="Le Cercle de Whist", slug="cercle")
    season = make_season(club, name="2026–27")
    make_players(club, 8)
    drive = make_drive(club, season=season, date=dt.date(2026, 12, 4), deals=12)
    call_command("simulate_drive", drive.pk, stdout=io.StringIO())
    drive.refresh_from_db()
    return drive


def page(client, url, language):
    """GET the English address ``url`` at its address in ``language`` (/fr/…, /hu/…)."""
    with translation.override("en-gb"):
        url = translate_url(url, language)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Language"] == language
    return response.content.decode()


def test_the_language_switcher_sets_the_language(client, finished_drive):
    url = finished_drive.get_absolute_url()
    response = client.post("/i18n/setlang/", {"language": "hu", "next": url})
    assert response.status_code == 302 and response["Location"] == translate_url(url, "hu")
    assert response["Location"].startswith("/hu/")
    text = client.get(response["Location"]).content.decode()
    assert '<html lang="hu">' in text and "Eredménylista" in text


@pytest.mark.parametrize(
    ("language", "present", "absent"),
    [
        ("en-gb", ["Standings", "Prizes", "Place", "4 Dec 2026"], ["Classement"]),
        ("fr", ["Classement", "Prix", "Place", "4 décembre 2026"], ["Standings", "Prizes"]),
        ("hu", ["Eredménylista", "Díjak", "2026. december 4."], ["Standings", "Prizes"]),
    ],
)
def test_the_standings_page_speaks_the_readers_language(
    client, finished_drive, language, present, absent
):
    text = page(client, f"/drives/{finished_drive.pk}/standings/", language)
    for word in present:
        assert word in text, f"{word!r} missing from the {language} standings"
    for word in absent:
        assert word not in text, f"{word!r} on the {language} standings"


def test_prize_names_are_translated(client, finished_drive):
    assert "Booby" in page(client, f"/drives/{finished_drive.pk}/standings/", "en-gb")
    french = page(client, f"/drives/{finished_drive.pk}/standings/", "fr")
    assert "1er" in french and "Booby" not in french
    hungarian = page(client, f"/drives/{finished_drive.pk}/standings/", "hu")
    assert "Vigaszdíj" in hungarian and "Booby" not in hungarian


@pytest.mark.parametrize(
    ("language", "present", "absent"),
    [
        (
            "fr",
            ["12 donnes", "Feuilles de marque (PDF)", "8 joueurs ont joué"],
            ["Standings", "deals"],
        ),
        (
            "hu",
            ["12 osztás", "Pontozólapok (PDF)", "8 játékos játszott"],
            ["Standings", "deals"],
        ),
    ],
)
def test_the_drive_page_is_translated(client, finished_drive, language, present, absent):
    text = page(client, finished_drive.get_absolute_url(), language)
    for word in present:
        assert word in text, f"{word!r} missing from the {language} drive page"
    for word in absent:
        assert word not in text, f"{word!r} on the {language} drive page"


@pytest.mark.parametrize(
    ("language", "present", "absent"),
    [
        ("fr", ["Tournois de whist", "Derniers tournois"], ["Whist drives", "Latest drives"]),
        ("hu", ["Whistversenyek", "Legutóbbi versenyek"], ["Whist drives", "Latest drives"]),
    ],
)
def test_the_home_page_is_translated(client, finished_drive, language, present, absent):
    text = page(client, "/", language)
    for word in present:
        assert word in text, f"{word!r} missing from the {language} home page"
    for word in absent:
        assert word not in text, f"{word!r} on the {language} home page"


@pytest.mark.parametrize(
    ("language", "present", "absent"),
    [
        ("fr", ["Championnat 2026–27", "Tout le monde", "Dames"], ["League", "Everyone"]),
        ("hu", ["Bajnokság 2026–27", "Mindenki", "Hölgyek"], ["League", "Everyone"]),
    ],
)
def test_the_season_page_is_translated(client, finished_drive, language, present, absent):
    text = page(client, finished_drive.season.get_absolute_url(), language)
    for word in present:
        assert word in text, f"{word!r} missing from the {language} season page"
    for word in absent:
        assert word not in text, f"{word!r} on the {language} season page"


@pytest.mark.parametrize(("language", "trumps"), [("fr", "♥ cœur"), ("hu", "♥ kőr")])
def test_the_round_page_names_the_trumps(client, finished_drive, language, trumps):
    text = page(client, f"/drives/{finished_drive.pk}/rounds/1/", language)
    assert trumps in text and "hearts" not in text


def test_the_login_page_is_translated(client):
    text = page(client, "/accounts/login/", "fr")
    assert "Connexion organisateur" in text and "Nom d’utilisateur" in text
    assert "Organiser log in" not in text


def test_downloads_stay_in_the_machine_format(client, finished_drive):
    """CSV files are read by spreadsheets and scripts: English columns, points with a dot."""
    response = client.get(f"/fr/drives/{finished_drive.pk}/standings.csv")
    text = response.content.decode("utf-8-sig")
    assert text.startswith("rank,card,name,seat role,points")
    assert re.search(r",\d+\.\d\d\r?\n", text), text[:300]


def test_drawing_numbers_are_not_localised(client, finished_drive):
    """SVG coordinates and CSS lengths need a dot whatever the reader's decimal comma."""
    player = finished_drive.entries.first().player
    text = page(client, player.get_absolute_url(), "fr")
    assert '<svg class="line-chart"' in text
    coordinates = re.findall(r'\s(?:x|y|x1|x2|y1|y2|cx|cy)="([^"]*)"', text)
    assert coordinates and all("," not in value for value in coordinates), coordinates
    with translation.override("fr"):
        css = render_to_string("drives/pdf/_print.css", {"layout": Layout(card="a5")})
    assert "width: 297.0mm" in css and not re.search(r"\d,\d+mm", css)


def test_numbers_follow_the_readers_format():
    template = Template("{{ value }}")
    context = Context({"value": Decimal("12.50")})
    with translation.override("en-gb"):
        assert template.render(context) == "12.50"
    with translation.override("fr"):
        assert template.render(context) == "12,50"
    with translation.override("hu"):
        assert template.render(context) == "12,50"


def test_french_pages_space_the_colon_after_a_label(client, db):
    """The issue's examples: "Au repos ce tour-ci: …" on a table's phone and "Tour 1 sur 4:"
    on the dashboard were typed in the templates, outside the catalogue."""
    organiser = make_user("olive")
    club = make_club(slug="cercle", organiser=organiser)
    drive = make_drive(club, movement="individual", deals=8)
    make_entries(drive, make_players(club, 9))
    drive_start(drive=drive)
    link = tokens.side_links(drive=drive)[0]
    phone = client.get(f"/fr/t/{link.token}/").text
    assert "Au repos ce tour-ci\u00a0: " in phone
    client.force_login(organiser)
    dashboard = client.get(f"/fr/drives/{drive.pk}/tables/").text
    assert re.search(r"Tour 1 sur \d+\u00a0:", dashboard)
