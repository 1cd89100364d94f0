"""Cacao rules core (rules/cacao.md C1-C30, resolutions A1-A15), 2-4 players.

Pure logic on one bytearray; no I/O, no floats, no dict or set iteration; `legal_into` and
`apply` allocate nothing on the MicroPython heap in normal play.

Coordinates. The table is the unbounded grid of C1, but every occupied cell has |x|+|y| <= 64
(C30), so a cell is stored as two bytes X = x + 65, Y = y + 65 (1..129), and handled as one small
int `key = X * 256 + Y`; the neighbour in direction d is `key + _DK[d]` (N, E, S, W).
Cells are found through an open-addressing hash table of 128 slots (at most 66 tiles are ever on
the table), so "what is at (x, y)" is a couple of byte reads, not a scan.

Tiles. Jungle types are 1..10 (P1 P2 M2 M3 M4 G1 G2 W S T, 0 = none). Worker patterns are 0..3
(1-1-1-1, 2-1-0-1, 3-0-0-1, 3-1-0-0: workers on N, E, S, W at rotation 0); rotation r turns the
tile r quarter turns clockwise, so the side facing d has `pattern[(d - r) % 4]` workers (C3).
Jungle tiles are numbered in the order they entered the table (0 = P1 at (0,0), 1 = M2 at (1,1));
worker positions likewise (an overbuild keeps the position's number).

Turn flow (phases). PLACE: the active seat places (or overbuilds). FILL: the active seat chooses
which display / pile tile goes into which space (only asked when there is a real choice).
RESOLVE: a seat whose plantation and market sides fired orders them and chooses how many cacao to
sell (only asked when it matters; gold, sun, water and lone harvests are taken automatically, A7).
Seats resolve in turn order from the active seat. Then the active seat draws, the display is
refilled and play passes clockwise; after the last tile is placed the game is OVER.

Actions (ints < 2**15):
  PLACE      0 + ((j * 4 + d) * 16 + pattern * 4 + rot): the empty cell in direction d of jungle
             tile j. A cell touching several jungle tiles is named through the lowest-numbered
             one only, so every placement has exactly one action. 1-1-1-1 is always rot 0.
  OVERBUILD  1792 + w * 16 + pattern * 4 + rot: put a hand tile on own worker position w (C19).
  FILL       2368 + code: 2 bits per space (spaces in N, E, S, W order from the new tile):
             0 stays empty, 1 display tile 0, 2 display tile 1, 3 top of the pile (revealed after).
  RESOLVE    2432 + q * 4 + n: resolve pending side q (a plantation: n = 0; a market: sell n).

On the release firmware the hottest functions here run as machine code (tools/release/firmware.py
NATIVE_FUNCTIONS lists them by name: rename one there too; the build stops on a stale name).
"""
try:
    from micropython import const  # type: ignore[assignment]  # the CPython stand-in below differs
except ImportError:
    def const(x):  # CPython stand-in for micropython.const
        return x

from array import array

from meeple.core import rng

VERSION = const(1)
GAME = "cacao"

# ---- tiles -------------------------------------------------------------------------------
JUNGLE_NAMES = ("", "P1", "P2", "M2", "M3", "M4", "G1", "G2", "W", "S", "T")
_P1 = const(1)
_P2 = const(2)
_M2 = const(3)
_M4 = const(5)
_G1 = const(6)
_G2 = const(7)
_W = const(8)
_S = const(9)
_T = const(10)
# draw pile after the two start tiles, per jungle type 1..10 (C4, A2)
_PILE_34 = b"\x00\x05\x02\x01\x04\x01\x02\x01\x03\x02\x05"
_PILE_2 = b"\x00\x03\x02\x01\x03\x01\x01\x01\x02\x01\x04"

PATTERN_NAMES = ("1-1-1-1", "2-1-0-1", "3-0-0-1", "3-1-0-0")
_PAT = b"\x01\x01\x01\x01\x02\x01\x00\x01\x03\x00\x00\x01\x03\x01\x00\x00"  # pattern*4 + side
# worker tiles per seat by pattern, indexed by players (C4, A1)
_SET = (b"", b"", b"\x04\x05\x01\x01", b"\x03\x05\x01\x01", b"\x03\x04\x01\x01")

WATER_VALUES = (-10, -4, -1, 0, 2, 4, 7, 11, 16)  # track field -> gold at the end (A3)
SEAT_NAMES = ("Red", "Purple", "White", "Yellow")
DIR_NAMES = ("N", "E", "S", "W")

