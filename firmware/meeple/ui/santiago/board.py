"""The Santiago board on the panel: layout per panel size and incremental drawing.

Layout: 8 x 6 plots in 2 x 2 blocks with a ditch lane (G px) along every block edge, where the
canals run. On 240x135 the board takes the full height above the footer (26 x 18 px plots) and the
info panel slides over its right side; on 240x240 and 320x240 a status row sits above the board and
the info panel below it.

A plot shows its crop (icon), the owner (a box in the seat colour with the seat letter), one black
pip per marker, deserts (sand with the desert icon) and palms (a small tree on an empty plot;
under a tile a green frame and a small palm in its top-left corner, which stays when the frame
shows the cursor or a field). Watered plots have a green (tile) or blue-grey (empty) ground, dry ones straw or
dark olive; a desert is dark rock with the sand-coloured desert icon. Lanes: ditch brown; dashed light blue = a free segment that may be built now; solid
blue = canal; stripes in the backers' colours with the proposer's letter = a bribe proposal.

`Board.sync(c, st)` redraws only what differs from what it drew last (plot by plot, lane by lane);
a plot whose only change is its frame (cursor, field outline, choice) gets its 2-px ring alone, so
a cursor move sends a few rings and a placement one plot plus rings. What lies right of `hide_x`
(under the 240x135 panel) is left for later.
"""
from meeple.ui.santiago import state as S
from meeple.ui import sprites, theme
from meeple.ui.gfx import SMALL, rgb

# plot flags (marks) for highlighting
F_CURSOR = 1
F_FIELD = 2
F_LOSE = 4
F_DRY = 8
F_CHOICE = 16
F_GHOST = 32    # the crop being placed, shown on the empty plot under the cursor (Board.ghost)

# lane marks
L_CURSOR = 1
L_CHOICE = 2

GROUND_DRY = rgb(58, 72, 40)
GROUND_WET = rgb(44, 84, 104)
TILE_DRY = rgb(186, 158, 84)
TILE_WET = rgb(120, 184, 96)
SAND = rgb(105, 85, 65)   # desert: dark rock under the sand-coloured desert icon
DITCH = rgb(92, 72, 46)
FREE = rgb(150, 200, 240)
PALM_GREEN = rgb(20, 150, 60)
TRUNK = rgb(120, 80, 40)
RED = rgb(230, 40, 40)
SPRING_BLUE = rgb(30, 90, 230)
# seat colours: the console's palette, but the Grey seat in grey (the console's light blue
# reads as a built canal on a proposal's stripes)
COLORS = theme.SEAT_COLORS[:2] + (rgb(150, 150, 150),) + theme.SEAT_COLORS[3:]
INK = theme.SEAT_INK


