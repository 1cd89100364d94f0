"""Santiago rules core (rules/santiago.md S1-S33, resolutions A1-A16), 3-5 players.

The whole position is one bytearray (`SIZE` bytes, layout below); all randomness comes from the
PRNG in st[_RNG:_RNG+4] (meeple.core.rng) and is used only by new_game (tile order, spring,
first overseer, palms) and observe. `legal_into` and `apply` allocate nothing on the MicroPython
heap in normal play (an illegal action raises, which allocates its message).

Geometry (rules section 2), every object by index:
  plot p = y * 8 + x                    (x 0..7, y 0..5; 48 plots)
  intersection n = j * 5 + i            (i 0..4, j 0..3; 20 nodes, possible spring points)
  segment H(i,j) = j * 4 + i            (0..15)    segment V(i,j) = 16 + j * 5 + i   (16..30)
  tile code = crop * 2 + (symbols - 1)  crops: 0 potato, 1 bean, 2 chili, 3 banana, 4 sugar

State layout (byte offsets):
  _VERSION        layout version (1)
  _PLAYERS        3..5
  _FLAGS          bit 0 palm variant, bit 1 open money
  _ROUND          1..rounds (11, or 9 with 5 players)
  _PHASE          _AUCTION, _PLACEMENT, _BRIBE, _OVERSEER, _EXTRA, _OVER
  _OVERSEER       current overseer (from the end of the auction on: the new one)
  _OLD_OVERSEER   overseer during this round's auction: bidding started left of him
  _IDX            progress inside the phase: auction/bribe/extra = seats asked so far in their
                  order (left of the overseer first); placement = tiles placed (== players
                  means the 3-player leftover tile is next)
  _SPRING         intersection of the spring
  _PEND           bribe offer sub-step: 0 none, 1 proposing _PEND_SEG, 2 supporting _PEND_SEG
  _PEND_SEG       segment chosen in the first bribe step
  _REMOVED        tile removed at setup (3-4 players), 0xFF with 5 players
  _NREV           revealed tiles not yet placed this round
  _RNG  (4)       PRNG state
  _REV  (5)       the _NREV unplaced revealed tiles (codes), in stack order
  _ORDER (5)      placement order of this round (valid after the auction)
  _BID  (5)       each seat's bid this round, 0 = passed (or not yet asked)
  _MONEY (5)      escudos (total money can never exceed 10n + 3n(round-1) <= 170)
  _SUPPLY (5)     markers left in supply (22 at start)
  _EXTRA (5)      1 = personal extra canal still unused
  _OFFER_SEG (5)  bribe phase: segment this seat backs (0xFF none)
  _OFFER_AMT (5)  bribe phase: its offer
  _CANAL (31)     1 = a blue canal is built on the segment
  _TILE (48)      per plot: low 4 bits 0 = empty else 1 + tile code; 0x10 desert; 0x20 palm
  _OWN  (48)      per plot: low 3 bits owner + 1 (0 = neutral / empty); bits 4-5 markers (0..2)
  _STACK (45)     stacks: stack s, depth d (d = 0 revealed in round 1) at s * height + d

Actions (ints < 2**15): kind << 12 | payload.
  0                   PASS: auction pass; bribe pass; overseer builds nothing (only when nobody
                      proposed); extra-canal pass
  0x1000 | n          AMOUNT n: an auction bid, or the offer after choosing propose/support
  0x2000 | t*48 + p   PLACE tile code t on plot p (also the 3-player leftover tile)
  0x3000 | s          PROPOSE segment s (first bribe step; the offer follows as AMOUNT)
  0x4000 | s          SUPPORT the proposal on segment s (first step; offer follows as AMOUNT)
  0x5000 | s          ACCEPT the proposal on s (overseer)
  0x6000 | s          BUILD on s: overseer override (pays highest total + 1 to the bank) or, when
                      nobody proposed, build for 1
  0x7000 | s          EXTRA canal on s
A bribe is two decisions by the same seat (segment, then amount), so a rich seat gets at most
about 31 + 170 actions instead of segments x amounts. MAX_ACTIONS bounds every action list.

Seats are numbered 0..players-1 clockwise; "left" of a seat is the next seat (seat + 1).

Choices where the rules leave room (beyond A1-A16):
- Bids are paid when the bidder places his tile (S11), not when bidding (S8 allows either).
- The offer step after propose/support cannot be cancelled: the seat must name 1..money.
- A decision with one legal action (e.g. a seat with 0 escudos in the bribe phase: PASS) is still
  asked; only seats whose extra canal is used are skipped in the extra-canal phase.
- Unused bytes are kept canonical (revealed stack slots, trailing revealed slots, the placement
  order during the auction are 0), so from_view(view(st)) == st for every reachable state.

On the release firmware the hottest functions here run as machine code (tools/release/firmware.py
NATIVE_FUNCTIONS lists them by name: rename one there too; the build stops on a stale name).
"""
try:
    from micropython import const  # type: ignore[assignment]  # the CPython stand-in below differs
except ImportError:
    def const(x):  # CPython stand-in for micropython.const
        return x

from meeple.core import rng

VERSION = const(1)
MAX_ACTIONS = const(256)  # bids <= 171, placements <= 5 kinds x 48 plots, segments <= 31

