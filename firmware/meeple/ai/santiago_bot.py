"""Santiago bots (levels 0 easy, 1 normal, 2 hard); called through meeple.ai.choose / hint.

Everything rests on `_worth`: a seat's money plus its field points *as they will probably end*.
A tile next to a built canal counts fully; a dry tile counts by its chance to be watered before
the last drought (better when one of its two segments can be built next, worse as rounds run
out; nothing in the final round), and its markers by how many droughts they would survive.

- Placement: every (tile, plot) is applied to a scratch copy and valued (own worth against the
  rivals'); easy looks at its own worth only, with noise.
- Auction: the bot prices the pick order: what the best revealed tile is worth to it against
  the one left for a passer (one marker fewer), plus the overseer's bribe income for the first
  passer; it bids up to a share of that difference, never repeating a bid.
- Bribe: the segment that helps the bot most is proposed (or supported, if already proposed),
  with an offer sized to its benefit and to the competing totals.
- Overseer and extra canal: each legal choice is applied and valued; the extra canal has a
  keeping value that shrinks as rounds run out.
- hard: for now normal plus a slightly higher bid in the last two rounds; it is NOT yet
  stronger than normal (tools/selfplay: 41% head-to-head in 3-player games). Work to do.

State offsets mirror meeple.core.santiago's layout (version 1; a CPython test checks them),
because the core's underscore consts are compiled away on MicroPython. All buffers are made at
import; a decision allocates only what `observe` returns.
"""
try:
    from micropython import const  # type: ignore[assignment]  # the CPython stand-in below differs
except ImportError:
    def const(x):  # CPython stand-in for micropython.const
        return x

from array import array

from meeple.ai import search

# ---- mirror of meeple.core.santiago's state layout (version 1) ----------------------------
_PLAYERS = const(1)
_ROUND = const(3)
_PHASE = const(4)
_OVERSEER = const(5)
_IDX = const(7)
_PEND = const(9)
_PEND_SEG = const(10)
_NREV = const(12)
_REV = const(17)
_BID = const(27)
_MONEY = const(32)
_EXTRA = const(42)
_OFFER_SEG = const(47)
_OFFER_AMT = const(52)
_CANAL = const(57)
_TILE = const(88)
_OWN = const(136)
_SIZE = const(229)
_MAX_ACTIONS = const(256)
_AUCTION = const(0)
_PLACEMENT = const(1)
_BRIBE = const(2)
_OVERSEER_PH = const(3)
_EXTRA_PH = const(4)
_NSEG = const(31)
_NPLOT = const(48)
_DESERT = const(0x10)
_NONE = const(0xFF)

# ---- weights (quarters of an escudo unless said) ------------------------------------------------
_WET = const(4)         # an irrigated tile
_NEAR = const(1)        # a dry tile whose segment can be built next (its survival is far from sure)
_FAR = const(0)         # a dry tile further away: counts for nothing yet
_OVERSEER_VALUE = (2, 4, 4)   # escudos a seat expects from being overseer, per level
_BID_SHARE = (1, 3, 3)  # of the pick-order value, in quarters, a bot is willing to bid
_KEEP_EXTRA = const(6)  # escudos: holding the extra canal at the start of the game
_NOISE = (24, 0, 0)
BUDGETS = (400, 800, 1600)

_BIG = -(1 << 29)

_legal = array("H", bytes(2 * _MAX_ACTIONS))
_st = bytearray(_SIZE)
_st2 = bytearray(_SIZE)
_seen = bytearray(_NPLOT)
_stack = bytearray(_NPLOT)
_wt = bytearray(_NPLOT)      # tile weight (quarters) for the field being valued
_per = [0, 0, 0, 0, 0]       # weighted markers per seat in one field
_w = [0, 0, 0, 0, 0]         # worth per seat
_gain = array("i", bytes(4 * 10))  # best placement gain per tile code


def _rounds(n):
    return 9 if n == 5 else 11


def _dry_weight(game, st, p, rounds_left):
    """Chance (in quarters) that the dry plot p is watered before the final drought."""
    if rounds_left <= 0:
        return 0
    near = game._legal_seg(st, game._PLOT_H[p]) or game._legal_seg(st, game._PLOT_V[p])
    w = _NEAR if near else _FAR
    if rounds_left == 1:
        return w // 2
    return w