class Layout:
    """Pixel geometry for one panel size."""

    def __init__(self, w, h, footer_h):
        self.w = w
        self.h = h
        self.short = h < 200
        self.g = 4
        if self.short:
            self.pw = 26
            self.ph = 18
            self.status_h = 0
            if h - footer_h < 6 * 18 + 16:   # the large footer (Settings > Text): lower plots
                self.g = 3
                self.ph = 17
        else:
            self.pw = (w - 5 * self.g - 4) // 8
            self.ph = 21 if footer_h < 16 else 19   # the large footer: the panel keeps its rows
            self.status_h = 12
        bw = 8 * self.pw + 5 * self.g
        bh = 6 * self.ph + 4 * self.g
        self.bw = bw
        self.bh = bh
        self.x0 = (w - bw) // 2
        self.y0 = self.status_h
        if self.short:
            pw_ = 106
            self.panel = (w - pw_, 0, pw_, h - footer_h)
        else:
            top = self.y0 + bh + 1
            self.panel = (0, top, w, h - footer_h - top)

    def block_x(self, bx):
        return self.x0 + self.g + bx * (2 * self.pw + self.g)

    def block_y(self, by):
        return self.y0 + self.g + by * (2 * self.ph + self.g)

    def plot_xy(self, p):
        x = p % 8
        y = p // 8
        return self.block_x(x // 2) + (x % 2) * self.pw, self.block_y(y // 2) + (y % 2) * self.ph

    def lane_x(self, i):
        return self.x0 + i * (2 * self.pw + self.g)

    def lane_y(self, j):
        return self.y0 + j * (2 * self.ph + self.g)

    def seg_rect(self, s):
        """The lane body of segment s (between its two intersections)."""
        g = self.g
        if s < 16:
            i = s % 4
            j = s // 4
            return self.lane_x(i) + g, self.lane_y(j), 2 * self.pw, g
        i = (s - 16) % 5
        j = (s - 16) // 5
        return self.lane_x(i), self.lane_y(j) + g, g, 2 * self.ph

    def node_rect(self, n):
        return self.lane_x(n % 5), self.lane_y(n // 5), self.g, self.g


class Board:
    def __init__(self, layout):
        self.lay = layout
        self.marks = bytearray(S.NPLOT)      # F_* per plot, set by the screen
        self.lane_marks = bytearray(S.NSEG)  # L_* per segment
        self.show_free = True                # dash the segments that may be built
        self.ghost = 0                       # crop index drawn on the F_GHOST plot
        # what is on the panel now: 0xFF.. = unknown (draw everything)
        self._pt = bytearray(b"\xff" * S.NPLOT)
        self._po = bytearray(S.NPLOT)
        self._pf = bytearray(S.NPLOT)
        self._lk = bytearray(b"\xff" * S.NSEG)
        self._lb = bytearray(S.NSEG)
        self._nk = bytearray(b"\xff" * 20)
        self._tmp = bytearray(4)
        self.drawn_items = 0                 # plots + lanes drawn by the last sync (tests)
        self.hide_x = 9999                   # nothing right of this is drawn (the panel's there)
        # what the last sync drew from: a press that changes none of it (a bid, a panel row)
        # skips the walk over every plot, lane and node (about 10 ms of bytecode on a Pico)
        self._seen = bytearray(0)
        self._seen_marks = bytearray(S.NPLOT)
        self._seen_lanes = bytearray(S.NSEG)
        self._seen_key = -1

    def invalidate(self):
        self._seen_key = -1
        for i in range(S.NPLOT):
            self._pt[i] = 0xFF
        for i in range(S.NSEG):
            self._lk[i] = 0xFF
        for i in range(20):
            self._nk[i] = 0xFF

    def draw(self, c, st):
        """Everything: background around the plots, then sync."""
        lay = self.lay
        c.fill_rect(lay.x0, lay.y0, lay.bw, lay.bh, theme.BG)
        self.invalidate()
        self.sync(c, st)

    def clear_marks(self):
        for i in range(S.NPLOT):
            self.marks[i] = 0
        for i in range(S.NSEG):
            self.lane_marks[i] = 0

    # ---- incremental redraw ---------------------------------------------------------------------
    def _plot_flags(self, st, p):
        return self.marks[p] | (0x80 if S.irrigated(st, p) else 0)

    def _lane_key(self, st, s):
        """(kind, backer mask): kind 0 ditch, 1 free, 2 canal, 3 proposal (+ 8 * proposer),
        + 64 if under the cursor, + 128 if a choice of the current decision."""
        m = self.lane_marks[s]
        extra = (64 if m & L_CURSOR else 0) | (128 if m & L_CHOICE else 0)
        if st[S.O_CANAL + s]:
            return 2 | extra, 0
        q = S.proposer(st, s)
        if q >= 0:
            mask = 0
            for b, _amt in S.backers(st, s):
                mask |= 1 << b
            return 3 | 8 * q | extra, mask
        if self.show_free and (S.node_wet(st, S.seg_ends(s)[0]) or S.node_wet(st, S.seg_ends(s)[1])):
            return 1 | extra, 0
        return extra, 0

    def _key(self):
        return self.hide_x * 512 + self.ghost * 2 + (1 if self.show_free else 0)

    def _unchanged(self, st):
        return (self._seen_key == self._key() and self._seen == st and self._seen_marks == self.marks
                and self._seen_lanes == self.lane_marks)

    def _remember(self, st):
        if len(self._seen) != len(st):
            self._seen = bytearray(len(st))
        self._seen[:] = st
        self._seen_marks[:] = self.marks
        self._seen_lanes[:] = self.lane_marks
        self._seen_key = self._key()

    def sync(self, c, st):
        if self._unchanged(st):
            self.drawn_items = 0
            return
        n = 0
        redrew = False
        lay = self.lay
        hx = self.hide_x
        for p in range(S.NPLOT):
            x, y = lay.plot_xy(p)
            if x + lay.pw > hx:
                continue
            t = st[S.O_TILE + p]
            o = st[S.O_OWN + p]
            f = self._plot_flags(st, p)
            if self._pt[p] != t or self._po[p] != o or self._pf[p] != f:
                if self._pt[p] == t and self._po[p] == o and (self._pf[p] ^ f) & 0x80 == 0 and not (
                        (self._pf[p] ^ f) & F_GHOST and S.has_palm(st, p)):
                    self._plot(c, st, p, f, True, self._pf[p])   # the same plot, another frame
                else:
                    self._plot(c, st, p, f)
                    redrew = True
                self._pt[p] = t
                self._po[p] = o
                self._pf[p] = f
                n += 1
        for s in range(S.NSEG):
            x, y, w, h = lay.seg_rect(s)
            if x + w > hx:
                continue
            k, b = self._lane_key(st, s)
            if self._lk[s] != k or self._lb[s] != b:
                self._lk[s] = k
                self._lb[s] = b
                self._lane(c, st, s, k, b)
                n += 1
                redrew = True
        sp = st[S.O_SPRING]
        for nd in range(20):
            x, y, w, h = lay.node_rect(nd)
            if x + w > hx:
                continue
            k = 2 if nd == sp else (1 if S.node_wet(st, nd) else 0)
            if self._nk[nd] != k or (redrew and k == 2):
                self._nk[nd] = k
                c.fill_rect(x, y, w, h, sprites.CANAL if k else DITCH)
        if redrew:
            self._spring(c, sp)
            for s in S.proposals(st):
                self._label(c, s, S.proposer(st, s))
        self.drawn_items = n
        self._remember(st)

    # ---- pieces ---------------------------------------------------------------------------------
    def _plot(self, c, st, p, f, ring=False, old=0):
        """Plot p with flags f; ring: only its frame changed (old: the flags drawn), send the
        2-px ring alone, and the crop being placed (F_GHOST) drawn or wiped."""
        lay = self.lay
        x, y = lay.plot_xy(p)
        w = lay.pw
        h = lay.ph
        code = S.tile_code(st, p)
        wet = f & 0x80
        desert = S.is_desert(st, p)
        if code < 0:
            bg = GROUND_WET if wet else GROUND_DRY
        elif desert:
            bg = SAND
        else:
            bg = TILE_WET if wet else TILE_DRY
        edge = theme.BLACK
        t = 1
        if f & F_CURSOR:
            edge = theme.ACCENT
            t = 2
        elif f & F_DRY:
            edge = RED
            t = 2
        elif f & F_LOSE:
            edge = theme.WARN
            t = 2
        elif f & F_FIELD:
            edge = theme.WHITE
        elif code >= 0 and S.has_palm(st, p) and not desert:
            edge = PALM_GREEN
            t = 2
        elif f & F_CHOICE:
            edge = theme.DIM
        c.frame(x, y, w, h, edge, t)
        gx = x + (w - 12) // 2
        gy = y + (h - 12) // 2
        if ring:  # nothing is drawn within 2 px of the edge but the frame
            if t == 1:
                c.frame(x + 1, y + 1, w - 2, h - 2, bg)
            if f & F_GHOST and code < 0:
                sprites.icon(c, S.CROP_NAMES[self.ghost], gx, gy, bg)
            elif old & F_GHOST and code < 0:
                c.fill_rect(gx, gy, 12, 12, bg)
            return
        c.fill_rect(x + t, y + t, w - 2 * t, h - 2 * t, bg)
        iy = y + (h - 12) // 2
        if code < 0:
            if f & F_GHOST:
                sprites.icon(c, S.CROP_NAMES[self.ghost], gx, gy, bg)
                return
            if S.has_palm(st, p):
                cx = x + w // 2
                c.fill_rect(cx - 1, y + h // 2 - 2, 2, h // 2 - 1, TRUNK)
                c.fill_rect(cx - 5, y + h // 2 - 4, 10, 2, PALM_GREEN)
                c.fill_rect(cx - 6, y + h // 2 - 2, 2, 2, PALM_GREEN)
                c.fill_rect(cx + 4, y + h // 2 - 2, 2, 2, PALM_GREEN)
            return
        if desert:
            sprites.icon(c, "desert", x + (w - 12) // 2, iy, bg)
        else:
            sprites.icon(c, S.CROP_NAMES[code >> 1], x + 3, iy, bg)
            if S.has_palm(st, p):  # a small palm in the corner (the frame may show a mark)
                c.fill_rect(x + 2, y + 2, 7, 2, PALM_GREEN)
                c.fill_rect(x + 2, y + 4, 1, 1, PALM_GREEN)
                c.fill_rect(x + 8, y + 4, 1, 1, PALM_GREEN)
                c.fill_rect(x + 5, y + 4, 1, 3, TRUNK)
            q = S.owner(st, p)
            bx = x + w - 11
            if q >= 0:
                c.fill_rect(bx, y + 2, 8, 10, COLORS[q])
                c.text(_LETTERS[q], bx + 1, y + 3, INK[q], COLORS[q], SMALL)
            m = S.markers(st, p)
            py = y + h - 5 if h < 22 else y + 15
            for k in range(m):
                c.fill_rect(bx + k * 5, py, 4, 4, theme.BLACK)
        if f & (F_LOSE | F_DRY):
            s = "X" if f & F_DRY else "-1"
            c.text(s, x + w - 3 - 6 * len(s), y + h - 10, theme.WHITE, RED if f & F_DRY else theme.WARN, SMALL)

    def _lane(self, c, st, s, k, mask):
        x, y, w, h = self.lay.seg_rect(s)
        kind = k & 7
        if k & 64:
            c.fill_rect(x, y, w, h, theme.ACCENT)
            if kind == 2:  # a canal under the cursor: keep a blue core
                c.fill_rect(x + 1, y + 1, w - 2, h - 2, sprites.CANAL)
            return
        if kind == 2:
            c.fill_rect(x, y, w, h, sprites.CANAL)
            return
        if kind == 3:
            # stripes: one band per backer, proposer first
            seats = [q for q in range(5) if mask & (1 << q)]
            q0 = (k >> 3) & 7
            seats.remove(q0)
            seats.insert(0, q0)
            L = w if w > h else h
            for i in range(len(seats)):
                a = L * i // len(seats)
                b = L * (i + 1) // len(seats)
                if w > h:
                    c.fill_rect(x + a, y, b - a, h, COLORS[seats[i]])
                else:
                    c.fill_rect(x, y + a, w, b - a, COLORS[seats[i]])
            return
        c.fill_rect(x, y, w, h, DITCH)
        if kind == 1 or k & 128:
            col = theme.ACCENT if k & 128 else FREE
            L = w if w > h else h
            d = 3
            while d + 4 <= L - 2:
                if w > h:
                    c.fill_rect(x + d, y + 1, 4, h - 2, col)
                else:
                    c.fill_rect(x + 1, y + d, w - 2, 4, col)
                d += 8

    def _label(self, c, s, q):
        """The proposer's letter at the middle of a proposed segment."""
        if q < 0:
            return
        x, y, w, h = self.lay.seg_rect(s)
        lay = self.lay
        lx = _clamp(x + w // 2 - 4, lay.x0, lay.x0 + lay.bw - 8)
        ly = _clamp(y + h // 2 - 5, lay.y0, lay.y0 + lay.bh - 10)
        if lx + 8 > self.hide_x:
            return
        c.frame(lx, ly, 8, 10, theme.BLACK)
        c.text(_LETTERS[q], lx + 1, ly + 1, INK[q], COLORS[q], SMALL)

    def _spring(self, c, n):
        lay = self.lay
        x, y, w, h = lay.node_rect(n)
        cx = _clamp(x + w // 2, lay.x0 + 5, lay.x0 + lay.bw - 5)   # on the board's edge too
        cy = _clamp(y + h // 2, lay.y0 + 5, lay.y0 + lay.bh - 5)
        if cx + 5 > self.hide_x:
            return
        c.frame(cx - 5, cy - 5, 10, 10, theme.BLACK)
        c.fill_rect(cx - 4, cy - 4, 8, 8, SPRING_BLUE)
        c.fill_rect(cx - 2, cy - 2, 4, 4, theme.WHITE)


_LETTERS = "WNGBP"


def _clamp(v, lo, hi):
    return lo if v < lo else (hi if v > hi else v)


def tile_box(c, x, y, code, selected, bg):
    """A revealed tile, 18 x 24: crop icon and its marker symbols (x1 / x2)."""
    edge = theme.ACCENT if selected else theme.BLACK
    c.frame(x, y, 18, 24, edge, 2 if selected else 1)
    t = 2 if selected else 1
    c.fill_rect(x + t, y + t, 18 - 2 * t, 24 - 2 * t, TILE_WET)
    sprites.icon(c, S.CROP_NAMES[code >> 1], x + 3, y + 2, TILE_WET)
    c.text("x%d" % ((code & 1) + 1), x + 3, y + 14, theme.BLACK, TILE_WET, SMALL)


def seat_tag(c, x, y, seat, letters=_LETTERS):
    """The seat letter on its colour, 8 x 10 (never colour alone)."""
    c.fill_rect(x, y, 8, 10, COLORS[seat])
    c.text(letters[seat], x + 1, y + 1, INK[seat], COLORS[seat], SMALL)