_VERSION = const(0)
_PLAYERS = const(1)
_FLAGS = const(2)
_ROUND = const(3)
_PHASE = const(4)
_OVERSEER = const(5)
_OLD_OVERSEER = const(6)
_IDX = const(7)
_SPRING = const(8)
_PEND = const(9)
_PEND_SEG = const(10)
_REMOVED = const(11)
_NREV = const(12)
_RNG = const(13)
_REV = const(17)
_ORDER = const(22)
_BID = const(27)
_MONEY = const(32)
_SUPPLY = const(37)
_EXTRA = const(42)
_OFFER_SEG = const(47)
_OFFER_AMT = const(52)
_CANAL = const(57)
_TILE = const(88)
_OWN = const(136)
_STACK = const(184)
SIZE = const(229)

_F_PALMS = const(1)
_F_OPEN = const(2)

_AUCTION = const(0)
_PLACEMENT = const(1)
_BRIBE = const(2)
_OVERSEER_PH = const(3)
_EXTRA_PH = const(4)
_OVER = const(5)

_K_AMOUNT = const(1)
_K_PLACE = const(2)
_K_PROPOSE = const(3)
_K_SUPPORT = const(4)
_K_ACCEPT = const(5)
_K_BUILD = const(6)
_K_EXTRA = const(7)

PASS = const(0)

_NSEG = const(31)
_NPLOT = const(48)
_NONE = const(0xFF)
_DESERT = const(0x10)
_PALM = const(0x20)
_MARKERS = const(22)
_START_MONEY = const(10)
_INCOME = const(3)

PHASES = ("auction", "placement", "bribe", "overseer", "extra_canal", "over")
CROPS = ("potato", "bean", "chili", "banana", "sugar")
_CROP_TEXT = ("potato", "bean", "chili", "banana", "sugar cane")


# ---------------------------------------------------------------- geometry tables (bytes)