# ---- state layout (offsets into the bytearray) --------------------------------------------
_VER = const(0)        # layout version
_NP = const(1)         # number of players, 2..4
_START = const(2)      # start seat
_ACTIVE = const(3)     # seat whose turn it is
_TURN = const(4)       # completed turns
_PHASE = const(5)      # _PLACE / _FILL / _RESOLVE / _OVER
_TOMOVE = const(6)     # seat that decides now, 255 when over
_RNG = const(7)        # 4 bytes of PRNG state (rng.py)
_DISP = const(11)      # 2 bytes: display tiles (jungle type, 0 = empty), kept left-aligned
_PTOP = const(13)      # index in _PILE of the top of the jungle draw pile
_PEND = const(14)      # number of entries in _PILE; tiles _PTOP.._PEND-1 remain, top first
_PILE = const(15)      # 26 bytes: jungle draw pile (types)
_JN = const(41)        # number of jungle tiles on the table
_JUN = const(42)       # 28 x 3 bytes: X, Y, type, in the order they entered the table
_WN = const(126)       # number of worker positions on the table
_WRK = const(127)      # 36 x 4 bytes: X, Y, top tile, covered tile
#                        top tile = seat << 6 | pattern << 4 | rot << 2 | (height - 1)
#                        covered  = 0, or 1 + pattern + 4 * rot of the tile underneath
_HASH = const(271)     # 128 slots x 3 bytes: X (0 = free), Y, ref (jungle j, or 64 + worker w)
_SEATS = const(655)    # 4 seats x _SEAT_LEN bytes, fields below
_SEAT_LEN = const(24)
_GOLD = const(0)       # 2 bytes, little-endian: gold from play
_CACAO = const(2)      # 0..5
_SUN = const(3)        # 0..3
_WATER = const(4)      # water track field 0..8
_HANDN = const(5)      # 0..3
_HAND = const(6)       # 3 bytes: patterns, sorted
_WTOP = const(9)       # index in _WPILE of the top of the seat's worker pile
_WEND = const(10)      # number of entries in _WPILE
_WPILE = const(11)     # 11 bytes: worker pile (patterns), top first
_NEWW = const(751)     # worker position placed (or overbuilt) this turn
_NEWJ = const(752)     # first jungle number placed this turn (jungle >= _NEWJ are new)
_SPN = const(753)      # number of spaces to fill (pending FILL)
_SPACES = const(754)   # 3 x 2 bytes: X, Y of each space, in N, E, S, W order from the new tile
_QN = const(760)       # pending sides
_Q = const(761)        # 16 x 4 bytes: seat, jungle number, workers, done
_QMAX = const(16)
_RSEAT = const(825)    # seat resolving now (phase _RESOLVE)
SIZE = const(826)

_PLACE = const(0)
_FILL = const(1)
_RESOLVE = const(2)
_OVER = const(3)
PHASE_NAMES = ("place", "fill", "resolve", "over")

_OVERBUILD_BASE = const(1792)
_FILL_BASE = const(2368)
_RESOLVE_BASE = const(2432)
ACTION_LIMIT = const(2496)  # every action is below this
MAX_ACTIONS = const(1920)   # a legal_into buffer of this length always suffices

_NONE = const(255)
_ORIGIN = const(65)
_JMAX = const(28)
_WMAX = const(36)
_DK = (1, 256, -1, -256)    # key delta for N, E, S, W

# scratch for counting choices without allocating (one game is decided at a time)
_scratch = [0] * 64


# ---- small helpers -------------------------------------------------------------------------
def _slot(st, key):
    """Hash slot holding `key`, or the free slot where it would go."""
    x = key >> 8
    y = key & 0xFF
    i = _home(x, y)
    while True:
        o = _HASH + i * 3
        if st[o] == 0 or (st[o] == x and st[o + 1] == y):
            return o
        i = (i + 1) & 127


def _ref(st, key):
    """What is at the cell: jungle number (0..27), 64 + worker number, or -1 if empty.
    _slot and _home inlined: the bots call this hundreds of thousands of times a decision."""
    x = key >> 8
    y = key & 0xFF
    i = ((x * 37) ^ (y * 91)) & 127
    while True:
        o = _HASH + i * 3
        v = st[o]
        if v == 0:
            return -1
        if v == x and st[o + 1] == y:
            return st[o + 2]
        i = (i + 1) & 127


def _home(x, y):
    return ((x * 37) ^ (y * 91)) & 127


def _put(st, key, ref):
    """Insert a new cell. Robin Hood order with ties broken by key makes the table's bytes
    depend only on the set of cells, not on the order they came in (so from_view(view(s)) == s)."""
    x = key >> 8
    y = key & 0xFF
    i = _home(x, y)
    dist = 0
    while True:
        o = _HASH + i * 3
        ex = st[o]
        if ex == 0:
            st[o] = x
            st[o + 1] = y
            st[o + 2] = ref
            return
        ey = st[o + 1]
        edist = (i - _home(ex, ey)) & 127
        if edist < dist or (edist == dist and (ex << 8 | ey) > (x << 8 | y)):
            er = st[o + 2]
            st[o] = x
            st[o + 1] = y
            st[o + 2] = ref
            x = ex
            y = ey
            ref = er
            dist = edist
        i = (i + 1) & 127
        dist += 1


def _jkey(st, j):
    o = _JUN + j * 3
    return (st[o] << 8) | st[o + 1]


def _wkey(st, w):
    o = _WRK + w * 4
    return (st[o] << 8) | st[o + 1]


def _workers(top, d):
    """Workers on the side of a top-tile byte that faces direction d."""
    return _PAT[((top >> 4) & 3) * 4 + ((d - (top >> 2)) & 3)]


def _seat_off(seat):
    return _SEATS + seat * _SEAT_LEN


def _gold(st, seat):
    o = _SEATS + seat * _SEAT_LEN
    return st[o] | (st[o + 1] << 8)


def _add_gold(st, seat, n):
    o = _SEATS + seat * _SEAT_LEN
    g = (st[o] | (st[o + 1] << 8)) + n
    if g > 0xFFFF:
        g = 0xFFFF
    st[o] = g & 0xFF
    st[o + 1] = g >> 8


def _xy_text(key):
    return "(%d,%d)" % ((key >> 8) - _ORIGIN, (key & 0xFF) - _ORIGIN)


def _in_bounds(key):
    x = key >> 8
    y = key & 0xFF
    return 1 <= x <= 129 and 1 <= y <= 129


def _hand_has(st, seat, pat):
    o = _SEATS + seat * _SEAT_LEN
    for i in range(st[o + _HANDN]):
        if st[o + _HAND + i] == pat:
            return True
    return False


