"""Compass whist: boards that travel from table to table (``scoring.boards``)."""