def _worths(game, st):
    """Each seat's money plus expected field points, in quarters, into _w."""
    n = st[_PLAYERS]
    rl = _rounds(n) - st[_ROUND]
    for q in range(n):
        _w[q] = 4 * st[_MONEY + q]
    for p in range(_NPLOT):
        _seen[p] = 0
        t = st[_TILE + p]
        if not t & 0x0F or t & _DESERT:
            _wt[p] = 0
        elif st[_CANAL + game._PLOT_H[p]] or st[_CANAL + game._PLOT_V[p]]:
            _wt[p] = _WET
        else:
            _wt[p] = _dry_weight(game, st, p, rl)
    for p0 in range(_NPLOT):
        t0 = st[_TILE + p0]
        if _seen[p0] or not t0 & 0x0F or t0 & _DESERT:
            continue
        crop = ((t0 & 0x0F) - 1) >> 1
        for q in range(n):
            _per[q] = 0
        size = 0
        top = 1
        _stack[0] = p0
        _seen[p0] = 1
        while top:
            top -= 1
            p = _stack[top]
            wp = _wt[p]
            size += wp
            o = st[_OWN + p]
            m = (o >> 4) & 3
            if o & 7 and m:
                # a dry tile loses a marker per drought: count the markers it would keep
                if wp < _WET and m > 1 and rl > 1:
                    m = 1
                _per[(o & 7) - 1] += m * wp
            x = p & 7
            if x > 0:
                top = _push(st, p - 1, crop, top)
            if x < 7:
                top = _push(st, p + 1, crop, top)
            if p >= 8:
                top = _push(st, p - 8, crop, top)
            if p < 40:
                top = _push(st, p + 8, crop, top)
        for q in range(n):
            _w[q] += size * _per[q] // 4


def _push(st, r, crop, top):
    if _seen[r]:
        return top
    t = st[_TILE + r]
    if not t & 0x0F or t & _DESERT or ((t & 0x0F) - 1) >> 1 != crop:
        return top
    _seen[r] = 1
    _stack[top] = r
    return top + 1


def _value(game, st, me, selfish):
    """Position value for `me`: its worth against the rivals' (mean of best and average), or
    (selfish, easy) its own worth only."""
    search.spend(1)
    _worths(game, st)
    if selfish:
        return _w[me]
    n = st[_PLAYERS]
    best = _BIG
    total = 0
    for q in range(n):
        if q != me:
            total += _w[q]
            if _w[q] > best:
                best = _w[q]
    return 2 * (n - 1) * _w[me] - (n - 1) * best - total


def _best_applied(game, st, me, level, n, bonus_extra):
    """Apply each of the n actions in _legal to a copy and keep the best by _value."""
    best = _BIG
    a = _legal[0]
    noise = _NOISE[level]
    for i in range(n):
        _st[:] = st
        game.apply(_st, _legal[i])
        v = _value(game, _st, me, level == 0)
        if bonus_extra and _legal[i] != 0:
            v -= bonus_extra
        if noise:
            v += search.below(noise)
        if v > best:
            best = v
            a = _legal[i]
    return a


def _own_gain_of_segment(game, st, me, s):
    """What a canal on segment s adds to `me`'s own worth (quarters)."""
    _worths(game, st)
    before = _w[me]
    _st2[:] = st
    _st2[_CANAL + s] = 1
    _worths(game, _st2)
    search.spend(2)
    return _w[me] - before


def _tile_gains(game, st, me, markers_off):
    """Best own-worth gain per revealed tile code into _gain (quarters), placing it for `me`
    with `markers_off` markers fewer; returns the number of revealed tiles."""
    _worths(game, st)
    base = _w[me]
    nrev = st[_NREV]
    for k in range(nrev):
        t = st[_REV + k]
        m = (t & 1) + 1 - markers_off
        best = 0
        for p in range(_NPLOT):
            if st[_TILE + p] & 0x0F:
                continue
            _st2[:] = st
            _st2[_TILE + p] = (st[_TILE + p] & 0x20) | (t + 1)
            _st2[_OWN + p] = (me + 1) | (m << 4)
            _worths(game, _st2)
            g = _w[me] - base
            if g > best:
                best = g
        search.spend(8)
        _gain[k] = best
    return nrev


