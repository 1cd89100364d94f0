"""The Cacao table repaints from a cache of each cell's plain signature (meeple.ui.cacao.table:
`_plain`) and looks again only at the cursor and the cells the preview reaches. Played through
the simulator's buttons on mid-game positions, after every press: each visible cell's
signature must equal the one computed from scratch for every cell (the rule the table drew by
before the cache), and the panel's pixels must equal a full repaint's, so a cell the cache
failed to repaint shows as a pixel difference.
"""
import random

import pytest

from meeple.ui.cacao import play as play_cacao

from test_cacao_cursor import mid_game

KEYS = ("up", "down", "left", "right", "up", "down", "left", "right", "X", "Y", "A", "B")


def from_scratch(t, st, ov):
    out = []
    for row in range(t.rows):
        y = t.top - row
        for col in range(t.cols):
            x = t.left + col
            out.append(t._signature(st, (x << 8) | y, ov) if 0 < y < 256 and 0 < x < 256 else 0)
    return out


@pytest.mark.parametrize("board", ["waveshare_lcd_1_3", "waveshare_lcd_1_14"])
@pytest.mark.parametrize("players,seed", [(2, 5), (4, 40)])
def test_snaps_moves_and_fills_repaint_what_a_full_redraw_shows(board, players, seed, tmp_path):
    con, scr, rng = mid_game(board, tmp_path, players, seed)
    keys = [k for k in KEYS if any(n == k for n, _ in con.board.BUTTONS)]
    checked = 0
    for _ in range(70):
        con.tap(rng.choice(keys))
        con.wait(50)
        scr = con.app.screen
        if not isinstance(scr, play_cacao.Screen):
            con.tap("B")           # a page or dialog opened over the game: back to the table
            continue
        t = scr.table
        st = con.app.session.state
        if scr.mode == play_cacao.RESOLVE and scr._box_rows:
            continue               # the plan box covers part of the table
        assert list(t.sig) == from_scratch(t, st, scr.ov)
        shown = bytes(con.panel.pixels)
        con.app._full = True
        con.app.render()
        assert bytes(con.panel.pixels) == shown, "the table's cache left a cell stale"
        checked += 1
    assert checked >= 30
