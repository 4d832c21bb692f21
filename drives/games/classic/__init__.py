"""Classic whist (``game``) and its forms; its templates are in ``templates/games/classic/``."""
