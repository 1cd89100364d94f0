"""Cacao's side panel next to the table (the menus, log and end screens are in
meeple.ui.cacao.pages, imported only when opened).

The side panel repaints a slot only when what it shows changed (each slot remembers a small
key of its content), so a cursor move on the table sends nothing here unless the preview's
gains changed.
"""
from meeple.ui.cacao import model as m
from meeple.ui import sprites, theme
from meeple.ui.cacao.table import LETTERS, jungle_tile, worker_tile
from meeple.ui.gfx import LARGE, SMALL
from meeple.ui.screen import cell, wrap

WATER_VALUES = m.cacao.WATER_VALUES
_COL_X = (10, 28, 39, 50)    # the seats table: gold (2 digits), cacao, sun, water (-10..16)
_COL_W = (18, 11, 11, 22)


def seat_box(c, x, y, seat, h=10):
    """The seat's colour with its letter: identity never by colour alone (UX.md)."""
    col = theme.SEAT_COLORS[seat]
    cell(c, x, y, 10, h, LETTERS[seat], theme.SEAT_INK[seat], col, SMALL, 1)


def seat_line(st, s):
    """One seat's public figures in words: gold, cacao, sun, water's value, tiles left."""
    return "%dg %d cacao %d sun water%+d %d tiles" % (m.gold(st, s), m.cacao_of(st, s), m.sun(st, s),
                                                   WATER_VALUES[m.water(st, s)], m.tiles_left(st, s))


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

    def update(self, c, st, turn_seat, status, viewer, sel, rot, hand_mode, gains, deciding=False):
        """gains: list of (seat, text) lines (preview or last move); sel: selected hand index;
        deciding: a human chooses (on short panels the gains then take the display's place for
        the whole choice, so moving the cursor never swaps the two)."""
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
            cell(c, x + 13, y, w - 13, 13, "=%+d gold" % WATER_VALUES[wf], theme.FG, theme.BG, SMALL)
            c.fill_rect(x, y + 12, 13, 1, theme.BG)
        y += 13
        # the hand (only the viewing seat's: hot-seat privacy)
        hn = m.hand_n(st, s) if viewer >= 0 else -1
        hk = (s, hn, sel, rot, hand_mode) + tuple(m.hand(st, s, i) for i in range(max(hn, 0)))
        if self._slot("hand", hk):
            self._hand(c, x, y, st, s, hn, sel, rot, hand_mode)
        y += 27
        # gains: the preview's or the last move's, each seat's wrapped over as many rows as it
        # needs; on short panels they take the display's place when they need more room
        bottom = self.y + self.h
        seats_h = 14 + 10 * m.players(st) if self.tall else 0
        lines = gain_lines(gains, self.cols(True), self.cols(False))
        over = not self.tall and (deciding or len(lines) > (bottom - y - 25) // 10)
        if self._slot("layout", over):
            # the gains' rows move: clear their area and forget what each row showed
            c.fill_rect(x, y, self.w, bottom - seats_h - y, theme.BG)
            for k in [k for k in self.keys if isinstance(k, int)]:
                del self.keys[k]
            self.keys.pop("disp", None)
        if over:
            pass
        else:
            # the display and the jungle pile
            dk = (m.display(st, 0), m.display(st, 1), m.jungle_left(st))
            if self._slot("disp", dk):
                self._display(c, x, y, st)
            y += 25
        rows = (bottom - seats_h - y) // 10
        self._gains(c, x, y, rows, lines)
        y += rows * 10
        if self.tall:
            n = m.players(st)
            sk = tuple((m.gold(st, i), m.cacao_of(st, i), m.sun(st, i), m.water(st, i)) for i in range(n))
            if self._slot("seats", sk):
                self._seats(c, x, y, st, n)

    def cols(self, seat_row):
        """Characters on a gains row (after the seat box when seat_row)."""
        return (self.w - (10 if seat_row else 0) - 4) // SMALL.w

    def _seats(self, c, x, y, st, n):
        """Every seat's figures as a table under the icons of the figures above (legend by the
        same pictures): gold, cacao, sun, water's value at the end."""
        w = self.w
        c.fill_rect(x, y, w, self.y + self.h - y, theme.BG)
        y += 2
        for i in range(4):
            sprites.token(c, ("gold", "cacao", "sun", "water")[i], x + _COL_X[i] + _COL_W[i] // 2 - 6,
                          y, theme.BG)
        y += 12
        for s in range(n):
            seat_box(c, x, y, s)
            vals = (m.gold(st, s), m.cacao_of(st, s), m.sun(st, s), WATER_VALUES[m.water(st, s)])
            for i in range(4):
                cell(c, x + _COL_X[i], y, _COL_W[i], 10, "%d" % vals[i], theme.FG, theme.BG, SMALL, 1)
            y += 10

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
            worker_tile(c, tx, y, 24, s, w4)
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
                jungle_tile(c, x + i * 24, y, 24, m.cacao.JUNGLE_NAMES[t])
        n = "%d" % m.jungle_left(st)
        c.text(n, x + 48 + (w - 48 - 6 * len(n)) // 2, y + 3, theme.FG, theme.BG, SMALL)
        c.text("pile", x + 48 + (w - 72) // 2, y + 13, theme.DIM, theme.BG, SMALL)

    def _gains(self, c, x, y, rows, lines):
        """lines: (seat or -1 for a continuation, text); a seat's first row starts with its box.
        Each row is repainted only when what it shows changed."""
        w = self.w
        if len(lines) > rows:
            lines = lines[:rows - 1] + [(-2, "+%d lines: log" % (len(lines) - rows + 1))]
        for r in range(rows):
            yy = y + r * 10
            line = lines[r] if r < len(lines) else None
            if not self._slot(yy, line):
                continue
            if line is None:
                c.fill_rect(x, yy, w, 10, theme.BG)
                continue
            s, text = line
            if s >= 0:
                seat_box(c, x, yy, s)
                cell(c, x + 10, yy, w - 10, 10, text, theme.FG, theme.BG, SMALL)
            elif s == -1:
                cell(c, x, yy, w, 10, text, theme.FG, theme.BG, SMALL)
            else:
                cell(c, x, yy, w, 10, text, theme.DIM, theme.BG, SMALL)


def gain_lines(gains, seat_cols, cols):
    """The panel's rows for gains [(seat or -1, text)]: each wrapped at spaces; a seat's
    continuation rows are indented to stay clear of the seat boxes."""
    out = []
    for s, text in gains:
        first = True
        for ln in wrap(text, seat_cols if s >= 0 else cols):
            if s >= 0 and not first:
                out.append((-1, "  " + ln))
            else:
                out.append((s, ln))
            first = False
    return out
