"""The Cacao table: a window of whole cells onto the unbounded grid that follows a cursor (the
zoomed-out overview of the whole table is meeple.ui.cacao.overview.OverviewScreen).

Only changed cells are sent. Every visible cell has a signature (what is on it plus the
overlays: cursor, the tile being placed, sides that will fire, preview fills, legal-cell dot,
open jungle space, last move); `update` recomputes them and repaints only the cells whose
signature changed, so a cursor move costs the two cells (plus any preview cells) and a pan
repaints only the cells whose picture differs. The placement cursor pans the view only when it
snaps to a cell out of view.
"""
try:
    from typing import TYPE_CHECKING
except ImportError:  # MicroPython
    TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any
from array import array

from meeple.ui.cacao import model as m
from meeple.ui import sprites, theme
from meeple.ui.gfx import SMALL, rgb
from meeple.ui.screen import cell

CS = 24                          # cell size in the table view (jungle sprites need 24)
TABLE_BG = rgb(22, 40, 28)       # empty table: dark green felt
SPACE = rgb(52, 84, 56)          # outline of an open jungle space
LEGAL = rgb(240, 200, 80)        # dot on a cell where the tile may go
CURSOR = rgb(255, 255, 255)
BAD = rgb(230, 80, 60)           # cursor on a cell where the tile may not go
FIRE = rgb(255, 170, 0)          # a side that fires
LAST = rgb(120, 220, 255)        # corners of the last move's tiles
LETTERS = "RPWY"                 # cacao.SEAT_NAMES initials


class Overlay:
    """What the screen lays over the position; the table reads it when computing signatures."""

    def __init__(self):
        self.cursor = 0             # key under the cursor, 0 = none
        self.ghost = -1             # seat << 4 | pattern << 2 | rot of the tile at the cursor
        self.legal = array("H", [0] * 80)   # keys where the tile may go
        self.n_legal = 0
        self.cursor_ok = True
        self.preview: "Any" = None  # a cacao_model.Preview, or None
        self.last = array("H", [0] * 4)     # last move: the tile and its fills
        self.n_last = 0

    def is_legal(self, key):
        lg = self.legal
        for i in range(self.n_legal):
            if lg[i] == key:
                return True
        return False

    def is_last(self, key):
        for i in range(self.n_last):
            if self.last[i] == key:
                return True
        return False


# The face's marks are 5 x 9 glyphs (the font's are 5 x 7: 0.7 mm on the 1.3" panel), in GS4
# for Canvas.bitmap, 6 px a row: 1 2 3 4 (workers on a side, a jungle tile's number) then the
# seat letters. A 24 px face holds a letter and four side digits 9 px tall with a pixel between
# all of them only with the letter in the top-left corner: top and bottom digits a pixel right of
# centre (the bottom one a digit's width from the left one, so the two do not read as one
# number), the right one centred, the left one below the letter (tests/ui/test_cacao_faces.py
# measures every face). Cacao's alone: Santiago does not hold them.
FACE_GLYPHS = (
    b"\x00\x10\x00\x01\x10\x00\x00\x10\x00\x00\x10\x00\x00\x10\x00\x00\x10\x00\x00\x10\x00\x00"
    b"\x10\x00\x01\x11\x00\x01\x11\x00\x10\x00\x10\x00\x00\x10\x00\x00\x10\x00\x01\x00\x00\x10"
    b"\x00\x01\x00\x00\x10\x00\x00\x11\x11\x10\x01\x11\x00\x10\x00\x10\x00\x00\x10\x00\x00\x10"
    b"\x00\x11\x00\x00\x00\x10\x00\x00\x10\x10\x00\x10\x01\x11\x00\x00\x01\x00\x00\x11\x00\x01"
    b"\x01\x00\x10\x01\x00\x10\x01\x00\x11\x11\x10\x00\x01\x00\x00\x01\x00\x00\x01\x00\x11\x11"
    b"\x00\x10\x00\x10\x10\x00\x10\x10\x00\x10\x11\x11\x00\x10\x10\x00\x10\x01\x00\x10\x00\x10"
    b"\x10\x00\x10\x11\x11\x00\x10\x00\x10\x10\x00\x10\x10\x00\x10\x11\x11\x00\x10\x00\x00\x10"
    b"\x00\x00\x10\x00\x00\x10\x00\x00\x10\x00\x10\x10\x00\x10\x10\x00\x10\x10\x00\x10\x10\x10"
    b"\x10\x10\x10\x10\x10\x10\x10\x11\x01\x10\x10\x00\x10\x10\x00\x10\x10\x00\x10\x10\x00\x10"
    b"\x01\x01\x00\x00\x10\x00\x00\x10\x00\x00\x10\x00\x00\x10\x00\x00\x10\x00")
