"""The Cacao log and recap read in the table's words (issue 27): no coordinates and no side
codes such as "(N1 E0 S1 W2)", in whole games with every kind of action."""
import re

from meeple.core import cacao
from meeple.ui.cacao import pages
from test_console_saves import console

COORD = re.compile(r"\(-?\d+, ?-?\d+\)")
SIDES = re.compile(r"\b[NESW]\d [NESW]\d")


def test_log_rows_of_a_whole_game_name_no_coordinates_or_codes(tmp_path):
    root = tmp_path / "g"
    root.mkdir()
    (root / "settings.json").write_text('{"privacy": 0}')
    con = console(root)
    con.keys("A A A")
    con.keys("down down A left left A down down A")   # two humans: every move is A
    s = con.app.session
    while not cacao.is_over(s.state):
        con.keys("A")
    rows = [t for _, t in pages.log_rows(s.journal)]
    kinds = {w for t in rows for w in ("places", "fills in", "harvests", "sells") if w in t}
    assert kinds == {"places", "fills in", "harvests", "sells"}, kinds
    assert any(" by " in t for t in rows if "places" in t)
    for t in rows:
        assert not COORD.search(t) and not SIDES.search(t), t
    # the core's own lines (records, replays) keep their coordinates: the log does not use them
    st = s.journal.initial()
    assert COORD.search(cacao.describe(st, s.journal.action(0)))
