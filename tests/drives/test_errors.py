"""Every refusal ``scoring`` can raise reaches the organiser in the page's language
(issue 15, point 12): drives.errors.SCORING_MESSAGES words each of its codes."""

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from drives.errors import SCORING_MESSAGES, refusal_text
from scoring import errors as scoring_errors
from scoring.bidwhist import ERROR_CODES
from scoring.errors import ResultError, ScoringError
from tests.conftest import make_season

PLACEHOLDER = re.compile(r"%\((\w+)\)s")
#: The one place scoring picks a code at run time: a house rule's own name, each of which
#: scoring.bidwhist.ERROR_CODES lists (checked below).
DYNAMIC_CODE_SITES = {"scoring/bidwhist/points.py"}


def _error_class(call: ast.Call) -> type[ScoringError] | None:
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")
    found = getattr(scoring_errors, name, None)
    return found if isinstance(found, type) and issubclass(found, ScoringError) else None


def raise_sites():
    """(file, line, code, the params' names or None when not written out) for every
    ``raise SomeScoringError(...)`` in scoring; a dynamic code comes back as None."""
    root = Path(settings.BASE_DIR)
    for path in sorted((root / "scoring").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            error = _error_class(node.exc)
            if error is None:
                continue
            keywords = {kw.arg: kw.value for kw in node.exc.keywords}
            code_node = keywords.get("code")
            if code_node is None:
                code = error.code
            elif isinstance(code_node, ast.Constant):
                code = code_node.value
            else:
                code = None
            params_node = keywords.get("params")
            if params_node is None:
                names: set[str] | None = set()
            elif isinstance(params_node, ast.Dict):
                names = {key.value for key in params_node.keys if isinstance(key, ast.Constant)}
            else:
                names = None
            yield str(path.relative_to(root)), node.lineno, code, names


def scoring_codes() -> set[str]:
    codes = {code for _, _, code, _ in raise_sites() if code is not None}
    classes = [c for c in vars(scoring_errors).values() if isinstance(c, type)]
    codes |= {c.code for c in classes if issubclass(c, ScoringError)}
    return codes | ERROR_CODES


def test_the_enumeration_finds_scorings_refusals():
    """A guard on the guard: the walk over scoring's sources sees the codes we know of."""
    codes = scoring_codes()
    assert {"deal_tricks", "honours_held", "too_few_players", "league_best_n"} <= codes
    assert {"movement", "standings", "card", "bid_level", "game_target"} <= codes
    assert len(list(raise_sites())) > 90


def test_every_code_scoring_can_raise_has_a_translated_message():
    unmapped = sorted(scoring_codes() - set(SCORING_MESSAGES))
    assert unmapped == [], f"word these in drives/errors.py SCORING_MESSAGES: {unmapped}"


def test_every_worded_code_is_one_scoring_raises():
    """A code renamed in scoring would otherwise leave its message behind, unused."""
    assert set(SCORING_MESSAGES) - scoring_codes() == set()


def test_codes_picked_at_run_time_come_only_from_the_house_rules():
    dynamic = {path for path, _, code, _ in raise_sites() if code is None}
    assert dynamic == DYNAMIC_CODE_SITES


def test_each_message_quotes_only_figures_its_raise_passes():
    """A message quoting a figure the raise does not pass would fail as the page shows it."""
    wrong = []
    for path, line, code, names in raise_sites():
        if code is None or names is None or code not in SCORING_MESSAGES:
            continue  # an unmapped code is the test above's to report
        wanted = set(PLACEHOLDER.findall(str(SCORING_MESSAGES[code])))
        if not wanted <= names:
            wrong.append(f"{path}:{line} {code} passes {sorted(names)}, needs {sorted(wanted)}")
    assert wrong == []


@pytest.mark.parametrize("language", ["fr", "hu"])
def test_every_scoring_message_is_translated(language):
    untranslated = []
    for code, message in SCORING_MESSAGES.items():
        english = str(message)
        with translation.override(language):
            if str(message) == english:
                untranslated.append(code)
    assert untranslated == []


def test_a_scoring_refusal_reads_in_the_active_language():
    error = ResultError("too many", code="deal_tricks", params={"side": "EW", "tricks": "15"})
    with translation.override("hu"):
        assert refusal_text(error) == "K–Ny ütései 0 és 13 közötti egész szám lehet, nem 15"
    generic = ScoringError("A table needs exactly four players.", code="movement")
    with translation.override("fr"):
        assert "A table needs" not in refusal_text(generic)


@pytest.mark.parametrize(
    ("prefix", "words"),
    [
        ("", "Placing points cannot be negative."),
        ("/fr", "Les points de classement ne peuvent pas être négatifs."),
        ("/hu", "A helyezési pontok nem lehetnek negatívak."),
    ],
)
def test_a_season_with_negative_placing_points_is_refused_in_the_pages_language(
    client, club, organiser, prefix, words
):
    season = make_season(club)
    client.force_login(organiser)
    url = prefix + reverse("drives:season_edit", args=[season.pk])
    response = client.post(
        url,
        {
            "name": season.name,
            "start": "2026-09-01",
            "end": "2027-06-30",
            "league_rule": "placing",
            "placing_points": "10,-2",
            "minimum_drives": 0,
        },
    )
    assert response.status_code == 200
    assert words in response.text
    season.refresh_from_db()
    assert season.placing_points != "10,-2"
