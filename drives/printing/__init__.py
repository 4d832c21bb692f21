"""Printed sheets: what the scorecards, table cards, results and league sheets show
(``sheets``, ``result_sheets``), their rendering with WeasyPrint (``render``) and the
download views.

The top room: may import every other room, the shared modules and ``scoring``;
nothing imports it but ``drives.urls``.
"""
