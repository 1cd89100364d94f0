"""What the Cacao screen needs to know about a position, read straight from the state bytes.

No screen here: this is the device-side logic of the Cacao screen (tests/device/test_cacao_ui_*.py
run it on MicroPython too). The screen redraws often, so it reads the state bytes directly
instead of building `cacao.view()` dicts. The offsets below mirror the layout table of
meeple.core.cacao (layout version 1), because the core's underscore consts are compiled away on
MicroPython; tests/ui/test_cacao_screen.py checks them against the core on CPython, as the bots'
mirror is checked. Cells are keys `X * 256 + Y` with X = x + 65 (the core's convention) and
are looked up with the core's own `_ref`.

    preview = Preview()
    preview.place(state, seat, key, pattern, rot, fills)   # firing sides, spaces and gains
    plans(core, state, seat)                                 # every way to resolve a seat's sides
"""
try:
    from micropython import const  # type: ignore[assignment]
except ImportError:
    def const(x):  # CPython stand-in for micropython.const
        return x

from array import array

from meeple.core import cacao

# ---- mirror of meeple.core.cacao's state layout (version 1) ---------------------------------
LAYOUT_VERSION = const(1)
_NP = const(1)
_ACTIVE = const(3)
_TURN = const(4)
_PHASE = const(5)
_TOMOVE = const(6)
_DISP = const(11)
_PTOP = const(13)
_PEND = const(14)
_PILE = const(15)
_JN = const(41)
_JUN = const(42)
_WN = const(126)
_WRK = const(127)
_SEATS = const(655)
_SEAT_LEN = const(24)
_GOLD = const(0)
_CACAO = const(2)
_SUN = const(3)
_WATER = const(4)
_HANDN = const(5)
_HAND = const(6)
_WTOP = const(9)
_WEND = const(10)
_NEWW = const(751)
_SPN = const(753)
_SPACES = const(754)

PLACE = const(0)
FILL = const(1)
RESOLVE = const(2)
OVER = const(3)
OVERBUILD_BASE = const(1792)
FILL_BASE = const(2368)
RESOLVE_BASE = const(2432)
ORIGIN = const(65)
DK = (1, 256, -1, -256)        # key delta for N, E, S, W
PAT = b"\x01\x01\x01\x01\x02\x01\x00\x01\x03\x00\x00\x01\x03\x01\x00\x00"  # pattern*4 + side

# jungle types (cacao.JUNGLE_NAMES): 1 P1, 2 P2, 3-5 M2-M4, 6 G1, 7 G2, 8 W, 9 S, 10 T
UNKNOWN = const(11)            # a space the pile's top tile will fill: not known before
PRICE = (0, 0, 0, 2, 3, 4)     # market price by type
# what each type does, for the pile counter and the help line
KIND_WORDS = ("", "plantation 1", "plantation 2", "market 2", "market 3", "market 4", "gold 1",
              "gold 2", "water", "sun", "temple")


# ---- reading the position ---------------------------------------------------------------------
def players(st):
    return st[_NP]


def phase(st):
    return st[_PHASE]


def active(st):
    return st[_ACTIVE]


def turn(st):
    return st[_TURN]


def to_move(st):
    m = st[_TOMOVE]
    return -1 if m == 255 else m


def gold(st, s):
    o = _SEATS + s * _SEAT_LEN
    return st[o] | (st[o + 1] << 8)


def cacao_of(st, s):
    return st[_SEATS + s * _SEAT_LEN + _CACAO]


def sun(st, s):
    return st[_SEATS + s * _SEAT_LEN + _SUN]


def water(st, s):
    """Water track field 0..8 (cacao.WATER_VALUES gives its gold)."""
    return st[_SEATS + s * _SEAT_LEN + _WATER]


def hand_n(st, s):
    return st[_SEATS + s * _SEAT_LEN + _HANDN]


def hand(st, s, i):
    """Pattern (0..3, cacao.PATTERN_NAMES) of hand tile i (the hand is kept sorted)."""
    return st[_SEATS + s * _SEAT_LEN + _HAND + i]


