"""The screen reader's evening (issue 27): every data table says what it holds (a caption)
and which way each header reads (a scope), on every page a user can reach.

The pages are tests/browser/pages.py's PAGES, the list the axe test visits; read here with
Django's test client, no browser needed.
"""

from html.parser import HTMLParser

import pytest
from django.test import Client

from tests.browser.pages import ORGANISER, PAGES, evening


class TableScanner(HTMLParser):
    """The tables without a caption and the headers without a scope, by their text."""

    def __init__(self):
        super().__init__()
        self.tables: list[dict] = []  # one a table: caption found, first cells' text
        self.open: list[dict] = []
        self.headers_without_scope: list[str] = []
        self.in_header = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "table":
            table = {"caption": False, "text": ""}
            self.tables.append(table)
            self.open.append(table)
        elif tag == "caption" and self.open:
            self.open[-1]["caption"] = True
        elif tag == "th" and "scope" not in attributes:
            self.in_header = ""

    def handle_endtag(self, tag):
        if tag == "table" and self.open:
            self.open.pop()
        elif tag == "th" and self.in_header is not None:
            self.headers_without_scope.append(self.in_header.strip())
            self.in_header = None

    def handle_data(self, data):
        if self.open and len(self.open[-1]["text"]) < 60:
            self.open[-1]["text"] += data.strip() + " "
        if self.in_header is not None:
            self.in_header += data


def scan(html: str) -> tuple[list[str], list[str]]:
    scanner = TableScanner()
    scanner.feed(html)
    return (
        [table["text"].strip() for table in scanner.tables if not table["caption"]],
        scanner.headers_without_scope,
    )


def test_the_scanner_sees_a_missing_caption_and_scope():
    html = (
        "<table><caption>Seats</caption><tr><th scope='col'>N</th></tr></table>"
        "<table><tr><th>Card</th><td>1</td></tr></table>"
    )
    assert scan(html) == (["Card 1"], ["Card"])


@pytest.mark.django_db
def test_every_table_on_every_page_has_a_caption_and_header_scopes(client):
    user, fields = evening()
    organiser = Client()
    organiser.force_login(user)
    problems = []
    for page in PAGES:
        browser = organiser if page.who == ORGANISER else client
        response = browser.get(page.address.format(**fields))
        assert response.status_code == page.status, page
        uncaptioned, unscoped = scan(response.content.decode())
        problems += [f"{page.kind}: a table without a caption ({text!r})" for text in uncaptioned]
        problems += [f"{page.kind}: a header without a scope ({text!r})" for text in unscoped]
    assert not problems, "\n".join(sorted(set(problems)))