def _hand_remove(st, seat, pat):
    o = _SEATS + seat * _SEAT_LEN
    n = st[o + _HANDN]
    i = 0
    while st[o + _HAND + i] != pat:
        i += 1
    while i < n - 1:  # keep the hand sorted and packed
        st[o + _HAND + i] = st[o + _HAND + i + 1]
        i += 1
    st[o + _HAND + n - 1] = 0
    st[o + _HANDN] = n - 1


def _hand_add(st, seat, pat):
    o = _SEATS + seat * _SEAT_LEN
    n = st[o + _HANDN]
    i = n
    while i > 0 and st[o + _HAND + i - 1] > pat:
        st[o + _HAND + i] = st[o + _HAND + i - 1]
        i -= 1
    st[o + _HAND + i] = pat
    st[o + _HANDN] = n + 1


def _pile_left(st):
    return st[_PEND] - st[_PTOP]


def _display_n(st):
    return (1 if st[_DISP] else 0) + (1 if st[_DISP + 1] else 0)


def _can_overbuild(st):
    """C19/A8: pile and display empty at the start of the turn (phase PLACE), and a sun token."""
    return (st[_PHASE] == _PLACE and st[_DISP] == 0 and st[_PTOP] == st[_PEND]
            and st[_seat_off(st[_ACTIVE]) + _SUN] > 0)


# ---- setup ---------------------------------------------------------------------------------
def new_game(players, seed=0, start_seat=None):
    """A fresh game for 2-4 players (C4-C7). start_seat: None = random (A14)."""
    if players < 2 or players > 4:
        raise ValueError("Cacao is for 2 to 4 players, not %d" % players)
    st = bytearray(SIZE)
    st[_VER] = VERSION
    st[_NP] = players
    rng.seed(st, _RNG, seed)
    if start_seat is None:
        start_seat = rng.below(st, _RNG, players)
    elif start_seat < 0 or start_seat >= players:
        raise ValueError("start seat %d is not a seat of a %d-player game" % (start_seat, players))
    st[_START] = start_seat
    st[_ACTIVE] = start_seat
    # start tiles (C2)
    _add_jungle(st, (_ORIGIN << 8) | _ORIGIN, _P1)
    _add_jungle(st, ((_ORIGIN + 1) << 8) | (_ORIGIN + 1), _M2)
    # jungle pile (C4, C5)
    counts = _PILE_2 if players == 2 else _PILE_34
    n = 0
    for t in range(1, 11):
        for _ in range(counts[t]):
            st[_PILE + n] = t
            n += 1
    st[_PEND] = n
    rng.shuffle(st, _RNG, st, _PILE, _PILE + n)
    _refill_display(st)
    # worker tiles (C6)
    wset = _SET[players]
    for seat in range(players):
        o = _seat_off(seat)
        k = 0
        for pat in range(4):
            for _ in range(wset[pat]):
                st[o + _WPILE + k] = pat
                k += 1
        st[o + _WEND] = k
        rng.shuffle(st, _RNG, st, o + _WPILE, o + _WPILE + k)
        for _ in range(3):
            _draw(st, seat)
    st[_PHASE] = _PLACE
    st[_TOMOVE] = start_seat
    return st


def _add_jungle(st, key, t):
    j = st[_JN]
    o = _JUN + j * 3
    st[o] = key >> 8
    st[o + 1] = key & 0xFF
    st[o + 2] = t
    st[_JN] = j + 1
    _put(st, key, j)


def _draw(st, seat):
    o = _seat_off(seat)
    top = st[o + _WTOP]
    if top < st[o + _WEND]:
        _hand_add(st, seat, st[o + _WPILE + top])
        st[o + _WPILE + top] = 0  # drawn: keep no trace, so equal positions have equal bytes
        st[o + _WTOP] = top + 1


def _pop_pile(st):
    i = st[_PTOP]
    t = st[_PILE + i]
    st[_PILE + i] = 0
    st[_PTOP] = i + 1
    return t


def _refill_display(st):
    """C18: refill the display to 2 tiles from the pile, as far as the pile allows."""
    if st[_DISP] == 0 and st[_DISP + 1]:
        st[_DISP] = st[_DISP + 1]
        st[_DISP + 1] = 0
    for i in range(2):
        if st[_DISP + i] == 0 and st[_PTOP] < st[_PEND]:
            st[_DISP + i] = _pop_pile(st)


# ---- queries -------------------------------------------------------------------------------
def players(st):
    return st[_NP]


def to_move(st):
    m = st[_TOMOVE]
    return -1 if m == _NONE else m


def is_over(st):
    return st[_PHASE] == _OVER


def turns_total(n_players):
    """Turns per seat: 11 / 10 / 9 (C22)."""
    return 13 - n_players if n_players > 2 else 11


def _temple_points(st, seat_points):
    """Add each seat's temple gold (C23, C24, A10) into seat_points."""
    for j in range(st[_JN]):
        if st[_JUN + j * 3 + 2] != _T:
            continue
        key = _jkey(st, j)
        c0 = c1 = c2 = c3 = 0
        for d in range(4):
            r = _ref(st, key + _DK[d])
            if r >= 64:
                top = st[_WRK + (r - 64) * 4 + 2]
                n = _workers(top, (d + 2) & 3)
                s = top >> 6
                if s == 0:
                    c0 += n
                elif s == 1:
                    c1 += n
                elif s == 2:
                    c2 += n
                else:
                    c3 += n
        counts = (c0, c1, c2, c3)
        first = max(counts)
        if first == 0:
            continue
        n_first = 0
        second = 0
        for c in counts:
            if c == first:
                n_first += 1
            elif c > second:
                second = c
        if n_first > 1:  # tie for first: split 6, no second place
            for s in range(4):
                if counts[s] == first:
                    seat_points[s] += 6 // n_first
            continue
        n_second = 0
        for c in counts:
            if c == second and c > 0:
                n_second += 1
        for s in range(4):
            if counts[s] == first:
                seat_points[s] += 6
            elif second > 0 and counts[s] == second:
                seat_points[s] += 3 // n_second