def tiles_left(st, s):
    """Worker tiles the seat still holds: hand plus its face-down pile."""
    o = _SEATS + s * _SEAT_LEN
    return st[o + _HANDN] + st[o + _WEND] - st[o + _WTOP]


def display(st, i):
    """Jungle type of display tile i (0 = empty)."""
    return st[_DISP + i]


def jungle_left(st):
    """Tiles in the jungle draw pile."""
    return st[_PEND] - st[_PTOP]


def pile_counts(st, out):
    """out[t] = how many tiles of jungle type t are still in the draw pile (its order stays
    hidden: only the counts are public)."""
    for t in range(11):
        out[t] = 0
    for i in range(st[_PTOP], st[_PEND]):
        out[st[_PILE + i]] += 1
    return out


def overbuild_in(st):
    """Jungle tiles (display + pile) still to be placed; 0 means overbuilding is open (C19)."""
    return jungle_left(st) + (1 if st[_DISP] else 0) + (1 if st[_DISP + 1] else 0)


def ref(st, key):
    """What is at a cell: jungle number, 64 + worker number, or -1 (empty)."""
    return cacao._ref(st, key)


def jungle_type(st, j):
    return st[_JUN + j * 3 + 2]


def jungle_key(st, j):
    o = _JUN + j * 3
    return (st[o] << 8) | st[o + 1]


def jungle_n(st):
    return st[_JN]


def worker_n(st):
    return st[_WN]


def worker_key(st, w):
    o = _WRK + w * 4
    return (st[o] << 8) | st[o + 1]


def worker_top(st, w):
    """seat << 6 | pattern << 4 | rot << 2 | (height - 1)."""
    return st[_WRK + w * 4 + 2]


def workers(pat, rot, d):
    """Workers of pattern `pat` at rotation `rot` on the side facing direction d (C3)."""
    return PAT[pat * 4 + ((d - rot) & 3)]


def top_workers(top, d):
    return PAT[((top >> 4) & 3) * 4 + ((d - (top >> 2)) & 3)]


def new_worker(st):
    """Worker number placed this turn (phases FILL and RESOLVE)."""
    return st[_NEWW]


def spaces(st, out):
    """Keys of the spaces waiting to be filled (phase FILL) into out; returns how many."""
    n = st[_SPN]
    for i in range(n):
        out[i] = (st[_SPACES + 2 * i] << 8) | st[_SPACES + 2 * i + 1]
    return n


def key_xy(key):
    return (key >> 8) - ORIGIN, (key & 0xFF) - ORIGIN


def xy_key(x, y):
    return ((x + ORIGIN) << 8) | (y + ORIGIN)


def bounds(st):
    """(x0, y0, x1, y1) in key coordinates of every occupied cell."""
    x0 = y0 = 255
    x1 = y1 = 0
    # jungle tiles (3 bytes each) then worker positions (4 bytes each) start with X, Y
    for base, n, stride in ((_JUN, st[_JN], 3), (_WRK, st[_WN], 4)):
        for i in range(n):
            o = base + i * stride
            x = st[o]
            y = st[o + 1]
            if x < x0:
                x0 = x
            if x > x1:
                x1 = x
            if y < y0:
                y0 = y
            if y > y1:
                y1 = y
    return x0, y0, x1, y1


def worker_neighbours(st, key):
    n = 0
    for d in range(4):
        if ref(st, key + DK[d]) >= 64:
            n += 1
    return n


def open_space(st, key):
    """An empty cell where a jungle tile can still come: it touches a worker tile (C10 fills it
    once a second worker tile joins) and jungle tiles remain."""
    if ref(st, key) != -1 or overbuild_in(st) == 0:
        return False
    return worker_neighbours(st, key) > 0


# ---- actions ------------------------------------------------------------------------------
def action_cell(st, a):
    """Cell key of a place or overbuild action."""
    if a < OVERBUILD_BASE:
        return jungle_key(st, a >> 6) + DK[(a >> 4) & 3]
    return worker_key(st, (a - OVERBUILD_BASE) >> 4)