def _tables():
    seg_a = bytearray(_NSEG)       # endpoints of each segment
    seg_b = bytearray(_NSEG)
    seg_plots = bytearray(b"\xff" * (4 * _NSEG))   # plots bordered by each segment
    node_segs = bytearray(b"\xff" * (4 * 20))      # segments touching each intersection
    plot_h = bytearray(_NPLOT)     # the two segments bordering each plot
    plot_v = bytearray(_NPLOT)
    for j in range(4):
        for i in range(4):
            s = j * 4 + i
            seg_a[s] = j * 5 + i
            seg_b[s] = j * 5 + i + 1
            k = 0
            if j >= 1:
                seg_plots[4 * s] = (2 * j - 1) * 8 + 2 * i
                seg_plots[4 * s + 1] = (2 * j - 1) * 8 + 2 * i + 1
                k = 2
            if j <= 2:
                seg_plots[4 * s + k] = 2 * j * 8 + 2 * i
                seg_plots[4 * s + k + 1] = 2 * j * 8 + 2 * i + 1
    for j in range(3):
        for i in range(5):
            s = 16 + j * 5 + i
            seg_a[s] = j * 5 + i
            seg_b[s] = (j + 1) * 5 + i
            k = 0
            if i >= 1:
                seg_plots[4 * s] = 2 * j * 8 + 2 * i - 1
                seg_plots[4 * s + 1] = (2 * j + 1) * 8 + 2 * i - 1
                k = 2
            if i <= 3:
                seg_plots[4 * s + k] = 2 * j * 8 + 2 * i
                seg_plots[4 * s + k + 1] = (2 * j + 1) * 8 + 2 * i
    for s in range(_NSEG):
        for n in (seg_a[s], seg_b[s]):
            k = 4 * n
            while node_segs[k] != 0xFF:
                k += 1
            node_segs[k] = s
    for p in range(_NPLOT):
        x = p % 8
        y = p // 8
        plot_h[p] = ((y + 1) // 2) * 4 + x // 2
        plot_v[p] = 16 + (y // 2) * 5 + (x + 1) // 2
    return bytes(seg_a), bytes(seg_b), bytes(seg_plots), bytes(node_segs), bytes(plot_h), bytes(plot_v)


_SEG_A, _SEG_B, _SEG_PLOTS, _NODE_SEGS, _PLOT_H, _PLOT_V = _tables()


def _rounds(n):
    return 9 if n == 5 else 11


def _nstacks(n):
    return 5 if n == 5 else 4


# ---------------------------------------------------------------- small helpers (no allocation)

def _node_in(st, node):
    """Is the intersection in the network (the spring or an endpoint of a built canal)?"""
    if st[_SPRING] == node:
        return True
    k = node * 4
    for t in range(4):
        s = _NODE_SEGS[k + t]
        if s != 0xFF and st[_CANAL + s]:
            return True
    return False


_net = bytearray(20)  # _network: 1 per intersection in the network (scratch, one list at a time)
_NO_NET = bytes(20)


def _network(st):
    """Mark the network's intersections (the spring, both ends of every built canal) in _net:
    legal_into tests every segment against it in one pass instead of _node_in per end."""
    net = _net
    net[:] = _NO_NET
    net[st[_SPRING]] = 1
    sa = _SEG_A
    sb = _SEG_B
    for s in range(_NSEG):
        if st[_CANAL + s]:
            net[sa[s]] = 1
            net[sb[s]] = 1
    return net


def _legal_seg(st, s):
    """S14: no canal yet and at least one endpoint in the network."""
    if st[_CANAL + s]:
        return False
    return _node_in(st, _SEG_A[s]) or _node_in(st, _SEG_B[s])


def _irrigated(st, p):
    return st[_CANAL + _PLOT_H[p]] or st[_CANAL + _PLOT_V[p]]


def _proposed(st, s):
    n = st[_PLAYERS]
    for q in range(n):
        if st[_OFFER_SEG + q] == s:
            return True
    return False


def _total(st, s):
    """S16: the total offered on the proposal on segment s."""
    n = st[_PLAYERS]
    t = 0
    for q in range(n):
        if st[_OFFER_SEG + q] == s:
            t += st[_OFFER_AMT + q]
    return t


def _max_total(st):
    t = 0
    for s in range(_NSEG):
        if _proposed(st, s):
            v = _total(st, s)
            if v > t:
                t = v
    return t


def _any_proposal(st):
    n = st[_PLAYERS]
    for q in range(n):
        if st[_OFFER_SEG + q] != _NONE:
            return True
    return False


def _rev_has(st, t):
    for k in range(st[_NREV]):
        if st[_REV + k] == t:
            return True
    return False


def _rev_first(st, t):
    """Position of the first unplaced revealed tile with code t, or -1."""
    for k in range(st[_NREV]):
        if st[_REV + k] == t:
            return k
    return -1


def _has_tile_neighbour(st, p):
    """Is an orthogonal neighbour of plot p a non-desert tile?"""
    x = p % 8
    if x > 0 and st[_TILE + p - 1] & 0x0F and not st[_TILE + p - 1] & _DESERT:
        return True
    if x < 7 and st[_TILE + p + 1] & 0x0F and not st[_TILE + p + 1] & _DESERT:
        return True
    if p >= 8 and st[_TILE + p - 8] & 0x0F and not st[_TILE + p - 8] & _DESERT:
        return True
    if p < 40 and st[_TILE + p + 8] & 0x0F and not st[_TILE + p + 8] & _DESERT:
        return True
    return False


def _leftover_must_touch(st):
    """S12/A10: the leftover tile must touch a non-desert tile if an empty plot allows it."""
    for p in range(_NPLOT):
        if not st[_TILE + p] & 0x0F and _has_tile_neighbour(st, p):
            return True
    return False


def _seat_passed(st, seat):
    return st[_BID + seat] == 0


# ---------------------------------------------------------------- surface: setup and queries

def new_game(players, seed, spring=None, palms=False, open_money=False, overseer=None):
    """A fresh game (S1-S5).

    spring: None or "interior" = random interior intersection (default, A13), "any" = random among
    all 20, or [i, j] / (i, j) / intersection index. palms: the palm variant (S30-S33).
    open_money: money is public (A9). overseer: first overseer (default random, S4).
    """
    if players not in (3, 4, 5):
        raise ValueError("Santiago is for 3 to 5 players, not %s" % (players,))
    n = players
    st = bytearray(SIZE)
    st[_VERSION] = VERSION
    st[_PLAYERS] = n
    st[_FLAGS] = (_F_PALMS if palms else 0) | (_F_OPEN if open_money else 0)
    rng.seed(st, _RNG, seed)
    tiles = bytearray(45)
    k = 0
    for c in range(5):  # A1: per crop 3 one-symbol and 6 two-symbol tiles
        for t in range(9):
            tiles[k] = 2 * c + (0 if t < 3 else 1)
            k += 1
    rng.shuffle(st, _RNG, tiles, 0, 45)
    ns = _nstacks(n)
    h = _rounds(n)
    for k in range(ns * h):
        st[_STACK + k] = tiles[k]
    st[_REMOVED] = tiles[44] if n < 5 else _NONE  # S1: shown face up, out of play
    if spring is None or spring == "interior":
        k = rng.below(st, _RNG, 6)
        node = (1 + k // 3) * 5 + 1 + k % 3
    elif spring == "any":
        node = rng.below(st, _RNG, 20)
    else:
        node = _parse_node(spring)
    st[_SPRING] = node
    if overseer is None:
        st[_OVERSEER] = rng.below(st, _RNG, n)
    else:
        if not isinstance(overseer, int) or not 0 <= overseer < n:
            raise ValueError("first overseer must be a seat 0..%d" % (n - 1))
        st[_OVERSEER] = overseer
    for q in range(n):
        st[_MONEY + q] = _START_MONEY
        st[_SUPPLY + q] = _MARKERS
        st[_EXTRA + q] = 1
    if palms:
        for _ in range(3):  # S30: each palm uniformly among the plots still allowed
            cnt = 0
            for p in range(_NPLOT):
                if _palm_ok(st, p):
                    cnt += 1
            pick = rng.below(st, _RNG, cnt)
            for p in range(_NPLOT):
                if _palm_ok(st, p):
                    if pick == 0:
                        st[_TILE + p] = _PALM
                        break
                    pick -= 1
    st[_ROUND] = 1
    _start_round(st)
    return st


def _touches_spring(st, p):
    x = p % 8
    y = p // 8
    node = st[_SPRING]
    sx = 2 * (node % 5)
    sy = 2 * (node // 5)
    return (x == sx or x == sx - 1) and (y == sy or y == sy - 1)


def _palm_ok(st, p):
    """S30/A15: not a spring corner plot, no palm there or orthogonally next to it."""
    if st[_TILE + p] & _PALM or _touches_spring(st, p):
        return False
    x = p % 8
    if x > 0 and st[_TILE + p - 1] & _PALM:
        return False
    if x < 7 and st[_TILE + p + 1] & _PALM:
        return False
    if p >= 8 and st[_TILE + p - 8] & _PALM:
        return False
    if p < 40 and st[_TILE + p + 8] & _PALM:
        return False
    return True


def _parse_node(spring):
    if isinstance(spring, int):
        node = spring
    else:
        try:
            i = int(spring[0])
            j = int(spring[1])
        except (TypeError, ValueError, IndexError, KeyError):
            raise ValueError("spring must be [i, j], not %r" % (spring,))
        if not (0 <= i <= 4 and 0 <= j <= 3):
            raise ValueError("spring (%d,%d) is not an intersection (i 0..4, j 0..3)" % (i, j))
        node = j * 5 + i
    if not 0 <= node < 20:
        raise ValueError("spring %r is not an intersection" % (spring,))
    return node


def to_move(st):
    ph = st[_PHASE]
    n = st[_PLAYERS]
    if ph == _AUCTION:
        return (st[_OLD_OVERSEER] + 1 + st[_IDX]) % n
    if ph == _PLACEMENT:
        i = st[_IDX]
        return st[_ORDER + (i if i < n else 0)]
    if ph == _BRIBE or ph == _EXTRA_PH:
        return (st[_OVERSEER] + 1 + st[_IDX]) % n
    if ph == _OVERSEER_PH:
        return st[_OVERSEER]
    return -1


def is_over(st):
    return st[_PHASE] == _OVER


def _field_points(st, out):
    """S25-S26 (+S31 palms): add each seat's field points to out[seat]."""
    seen = bytearray(_NPLOT)
    stack = bytearray(_NPLOT)
    per = bytearray(5)
    for p0 in range(_NPLOT):
        t0 = st[_TILE + p0]
        if seen[p0] or not t0 & 0x0F or t0 & _DESERT:
            continue
        crop = ((t0 & 0x0F) - 1) >> 1
        for q in range(5):
            per[q] = 0
        size = 0
        top = 0
        stack[top] = p0
        top = 1
        seen[p0] = 1
        while top:
            top -= 1
            p = stack[top]
            size += 1
            o = st[_OWN + p]
            m = (o >> 4) & 3
            if o & 7 and m:
                per[(o & 7) - 1] += m + (1 if st[_TILE + p] & _PALM else 0)
            x = p % 8
            for d in (-1, 1, -8, 8):
                if (d == -1 and x == 0) or (d == 1 and x == 7):
                    continue
                r = p + d
                if r < 0 or r >= _NPLOT or seen[r]:
                    continue
                t = st[_TILE + r]
                if not t & 0x0F or t & _DESERT or ((t & 0x0F) - 1) >> 1 != crop:
                    continue
                seen[r] = 1
                stack[top] = r
                top += 1
        for q in range(len(out)):
            out[q] += size * per[q]


def scores(st):
    """Field points (S26, on the board as it is now) + money (S27) per seat."""
    n = st[_PLAYERS]
    out = [st[_MONEY + q] for q in range(n)]
    _field_points(st, out)
    return out


def ranking(st):
    """Competition ranking: 1 = highest total; equal totals share the place (A12)."""
    sc = scores(st)
    return [1 + sum(1 for v in sc if v > s) for s in sc]


# ---------------------------------------------------------------- legal actions

def legal_actions(st):
    buf = [0] * MAX_ACTIONS
    k = legal_into(st, buf)
    return buf[:k]


def legal_into(st, buf):
    """Write every legal action (ascending within each kind) into buf; return how many."""
    ph = st[_PHASE]
    k = 0
    if ph == _AUCTION:
        seat = (st[_OLD_OVERSEER] + 1 + st[_IDX]) % st[_PLAYERS]
        buf[0] = PASS
        k = 1
        n = st[_PLAYERS]
        for b in range(1, st[_MONEY + seat] + 1):
            dup = False
            for q in range(n):
                if st[_BID + q] == b:
                    dup = True
            if not dup:
                buf[k] = 0x1000 | b
                k += 1
        return k
    if ph == _PLACEMENT:
        if st[_IDX] >= st[_PLAYERS]:  # 3 players: the leftover tile (S12)
            t = st[_REV]
            must = _leftover_must_touch(st)
            for p in range(_NPLOT):
                if not st[_TILE + p] & 0x0F and (not must or _has_tile_neighbour(st, p)):
                    buf[k] = 0x2000 | (t * 48 + p)
                    k += 1
            return k
        for t in range(10):
            if _rev_has(st, t):
                for p in range(_NPLOT):
                    if not st[_TILE + p] & 0x0F:
                        buf[k] = 0x2000 | (t * 48 + p)
                        k += 1
        return k
    if ph == _BRIBE:
        seat = (st[_OVERSEER] + 1 + st[_IDX]) % st[_PLAYERS]
        money = st[_MONEY + seat]
        if st[_PEND]:
            for a in range(1, money + 1):
                buf[k] = 0x1000 | a
                k += 1
            return k
        buf[0] = PASS
        k = 1
        if money == 0:
            return k
        net = _network(st)
        for s in range(_NSEG):  # _legal_seg with the network marked once
            if not st[_CANAL + s] and (net[_SEG_A[s]] or net[_SEG_B[s]]) and not _proposed(st, s):
                buf[k] = 0x3000 | s
                k += 1
        for s in range(_NSEG):
            if _proposed(st, s):
                buf[k] = 0x4000 | s
                k += 1
        return k
    if ph == _OVERSEER_PH:
        money = st[_MONEY + st[_OVERSEER]]
        if _any_proposal(st):
            for s in range(_NSEG):
                if _proposed(st, s):
                    buf[k] = 0x5000 | s
                    k += 1
            if money >= _max_total(st) + 1:
                net = _network(st)
                for s in range(_NSEG):
                    if not st[_CANAL + s] and (net[_SEG_A[s]] or net[_SEG_B[s]]) and not _proposed(st, s):
                        buf[k] = 0x6000 | s
                        k += 1
            return k
        buf[0] = PASS
        k = 1
        if money >= 1:
            net = _network(st)
            for s in range(_NSEG):
                if not st[_CANAL + s] and (net[_SEG_A[s]] or net[_SEG_B[s]]):
                    buf[k] = 0x6000 | s
                    k += 1
        return k
    if ph == _EXTRA_PH:
        buf[0] = PASS
        k = 1
        net = _network(st)
        for s in range(_NSEG):
            if not st[_CANAL + s] and (net[_SEG_A[s]] or net[_SEG_B[s]]):
                buf[k] = 0x7000 | s
                k += 1
        return k
    return 0


# ---------------------------------------------------------------- validation (messages)

def seg_name(s):
    if s < 16:
        return "H(%d,%d)" % (s % 4, s // 4)
    return "V(%d,%d)" % ((s - 16) % 5, (s - 16) // 5)


def _tile_text(t):
    return "%s tile with %d marker symbol%s" % (_CROP_TEXT[t >> 1], (t & 1) + 1, "s" if t & 1 else "")


def _plot_text(p):
    return "(%d,%d)" % (p % 8, p // 8)


def _seg_error(st, s, what):
    if s >= _NSEG:
        return "%s: there is no segment number %d" % (what, s)
    if st[_CANAL + s]:
        return "segment %s already has a canal" % seg_name(s)
    if not _legal_seg(st, s):
        return "segment %s does not touch the network" % seg_name(s)
    return None


def _error(st, a):
    """Why action a is illegal now, or None. Allocates only when it returns a message."""
    ph = st[_PHASE]
    if ph == _OVER:
        return "the game is over"
    if not isinstance(a, int) or isinstance(a, bool) or a < 0 or a >= 0x8000:
        return "%r is not a Santiago action" % (a,)
    kind = a >> 12
    pay = a & 0xFFF
    n = st[_PLAYERS]
    seat = to_move(st)
    if ph == _AUCTION:
        if a == PASS:
            return None
        if kind != _K_AMOUNT or pay == 0:
            return "it is the auction: seat %d must bid or pass" % seat
        for q in range(n):
            if st[_BID + q] == pay:
                return "bid %d was already made" % pay
        if pay > st[_MONEY + seat]:
            return "bid %d is too high: seat %d has %d escudos" % (pay, seat, st[_MONEY + seat])
        return None
    if ph == _PLACEMENT:
        if kind != _K_PLACE or pay >= 480:
            return "seat %d must place a tile" % seat
        t = pay // 48
        p = pay % 48
        if st[_IDX] >= n:
            if t != st[_REV]:
                return "the leftover tile is a %s" % _tile_text(st[_REV])
        elif not _rev_has(st, t):
            return "no %s is on offer" % _tile_text(t)
        if st[_TILE + p] & 0x0F:
            return "plot %s is not empty" % _plot_text(p)
        if st[_IDX] >= n and not _has_tile_neighbour(st, p) and _leftover_must_touch(st):
            return "the leftover tile must go next to a plantation: plot %s touches none" % _plot_text(p)
        return None
    if ph == _BRIBE:
        money = st[_MONEY + seat]
        if st[_PEND]:
            if kind != _K_AMOUNT or pay == 0:
                return "seat %d must name an offer of 1 to %d escudos" % (seat, money)
            if pay > money:
                return "offer %d is too high: seat %d has %d escudos" % (pay, seat, money)
            return None
        if a == PASS:
            return None
        if kind == _K_PROPOSE or kind == _K_SUPPORT:
            if money == 0:
                return "seat %d has no escudos to offer" % seat
            if pay >= _NSEG:
                return "there is no segment number %d" % pay
            if kind == _K_SUPPORT:
                if not _proposed(st, pay):
                    return "nobody proposed segment %s" % seg_name(pay)
                return None
            if _proposed(st, pay):
                return "segment %s is already proposed: support it instead" % seg_name(pay)
            return _seg_error(st, pay, "propose")
        return "it is the bribe phase: seat %d proposes, supports or passes" % seat
    if ph == _OVERSEER_PH:
        money = st[_MONEY + seat]
        if _any_proposal(st):
            if kind == _K_ACCEPT:
                if pay >= _NSEG or not _proposed(st, pay):
                    return "nobody proposed segment %s" % (seg_name(pay) if pay < _NSEG else pay)
                return None
            if kind == _K_BUILD:
                if pay < _NSEG and _proposed(st, pay):
                    return "segment %s is proposed: accept it instead" % seg_name(pay)
                e = _seg_error(st, pay, "build")
                if e:
                    return e
                cost = _max_total(st) + 1
                if cost > money:
                    return "building elsewhere costs %d: seat %d has %d escudos" % (cost, seat, money)
                return None
            return "the overseer must accept a proposal or build elsewhere"
        if a == PASS:
            return None
        if kind == _K_BUILD:
            e = _seg_error(st, pay, "build")
            if e:
                return e
            if money < 1:
                return "building costs 1: seat %d has 0 escudos" % seat
            return None
        return "the overseer builds a canal for 1 escudo or passes"
    # extra canal phase
    if a == PASS:
        return None
    if kind == _K_EXTRA:
        return _seg_error(st, pay, "extra canal")
    return "seat %d may build the extra canal or pass" % seat


# ---------------------------------------------------------------- apply

def apply(st, a):
    """Perform action a for to_move(st); an illegal action raises ValueError, bytes unchanged."""
    e = _error(st, a)
    if e is not None:
        raise ValueError(e)
    ph = st[_PHASE]
    n = st[_PLAYERS]
    seat = to_move(st)
    kind = a >> 12
    pay = a & 0xFFF
    if ph == _AUCTION:
        st[_BID + seat] = pay  # 0 = pass (A11)
        st[_IDX] += 1
        if st[_IDX] == n:
            _end_auction(st)
    elif ph == _PLACEMENT:
        t = pay // 48
        p = pay % 48
        k = _rev_first(st, t)
        st[_NREV] -= 1
        while k < st[_NREV]:
            st[_REV + k] = st[_REV + k + 1]
            k += 1
        st[_REV + k] = 0
        st[_TILE + p] = (st[_TILE + p] & _PALM) | (t + 1)
        if st[_IDX] >= n:  # leftover: neutral, no markers (S12)
            st[_OWN + p] = 0
            _start_bribe(st)
            return
        m = (t & 1) + 1
        if _seat_passed(st, seat):
            m -= 1  # S11: a passer places one marker fewer
        st[_OWN + p] = (seat + 1) | (m << 4)
        st[_SUPPLY + seat] -= m
        st[_MONEY + seat] -= st[_BID + seat]  # S11: pays his bid
        st[_IDX] += 1
        if st[_IDX] == n and st[_NREV] == 0:
            _start_bribe(st)
    elif ph == _BRIBE:
        if st[_PEND]:
            st[_OFFER_SEG + seat] = st[_PEND_SEG]
            st[_OFFER_AMT + seat] = pay
            st[_PEND] = 0
            st[_PEND_SEG] = 0
            _next_briber(st)
        elif a == PASS:
            _next_briber(st)
        else:
            st[_PEND] = 1 if kind == _K_PROPOSE else 2
            st[_PEND_SEG] = pay
    elif ph == _OVERSEER_PH:
        if kind == _K_ACCEPT:
            for q in range(n):
                if st[_OFFER_SEG + q] == pay:
                    st[_MONEY + q] -= st[_OFFER_AMT + q]
                    st[_MONEY + seat] += st[_OFFER_AMT + q]
            st[_CANAL + pay] = 1
        elif kind == _K_BUILD:
            st[_MONEY + seat] -= _max_total(st) + 1  # 1 when nobody proposed
            st[_CANAL + pay] = 1
        for q in range(n):  # proposal canals go back, other offers lapse
            st[_OFFER_SEG + q] = _NONE
            st[_OFFER_AMT + q] = 0
        _start_extra(st)
    else:
        if kind == _K_EXTRA:
            st[_CANAL + pay] = 1
            st[_EXTRA + seat] = 0
            _end_round(st)  # S19: the first extra canal ends the phase
        else:
            st[_IDX] += 1
            _skip_extra(st)


def _end_auction(st):
    """S9-S10: placement order (bids descending, then passers last-first); its last is overseer."""
    n = st[_PLAYERS]
    start = st[_OLD_OVERSEER] + 1
    k = 0
    for i in range(n):
        q = (start + i) % n
        if st[_BID + q]:
            j = k  # insertion by descending bid
            while j > 0 and st[_BID + st[_ORDER + j - 1]] < st[_BID + q]:
                st[_ORDER + j] = st[_ORDER + j - 1]
                j -= 1
            st[_ORDER + j] = q
            k += 1
    i = n - 1
    while i >= 0:
        q = (start + i) % n
        if not st[_BID + q]:
            st[_ORDER + k] = q
            k += 1
        i -= 1
    st[_OVERSEER] = st[_ORDER + n - 1]
    st[_PHASE] = _PLACEMENT
    st[_IDX] = 0


def _start_bribe(st):
    st[_PHASE] = _BRIBE
    st[_IDX] = 0
    st[_PEND] = 0
    n = st[_PLAYERS]
    for q in range(n):
        st[_OFFER_SEG + q] = _NONE
        st[_OFFER_AMT + q] = 0


def _next_briber(st):
    st[_IDX] += 1
    if st[_IDX] >= st[_PLAYERS] - 1:
        st[_PHASE] = _OVERSEER_PH
        st[_IDX] = 0


def _start_extra(st):
    st[_PHASE] = _EXTRA_PH
    st[_IDX] = 0
    _skip_extra(st)


def _skip_extra(st):
    """Move _IDX to the next seat still holding his extra canal; none left ends the round."""
    n = st[_PLAYERS]
    ov = st[_OVERSEER]
    while st[_IDX] < n:
        if st[_EXTRA + (ov + 1 + st[_IDX]) % n]:
            return
        st[_IDX] += 1
    _end_round(st)


def _end_round(st):
    n = st[_PLAYERS]
    if st[_ROUND] >= _rounds(n):
        for p in range(_NPLOT):  # S24/A5: final drought, whatever the markers
            t = st[_TILE + p]
            if t & 0x0F and not t & _DESERT and not _irrigated(st, p):
                st[_TILE + p] = (t & 0x0F) | _DESERT  # S33: the palm goes too
                st[_OWN + p] &= 7
        st[_PHASE] = _OVER
        st[_IDX] = 0
        return
    for p in range(_NPLOT):  # S20 drought
        t = st[_TILE + p]
        if t & 0x0F and not t & _DESERT and not _irrigated(st, p):
            o = st[_OWN + p]
            if o & 0x30:
                st[_OWN + p] = o - 0x10
            else:
                st[_TILE + p] = (t & 0x0F) | _DESERT
    for q in range(n):  # S23 income
        st[_MONEY + q] += _INCOME
    st[_ROUND] += 1
    _start_round(st)


def _start_round(st):
    """S5: reveal the next tile of every stack; the auction starts left of the overseer."""
    n = st[_PLAYERS]
    ns = _nstacks(n)
    h = _rounds(n)
    d = st[_ROUND] - 1
    for s in range(ns):
        st[_REV + s] = st[_STACK + s * h + d]
        st[_STACK + s * h + d] = 0  # revealed: its stack slot is dead, keep the bytes canonical
    st[_NREV] = ns
    for q in range(n):
        st[_BID + q] = 0
        st[_ORDER + q] = 0
        st[_OFFER_SEG + q] = _NONE
        st[_OFFER_AMT + q] = 0
    st[_OLD_OVERSEER] = st[_OVERSEER]
    st[_PHASE] = _AUCTION
    st[_IDX] = 0
    st[_PEND] = 0
    st[_PEND_SEG] = 0


# ---------------------------------------------------------------- action helpers (for UI/tests)

def parse_segment(seg):
    """Segment index from "V(3,1)", ["V", 3, 1], ("H", i, j) or an index."""
    if isinstance(seg, int):
        if 0 <= seg < _NSEG:
            return seg
        raise ValueError("there is no segment number %d" % seg)
    if isinstance(seg, str):
        s = seg.strip().upper()
        if len(s) < 6 or s[1] != "(" or s[-1] != ")" or "," not in s:
            raise ValueError("segment %r is not like H(1,2) or V(3,1)" % seg)
        d = s[0]
        parts = s[2:-1].split(",")
        try:
            i = int(parts[0])
            j = int(parts[1])
        except (ValueError, IndexError):
            raise ValueError("segment %r is not like H(1,2) or V(3,1)" % seg)
    else:
        try:
            d = str(seg[0]).upper()
            i = int(seg[1])
            j = int(seg[2])
        except (TypeError, ValueError, IndexError):
            raise ValueError("segment %r is not like [\"H\", 1, 2]" % (seg,))
    if d == "H" and 0 <= i <= 3 and 0 <= j <= 3:
        return j * 4 + i
    if d == "V" and 0 <= i <= 4 and 0 <= j <= 2:
        return 16 + j * 5 + i
    raise ValueError("there is no segment %s(%d,%d)" % (d, i, j))


def _seg_view(s):
    if s < 16:
        return ["H", s % 4, s // 4]
    return ["V", (s - 16) % 5, (s - 16) // 5]


def tile_code(crop, symbols):
    c = CROPS.index(crop) if isinstance(crop, str) else crop
    if symbols not in (1, 2) or not 0 <= c < 5:
        raise ValueError("no such tile: %r with %r symbols" % (crop, symbols))
    return 2 * c + symbols - 1


def bid(amount):
    """An auction bid or a bribe offer (0 = pass)."""
    return 0x1000 | amount if amount else PASS


def place(crop, symbols, x, y):
    return 0x2000 | (tile_code(crop, symbols) * 48 + y * 8 + x)


def propose(seg):
    return 0x3000 | parse_segment(seg)


def support(seg):
    return 0x4000 | parse_segment(seg)


def accept(seg):
    return 0x5000 | parse_segment(seg)


def build(seg):
    return 0x6000 | parse_segment(seg)


def extra(seg):
    return 0x7000 | parse_segment(seg)


def action_info(st, a):
    """What action a means now: {"kind", "seat", "legal", ...kind-specific keys}."""
    ph = st[_PHASE]
    kind = a >> 12 if isinstance(a, int) and a >= 0 else -1
    pay = a & 0xFFF if kind >= 0 else 0
    seat = to_move(st)
    err = _error(st, a)
    d = {"action": a, "seat": seat, "legal": err is None, "phase": PHASES[ph]}
    if err is not None:
        d["error"] = err
    if a == PASS:
        d["kind"] = {
            _AUCTION: "pass", _BRIBE: "pass", _OVERSEER_PH: "build_nothing", _EXTRA_PH: "pass",
        }.get(ph, "pass")
    elif kind == _K_AMOUNT:
        d["kind"] = "bid" if ph == _AUCTION else "offer"
        d["amount"] = pay
        if ph == _BRIBE and st[_PEND]:
            d["segment"] = _seg_view(st[_PEND_SEG])
            d["support"] = st[_PEND] == 2
    elif kind == _K_PLACE and pay < 480:
        t = pay // 48
        p = pay % 48
        d["kind"] = "place"
        d["crop"] = CROPS[t >> 1]
        d["symbols"] = (t & 1) + 1
        d["x"] = p % 8
        d["y"] = p // 8
        if ph == _PLACEMENT:
            if st[_IDX] >= st[_PLAYERS]:
                d["leftover"] = True
                d["markers"] = 0
            else:
                d["markers"] = (t & 1) + 1 - (1 if _seat_passed(st, seat) else 0)
            d["palm"] = bool(st[_TILE + p] & _PALM)
    elif _K_PROPOSE <= kind <= _K_EXTRA and pay < _NSEG:
        d["kind"] = ("propose", "support", "accept", "build", "extra_canal")[kind - _K_PROPOSE]
        d["segment"] = _seg_view(pay)
        plots = []
        for t in range(4):
            p = _SEG_PLOTS[4 * pay + t]
            if p != 0xFF:
                plots.append([p % 8, p // 8])
        d["irrigates"] = plots
        if kind == _K_ACCEPT and ph == _OVERSEER_PH:
            d["total"] = _total(st, pay)
        if kind == _K_BUILD and ph == _OVERSEER_PH:
            d["cost"] = _max_total(st) + 1
        if kind == _K_SUPPORT and ph == _BRIBE:
            d["total"] = _total(st, pay)
    else:
        d["kind"] = "unknown"
    return d


def describe(st, a):
    """The action in words, e.g. "seat 2 bids 5" or "seat 0 accepts V(3,1) (total 5)"."""
    i = action_info(st, a)
    seat = i["seat"]
    k = i["kind"]
    if k == "pass":
        text = "seat %d passes" % seat
    elif k == "build_nothing":
        text = "seat %d builds no canal this round" % seat
    elif k == "bid":
        text = "seat %d bids %d" % (seat, i["amount"])
    elif k == "offer":
        if "segment" in i:
            text = "seat %d offers %d escudo%s %s %s" % (
                seat, i["amount"], "" if i["amount"] == 1 else "s",
                "to support" if i["support"] else "for", seg_name(parse_segment(i["segment"])))
        else:
            text = "seat %d offers %d escudo%s" % (seat, i["amount"], "" if i["amount"] == 1 else "s")
    elif k == "place":
        t = tile_code(i["crop"], i["symbols"])
        text = "seat %d places the %s on (%d,%d)" % (seat, _tile_text(t), i["x"], i["y"])
        if i.get("leftover"):
            text += " without markers (leftover tile)"
        elif "markers" in i:
            text += " with %d marker%s" % (i["markers"], "" if i["markers"] == 1 else "s")
        if i.get("palm"):
            text += " (palm)"
    elif k == "unknown":
        text = "%r is not a Santiago action" % (a,)
    else:
        name = seg_name(parse_segment(i["segment"]))
        if k == "propose":
            text = "seat %d proposes a canal on %s" % (seat, name)
        elif k == "support":
            text = "seat %d supports the proposal on %s" % (seat, name)
        elif k == "accept":
            text = "seat %d accepts the proposal on %s" % (seat, name)
            if "total" in i:
                text += " (receives %d)" % i["total"]
        elif k == "build":
            text = "seat %d builds a canal on %s" % (seat, name)
            if "cost" in i:
                text += " for %d escudo%s" % (i["cost"], "" if i["cost"] == 1 else "s")
        else:
            text = "seat %d builds his extra canal on %s" % (seat, name)
    if not i["legal"]:
        text += " (illegal: %s)" % i["error"]
    return text


# ---------------------------------------------------------------- view / from_view

def view(st):
    """The whole position as JSON-safe data (DESIGN.md section 2 schema, plus extra keys)."""
    # imported when used (play on the device never does); it imports this module back
    from meeple.core import santiago_view
    return santiago_view.view(st)


def from_view(d):
    """The state bytes of a view; raises ValueError for a position that cannot occur (what is
    checked: meeple.core.santiago_view.from_view)."""
    from meeple.core import santiago_view  # imported when used: it imports this module back
    return santiago_view.from_view(d)


def observe(st, seat, seed=None):
    """A copy where what `seat` cannot see is canonical, then re-drawn from `seed` if given.

    Hidden: the order of the unrevealed tiles (S28, all stacks together), the PRNG bytes, and other
    seats' money when money is hidden (S29). Canonical money: each other seat holds what it
    visibly committed this round (unpaid bid, offer) raised towards the observer's own money,
    while the total stays possible (<= 10n + 3n(round-1)); with a seed each other seat gets its
    commitment plus a random 0..2*max(own, 3) escudos within the same total.
    """
    n = st[_PLAYERS]
    if not 0 <= seat < n:
        raise ValueError("there is no seat %r" % (seat,))
    o = bytearray(st)
    for k in range(4):
        o[_RNG + k] = 0
    if seed is not None:
        rng.seed(o, _RNG, seed)
    h = _rounds(n)
    ns = _nstacks(n)
    r = o[_ROUND]
    hidden = bytearray(ns * (h - r))
    k = 0
    for dd in range(r, h):
        for s in range(ns):
            hidden[k] = o[_STACK + s * h + dd]
            k += 1
    hidden = bytearray(sorted(hidden))
    if seed is not None:
        rng.shuffle(o, _RNG, hidden, 0, len(hidden))
    k = 0
    for dd in range(r, h):
        for s in range(ns):
            o[_STACK + s * h + dd] = hidden[k]
            k += 1
    if o[_FLAGS] & _F_OPEN:
        return o
    own = o[_MONEY + seat]
    commit = bytearray(5)  # what each seat visibly must still be able to pay
    ph = o[_PHASE]
    for q in range(n):
        if ph == _AUCTION:
            commit[q] = o[_BID + q]  # bids made this round, paid at placement
    if ph == _PLACEMENT:
        for i in range(o[_IDX], n):
            commit[o[_ORDER + i]] = o[_BID + o[_ORDER + i]]
    for q in range(n):
        if o[_OFFER_SEG + q] != _NONE and o[_OFFER_AMT + q] > commit[q]:
            commit[q] = o[_OFFER_AMT + q]
    budget = n * _START_MONEY + n * _INCOME * (r - 1) - own
    for q in range(n):
        if q != seat:
            budget -= commit[q]
    spread = 2 * (own if own > 3 else 3)
    for q in range(n):
        if q == seat:
            continue
        if seed is None:
            add = own - commit[q] if own > commit[q] else 0
        else:
            add = rng.below(o, _RNG, spread + 1)
        if add > budget:
            add = budget
        budget -= add
        o[_MONEY + q] = commit[q] + add
    return o
