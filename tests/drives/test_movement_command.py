"""The movement command prints a movement's grid, or CSV, for an organiser to check."""

import csv
import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def run(*args):
    out = io.StringIO()
    call_command("movement", *args, stdout=out)
    return out.getvalue()


def test_it_prints_the_grid_and_the_quality_line():
    text = run("--type", "individual", "--players", "20", "--rounds", "24")
    lines = text.splitlines()
    assert lines[0].startswith("Round  Table 1")
    assert "Table 5" in lines[0]
    assert len(lines) == 1 + 24 + 1
    assert lines[-1].startswith("partners 1–2 (excess 0), opponents 2–3 (deviation 0)")


def test_players_are_numbered_from_one():
    text = run("--type", "mitchell", "--players", "8", "--rounds", "1")
    assert text.splitlines()[1].split() == ["1", "1", "5", "2", "6", "3", "7", "4", "8"]


def test_csv_has_a_row_per_table_and_one_for_the_sit_outs():
    rows = list(csv.reader(io.StringIO(run("--players", "13", "--rounds", "2", "--format", "csv"))))
    assert rows[0] == ["round", "table", "N", "E", "S", "W"]
    assert [row[:2] for row in rows[1:]] == [["1", t] for t in ("1", "2", "3", "out")] + [
        ["2", t] for t in ("1", "2", "3", "out")
    ]


def test_progressive_shows_round_one_and_the_rule():
    text = run("--type", "progressive", "--players", "10", "--semi-partner")
    lines = text.splitlines()
    assert lines[1].split()[-2:] == ["9", "10"]
    assert "winning pair stays together" in lines[-1]


def test_an_odd_number_of_fixed_partners_is_refused():
    with pytest.raises(CommandError, match="even number"):
        run("--type", "howell", "--players", "9")


def test_too_few_players_is_refused_in_the_organisers_words():
    with pytest.raises(CommandError, match="at least four players"):
        run("--players", "3")