def score_parts(st, seat):
    """(gold from play, temples, sun tokens, water) for a seat: the final score's breakdown."""
    temples = [0, 0, 0, 0]
    _temple_points(st, temples)
    o = _seat_off(seat)
    return (_gold(st, seat), temples[seat], st[o + _SUN], WATER_VALUES[st[o + _WATER]])


def scores(st):
    """Final gold per seat (C23-C27); on an unfinished game, the score if it ended now."""
    temples = [0, 0, 0, 0]
    _temple_points(st, temples)
    out = []
    for seat in range(st[_NP]):
        o = _seat_off(seat)
        out.append(_gold(st, seat) + temples[seat] + st[o + _SUN] + WATER_VALUES[st[o + _WATER]])
    return out


def ranking(st):
    """Place of each seat, 1 = winner; most gold, then most cacao; equal places share (C28)."""
    sc = scores(st)
    n = st[_NP]
    out = []
    for s in range(n):
        place = 1
        cs = st[_seat_off(s) + _CACAO]
        for t in range(n):
            ct = st[_seat_off(t) + _CACAO]
            if sc[t] > sc[s] or (sc[t] == sc[s] and ct > cs):
                place += 1
        out.append(place)
    return out


# ---- legal actions -------------------------------------------------------------------------
def _canonical_j(st, key):
    """Lowest jungle number next to an empty cell, or -1 if none (then the cell is not legal)."""
    best = -1
    for d in range(4):
        r = _ref(st, key + _DK[d])
        if 0 <= r < 64 and (best < 0 or r < best):
            best = r
    return best


def legal_into(st, buf):
    """Write every legal action for the seat to move into buf; return how many."""
    ph = st[_PHASE]
    if ph == _PLACE:
        return _legal_place(st, buf)
    if ph == _FILL:
        return _legal_fill(st, buf)
    if ph == _RESOLVE:
        return _legal_resolve(st, buf)
    return 0


def legal_actions(st):
    """The legal actions as a list (allocates: the device's hot path uses legal_into)."""
    buf = array("H", range(MAX_ACTIONS))  # 3.8 KB of scratch, not a 7.7 KB list of ints
    n = legal_into(st, buf)
    return list(buf[:n])


def _legal_place(st, buf):
    seat = st[_ACTIVE]
    o = _seat_off(seat)
    hn = st[o + _HANDN]
    n = 0
    for j in range(st[_JN]):
        jk = _jkey(st, j)
        for d in range(4):
            key = jk + _DK[d]
            if not _in_bounds(key) or _ref(st, key) != -1 or _canonical_j(st, key) != j:
                continue
            n = _hand_orientations(st, o, hn, (j * 4 + d) * 16, buf, n)
    if _can_overbuild(st):
        for w in range(st[_WN]):
            top = st[_WRK + w * 4 + 2]
            if top >> 6 != seat or top & 1:
                continue
            n = _hand_orientations(st, o, hn, _OVERBUILD_BASE + w * 16, buf, n)
    if n == 0:
        raise RuntimeError("no legal placement: impossible in the base game (A12)")
    return n


def _hand_orientations(st, o, hn, base, buf, n):
    """Write base + pattern * 4 + rot for each distinct hand pattern and its distinct rotations
    (1-1-1-1 has one) into buf from n on; return the new count."""
    prev = -1
    for h in range(hn):
        pat = st[o + _HAND + h]
        if pat == prev:  # the hand is sorted: skip a second tile of the same pattern
            continue
        prev = pat
        if pat == 0:
            buf[n] = base
            n += 1
        else:
            for r in range(4):
                buf[n] = base + pat * 4 + r
                n += 1
    return n


def _fill_sources(st):
    """Number of tiles available for the spaces: display first, the pile only for a third space."""
    nd = _display_n(st)
    if st[_SPN] == 3 and nd == 2 and _pile_left(st) > 0:
        return 3
    return nd


def _fill_key(st):
    """What decides which fill codes are legal, as a small int: pending spaces, sources, is
    the second display slot empty, are the two display tiles equal."""
    spn = st[_SPN]
    if spn > 3:
        spn = 3  # the checks look at three spaces at most: a fourth changes nothing
    return (spn * 4 + _fill_sources(st)) * 4 + (st[_DISP + 1] == 0) * 2 + (st[_DISP] == st[_DISP + 1])


def _fill_ok_k(key, code):
    """Is `code` a legal, canonical assignment of sources to the pending spaces (see _fill_key)?"""
    spn = key >> 4
    nsrc = (key >> 2) & 3
    need = spn if spn < nsrc else nsrc
    used = 0
    pos1 = pos2 = -1
    filled = 0
    for i in range(3):
        s = (code >> (2 * i)) & 3
        if i >= spn:
            if s:
                return False
            continue
        if s == 0:
            continue
        bit = 1 << s
        if used & bit:
            return False
        used |= bit
        filled += 1
        if s == 1:
            pos1 = i
        elif s == 2:
            pos2 = i
    if filled != need:
        return False
    if used & 8 and nsrc < 3:
        return False
    if used & 4 and key & 2:
        return False
    if used & 8 and not (used & 2 and used & 4):
        return False  # the pile tile only after both display tiles (C11)
    if pos2 >= 0 and key & 1 and (pos1 < 0 or pos1 > pos2):
        return False  # two equal display tiles: one canonical assignment, not two
    return True