def place_cells(st, buf, n, pat, out):
    """Distinct cells (keys, into array out) where hand pattern `pat` may go, from the n legal
    actions in buf; sorted north to south, west to east (the order NEXT visits them)."""
    k = 0
    for i in range(n):
        a = buf[i]
        if a >= FILL_BASE or (a >> 2) & 3 != pat:
            continue
        key = action_cell(st, a)
        j = 0
        while j < k and out[j] != key:
            j += 1
        if j == k:
            out[k] = key
            k += 1
    # insertion sort: y descending, then x ascending
    for i in range(1, k):
        v = out[i]
        j = i - 1
        while j >= 0 and _order(out[j]) > _order(v):
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = v
    return k


def _order(key):
    return ((255 - (key & 0xFF)) << 8) | (key >> 8)


def step_legal(cells, n, key, d):
    """Where the placement cursor snaps from `key` when the d-pad points d (0 up, 1 right,
    2 down, 3 left), among the n cell keys in `cells`; 0 when none lies that way.

    Up/down: the nearest row that way holding a legal cell, and in it the cell nearest in
    column (west on a tie). Left/right: the next legal cell that way in the same row, else the
    nearest one that way, cells within 45 degrees of the direction first (squared distance, then
    the straighter one). Up/down thus reach every row and left/right every cell of a row, so
    every legal cell can be reached from any other by the d-pad alone. Allocates nothing."""
    x = key >> 8
    y = key & 0xFF
    best = 0
    bk = 0x3FFFFFFF
    for i in range(n):
        k = cells[i]
        dx = (k >> 8) - x
        dy = (k & 0xFF) - y
        if d & 1:
            p = dx if d == 1 else -dx
            q = dy if dy >= 0 else -dy
            if p <= 0:
                continue
            if q == 0:
                s = p                                   # the same row first
            else:
                s = ((2 if q > p else 1) << 26) | ((p * p + q * q) << 8) | q
        else:
            p = dy if d == 0 else -dy
            if p <= 0:
                continue
            s = (p << 10) | ((dx if dx >= 0 else -dx) << 1) | (1 if dx > 0 else 0)
        if s < bk:
            bk = s
            best = k
    return best


def find_place(st, buf, n, key, pat, rot):
    """The legal action putting pattern `pat` at rotation `rot` on cell `key`, or -1."""
    for i in range(n):
        a = buf[i]
        if a < FILL_BASE and (a >> 2) & 3 == pat and a & 3 == rot and action_cell(st, a) == key:
            return a
    return -1


def rotations(pat):
    """Distinct rotations of a pattern: 1-1-1-1 has one."""
    return 1 if pat == 0 else 4


def why_not(st, key, seat):
    """Why a tile cannot go on this cell, in words for the status line."""
    r = ref(st, key)
    if r >= 64:
        top = worker_top(st, r - 64)
        if top >> 6 != seat:
            return "%s's tile: only your own can be overbuilt" % cacao.SEAT_NAMES[top >> 6]
        if top & 1:
            return "already overbuilt once"
        if overbuild_in(st):
            return "overbuild once %d jungle tiles are out" % overbuild_in(st)
        return "overbuilding costs a sun token"
    if r >= 0:
        return "a jungle tile is here"
    for d in range(4):
        if 0 <= ref(st, key + DK[d]) < 64:
            return "a worker tile is next to it"
    return "no jungle tile next to it"


