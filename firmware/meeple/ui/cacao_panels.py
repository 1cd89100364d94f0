"""Cacao's panels and side screens: the side panel next to the table, seat-coloured text pages
(log, end screen), the game menu with the scoreboard, and the end-of-game result.

The side panel repaints a slot only when what it shows changed (each slot remembers a small
key of its content), so a cursor move on the table sends nothing here unless the preview's
gains changed.
"""
from meeple.ui import cacao_model as m
from meeple.ui import input as ev
from meeple.ui import sprites, theme
from meeple.ui.cacao_table import LETTERS
from meeple.ui.gfx import LARGE, SMALL
from meeple.ui.screen import Screen, body, cell, wrap
from meeple.ui.widgets import MenuList

WATER_VALUES = m.cacao.WATER_VALUES
SEAT_NAMES = m.cacao.SEAT_NAMES


def seat_box(c, x, y, seat, h=10):
    """The seat's colour with its letter: identity never by colour alone (UX.md)."""
    col = theme.SEAT_COLORS[seat]
    cell(c, x, y, 10, h, LETTERS[seat], theme.SEAT_INK[seat], col, SMALL, 1)


def seat_line(st, s):
    """One seat's public figures: gold, cacao of 5, sun of 3, water field and its value, hand."""
    w = m.water(st, s)
    return "%dg %d/5c %d/3s w%d=%+d h%d" % (m.gold(st, s), m.cacao_of(st, s), m.sun(st, s), w,
                                           WATER_VALUES[w], m.tiles_left(st, s))


def pile_text(st, counts):
    """What is still to come from the jungle pile (counts only: the order is hidden)."""
    m.pile_counts(st, counts)
    parts = []
    for t in range(1, 11):
        if counts[t]:
            parts.append("%d%s" % (counts[t], m.cacao.JUNGLE_NAMES[t]))
    return "Pile %d: %s" % (m.jungle_left(st), " ".join(parts) or "empty")


def overbuild_text(st):
    n = m.overbuild_in(st)
    if n:
        return "Overbuild: after %d more jungle tile%s" % (n, "s" if n > 1 else "")
    return "Overbuild: open, 1 sun per tile"


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


