"""A progressive table card's strip of trumps has a box for each deal and no empty ones."""

import pytest

from drives.games.deals import DealInfo
from drives.printing.table_grid import trumps_strip
from scoring.cards import trumps_for_deal


@pytest.mark.parametrize(
    ("deals", "large", "across", "rows"),
    [(8, False, 8, 1), (12, False, 12, 1), (14, False, 7, 2), (24, False, 12, 2), (8, True, 8, 1)],
)
def test_the_strip_has_a_box_for_each_deal_and_no_more(deals, large, across, rows):
    infos = [DealInfo(n, trumps_for_deal(n, "hdsc")) for n in range(1, deals + 1)]
    strip = trumps_strip(infos, 190.0, large=large)
    assert (len(strip.columns), strip.rows) == (across, rows)
