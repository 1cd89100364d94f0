"""The canvas with a display that only counts (what the app uses with no LCD): bytes per
drawing call, clipping, the widgets' partial redraws. Runs on CPython and MicroPython."""
from meeple.ui import gfx, sprites, theme
from meeple.ui.widgets import MenuList


def _canvas(w=240, h=135):
    d = gfx.CountingDisplay(w, h)
    return gfx.Canvas(d, w, h), d


def test_fill_sends_each_pixel_once_plus_the_window():
    c, d = _canvas()
    c.fill(theme.BG)
    assert d.bytes_sent == 240 * 135 * 2 + d.WINDOW_COST
    assert d.windows == 1


def test_text_sends_its_cells_only():
    c, d = _canvas()
    w = c.text("Hello", 10, 10, theme.FG, theme.BG, gfx.LARGE)
    assert w == 60
    assert d.bytes_sent == 60 * 16 * 2 + d.WINDOW_COST
    assert c.clipped == 0


def test_text_off_the_panel_is_cut_and_counted():
    c, d = _canvas()
    c.text("x" * 50, 0, 0, theme.FG, theme.BG)   # 300 px on a 240 px panel
    assert c.clipped == 1
    assert d.bytes_sent == 240 * 8 * 2 + d.WINDOW_COST
    c.fill_rect(230, 130, 20, 20, theme.BG)
    assert c.clipped == 2


def test_long_text_goes_in_chunks_through_the_small_strip():
    c, d = _canvas(320, 240)
    c.text("W" * 26, 0, 0, theme.FG, theme.BG, gfx.LARGE)  # 312 px, more than one strip
    assert d.windows == 3
    assert d.bytes_sent == 312 * 16 * 2 + 3 * d.WINDOW_COST


def test_every_tile_and_token_sprite_draws_on_the_panel():
    c, d = _canvas(240, 240)
    x = 0
    for kind in ("P1", "P2", "M2", "M3", "M4", "G1", "G2", "W", "S", "T"):
        sprites.jungle_tile(c, x, 0, 24, kind)
        x += 24
    for seat in range(4):
        sprites.worker_tile(c, seat * 36, 30, 36, seat, "RPWY"[seat], (3, 1, 0, 0))
    for i, kind in enumerate(("cacao", "sun", "water", "gold")):
        sprites.token(c, kind, i * 26, 70, theme.BG, 2)
    for i, crop in enumerate(sprites.CROPS):
        sprites.plot(c, i * 36, 100, 36, crop, 2)
    sprites.plot(c, 180, 100, 36, "", desert=True)
    sprites.marker(c, 0, 140, 4, "P", theme.BG, 2)
    sprites.spring(c, 40, 140, theme.BG)
    sprites.canal(c, 0, 170, 36, False)
    assert c.clipped == 0
    assert d.bytes_sent > 0


def test_menu_cursor_move_redraws_two_labels():
    c, d = _canvas()
    m = MenuList(["New game", "Statistics", "Settings", "Rules", "About"])
    m.place(0, 20, 240, 104)
    m.draw(c)
    before = d.bytes_sent
    m.move(1)
    m.update(c)
    sent = d.bytes_sent - before
    # " New game " and ">Statistics " in the 12x16 font, nothing else; the 12-cell label
    # goes as two chunks of the 4 KB strip (10 cells fit), so three windows
    assert sent == (10 + 12) * 12 * 16 * 2 + 3 * d.WINDOW_COST
    before = d.bytes_sent
    m.update(c)
    assert d.bytes_sent == before  # nothing changed: nothing sent