# ---- pages of seat-coloured rows ---------------------------------------------------------------
class RowsScreen(Screen):
    """Scrolling text whose lines may start with a seat box: the log and the end screen.
    rows: [(seat or -1, text)]; up/down a line, left/right (next/prev) a page."""

    footer = "B back  up/down scroll"

    def __init__(self, title, rows, at_end=False):
        Screen.__init__(self)
        self.title = title
        self.rows = rows
        self.lines = []
        self.top = 0
        self.at_end = at_end
        self.n = 1
        self._drawn = -1

    def draw_body(self, c):
        x, y, w, h = body(c)
        cols = (w - 22) // SMALL.w
        self.lines = []
        for seat, text in self.rows:
            first = True
            for ln in wrap(text, cols):
                self.lines.append((seat if first else -1, ln))
                first = False
        self.n = max(1, (h - 4) // 10)
        if self.at_end:
            self.top = max(0, len(self.lines) - self.n)
            self.at_end = False
        c.fill_rect(x, y, w, 2, theme.BG)
        self._drawn = -1
        self.update(c)

    def update(self, c):
        if self._drawn == self.top:
            return
        x, y, w, h = body(c)
        for r in range(self.n):
            i = self.top + r
            yy = y + 2 + r * 10
            if i < len(self.lines):
                seat, text = self.lines[i]
                if seat >= 0:
                    seat_box(c, x + 2, yy, seat)
                else:
                    c.fill_rect(x + 2, yy, 10, 10, theme.BG)
                c.fill_rect(x, yy, 2, 10, theme.BG)
                cell(c, x + 12, yy, w - 20, 10, text, theme.FG, theme.BG, SMALL)
            else:
                c.fill_rect(x, yy, w - 8, 10, theme.BG)
        c.fill_rect(x, y + 2 + self.n * 10, w - 8, h - 2 - self.n * 10, theme.BG)
        total = max(len(self.lines), 1)
        c.fill_rect(x + w - 8, y + 2, 8, h - 2, theme.BG)
        if total > self.n:
            bh = max(4, (h - 2) * self.n // total)
            by = y + 2 + (h - 2 - bh) * self.top // (total - self.n)
            c.fill_rect(x + w - 5, by, 3, bh, theme.DIM)
        self._drawn = self.top

    def event(self, e):
        last = max(0, len(self.lines) - self.n)
        if e == ev.UP or e == ev.PREV:
            self.top = max(0, self.top - 1)
        elif e == ev.DOWN or e == ev.NEXT:
            self.top = min(last, self.top + 1)
        elif e == ev.LEFT:
            self.top = max(0, self.top - self.n)
        elif e == ev.RIGHT:
            self.top = min(last, self.top + self.n)
        elif e == ev.BACK:
            self.back()
        elif e == ev.OK:
            self.ok()

    def back(self):
        if self.app:
            self.app.pop()

    def ok(self):
        self.back()


# ---- the game menu: scoreboard and actions -----------------------------------------------------
class GameMenu(Screen):
    """Every seat's figures, the display, the pile counter and the overbuild rule at the top;
    the menu under them (hint, log, overview, rules, leave)."""

    footer = "A select  B back"

    def __init__(self, state, items, actions, title):
        Screen.__init__(self)
        self.state = state
        self.title = title
        self.menu = MenuList(items, None, 0, SMALL)
        self.actions = actions
        self._counts = bytearray(11)

    def draw_body(self, c):
        st = self.state
        x, y, w, h = body(c)
        c.fill_rect(x, y, w, 2, theme.BG)
        yy = y + 2
        for s in range(m.players(st)):
            seat_box(c, x + 2, yy, s)
            c.fill_rect(x, yy, 2, 10, theme.BG)
            cell(c, x + 12, yy, w - 12, 10, seat_line(st, s), theme.FG, theme.BG, SMALL)
            yy += 10
        disp = " ".join(m.cacao.JUNGLE_NAMES[m.display(st, i)] for i in range(2) if m.display(st, i))
        for text in wrap("Display: %s. %s. %s." % (disp or "empty", pile_text(st, self._counts),
                                                   overbuild_text(st)), (w - 4) // SMALL.w):
            cell(c, x, yy, w, 10, text, theme.DIM, theme.BG, SMALL)
            yy += 10
        c.fill_rect(x, yy, w, 2, theme.ACCENT)
        yy += 3
        self.menu.place(x, yy, w, y + h - yy)
        self.menu.draw(c)

    def update(self, c):
        self.menu.update(c)

    def event(self, e):
        if self.menu.handle(e):
            return
        if e == ev.OK:
            self.actions[self.menu.cursor]()
        elif e == ev.BACK and self.app:
            self.app.pop()


def result_rows(core, st):
    """The end screen's lines: places with the breakdown, then the tie-break when it decided."""
    n = m.players(st)
    sc = core.scores(st)
    places = core.ranking(st)
    order = sorted(range(n), key=lambda s: (places[s], s))
    rows = []
    for s in order:
        play, temples, sun, water = core.score_parts(st, s)
        rows.append((s, "%d. %s %d gold" % (places[s], SEAT_NAMES[s], sc[s])))
        rows.append((-1, "  play %d temples %d sun %d water %+d" % (play, temples, sun, water)))
    for s in order:
        for t in order:
            if t > s and sc[s] == sc[t]:
                cs, ct = m.cacao_of(st, s), m.cacao_of(st, t)
                if cs != ct:
                    rows.append((-1, "Tie on %d gold between %s and %s: more cacao wins (%d to %d)."
                                 % (sc[s], SEAT_NAMES[s], SEAT_NAMES[t], max(cs, ct), min(cs, ct))))
                else:
                    rows.append((-1, "%s and %s share the place: same gold and cacao (%d)."
                                 % (SEAT_NAMES[s], SEAT_NAMES[t], cs)))
    return rows


class EndScreen(RowsScreen):
    """The result line by line; A or B opens what next (play again, save record, log, menu)."""

    footer = "A/B next  up/down scroll"

    def __init__(self, rows, on_next):
        RowsScreen.__init__(self, "Game over", rows)
        self.on_next = on_next

    def back(self):
        self.on_next()

    def ok(self):
        self.on_next()

