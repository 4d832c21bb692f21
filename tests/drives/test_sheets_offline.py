"""Sheets fetch nothing from the internet: WeasyPrint's fetcher takes local files and data:
URLs only, so a stray address in a template, a stylesheet or a font costs no connection."""

import socket

from drives.printing.pool import write_pdf

OUTSIDE = """<!doctype html><html><head>
<link rel="stylesheet" href="https://fonts.example.org/css?family=Lato">
<style>@font-face { font-family: Far; src: url(https://fonts.example.org/far.woff2); }
body { font-family: Far, "DejaVu Sans"; background: url(http://example.org/paper.png); }</style>
</head><body><p>Table 1</p><img src="http://example.org/logo.png" alt=""></body></html>"""


def test_a_sheet_naming_outside_addresses_opens_no_connection(monkeypatch):
    attempts = []

    def no_network(address, *args, **kwargs):
        attempts.append(address)
        raise OSError("no network in this test")

    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket, "getaddrinfo", lambda *args, **kwargs: no_network(args))
    pdf = write_pdf(OUTSIDE, base_url="file:///nonexistent/")
    assert pdf.startswith(b"%PDF")
    assert attempts == []