def _fill_table():
    """The legal fill codes of every _fill_key, ascending, in one bytes object, and where each
    key's run starts (a 65th entry ends the last): made once, because the bots list fills
    thousands of times a decision and 64 checks each cost milliseconds on a Pico."""
    codes = bytearray()
    at = bytearray(65)
    for k in range(64):
        at[k] = len(codes)
        for c in range(64):
            if _fill_ok_k(k, c):
                codes.append(c)
    at[64] = len(codes)
    return bytes(codes), bytes(at)


_FILL_CODES, _FILL_AT = _fill_table()


def _fill_ok(st, code):
    """Is `code` a legal, canonical assignment of sources to the pending spaces?"""
    k = _fill_key(st)
    for i in range(_FILL_AT[k], _FILL_AT[k + 1]):
        if _FILL_CODES[i] == code:
            return True
    return False


def _legal_fill(st, buf):
    k = _fill_key(st)
    n = 0
    for i in range(_FILL_AT[k], _FILL_AT[k + 1]):
        buf[n] = _FILL_BASE + _FILL_CODES[i]
        n += 1
    return n


def _legal_resolve(st, buf):
    seat = st[_RSEAT]
    cacao = st[_seat_off(seat) + _CACAO]
    has_p = _has_pending(st, seat, True)
    n = 0
    for q in range(st[_QN]):
        o = _Q + q * 4
        if st[o] != seat or st[o + 3] or _same_as_earlier(st, q):
            continue
        t = st[_JUN + st[o + 1] * 3 + 2]
        if t <= _P2:
            buf[n] = _RESOLVE_BASE + q * 4
            n += 1
        else:
            top = st[o + 2] if st[o + 2] < cacao else cacao
            # selling none now equals selling none last: offer 0 only once no harvest is left
            for k in range(0 if not has_p else 1, top + 1):
                buf[n] = _RESOLVE_BASE + q * 4 + k
                n += 1
    return n


def _has_pending(st, seat, plantation):
    for q in range(st[_QN]):
        o = _Q + q * 4
        if st[o] == seat and not st[o + 3]:
            is_p = st[_JUN + st[o + 1] * 3 + 2] <= _P2
            if is_p == plantation:
                return True
    return False


def _same_as_earlier(st, q):
    """An undone side identical (same seat, tile type, workers) to an earlier undone side."""
    o = _Q + q * 4
    t = st[_JUN + st[o + 1] * 3 + 2]
    for p in range(q):
        op = _Q + p * 4
        if (st[op] == st[o] and not st[op + 3] and st[op + 2] == st[o + 2]
                and st[_JUN + st[op + 1] * 3 + 2] == t):
            return True
    return False


# ---- applying actions ----------------------------------------------------------------------
def apply(st, action):
    """Perform a legal action; raise ValueError (state unchanged) if it is not legal."""
    _check(st, action)
    ph = st[_PHASE]
    if ph == _PLACE:
        if action < _OVERBUILD_BASE:
            _do_place(st, action)
        else:
            _do_overbuild(st, action)
    elif ph == _FILL:
        _do_fill(st, action - _FILL_BASE)
        _activate(st)
    else:
        _do_resolve(st, action - _RESOLVE_BASE)
    _advance(st)


def _check(st, action):
    """Raise ValueError naming what is wrong with `action` here; return quietly if legal."""
    if not isinstance(action, int) or isinstance(action, bool) or action < 0 or action >= ACTION_LIMIT:
        raise ValueError("%r is not a Cacao action" % (action,))
    ph = st[_PHASE]
    if ph == _OVER:
        raise ValueError("the game is over")
    seat = st[_TOMOVE]
    name = SEAT_NAMES[seat]
    if ph == _PLACE:
        if action >= _FILL_BASE:
            raise ValueError("%s must place a worker tile now" % name)
        pat = (action >> 2) & 3
        rot = action & 3
        if not _hand_has(st, seat, pat):
            raise ValueError("%s has no %s tile in hand" % (name, PATTERN_NAMES[pat]))
        if pat == 0 and rot:
            raise ValueError("1-1-1-1 looks the same every way round: use rotation 0")
        if action < _OVERBUILD_BASE:
            j = action >> 6
            d = (action >> 4) & 3
            if j >= st[_JN]:
                raise ValueError("there is no jungle tile number %d on the table" % j)
            key = _jkey(st, j) + _DK[d]
            if not _in_bounds(key):
                raise ValueError("cell %s is off the table" % _xy_text(key))
            if _ref(st, key) != -1:
                raise ValueError("cell %s is already occupied" % _xy_text(key))
            cj = _canonical_j(st, key)
            if cj != j:
                raise ValueError("cell %s is named through jungle tile %d: use action %d"
                                 % (_xy_text(key), cj, _place_action(st, key, pat, rot)))
            return
        w = (action - _OVERBUILD_BASE) >> 4
        if st[_DISP] or st[_PTOP] != st[_PEND]:
            raise ValueError("overbuilding is allowed only once the jungle pile and display are empty")
        if st[_seat_off(seat) + _SUN] == 0:
            raise ValueError("%s has no sun token to pay for overbuilding" % name)
        if w >= st[_WN]:
            raise ValueError("there is no worker tile number %d on the table" % w)
        top = st[_WRK + w * 4 + 2]
        if top >> 6 != seat:
            raise ValueError("the tile at %s is %s's: only your own tiles can be overbuilt"
                             % (_xy_text(_wkey(st, w)), SEAT_NAMES[top >> 6]))
        if top & 1:
            raise ValueError("the tile at %s was already overbuilt once" % _xy_text(_wkey(st, w)))
        return
    if ph == _FILL:
        if action < _FILL_BASE or action >= _RESOLVE_BASE:
            raise ValueError("%s must choose where the jungle tiles go now" % name)
        if not _fill_ok(st, action - _FILL_BASE):
            raise ValueError("%s is not a possible way to fill the %d space(s)"
                             % (_fill_text(st, action - _FILL_BASE), st[_SPN]))
        return
    if action < _RESOLVE_BASE:
        raise ValueError("%s must resolve a plantation or market side now" % name)
    q = (action - _RESOLVE_BASE) >> 2
    k = action & 3
    if q >= st[_QN]:
        raise ValueError("there is no activated side number %d" % q)
    o = _Q + q * 4
    if st[o] != seat:
        raise ValueError("side %d belongs to %s, not %s" % (q, SEAT_NAMES[st[o]], name))
    if st[o + 3]:
        raise ValueError("side %d was already resolved" % q)
    if _same_as_earlier(st, q):
        raise ValueError("side %d is the same as an earlier side: resolve that one" % q)
    t = st[_JUN + st[o + 1] * 3 + 2]
    if t <= _P2:
        if k:
            raise ValueError("a plantation harvests; it cannot sell")
        return
    cacao = st[_seat_off(seat) + _CACAO]
    if k > st[o + 2]:
        raise ValueError("%d worker(s) at this market sell at most %d cacao" % (st[o + 2], st[o + 2]))
    if k > cacao:
        raise ValueError("%s has only %d cacao to sell" % (name, cacao))
    if k == 0 and _has_pending(st, seat, True):
        raise ValueError("selling nothing is chosen last, after the harvests")


