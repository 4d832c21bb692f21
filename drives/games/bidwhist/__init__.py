"""Bid whist (``game``), its forms and a hand as a table records it (``hands``); its templates
are in ``templates/games/bidwhist/``."""
