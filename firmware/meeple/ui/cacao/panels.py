"""Cacao's side panel next to the table (the menus, log and end screens are in
meeple.ui.cacao.pages, imported only when opened).

The side panel repaints a slot only when what it shows changed (each slot remembers a small
key of its content), so a cursor move on the table sends nothing here unless the preview's
gains changed.
"""
from meeple.ui.cacao import model as m
from meeple.ui import sprites, theme
from meeple.ui.cacao.table import LETTERS
from meeple.ui.gfx import LARGE, SMALL
from meeple.ui.screen import cell

WATER_VALUES = m.cacao.WATER_VALUES


def seat_box(c, x, y, seat, h=10):
    """The seat's colour with its letter: identity never by colour alone (UX.md)."""
    col = theme.SEAT_COLORS[seat]
    cell(c, x, y, 10, h, LETTERS[seat], theme.SEAT_INK[seat], col, SMALL, 1)


def seat_line(st, s):
    """One seat's public figures: gold, cacao of 5, sun of 3, water field and its value, hand."""
    w = m.water(st, s)
    return "%dg %d/5c %d/3s w%d=%+d h%d" % (m.gold(st, s), m.cacao_of(st, s), m.sun(st, s), w,
                                           WATER_VALUES[w], m.tiles_left(st, s))


