"""Cacao's overview: the whole table at the largest cell size that fits, with a free cursor
(game menu > Overview, the final table at the end of the game; meeple.ui.cacao.logplace marks a
log action's cell on it). A module of its own, imported by meeple.ui.cacao.pages only when it
opens, so the log and the game menu, open when the heap is fullest, do not carry its code."""
try:
    from typing import TYPE_CHECKING
except ImportError:  # MicroPython
    TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

from meeple.core import cacao
from meeple.ui import input as ev
from meeple.ui import sprites, theme
from meeple.ui.cacao import model as m
from meeple.ui.cacao.table import CS, CURSOR, LEGAL, LETTERS, TABLE_BG, jungle_tile, worker_tile, workers4
from meeple.ui.gfx import SMALL
from meeple.ui.screen import Screen, body, cell, wrap

SEAT_NAMES = cacao.SEAT_NAMES

# small overview cells: one mark per jungle type, none a seat letter (R P W Y); markets show
# their price. Plantation 1/2 c/C, market 2/3/4, gold 1/2 g/G, water ~, sun S, temple T.
_JUNGLE_LETTER = " cC234gG~ST"
MIN_CS = 12


class OverviewScreen(Screen):
    """The whole table at the largest cell size that fits, with a free cursor that visits any
    cell: the d-pad one cell at a time, X/Y (4-button boards) the next or previous cell in
    reading order that holds a tile or touches one. The two lines under the table say what is
    on the cell or, while a human places (`scr` given: the play screen), whether the chosen
    tile may go there and if not why (cacao_model.why_not); A then puts the play screen's
    cursor on a cell where it may go. B goes back (A too elsewhere)."""

    lines = 2                     # of text under the table

    def font(self):
        """The font of the lines under the table (small: the table keeps the room)."""
        return SMALL

    def __init__(self, state, cursor, title="Overview", scr=None, keys="<>"):
        Screen.__init__(self)
        self.state = state
        self.scr: "Any" = scr
        self.title = title
        self.footer = ("A go here B back %s look" if scr else "A/B back %s look") % keys
        x0, y0, x1, y1 = m.bounds(state)
        self.box = (x0 - 1, y0 - 1, x1 + 1, y1 + 1)
        k = cursor or m.xy_key(0, 0)   # kept inside the box drawn
        self.cursor = (min(max(k >> 8, x0 - 1), x1 + 1) << 8) | min(max(k & 0xFF, y0 - 1), y1 + 1)
        self.cs = 0
        self.ox = 0
        self.oy = 0
        self.vx = 0               # the window onto the table: left column, top row (keys)
        self.vy = 0
        self.vc = 0               # its columns and rows
        self.vr = 0
        self._drawn = 0           # the cursor key drawn last
        self._w4 = bytearray(4)

    def draw_body(self, c):
        x, y, w, h = body(c)
        c.fill_rect(x, y, w, h, theme.BG)
        x0, y0, x1, y1 = self.box
        h -= self.lines * (self.font().h + 2) + 2   # the lines of text under the table
        # the largest cell that shows the whole table, but never under MIN_CS (marks stay
        # readable): a bigger table is seen through a window that follows the cursor
        cs = max(MIN_CS, min((w - 4) // (x1 - x0 + 1), (h - 4) // (y1 - y0 + 1), CS))
        self.cs = cs
        self.vc = min(x1 - x0 + 1, (w - 4) // cs)
        self.vr = min(y1 - y0 + 1, (h - 4) // cs)
        self.ox = x + (w - self.vc * cs) // 2
        self.oy = y + (h - self.vr * cs) // 2
        if not self.vx:
            self.vx = x0
            self.vy = y1
        self._follow()
        self._paint(c)
        self.update(c)

    def _follow(self):
        """Shift the window (left column vx, top row vy) so the cursor is in it; True if moved."""
        x0, y0, x1, y1 = self.box
        k = self.cursor
        vx = min(max(self.vx, (k >> 8) - self.vc + 1), k >> 8)
        vy = max(min(self.vy, (k & 0xFF) + self.vr - 1), k & 0xFF)
        vx = max(x0, min(vx, x1 - self.vc + 1))
        vy = min(y1, max(vy, y0 + self.vr - 1))
        moved = vx != self.vx or vy != self.vy
        self.vx = vx
        self.vy = vy
        return moved

    def _paint(self, c):
        for yy in range(self.vy, self.vy - self.vr, -1):
            for xx in range(self.vx, self.vx + self.vc):
                self._cell(c, (xx << 8) | yy)
        self._drawn = 0

    def _cell(self, c, key):
        st = self.state
        cs = self.cs
        px = self.ox + ((key >> 8) - self.vx) * cs
        py = self.oy + (self.vy - (key & 0xFF)) * cs
        r = m.ref(st, key)
        if r >= 64:
            top = m.worker_top(st, r - 64)
            seat = top >> 6
            if cs >= 24:
                worker_tile(c, px, py, cs, seat, workers4((top >> 4) & 3, (top >> 2) & 3, self._w4))
            else:
                col = theme.SEAT_COLORS[seat]
                c.fill_rect(px, py, cs, cs, theme.BLACK)
                c.fill_rect(px + 1, py + 1, cs - 2, cs - 2, col)
                if cs >= 10:
                    c.text(LETTERS[seat], px + (cs - 6) // 2, py + (cs - 8) // 2,
                           theme.SEAT_INK[seat], col, SMALL)
        elif r >= 0:
            t = m.jungle_type(st, r)
            name = cacao.JUNGLE_NAMES[t]
            if cs >= 24:
                jungle_tile(c, px, py, cs, name)
            else:
                bg = sprites.JUNGLE[name][2]
                c.fill_rect(px, py, cs, cs, theme.BLACK)
                c.fill_rect(px + 1, py + 1, cs - 2, cs - 2, bg)
                if cs >= 10:
                    c.text(_JUNGLE_LETTER[t], px + (cs - 6) // 2, py + (cs - 8) // 2,
                           theme.BLACK, bg, SMALL)
        else:
            c.fill_rect(px, py, cs, cs, TABLE_BG)
            if self.scr and self.scr.ov.is_legal(key) and cs >= 6:
                c.fill_rect(px + cs // 2 - 1, py + cs // 2 - 1, 2, 2, LEGAL)
        if key == self.cursor:
            c.frame(px, py, cs, cs, CURSOR, 2 if cs >= 8 else 1)

    def info(self):
        """What the lines under the table say about the cell under the cursor (the cursor
        marks the cell: no coordinates, which the table never shows)."""
        st = self.state
        key = self.cursor
        if self.scr:
            if self.scr.ov.is_legal(key):
                return "Your tile may go here: A puts it there"
            return "Not here: " + m.why_not(st, key, m.to_move(st))
        r = m.ref(st, key)
        if r >= 64:
            top = m.worker_top(st, r - 64)
            return "%s's %s worker tile" % (SEAT_NAMES[top >> 6],
                                            cacao.PATTERN_NAMES[(top >> 4) & 3])
        if r >= 0:
            return "Jungle tile: " + m.KIND_WORDS[m.jungle_type(st, r)]
        return "Open jungle space" if m.open_space(st, key) else "Empty"

    def update(self, c):
        if self._drawn == self.cursor:
            return
        if self._follow():
            self._paint(c)
        elif self._drawn:
            self._cell(c, self._drawn)
            self._cell(c, self.cursor)
        self._drawn = self.cursor
        self._said(c)

    def _said(self, c):
        x, y, w, h = body(c)
        f = self.font()
        lh = f.h + 2
        lines = wrap(self.info(), (w - 4) // f.w)
        n = self.lines
        for i in range(n):
            cell(c, x, y + h - n * lh - 1 + i * lh, w, lh, lines[i] if i < len(lines) else "",
                 theme.FG, theme.BG, f)

    def _move(self, e):
        x0, y0, x1, y1 = self.box
        k = self.cursor
        x = k >> 8
        y = k & 0xFF
        if e == ev.UP or e == ev.DOWN or e == ev.LEFT or e == ev.RIGHT:
            if e == ev.UP:
                y = min(y + 1, y1)
            elif e == ev.DOWN:
                y = max(y - 1, y0)
            elif e == ev.LEFT:
                x = max(x - 1, x0)
            else:
                x = min(x + 1, x1)
            self.cursor = (x << 8) | y
            return
        # NEXT / PREV: reading order (north to south, west to east), skipping empty cells with
        # no tile next to them; at most one lap
        step = 1 if e == ev.NEXT else -1
        cols = x1 - x0 + 1
        n = cols * (y1 - y0 + 1)
        i = (y1 - y) * cols + x - x0
        for _ in range(n):
            i = (i + step) % n
            k = ((x0 + i % cols) << 8) | (y1 - i // cols)
            if _near(self.state, k):
                self.cursor = k
                return

    def event(self, e):
        if e in (ev.UP, ev.DOWN, ev.LEFT, ev.RIGHT, ev.NEXT, ev.PREV):
            self._move(e)
        elif e == ev.OK and self.scr and self.scr.ov.is_legal(self.cursor) and self.app:
            scr = self.scr
            app = self.app
            while app.screen is not scr and len(app.stack) > 1:   # the game menu goes too
                app.pop()
            scr.look_at(self.cursor)
        elif (e == ev.BACK or e == ev.OK) and self.app:
            self.app.pop()


def _near(st, key):
    """A tile on the cell or next to it (the cells X/Y visit in the overview)."""
    if m.ref(st, key) != -1:
        return True
    for d in range(4):
        if m.ref(st, key + m.DK[d]) != -1:
            return True
    return False
