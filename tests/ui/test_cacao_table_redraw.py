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

from testkit.cacao_driver import mid_game

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



@pytest.mark.parametrize("players,seed", [(2, 5), (4, 40)])
def test_cells_copied_from_the_cache_equal_cells_painted(players, seed, tmp_path):
    """The device's table copies a tile's cell it composed before (Table._cell; the simulator's
    hooks turn the cache off): a table on a canvas without hooks, given the simulator's
    positions, views and overlays after every press, must show the table pixel for pixel as
    the simulator's panel does, with the cache hit for most tile cells."""
    from host_sim.panel import Panel
    from meeple.ui.cacao import table as table_mod
    from meeple.ui.gfx import Canvas

    con, scr, rng = mid_game("waveshare_lcd_1_3", tmp_path, players, seed)
    w, h = con.board.WIDTH, con.board.HEIGHT
    t = scr.table
    sides = []
    for hooked in (False, True):   # the device's way, and the simulator's (hooks: no cache)
        panel = Panel(w, h)
        canvas = Canvas(panel, w, h)
        if hooked:
            canvas.on_text = lambda *a: None
            canvas.on_fill = lambda *a: None
        sides.append((panel, canvas, table_mod.Table(t.x, t.y, t.w, t.h)))
    dev = sides[0][2]
    cells, paints = [], []
    cell, paint = dev._cell, dev._paint
    dev._cell = lambda c, x, y, s: (cells.append(s), cell(c, x, y, s))
    dev._paint = lambda c, x, y, s: (paints.append(s), paint(c, x, y, s))
    compared = 0
    for _ in range(60):
        con.tap(rng.choice(("up", "down", "left", "right", "X", "A")))
        con.wait(50)
        scr = con.app.screen
        if not isinstance(scr, play_cacao.Screen) or (scr.mode == play_cacao.RESOLVE and scr._box_rows):
            con.tap("B")
            continue
        for panel, canvas, table in sides:
            table.left, table.top = scr.table.left, scr.table.top
            table.update(canvas, con.app.session.state, scr.ov)
        assert sides[0][0].pixels == sides[1][0].pixels, "a cell from the cache differs from its painting"
        compared += 1
    tiles = [s for s in cells if (s & 1023) > 17 or 0 < (s & 1023) < 16]
    tile_paints = [s for s in paints if (s & 1023) > 17 or 0 < (s & 1023) < 16]
    assert compared >= 20 and len(tiles) > 40
    assert len(tile_paints) < len(tiles) * 2 // 3, "the cache was hardly used"