def _place_action(st, key, pat, rot):
    j = _canonical_j(st, key)
    for d in range(4):
        if _jkey(st, j) + _DK[d] == key:
            return (j * 4 + d) * 16 + pat * 4 + rot
    return -1


def _do_place(st, action):
    seat = st[_ACTIVE]
    key = _jkey(st, action >> 6) + _DK[(action >> 4) & 3]
    pat = (action >> 2) & 3
    _hand_remove(st, seat, pat)
    w = st[_WN]
    o = _WRK + w * 4
    st[o] = key >> 8
    st[o + 1] = key & 0xFF
    st[o + 2] = (seat << 6) | (pat << 4) | ((action & 3) << 2)
    st[o + 3] = 0
    st[_WN] = w + 1
    _put(st, key, 64 + w)
    st[_NEWW] = w
    st[_NEWJ] = st[_JN]
    # C10: empty neighbours of the new tile with two or more worker neighbours
    spn = 0
    for d in range(4):
        sk = key + _DK[d]
        if _ref(st, sk) != -1:
            continue
        nw = 0
        for d2 in range(4):
            if _ref(st, sk + _DK[d2]) >= 64:
                nw += 1
        if nw >= 2:
            st[_SPACES + spn * 2] = sk >> 8
            st[_SPACES + spn * 2 + 1] = sk & 0xFF
            spn += 1
    st[_SPN] = spn
    st[_PHASE] = _FILL
    n = _legal_fill(st, _scratch)
    if n > 1:
        return  # a real choice: the seat decides (phase FILL)
    _do_fill(st, _scratch[0] - _FILL_BASE if n else 0)
    _activate(st)


def _do_overbuild(st, action):
    seat = st[_ACTIVE]
    w = (action - _OVERBUILD_BASE) >> 4
    pat = (action >> 2) & 3
    _hand_remove(st, seat, pat)
    o = _WRK + w * 4
    old = st[o + 2]
    st[o + 3] = 1 + ((old >> 4) & 3) + 4 * ((old >> 2) & 3)
    st[o + 2] = (seat << 6) | (pat << 4) | ((action & 3) << 2) | 1
    st[_seat_off(seat) + _SUN] -= 1
    st[_NEWW] = w
    st[_NEWJ] = st[_JN]
    st[_SPN] = 0
    _activate(st)  # C20: no spaces; the new top tile's sides facing jungle fire


def _do_fill(st, code):
    """Put the chosen tiles into the spaces (C11, C12); the display is refilled only at turn end."""
    d0 = st[_DISP]
    d1 = st[_DISP + 1]
    for i in range(st[_SPN]):
        s = (code >> (2 * i)) & 3
        if s == 0:
            continue
        if s == 1:
            t = d0
        elif s == 2:
            t = d1
        else:
            t = _pop_pile(st)  # revealed only now (A5)
        _add_jungle(st, (st[_SPACES + i * 2] << 8) | st[_SPACES + i * 2 + 1], t)
        if s == 1:
            st[_DISP] = 0
        elif s == 2:
            st[_DISP + 1] = 0
    if st[_DISP] == 0 and st[_DISP + 1]:
        st[_DISP] = st[_DISP + 1]
        st[_DISP + 1] = 0
    st[_SPN] = 0
    for i in range(6):
        st[_SPACES + i] = 0