def _bid(game, st, me, level):
    """Auction: a bid (AMOUNT action) or pass (0)."""
    money = st[_MONEY + me]
    n = st[_PLAYERS]
    if money == 0:
        return 0
    if level == 0:
        b = search.below(4)
        return 0x1000 | b if b and b <= money and not _bid_taken(st, b) else 0
    nrev = _tile_gains(game, st, me, 0)
    top = 0
    low = 1 << 20
    for k in range(nrev):
        if _gain[k] > top:
            top = _gain[k]
        if _gain[k] < low:
            low = _gain[k]
    passer = low // 2  # a passer picks late and places one marker fewer
    # first passer becomes overseer: bribes come to him
    first_pass = 1
    for q in range(n):
        if q != me and _asked(st, q) and st[_BID + q] == 0:
            first_pass = 0
    pass_value = passer + 4 * _OVERSEER_VALUE[level] * first_pass
    worth = (top - pass_value) * _BID_SHARE[level] // 16  # quarters -> escudos, times share
    if level == 2:
        worth += _late_money_bonus(st)
    if worth > money:
        worth = money
    if worth < 1:
        return 0
    high = 0
    for q in range(n):
        if st[_BID + q] > high:
            high = st[_BID + q]
    b = high + 1 if high < worth else worth
    while b >= 1 and _bid_taken(st, b):
        b -= 1
    return 0x1000 | b if b >= 1 else 0


def _late_money_bonus(st):
    """hard: money is worth less to hold in the last rounds (nothing left to spend it on
    but the score), so picks are bid for a little more."""
    left = _rounds(st[_PLAYERS]) - st[_ROUND]
    return 1 if left <= 2 else 0


def _asked(st, q):
    """Has seat q already acted in this auction?"""
    n = st[_PLAYERS]
    first = (st[6] + 1) % n  # _OLD_OVERSEER = 6: bidding started left of him
    return (q - first) % n < st[_IDX]


def _bid_taken(st, b):
    for q in range(st[_PLAYERS]):
        if st[_BID + q] == b:
            return True
    return False


def _bribe(game, st, me, level):
    """Bribe phase, first step (propose / support / pass) or the offer after it."""
    money = st[_MONEY + me]
    if st[_PEND]:
        s = st[_PEND_SEG]
        gain = _own_gain_of_segment(game, st, me, s) // 4
        offer = _offer(st, me, s, gain, level)
        return 0x1000 | offer
    if money == 0:
        return 0
    n = game.legal_into(st, _legal)
    best = 0
    a = 0
    for i in range(1, n):
        s = _legal[i] & 0xFFF
        g = _own_gain_of_segment(game, st, me, s)
        if level == 0:
            g += search.below(8)
        if g > best:
            best = g
            a = _legal[i]
    if best < 8:  # under two escudos of benefit: not worth a bribe
        return 0
    return a


def _offer(st, me, s, gain, level):
    money = st[_MONEY + me]
    if level == 0:
        return 1
    n = st[_PLAYERS]
    mine = 0  # the proposal's total so far (when supporting)
    rival = 0
    for q in range(n):
        seg = st[_OFFER_SEG + q]
        if seg == _NONE:
            continue
        t = st[_OFFER_AMT + q]
        if seg == s:
            mine += t
        else:
            rival += t  # a rough bound of the best competing total
    want = gain // 2
    need = rival + 1 - mine
    if need > want and need <= gain - 1:
        want = need
    if want < 1:
        want = 1
    if want > money:
        want = money
    return want


def _extra(game, st, me, level, n):
    rl = _rounds(st[_PLAYERS]) - st[_ROUND]
    keep = 4 * _KEEP_EXTRA * rl // _rounds(st[_PLAYERS])
    keep = keep * 2 * (st[_PLAYERS] - 1)  # in _value's units
    return _best_applied(game, st, me, level, n, keep)


def choose(game, obs, me, level, seed):
    search.start(BUDGETS[level], seed)
    n = game.legal_into(obs, _legal)
    if n == 1:
        return _legal[0]
    ph = obs[_PHASE]
    if ph == _AUCTION:
        return _bid(game, obs, me, level)
    if ph == _BRIBE:
        return _bribe(game, obs, me, level)
    if ph == _EXTRA_PH:
        return _extra(game, obs, me, level, n)
    return _best_applied(game, obs, me, level, n, 0)


def reason(game, obs, me, action):
    """One line on why, e.g. '+12 points: places a 2-marker bean next to its beans'."""
    search.start(BUDGETS[1], 0)
    _worths(game, obs)
    before = _w[me]
    _st[:] = obs
    game.apply(_st, action)
    _worths(game, _st)
    d = (_w[me] - before) // 4
    what = game.describe(obs, action)
    if what.startswith("seat "):  # drop "seat N": the hint is for that seat
        what = what[what.find(" ", 5) + 1:]
    if d:
        return "%+d expected escudos: %s" % (d, what)
    return what
