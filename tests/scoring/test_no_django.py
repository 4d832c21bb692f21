"""The scoring core must run without Django: the web app depends on it, never the reverse."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

CORE = ["scoring.cards", "scoring.play", "scoring.pbn", "scoring.results", "scoring.simulate"]
# Written in parallel by others; checked whenever they exist.
LATER = ["scoring.movements", "scoring.standings", "scoring.prizes", "scoring.league"]

PROBE = """
import importlib, sys
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        print("absent", name)
django = [m for m in sys.modules if m == "django" or m.startswith("django.")]
print("django loaded" if django else "clean")
"""


def test_no_scoring_module_imports_django():
    probe = subprocess.run(
        [sys.executable, "-c", PROBE, *CORE, *LATER],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert probe.returncode == 0, probe.stderr
    lines = probe.stdout.splitlines()
    assert not [line for line in lines if line.split()[-1] in CORE]
    assert lines[-1] == "clean"