def _fire(st, seat, j, n):
    """One activated side with n workers of `seat` facing jungle tile j (C14, C15)."""
    t = st[_JUN + j * 3 + 2]
    o = _seat_off(seat)
    if t <= _M4:  # plantations and markets: the seat may have choices, queue them
        q = st[_QN]
        if q >= _QMAX:
            raise RuntimeError("more activated sides than the engine can hold")
        oq = _Q + q * 4
        st[oq] = seat
        st[oq + 1] = j
        st[oq + 2] = n
        st[oq + 3] = 0
        st[_QN] = q + 1
    elif t == _G1:
        _add_gold(st, seat, n)
    elif t == _G2:
        _add_gold(st, seat, 2 * n)
    elif t == _W:
        v = st[o + _WATER] + n
        st[o + _WATER] = v if v < 8 else 8
    elif t == _S:
        v = st[o + _SUN] + n
        st[o + _SUN] = v if v < 3 else 3
    # temple: nothing now


def _activate(st):
    """C13: fire the new tile's sides facing jungle, and other tiles' sides facing new jungle."""
    st[_QN] = 0
    w = st[_NEWW]
    top = st[_WRK + w * 4 + 2]
    seat = top >> 6
    key = _wkey(st, w)
    for d in range(4):
        r = _ref(st, key + _DK[d])
        if 0 <= r < 64:
            n = _workers(top, d)
            if n:
                _fire(st, seat, r, n)
    for j in range(st[_NEWJ], st[_JN]):
        jk = _jkey(st, j)
        for d in range(4):
            r = _ref(st, jk + _DK[d])
            if r >= 64 and r - 64 != w:
                t2 = st[_WRK + (r - 64) * 4 + 2]
                n = _workers(t2, (d + 2) & 3)
                if n:
                    _fire(st, t2 >> 6, j, n)
    st[_PHASE] = _RESOLVE
    st[_RSEAT] = st[_ACTIVE]


def _do_resolve(st, code):
    q = code >> 2
    k = code & 3
    o = _Q + q * 4
    seat = st[o]
    so = _seat_off(seat)
    t = st[_JUN + st[o + 1] * 3 + 2]
    if t == _P1 or t == _P2:
        v = st[so + _CACAO] + (st[o + 2] if t == _P1 else 2 * st[o + 2])
        st[so + _CACAO] = v if v < 5 else 5
    else:
        st[so + _CACAO] -= k
        _add_gold(st, seat, k * (t - _M2 + 2))
    st[o + 3] = 1


def _advance(st):
    """Resolve what needs no decision, find who decides next, or end the turn."""
    if st[_PHASE] != _RESOLVE:
        return
    n_players = st[_NP]
    while True:
        seat = st[_RSEAT]
        while True:
            if not _has_pending(st, seat, False):
                # only harvests (or nothing) left: their order does not matter (A7)
                for q in range(st[_QN]):
                    o = _Q + q * 4
                    if st[o] == seat and not st[o + 3]:
                        _do_resolve(st, q * 4)
                break
            if not _has_pending(st, seat, True) and st[_seat_off(seat) + _CACAO] == 0:
                for q in range(st[_QN]):  # markets with nothing to sell
                    o = _Q + q * 4
                    if st[o] == seat:
                        st[o + 3] = 1
                break
            if _legal_resolve(st, _scratch) == 1:
                _do_resolve(st, _scratch[0] - _RESOLVE_BASE)
                continue
            st[_TOMOVE] = seat
            return
        nxt = (seat + 1) % n_players
        if nxt == st[_ACTIVE]:
            break
        st[_RSEAT] = nxt
    _end_turn(st)


def _end_turn(st):
    """C17, C18: draw, refill, next seat; the game ends when every tile is placed (C22)."""
    active = st[_ACTIVE]
    _draw(st, active)
    _refill_display(st)
    for i in range(_NEWW, SIZE):  # the turn's scratch: cleared, so positions compare by bytes
        st[i] = 0
    st[_TURN] += 1
    n_players = st[_NP]
    for i in range(1, n_players + 1):
        s = (active + i) % n_players
        if st[_seat_off(s) + _HANDN]:
            st[_ACTIVE] = s
            st[_TOMOVE] = s
            st[_PHASE] = _PLACE
            return
    st[_PHASE] = _OVER
    st[_TOMOVE] = _NONE


# ---- words and data (may allocate: not for the hot path) -----------------------------------
def _xy(key):
    return [(key >> 8) - _ORIGIN, (key & 0xFF) - _ORIGIN]


def _sides_text(pat, rot):
    """Workers per side as placed, e.g. 'N1 E0 S1 W2'."""
    return " ".join("%s%d" % (DIR_NAMES[d], _PAT[pat * 4 + ((d - rot) & 3)]) for d in range(4))


def _fill_text(st, code):
    parts = []
    for i in range(st[_SPN]):
        s = (code >> (2 * i)) & 3
        key = (st[_SPACES + i * 2] << 8) | st[_SPACES + i * 2 + 1]
        if s == 0:
            parts.append("%s stays empty" % _xy_text(key))
        elif s == 3:
            parts.append("the pile's top tile at %s" % _xy_text(key))
        else:
            parts.append("%s at %s" % (JUNGLE_NAMES[st[_DISP + s - 1]], _xy_text(key)))
    return ", ".join(parts)


