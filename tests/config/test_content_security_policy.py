"""Every page carries a Content-Security-Policy that no inline script or style can pass."""

import re
from pathlib import Path

import pytest
from django.conf import settings

from drives.games import GAMES

TEMPLATES = Path(settings.BASE_DIR) / "templates"
# WeasyPrint renders these to PDF on the server; no browser runs them: the sheets in
# templates/drives/pdf/ and the games' partials for them in templates/games/<game>/pdf/.
PRINTED = "pdf"
INLINE = {
    "inline <script>": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I),
    "event handler attribute": re.compile(r"\son[a-z]+\s*=", re.I),
    "style attribute": re.compile(r"\sstyle\s*=", re.I),
    "<style> element": re.compile(r"<style[\s>]", re.I),
    "javascript: URL": re.compile(r"javascript:", re.I),
}


def browser_templates():
    return sorted(
        path
        for path in TEMPLATES.rglob("*")
        if path.suffix in {".html", ".svg"} and PRINTED not in path.relative_to(TEMPLATES).parts
    )


@pytest.mark.django_db
def test_pages_send_a_policy_that_refuses_inline_script(client):
    response = client.get("/")
    policy = dict(
        directive.strip().split(" ", 1)
        for directive in response.headers["Content-Security-Policy"].split(";")
    )
    assert policy["script-src"] == "'self'"
    assert policy["style-src"] == "'self'"
    assert policy["object-src"] == "'none'"
    assert policy["frame-ancestors"] == "'none'"
    assert "unsafe" not in response.headers["Content-Security-Policy"]


def test_no_template_holds_inline_script_or_style():
    found = [
        f"{path.relative_to(TEMPLATES)}: {what}"
        for path in browser_templates()
        for what, pattern in INLINE.items()
        if pattern.search(path.read_text())
    ]
    assert browser_templates(), "no templates found"
    assert found == []


def test_every_script_a_template_loads_exists_and_is_deferred():
    tags = [
        (path, tag)
        for path in browser_templates()
        for tag in re.findall(r"<script[^>]*>", path.read_text())
    ]
    assert tags
    for path, tag in tags:
        assert " defer" in tag, f"{path.name}: {tag}"
        named = re.search(r"static '([^']+)'", tag)
        # A tag with a variable loads the scripts a game names for its pages.
        names = [named.group(1)] if named else [s for g in GAMES.values() for s in g.phone_scripts]
        for name in names:
            assert (Path(settings.BASE_DIR) / "static" / name).is_file(), name
