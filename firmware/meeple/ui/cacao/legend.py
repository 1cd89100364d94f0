"""Cacao's symbol page: every picture the table and side panel draw, drawn by the same code
(the jungle sprites, the worker tile, the tokens, the table's marks and colours), each beside
its line of the "Symbols" rules page. Imported only while the page is open.

KEYS names each picture; line i of the Symbols text (meeple.ui.cacao.rules) explains KEYS[i]
(tests/ui/test_game_help.py ties both to what the table draws)."""
from meeple.ui import input as ev
from meeple.ui import sprites, theme
from meeple.ui.cacao import table as T
from meeple.ui.cacao.panels import seat_box
from meeple.ui.screen import Screen, body, cell, line_h, text_font, wrap

KEYS = ("P1", "P2", "M2", "M3", "M4", "G1", "G2", "W", "S", "T", "worker", "overbuilt", "seat",
        "legal", "space", "cursor", "bad", "fire", "fill", "unknown", "last", "hand", "gold",
        "cacao", "sun", "water")


def symbol(c, key, x, y):
    """The picture for `key` in a 24 x 24 box at (x, y), as the game screen draws it."""
    if key in sprites.JUNGLE:
        T.jungle_tile(c, x, y, 24, key)
    elif key in sprites.TOKENS:
        c.fill_rect(x, y, 24, 24, theme.BG)
        sprites.token(c, key, x + 6, y + 6, theme.BG)
    elif key == "seat":
        c.fill_rect(x, y, 24, 24, theme.BG)
        seat_box(c, x + 7, y + 6, 0, 12)
    elif key in ("worker", "overbuilt", "fire", "hand"):
        T.worker_tile(c, x, y, 24, 1, b"\x02\x01\x00\x01")
        if key == "overbuilt":
            T.overbuilt_mark(c, x, y, 24)
        elif key == "fire":
            c.fill_rect(x + 4, y, 16, 2, T.FIRE)
        elif key == "hand":
            c.frame(x, y, 24, 24, theme.WHITE, 2)
    elif key == "fill" or key == "unknown":
        if key == "fill":
            T.jungle_tile(c, x, y, 24, "P1")
        else:
            c.frame(x, y, 24, 24, theme.BLACK)
            cell(c, x + 1, y + 1, 22, 22, "?", theme.FG, T.SPACE, T.SMALL, 1)
        c.frame(x + 1, y + 1, 22, 22, T.FIRE)
    else:
        c.fill_rect(x, y, 24, 24, T.TABLE_BG)
        if key == "legal":
            c.fill_rect(x + 10, y + 10, 4, 4, T.LEGAL)
        elif key == "space":
            c.frame(x + 3, y + 3, 18, 18, T.SPACE)
        elif key == "last":
            for cx, cy in ((x, y), (x + 19, y), (x, y + 22), (x + 19, y + 22)):
                c.fill_rect(cx, cy, 5, 2, T.LAST)
        else:
            c.frame(x, y, 24, 24, T.CURSOR if key == "cursor" else T.BAD, 2)


class SymbolsScreen(Screen):
    """One symbol per row, its words beside it in the reading font; up/down a row,
    left/right (X/Y) a page."""

    footer = "B back  up/down scroll"

    def __init__(self, title, text):
        Screen.__init__(self)
        self.title = title
        self.text = text.split("\n")
        self.top = 0
        self.n = 1          # rows on screen
        self._drawn = -1

    def draw_body(self, c):
        self._drawn = -1
        self.update(c)

    def update(self, c):
        if self._drawn == self.top:
            return
        x, y, w, h = body(c)
        f = text_font()
        lh = line_h()
        cols = (w - 40) // f.w
        c.fill_rect(x, y, w, h, theme.BG)
        yy = y + 2
        n = 0
        for i in range(self.top, len(KEYS)):
            lines = wrap(self.text[i], cols)
            rh = max(26, len(lines) * lh + 2)
            if yy + rh > y + h and n:
                break
            symbol(c, KEYS[i], x + 4, yy)
            for k in range(len(lines)):
                if yy + k * lh + f.h <= y + h:
                    c.text(lines[k], x + 32, yy + k * lh, theme.FG, theme.BG, f)
            yy += rh
            n += 1
        self.n = n
        if len(KEYS) > n:   # where the rows shown are in the whole page
            bh = max(4, (h - 2) * n // len(KEYS))
            c.fill_rect(x + w - 5, y + 2 + (h - 2 - bh) * self.top // (len(KEYS) - 1), 3, bh,
                        theme.DIM)
        self._drawn = self.top

    def event(self, e):
        last = len(KEYS) - 1
        if e == ev.UP or e == ev.PREV:
            self.top = max(0, self.top - 1)
        elif e == ev.DOWN or e == ev.NEXT:
            self.top = min(last, self.top + 1)
        elif e == ev.LEFT:
            self.top = max(0, self.top - self.n)
        elif e == ev.RIGHT or e == ev.OK:
            self.top = min(last, self.top + self.n)
        elif e == ev.BACK and self.app:
            self.app.pop()