# ---- preview: what a placement (or a fill choice) will do ------------------------------------
class Preview:
    """Spaces filled, sides that fire and each seat's expected gains for one placement. All
    buffers are allocated once; `place` fills them."""

    def __init__(self):
        self.n_fire = 0
        self.fire = bytearray(3 * 24)      # (X, Y, direction) of each firing side
        self.n_fills = 0
        self.fill_keys = array("H", (0, 0, 0))
        self.fill_types = bytearray(3)
        # per seat: gold, cacao (change), sun, water steps, unknown (a pile tile is involved)
        self.gain = array("h", [0] * 20)
        self._harvest = bytearray(4)
        self._markets = bytearray(4 * 8)   # per seat up to 4 markets: workers, price
        self._nm = bytearray(4)
        self.key = 0
        self.seat = 0

    def clear(self):
        self.n_fire = 0
        self.n_fills = 0
        for i in range(20):
            self.gain[i] = 0
        for s in range(4):
            self._harvest[s] = 0
            self._nm[s] = 0

    def fire_mask(self, key):
        """Bit d set when the side of the tile at `key` facing d fires."""
        m = 0
        x = key >> 8
        y = key & 0xFF
        f = self.fire
        for i in range(self.n_fire):
            if f[3 * i] == x and f[3 * i + 1] == y:
                m |= 1 << f[3 * i + 2]
        return m

    def fill_at(self, key):
        """Jungle type the preview puts on `key` (UNKNOWN for the pile's tile), or 0."""
        for i in range(self.n_fills):
            if self.fill_keys[i] == key:
                return self.fill_types[i]
        return 0

    def _type_at(self, st, key):
        t = self.fill_at(key)
        if t:
            return t
        r = ref(st, key)
        return jungle_type(st, r) if 0 <= r < 64 else 0

    def _fire(self, seat, key, d, t, n):
        i = self.n_fire
        if i < 24:
            self.fire[3 * i] = key >> 8
            self.fire[3 * i + 1] = key & 0xFF
            self.fire[3 * i + 2] = d
            self.n_fire = i + 1
        g = self.gain
        o = seat * 5
        if t == UNKNOWN:
            g[o + 4] = 1
        elif t <= 2:
            self._harvest[seat] += n * t
        elif t <= 5:
            m = self._nm[seat]
            if m < 4:
                self._markets[seat * 8 + 2 * m] = n
                self._markets[seat * 8 + 2 * m + 1] = PRICE[t]
                self._nm[seat] = m + 1
        elif t <= 7:
            g[o] += n * (t - 5)
        elif t == 8:
            g[o + 3] += n
        elif t == 9:
            g[o + 2] += n

    def place(self, st, seat, key, pat, rot, fills=None):
        """Preview seat's tile (pattern, rot) on `key` (an empty cell, or its own tile when
        overbuilding, or the tile already placed this turn in phase FILL). fills: None (work the
        spaces out; leave them unfilled) or ((key, type), ...) chosen for the spaces."""
        self.clear()
        self.key = key
        self.seat = seat
        if phase(st) == PLACE and ref(st, key) >= 64:
            self.gain[seat * 5 + 2] = -1    # overbuilding pays a sun token (C19)
        if fills:
            for k, t in fills:
                self.fill_keys[self.n_fills] = k
                self.fill_types[self.n_fills] = t
                self.n_fills += 1
        for d in range(4):
            n = workers(pat, rot, d)
            if n:
                t = self._type_at(st, key + DK[d])
                if t:
                    self._fire(seat, key, d, t, n)
        for i in range(self.n_fills):
            fk = self.fill_keys[i]
            t = self.fill_types[i]
            for d in range(4):
                wk = fk + DK[d]
                if wk == key:
                    continue
                r = ref(st, wk)
                if r >= 64:
                    top = worker_top(st, r - 64)
                    n = top_workers(top, (d + 2) & 3)
                    if n:
                        self._fire(top >> 6, wk, (d + 2) & 3, t, n)
        self._settle(st)

    def _settle(self, st):
        """Caps (C15) and the best order of harvests and sales per seat."""
        g = self.gain
        for s in range(players(st)):
            o = s * 5
            have = cacao_of(st, s)
            gg, cc = best_sales(have, self._harvest[s], self._markets, s * 8, self._nm[s])
            g[o] += gg
            g[o + 1] = cc - have
            sn = sun(st, s)
            if sn + g[o + 2] > 3:
                g[o + 2] = 3 - sn
            w = water(st, s)
            if w + g[o + 3] > 8:
                g[o + 3] = 8 - w

    def value(self, st, seat):
        """Worth of the gains to `seat` against the others, in about-gold: the default fill."""
        own = 0
        other = 0
        for s in range(players(st)):
            o = s * 5
            w = water(st, s)
            v = (self.gain[o] + self.gain[o + 1] + self.gain[o + 2]
                 + cacao.WATER_VALUES[w + self.gain[o + 3]] - cacao.WATER_VALUES[w])
            if s == seat:
                own = v
            elif v > other:
                other = v
        return own * 4 - other

    def gains_text(self, s):
        """A seat's expected gains in short words, e.g. '+3g +1c +1w'; '' when nothing."""
        g = self.gain
        o = s * 5
        out = ""
        for i in range(4):
            v = g[o + i]
            if v:
                out += "%s%+d%s" % (" " if out else "", v, "gcsw"[i])
        if g[o + 4]:
            out += " +?" if out else "+?"
        return out