GLYPH_W = 6                      # bitmap width; the ink is 5 px wide
GLYPH_H = 9
_GLYPH_BYTES = GLYPH_W * GLYPH_H // 2
_pal2 = [0, 0]                   # tile colour, ink: handed to Canvas.bitmap
_glyphs = memoryview(FACE_GLYPHS)


def face_glyph(c, i, x, y, ink, col):
    """Glyph i of FACE_GLYPHS (0-3: digits 1-4, 4-7: letters R P W Y) with its top-left at x, y."""
    _pal2[0] = col
    _pal2[1] = ink
    o = i * _GLYPH_BYTES
    c.bitmap(_glyphs[o:o + _GLYPH_BYTES], GLYPH_W, GLYPH_H, x, y, _pal2)
    if c.on_text:                   # the simulator's record of the text on screen
        c.on_text(x, y, GLYPH_W, GLYPH_H, "1234RPWY"[i])


def jungle_tile(c, x, y, size, kind):
    """A jungle tile (sprites.jungle_tile); at 24 px with its number 9 px tall as the worker tiles'
    digits, beside the icon (under it there is room for 7 px only), clear of the 2-px band the
    table's overlays (cursor, "will be filled" frame, last-move corners) are drawn in."""
    name, label, bg = sprites.JUNGLE[kind]
    if size >= 36 or not label:
        sprites.jungle_tile(c, x, y, size, kind)
        return
    c.frame(x, y, size, size, theme.BLACK)
    c.fill_rect(x + 1, y + 1, size - 2, size - 2, bg)
    sprites.icon(c, name, x + 2, y + (size - 12) // 2, bg)
    face_glyph(c, ord(label) - 49, x + size - 8, y + (size - GLYPH_H) // 2, theme.BLACK, bg)


def worker_tile(c, x, y, size, seat, w4):
    """A worker tile in the seat's colour, its letter in the top-left corner and on each side the
    number of workers standing there as a digit (pips of 2 and 3 are hard to tell apart)."""
    col = theme.SEAT_COLORS[seat]
    ink = theme.SEAT_INK[seat]
    c.fill_rect(x + 1, y + 1, size - 2, size - 2, col)
    face_glyph(c, 4 + seat, x + 2, y + 2, ink, col)
    mx = x + size // 2 - 1    # a pixel right of centre: a digit wide clear of the left digit
    for d in range(4):
        n = w4[d]
        if n:
            if d == 0:
                tx, ty = mx, y + 2
            elif d == 1:
                tx, ty = x + size - 7, y + size // 2 - 4
            elif d == 2:
                tx, ty = mx, y + size - 2 - GLYPH_H
            else:                                   # below the letter: 2 + 9 + a pixel
                tx, ty = x + 2, y + max(12, size // 2 - 4)
            face_glyph(c, n - 1, tx, ty, ink, col)
    c.frame(x, y, size, size, theme.BLACK)


def overbuilt_mark(c, x, y, size):
    """A second layer under the tile: a white square in the top-right corner, clear of the
    letter, the top digit and the right one."""
    c.fill_rect(x + size - 7, y + 2, 5, 5, theme.BLACK)
    c.fill_rect(x + size - 6, y + 3, 3, 3, theme.WHITE)


def workers4(pat, rot, out):
    for d in range(4):
        out[d] = m.workers(pat, rot, d)
    return out


# composed tile cells kept (CELL_BYTES each): a pan repaints most of the view, and the tiles it
# shows (identical jungle tiles, the worker tiles the view showed before it moved) were mostly
# painted before; a copy is one slice assignment where a worker tile is a dozen drawing calls
CACHE_CELLS = 24
CELL_BYTES = CS * CS * 2
CACHE_RESERVE = 120 * 1024       # the heap a game needs beside it: only the release firmware,
                                 # whose code is not in the heap, has the room (hardware.md)


def _cache_cells():
    """How many cells the cache may keep: on the release firmware as many as the free heap
    leaves room for, none from .mpy files (their code fills the heap), all on CPython."""
    try:
        from gc import mem_free  # type: ignore[attr-defined]
    except ImportError:
        return CACHE_CELLS
    try:
        import meeple_firmware  # type: ignore  # noqa: F401  frozen in by tools/release/firmware.py
    except ImportError:
        return 0
    return max(0, min(CACHE_CELLS, (mem_free() - CACHE_RESERVE) // CELL_BYTES))


class Table:
    def __init__(self, x, y, w, h):
        self.x = x
        self.y = y
        self.cols = w // CS
        self.rows = h // CS
        self.w = w
        self.h = h
        self.ox = x + (w - self.cols * CS) // 2
        self.oy = y + (h - self.rows * CS) // 2
        self.sig = array("i", [-1] * (self.cols * self.rows))
        self.left = m.ORIGIN - self.cols // 2       # key X of the left column
        self.top = m.ORIGIN + self.rows // 2        # key Y of the top row
        self._w4 = bytearray(4)
        self.base = array("i", [0] * (self.cols * self.rows))   # see _plain
        self._st = bytearray(0)                 # the position, legal cells and last move, and
        self._lg = array("H", [0] * 80)         # the view (_tag: left, top, n_legal, n_last)
        self._ls = array("H", [0] * 4)          # that `base` was computed for
        self._tag = [-1, -1, -1, -1]
        self._replot = True                     # every cell to be looked at in the next update
        self._seen = array("i", [-9, -9, -9, -9, 0])   # the last update's preview box and cursor
        n = _cache_cells()
        self._cache_mv = memoryview(bytearray(n * CELL_BYTES))
        self._cache_sig = array("i", [-1] * n)   # the signature in each slot
        self._cache_n = n
        self._cache_next = 0                               # the slot filled next (round robin)

    def centre(self, key):
        self.left = (key >> 8) - self.cols // 2
        self.top = (key & 0xFF) + self.rows // 2

    def follow(self, key, margin=1):
        """Pan so that `key` is at least `margin` cells inside the view (re-centre when it
        leaves). The placement cursor uses margin 0: a snap to a cell in view pans nothing."""
        x = key >> 8
        y = key & 0xFF
        if (x < self.left + margin or x > self.left + self.cols - 1 - margin or y > self.top - margin
                or y < self.top - self.rows + 1 + margin):
            if self.cols > 2 and self.rows > 2:
                self.centre(key)

    def show(self, pv):
        """Pan so the previewed tile and every space it fills are in view (they are never left
        off the table's window, which ends where the side panel starts): nothing moves when
        they already are; else the view centres on them (the tile itself first)."""
        key = pv.key
        x0 = x1 = key >> 8
        y0 = y1 = key & 0xFF
        for i in range(pv.n_fills):
            k = pv.fill_keys[i]
            x0 = min(x0, k >> 8)
            x1 = max(x1, k >> 8)
            y0 = min(y0, k & 0xFF)
            y1 = max(y1, k & 0xFF)
        if self.visible((x0 << 8) | y0) and self.visible((x1 << 8) | y1):
            return
        self.centre((((x0 + x1) // 2) << 8) | ((y0 + y1 + 1) // 2))
        self.follow(key, 0)

    def visible(self, key):
        x = (key >> 8) - self.left
        y = self.top - (key & 0xFF)
        return 0 <= x < self.cols and 0 <= y < self.rows

    def draw(self, c, st, ov):
        """Everything: margins, then every cell."""
        gw = self.cols * CS
        gh = self.rows * CS
        c.fill_rect(self.x, self.y, self.w, self.oy - self.y, theme.BG)
        c.fill_rect(self.x, self.oy + gh, self.w, self.y + self.h - self.oy - gh, theme.BG)
        c.fill_rect(self.x, self.oy, self.ox - self.x, gh, theme.BG)
        c.fill_rect(self.ox + gw, self.oy, self.x + self.w - self.ox - gw, gh, theme.BG)
        for i in range(len(self.sig)):
            self.sig[i] = -1
        self._replot = True
        self.update(c, st, ov)

    def _signature(self, st, key, ov):
        r = m.ref(st, key)
        pv = ov.preview
        sig = 0
        if key == ov.cursor and ov.ghost >= 0 and (r == -1 or (r >= 64 and ov.cursor_ok)):
            sig = 512 | ov.ghost                      # the tile being placed (or overbuilt)
        elif r >= 64:
            sig = 256 | m.worker_top(st, r - 64)
        elif r >= 0:
            sig = m.jungle_type(st, r)
        elif pv and pv.fill_at(key):
            sig = 32 | pv.fill_at(key)                # a space the preview fills
        else:
            if ov.is_legal(key):
                sig = 16
            elif m.open_space(st, key):
                sig = 17
        if pv:
            sig |= pv.fire_mask(key) << 10
        if key == ov.cursor:
            sig |= 1 << 14 if ov.cursor_ok else 1 << 15
        if ov.is_last(key):
            sig |= 1 << 16
        return sig

    def _plain(self, st, ov):
        """Into self.base: each visible cell's signature without the cursor and the preview
        (what is on it, legal dot, open space, last move): recomputed only when the position,
        the legal cells, the last move or the view changed, so a cursor snap reads it instead
        of looking every cell up again (34 of a snap's 64 ms on the Pico)."""
        t = self._tag
        if (t[0] == self.left and t[1] == self.top and t[2] == ov.n_legal and t[3] == ov.n_last
                and self._st == st and self._lg == ov.legal and self._ls == ov.last):
            return self.base
        self._replot = True
        if len(self._st) != len(st):
            self._st = bytearray(len(st))
        self._st[:] = st
        self._lg[:] = ov.legal
        self._ls[:] = ov.last
        t[0] = self.left
        t[1] = self.top
        t[2] = ov.n_legal
        t[3] = ov.n_last
        # from the lists to the cells, not cell by cell: the legal cells, then the tiles over
        # them, the open spaces beside the worker tiles, the last move's corners (a walk over
        # the view's cells looked each one up in every list: 15 of a pan's 80 ms on the Pico)
        base = self.base
        for i in range(len(base)):
            base[i] = 0
        lg = ov.legal
        for i in range(ov.n_legal):
            j = self._index(lg[i])
            if j >= 0:
                base[j] = 16
        ref = m.ref
        for w in range(m.worker_n(st)):
            k = m.worker_key(st, w)
            j = self._index(k)
            if j >= 0 and ref(st, k) == 64 + w:       # the top layer only
                base[j] = 256 | m.worker_top(st, w)
        for t in range(m.jungle_n(st)):
            k = m.jungle_key(st, t)
            j = self._index(k)
            if j >= 0 and ref(st, k) == t:
                base[j] = m.jungle_type(st, t)
        if m.overbuild_in(st) > 0:      # open spaces (m.open_space): empty, beside a worker tile
            for w in range(m.worker_n(st)):
                k = m.worker_key(st, w)
                if ref(st, k) != 64 + w:
                    continue
                for nk in (k + 1, k - 1, k + 256, k - 256):
                    j = self._index(nk)
                    if j >= 0 and base[j] == 0 and 0 < nk & 0xFF and ref(st, nk) == -1:
                        base[j] = 17
        for i in range(ov.n_last):
            j = self._index(ov.last[i])
            if j >= 0:
                base[j] |= 1 << 16
        return base

    def _index(self, key):
        """The view's cell index of a key, or -1 when it is out of view."""
        col = (key >> 8) - self.left
        row = self.top - (key & 0xFF)
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return row * self.cols + col
        return -1

    def update(self, c, st, ov):
        """Repaint the cells whose signature changed. Only the cursor's cell and the cells the
        preview reaches (its tile, fills and firing sides, with a cell's margin) can differ from
        the plain signature, so only those are looked at again."""
        base = self._plain(st, ov)
        pv = ov.preview
        x0 = x1 = y0 = y1 = -9
        if pv:
            x0 = x1 = pv.key >> 8
            y0 = y1 = pv.key & 0xFF
            for j in range(pv.n_fills):
                k = pv.fill_keys[j]
                x0 = min(x0, k >> 8)
                x1 = max(x1, k >> 8)
                y0 = min(y0, k & 0xFF)
                y1 = max(y1, k & 0xFF)
            f = pv.fire
            for j in range(pv.n_fire):
                x0 = min(x0, f[3 * j])
                x1 = max(x1, f[3 * j])
                y0 = min(y0, f[3 * j + 1])
                y1 = max(y1, f[3 * j + 1])
        cur = ov.cursor
        seen = self._seen
        if self._replot:
            self._replot = False
            self._visit(c, st, ov, base, 0, self.rows, 0, self.cols, x0, x1, y0, y1, cur)
        else:   # the plain signatures are those painted: only last time's and this time's
            # preview boxes and cursors can differ (a walk over every cell: 2 ms of a snap)
            self._visit_box(c, st, ov, base, seen[0], seen[1], seen[2], seen[3], x0, x1, y0, y1, cur)
            self._visit_box(c, st, ov, base, x0, x1, y0, y1, x0, x1, y0, y1, cur)
            for k in (seen[4], cur):
                if k:
                    self._visit_box(c, st, ov, base, k >> 8, k >> 8, k & 0xFF, k & 0xFF, x0, x1, y0, y1, cur)
        seen[0] = x0
        seen[1] = x1
        seen[2] = y0
        seen[3] = y1
        seen[4] = cur

    def _visit_box(self, c, st, ov, base, bx0, bx1, by0, by1, x0, x1, y0, y1, cur):
        """_visit over the cells of keys bx0..bx1, by0..by1 that are in view."""
        if bx0 < 0:
            return
        self._visit(c, st, ov, base, max(0, self.top - by1), min(self.rows, self.top - by0 + 1),
                    max(0, bx0 - self.left), min(self.cols, bx1 - self.left + 1), x0, x1, y0, y1, cur)

    def _visit(self, c, st, ov, base, r0, r1, c0, c1, x0, x1, y0, y1, cur):
        """Rows r0..r1-1, columns c0..c1-1: the signature (the plain one, or looked up for the
        cursor and the preview box x0..x1, y0..y1); a cell whose signature changed is painted."""
        sig = self.sig
        for row in range(r0, r1):
            y = self.top - row
            i = row * self.cols + c0
            for col in range(c0, c1):
                x = self.left + col
                key = (x << 8) | y
                s = base[i]
                if (key == cur or (x0 <= x <= x1 and y0 <= y <= y1)) and 0 < y < 256 and 0 < x < 256:
                    s = self._signature(st, key, ov)
                if s != sig[i]:
                    sig[i] = s
                    self._cell(c, self.ox + col * CS, self.oy + row * CS, s)
                i += 1

    def _cell(self, c, x, y, s):
        """One cell, composed off screen and sent in one window (every branch covers it all).
        A tile's cell is copied from the cache when it was composed before (not in the
        simulator, whose hooks record each drawing call: there it is always painted, so the
        emulated Pico's pixels, compared with the simulator's in make pico-test, check the
        cache)."""
        if not c.begin(x, y, CS, CS):
            self._paint(c, x, y, s)
            return
        kind = s & 1023
        n = self._cache_n
        if n and (kind > 17 or 0 < kind < 16) and c.on_text is None and c.on_fill is None:  # a tile
            sigs = self._cache_sig
            for i in range(n):
                if sigs[i] == s:
                    c.composed()[:] = self._cache_mv[i * CELL_BYTES:(i + 1) * CELL_BYTES]
                    c.end()
                    return
            self._paint(c, x, y, s)
            i = self._cache_next
            self._cache_mv[i * CELL_BYTES:(i + 1) * CELL_BYTES] = c.composed()
            sigs[i] = s
            self._cache_next = (i + 1) % n
        else:
            self._paint(c, x, y, s)
        c.end()

    def _paint(self, c, x, y, s):
        kind = s & 1023
        if kind & 512:                                # the tile being placed
            g = kind & 63
            worker_tile(c, x, y, CS, g >> 4, workers4((g >> 2) & 3, g & 3, self._w4))
        elif kind & 256:
            top = kind & 255
            seat = top >> 6
            worker_tile(c, x, y, CS, seat, workers4((top >> 4) & 3, (top >> 2) & 3, self._w4))
            if top & 1:                               # overbuilt: a second layer
                overbuilt_mark(c, x, y, CS)
        elif kind & 32:                               # preview fill
            t = kind & 31
            if t == m.UNKNOWN:
                c.frame(x, y, CS, CS, theme.BLACK)
                cell(c, x + 1, y + 1, CS - 2, CS - 2, "?", theme.FG, SPACE, SMALL, 1)
            else:
                jungle_tile(c, x, y, CS, m.cacao.JUNGLE_NAMES[t])
            c.frame(x + 1, y + 1, CS - 2, CS - 2, FIRE)  # "will be filled", in the edge band
        elif 1 <= kind <= 10:
            jungle_tile(c, x, y, CS, m.cacao.JUNGLE_NAMES[kind])
        else:
            c.fill_rect(x, y, CS, CS, TABLE_BG)
            if kind == 16:
                c.fill_rect(x + CS // 2 - 2, y + CS // 2 - 2, 4, 4, LEGAL)
            elif kind == 17:
                c.frame(x + 3, y + 3, CS - 6, CS - 6, SPACE)
        fire = (s >> 10) & 15
        if fire:
            for d in range(4):
                if fire & (1 << d):
                    if d == 0:                # 2 px: the face's marks start at 2
                        c.fill_rect(x + 4, y, CS - 8, 2, FIRE)
                    elif d == 1:
                        c.fill_rect(x + CS - 2, y + 4, 2, CS - 8, FIRE)
                    elif d == 2:
                        c.fill_rect(x + 4, y + CS - 2, CS - 8, 2, FIRE)
                    else:
                        c.fill_rect(x, y + 4, 2, CS - 8, FIRE)
        if s & (1 << 16):                             # last move: four corners
            for cx, cy in ((x, y), (x + CS - 5, y), (x, y + CS - 2), (x + CS - 5, y + CS - 2)):
                c.fill_rect(cx, cy, 5, 2, LAST)
        if s & (3 << 14):
            col = CURSOR if s & (1 << 14) else BAD
            c.frame(x, y, CS, CS, col, 2)
