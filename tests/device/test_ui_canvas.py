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


class _Memory:
    """A display that keeps its pixels (RGB565 as sent), for comparing two ways of drawing."""

    def __init__(self, w, h):
        self.width = w
        self.height = h
        self.pixels = bytearray(w * h * 2)
        self._win = (0, 0, 0, 0)
        self._at = 0

    def window(self, x, y, w, h):
        self._win = (x, y, w, h)
        self._at = 0

    def write(self, buf):
        x, y, w, h = self._win
        for i in range(0, len(buf), 2):
            p = self._at
            o = ((y + p // w) * self.width + x + p % w) * 2
            self.pixels[o] = buf[i]
            self.pixels[o + 1] = buf[i + 1]
            self._at = p + 1


def _tiles(c, composed):
    """Table-sized tiles and text, each drawn directly or composed off screen (begin/end)."""
    kinds = ("P1", "M3", "G2", "W", "T")
    for i in range(len(kinds)):
        if composed:
            c.begin(i * 24, 0, 24, 24)
        sprites.jungle_tile(c, i * 24, 0, 24, kinds[i])
        c.end()
    for seat in range(4):
        if composed:
            c.begin(seat * 24, 24, 24, 24)
        sprites.worker_tile(c, seat * 24, 24, 24, seat, "RPWY"[seat], (1, 2, 0, 3))
        c.end()
    if composed:
        c.begin(0, 48, 64, 20)
    c.fill_rect(0, 48, 64, 20, theme.PANEL)
    c.text(gfx.ARROW_RIGHT + "Ab" + gfx.TICK, 2, 50, theme.FG, theme.PANEL, gfx.LARGE)
    c.text("12", 50, 58, theme.ACCENT, theme.PANEL)
    c.end()


def test_a_composed_rectangle_shows_what_direct_drawing_shows():
    a = _Memory(120, 72)
    b = _Memory(120, 72)
    ca = gfx.Canvas(a, 120, 72)
    cb = gfx.Canvas(b, 120, 72)
    _tiles(ca, False)
    _tiles(cb, True)
    assert a.pixels == b.pixels
    assert ca.clipped == 0 and cb.clipped == 0
    cb.begin(0, 0, 24, 24)              # a drawing call that leaves the composed rectangle
    cb.fill_rect(20, 20, 8, 8, theme.BG)
    cb.end()
    assert cb.clipped == 1
    assert not cb.begin(0, 0, 120, 72)  # more than the strip holds: drawn directly instead