# ---- the side panel --------------------------------------------------------------------------
class SidePanel:
    """Whose turn, the viewing seat's figures and hand, the display and pile, preview gains;
    on tall panels every seat's figures too."""

    def __init__(self, x, y, w, h):
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.keys = {}
        self.tall = h >= 200

    def invalidate(self):
        self.keys = {}

    def _slot(self, name, key):
        if self.keys.get(name) == key:
            return False
        self.keys[name] = key
        return True

    def update(self, c, st, turn_seat, status, viewer, sel, rot, hand_mode, gains):
        """gains: list of (seat, text) lines (preview or last move); sel: selected hand index."""
        x = self.x
        y = self.y
        w = self.w
        # whose turn
        if self._slot("turn", (turn_seat, status)):
            if turn_seat >= 0:
                seat_box(c, x, y, turn_seat, 12)
                cell(c, x + 10, y, w - 10, 12, status, theme.FG, theme.BG, SMALL)
            else:
                cell(c, x, y, w, 12, status, theme.FG, theme.BG, SMALL)
        y += 12
        s = viewer if viewer >= 0 else turn_seat
        if s < 0:
            s = 0
        # the figures that decide a move: gold in the large font
        if self._slot("gold", (s, m.gold(st, s))):
            c.fill_rect(x, y, w, 2, theme.BG)
            c.fill_rect(x, y + 2, 13, 16, theme.BG)
            sprites.token(c, "gold", x + 1, y + 4, theme.BG)
            cell(c, x + 13, y + 2, w - 13, 16, "%d" % m.gold(st, s), theme.ACCENT, theme.BG, LARGE)
        y += 18
        if self._slot("cs", (s, m.cacao_of(st, s), m.sun(st, s))):
            sprites.token(c, "cacao", x + 1, y, theme.BG)
            cell(c, x + 13, y, 22, 12, "%d/5" % m.cacao_of(st, s), theme.FG, theme.BG, SMALL)
            sprites.token(c, "sun", x + 36, y, theme.BG)
            cell(c, x + 48, y, w - 48, 12, "%d/3" % m.sun(st, s), theme.FG, theme.BG, SMALL)
            c.fill_rect(x, y, 1, 12, theme.BG)
            c.fill_rect(x + 35, y, 1, 12, theme.BG)
        y += 12
        wf = m.water(st, s)
        if self._slot("water", (s, wf)):
            sprites.token(c, "water", x + 1, y, theme.BG)
            c.fill_rect(x, y, 1, 12, theme.BG)
            cell(c, x + 13, y, w - 13, 13, "%+d @%d/8" % (WATER_VALUES[wf], wf), theme.FG, theme.BG, SMALL)
            c.fill_rect(x, y + 12, 13, 1, theme.BG)
        y += 13
        # the hand (only the viewing seat's: hot-seat privacy)
        hn = m.hand_n(st, s) if viewer >= 0 else -1
        hk = (s, hn, sel, rot, hand_mode) + tuple(m.hand(st, s, i) for i in range(max(hn, 0)))
        if self._slot("hand", hk):
            self._hand(c, x, y, st, s, hn, sel, rot, hand_mode)
        y += 27
        # the display and the jungle pile
        dk = (m.display(st, 0), m.display(st, 1), m.jungle_left(st))
        if self._slot("disp", dk):
            self._display(c, x, y, st)
        y += 25
        # gains: the preview's or the last move's
        rows = 4 if self.tall else min(2, (self.y + self.h - y) // 10)
        gk = tuple(gains)
        if self._slot("gains", gk):
            self._gains(c, x, y, rows, gains)
        y += rows * 10
        if self.tall:
            n = m.players(st)
            sk = tuple(seat_line(st, i) for i in range(n))
            if self._slot("seats", sk):
                yy = y + 2
                c.fill_rect(x, y, w, 2, theme.BG)
                for i in range(n):
                    seat_box(c, x, yy, i)
                    wv = m.water(st, i)
                    cell(c, x + 10, yy, w - 10, 10, "%dg c%d s%d" % (m.gold(st, i), m.cacao_of(st, i),
                                                                   m.sun(st, i)), theme.FG, theme.BG, SMALL)
                    cell(c, x, yy + 10, w, 10, "  w%+d h%d" % (WATER_VALUES[wv], m.tiles_left(st, i)),
                         theme.DIM, theme.BG, SMALL)
                    yy += 20
                c.fill_rect(x, yy, w, self.y + self.h - yy, theme.BG)

    def _hand(self, c, x, y, st, s, hn, sel, rot, hand_mode):
        w = self.w
        c.fill_rect(x, y, w, 27, theme.BG)
        if hn < 0:
            cell(c, x, y, w, 24, "hand %d" % m.hand_n(st, s), theme.DIM, theme.BG, SMALL)
            return
        w4 = bytearray(4)
        for i in range(hn):
            pat = m.hand(st, s, i)
            r = rot if i == sel else 0
            for d in range(4):
                w4[d] = m.workers(pat, r, d)
            tx = x + i * 24
            sprites.worker_tile(c, tx, y, 24, s, LETTERS[s], w4)
            if i == sel:
                if hand_mode:
                    c.frame(tx, y, 24, 24, theme.WHITE, 2)
                c.fill_rect(tx + 2, y + 25, 20, 2, theme.ACCENT)
        if hn == 0:
            cell(c, x, y, w, 24, "no tiles", theme.DIM, theme.BG, SMALL)

    def _display(self, c, x, y, st):
        w = self.w
        c.fill_rect(x, y, w, 25, theme.BG)
        if m.overbuild_in(st) == 0:
            cell(c, x, y, w, 12, "Overbuild", theme.ACCENT, theme.BG, SMALL)
            cell(c, x, y + 12, w, 12, "open: 1 sun", theme.ACCENT, theme.BG, SMALL)
            return
        for i in range(2):
            t = m.display(st, i)
            if t:
                sprites.jungle_tile(c, x + i * 24, y, 24, m.cacao.JUNGLE_NAMES[t])
        n = "%d" % m.jungle_left(st)
        c.text(n, x + 48 + (w - 48 - 6 * len(n)) // 2, y + 3, theme.FG, theme.BG, SMALL)
        c.text("pile", x + 48 + (w - 72) // 2, y + 13, theme.DIM, theme.BG, SMALL)

    def _gains(self, c, x, y, rows, gains):
        w = self.w
        for r in range(rows):
            yy = y + r * 10
            if r < len(gains):
                s, text = gains[r]
                if r == rows - 1 and len(gains) > rows:
                    text = "+%d more" % (len(gains) - r)
                    s = -1
                if s >= 0:
                    seat_box(c, x, yy, s)
                    cell(c, x + 10, yy, w - 10, 10, text, theme.FG, theme.BG, SMALL)
                else:
                    cell(c, x, yy, w, 10, text, theme.DIM, theme.BG, SMALL)
            else:
                c.fill_rect(x, yy, w, 10, theme.BG)