def best_sales(have, harvest, markets, mo, nm):
    """(gold, cacao after) of the best order: sell at some markets, harvest everything, then
    sell at the rest (storage 5, C15), each time at the best price first; most gold, then most
    cacao kept."""
    best_g = -1
    best_c = 0
    for subset in range(1 << nm):
        c = have
        gg = 0
        for phase_ in range(2):
            for price in (4, 3, 2):
                for m in range(nm):
                    if ((subset >> m) & 1) == (1 - phase_) and markets[mo + 2 * m + 1] == price:
                        k = markets[mo + 2 * m]
                        if k > c:
                            k = c
                        c -= k
                        gg += k * price
            if phase_ == 0:
                c += harvest
                if c > 5:
                    c = 5
        if gg > best_g or (gg == best_g and c > best_c):
            best_g = gg
            best_c = c
    if nm == 0:
        c = have + harvest
        return 0, (c if c < 5 else 5)
    return best_g, best_c


def fill_choice(st, a, space_keys, n_spaces, out):
    """The (key, type) pairs of fill action `a` into list out; the pile's tile is UNKNOWN."""
    code = a - FILL_BASE
    del out[:]
    for i in range(n_spaces):
        s = (code >> (2 * i)) & 3
        if s == 0:
            continue
        out.append((space_keys[i], UNKNOWN if s == 3 else st[_DISP + s - 1]))
    return out


# ---- resolving a seat's plantation and market sides -------------------------------------------
def plans(core, st, seat):
    """Every distinct way for `seat` (deciding now, phase RESOLVE) to resolve its sides:
    [(gold gained, cacao after, (action, ...)), ...], best first (most gold, then most cacao).
    Played out on copies with the core, so they are exactly what the rules allow."""
    out = []
    _plans(core, bytearray(st), seat, st[_TURN], gold(st, seat), (), out, array("H", [0] * 64))
    out.sort(key=_plan_key)
    return out


def _plan_key(p):
    # the actions last: a total order, so CPython and MicroPython (whose sort is not stable) agree
    return (-p[0], -p[1], len(p[2]), p[2])


def _plans(core, st, seat, turn0, gold0, path, out, buf):
    if st[_TURN] != turn0 or st[_PHASE] != RESOLVE or to_move(st) != seat:
        g = gold(st, seat) - gold0
        c = cacao_of(st, seat)
        for p in out:
            if p[0] == g and p[1] == c:
                return
        out.append((g, c, path))
        return
    n = core.legal_into(st, buf)
    nxt = array("H", [0] * 64)
    for i in range(n):
        cp = bytearray(st)
        core.apply(cp, buf[i])
        _plans(core, cp, seat, turn0, gold0, path + (buf[i],), out, nxt)


def plan_words(core, st, path):
    """A plan in words: 'sell 1 at 3g, harvest 2'."""
    cp = bytearray(st)
    words = []
    for a in path:
        info = core.action_info(cp, a)
        if "harvest" in info:
            words.append("harvest %d" % info["harvest"])
        elif info["sell"]:
            words.append("sell %d at %dg" % (info["sell"], PRICE[cacao.JUNGLE_NAMES.index(info["tile"])]))
        else:
            words.append("sell none at %dg" % PRICE[cacao.JUNGLE_NAMES.index(info["tile"])])
        core.apply(cp, a)
    return ", ".join(words)