def action_info(st, action):
    """What a legal action means, as data (raises ValueError like apply for an illegal one)."""
    _check(st, action)
    seat = st[_TOMOVE]
    ph = st[_PHASE]
    if ph == _PLACE:
        pat = (action >> 2) & 3
        rot = action & 3
        if action < _OVERBUILD_BASE:
            kind = "place"
            key = _jkey(st, action >> 6) + _DK[(action >> 4) & 3]
        else:
            kind = "overbuild"
            key = _wkey(st, (action - _OVERBUILD_BASE) >> 4)
        x, y = _xy(key)
        return {"kind": kind, "seat": seat, "pattern": PATTERN_NAMES[pat], "rot": rot, "x": x, "y": y,
                "workers": [_PAT[pat * 4 + ((d - rot) & 3)] for d in range(4)]}
    if ph == _FILL:
        code = action - _FILL_BASE
        spaces = []
        for i in range(st[_SPN]):
            s = (code >> (2 * i)) & 3
            x, y = _xy((st[_SPACES + i * 2] << 8) | st[_SPACES + i * 2 + 1])
            src = None if s == 0 else ("pile" if s == 3 else JUNGLE_NAMES[st[_DISP + s - 1]])
            spaces.append({"x": x, "y": y, "tile": src})
        return {"kind": "fill", "seat": seat, "spaces": spaces}
    q = (action - _RESOLVE_BASE) >> 2
    o = _Q + q * 4
    t = st[_JUN + st[o + 1] * 3 + 2]
    x, y = _xy(_jkey(st, st[o + 1]))
    info = {"kind": "resolve", "seat": seat, "tile": JUNGLE_NAMES[t], "x": x, "y": y,
            "workers": st[o + 2]}
    if t <= _P2:
        have = st[_seat_off(seat) + _CACAO]
        gain = st[o + 2] * (1 if t == _P1 else 2)
        info["harvest"] = gain
        info["kept"] = min(5, have + gain) - have
    else:
        k = action & 3
        info["sell"] = k
        info["gold"] = k * (t - _M2 + 2)
    return info


def describe(st, action):
    """One line in words for the log, e.g. 'Red places 2-1-0-1 (N1 E0 S1 W2) at (1,0)'."""
    info = action_info(st, action)
    name = SEAT_NAMES[info["seat"]]
    kind = info["kind"]
    if kind == "place" or kind == "overbuild":
        sides = _sides_text(PATTERN_NAMES.index(info["pattern"]), info["rot"])
        where = "(%d,%d)" % (info["x"], info["y"])
        if kind == "place":
            return "%s places %s (%s) at %s" % (name, info["pattern"], sides, where)
        return "%s pays 1 sun and overbuilds %s with %s (%s)" % (name, where, info["pattern"], sides)
    if kind == "fill":
        return "%s fills: %s" % (name, _fill_text(st, action - _FILL_BASE))
    where = "%s (%d,%d)" % (info["tile"], info["x"], info["y"])
    if "harvest" in info:
        lost = info["harvest"] - info["kept"]
        return "%s harvests %d cacao at %s%s" % (
            name, info["harvest"], where, " (%d lost, storage full)" % lost if lost else "")
    if info["sell"] == 0:
        return "%s sells nothing at %s" % (name, where)
    return "%s sells %d cacao at %s for %d gold" % (name, info["sell"], where, info["gold"])


def view(st):
    """The whole position as JSON-safe data (DESIGN.md section 2 schema, plus extra keys)."""
    # imported when used (play on the device never does); it imports this module back
    from meeple.core import cacao_view
    return cacao_view.view(st)


def from_view(d):
    """Build a state from view() data; raise ValueError for data no game could reach (what
    is checked: meeple.core.cacao_view.from_view)."""
    from meeple.core import cacao_view  # imported when used: it imports this module back
    return cacao_view.from_view(d)


def observe(st, seat, seed=None):
    """A copy holding only what `seat` may see (C29): the order of every pile and the other
    seats' hands are put in a canonical order (so equal sights give equal bytes), then, with a
    seed, re-dealt at random from that seed. Bots decide from this, never from the true state."""
    ob = bytearray(st)
    n = ob[_NP]
    _sort(ob, _PILE + ob[_PTOP], _PILE + ob[_PEND])
    for s in range(n):
        o = _seat_off(s)
        lo = o + _WPILE + ob[o + _WTOP]
        hi = o + _WPILE + ob[o + _WEND]
        if s == seat:
            _sort(ob, lo, hi)
            continue
        _pool_hand(ob, s)
        _sort(ob, lo - ob[o + _HANDN], hi)
    rng.seed(ob, _RNG, 0 if seed is None else seed)
    if seed is not None:
        rng.shuffle(ob, _RNG, ob, _PILE + ob[_PTOP], _PILE + ob[_PEND])
        for s in range(n):
            o = _seat_off(s)
            lo = o + _WPILE + ob[o + _WTOP]
            hi = o + _WPILE + ob[o + _WEND]
            rng.shuffle(ob, _RNG, ob, lo, hi)  # others: hand and pile pooled from lo on
    for s in range(n):
        if s != seat:
            _deal_hand(ob, s)
    return ob


def _sort(b, lo, hi):
    for i in range(lo + 1, hi):  # insertion sort: a dozen bytes at most
        v = b[i]
        k = i
        while k > lo and b[k - 1] > v:
            b[k] = b[k - 1]
            k -= 1
        b[k] = v


def _pool_hand(b, s):
    """Move a seat's hand onto the front of its pile area (just before the top of the pile)."""
    o = _seat_off(s)
    hn = b[o + _HANDN]
    top = b[o + _WTOP]  # hand tiles were drawn from the pile, so there is room before its top
    for i in range(hn):
        b[o + _WPILE + top - hn + i] = b[o + _HAND + i]
        b[o + _HAND + i] = 0
    b[o + _WTOP] = top - hn


def _deal_hand(b, s):
    """Undo _pool_hand: the first hand-size tiles of the pooled pile become the hand again."""
    o = _seat_off(s)
    hn = b[o + _HANDN]
    b[o + _HANDN] = 0
    for _ in range(hn):
        _draw(b, s)
