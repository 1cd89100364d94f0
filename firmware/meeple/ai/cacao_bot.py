"""Cacao bots (levels 0 easy, 1 normal, 2 hard); called through meeple.ai.choose / hint.

How they decide
- A placement gets a *quick score* without touching the state: per side of the tile, what the
  jungle tile it faces pays (cacao, market sales, gold, water steps, sun, temple workers), plus a
  small potential for sides facing empty cells while jungle tiles remain to be placed.
- easy: the quick score plus noise; small decisions (fill, resolve) by the bot's own gain.
- normal: the best placements by quick score are played on a scratch copy to the end of the turn
  (every fill / resolve choice of the bot searched exhaustively, other seats sell all they can),
  and the end position is valued by `_value` (the bot's worth against its rivals'). A stored
  cacao counts 3 quarter gold (nothing after the seat's last turn): less than any market pays,
  so a sale for gold now beats keeping cacao for a sale that may never come (at 7, normal
  hoarded, and `greedy`, which takes the most gold each turn, won as often as normal).
- hard: normal's ranking (of fewer placements), then its best three candidates are played on
  two determinizations of the hidden hands and pile (the second only when a whole round of them
  fits in what is left of the budget) through the next turn of every other seat, each replying
  with a lighter normal (its best placements by quick score played out, fewer of them the more
  seats there are). With 4 players, replies of only the next two seats (the third seat's turn
  unplayed) won 34 % of 800 games against three normals; the whole round, same budget, 38 %.
  Hard also values the water track ahead, for every seat: a field counts more than its track
  value, by _HARD_WATER/4 times its gap to the track's concave hull (each step about
  2.8 gold, as for a carrier that keeps climbing) at the start, fading to nothing on the last
  turn; so early on the middle steps count about 4 gold each. Without it the bots took water only
  for the next field's gain, while the water track is what most separates winners from losers
  in 4-player games of normal bots (final water: winners +9 gold on average, last places +2).
  With 2 players hard weighs normal's ranking of a candidate (which searches its own choices
  further) as much as a re-deal, twice what it did (_HARD_W): against normal 64.0 % of 2,000
  games, 62.3 % before on the same deals (issue 26).

The bot reads the state bytes directly for speed. The offsets below mirror the layout table of
meeple.core.cacao (layout version 1; a CPython test checks them against the core), because the
core's underscore consts are compiled away on MicroPython. Cells are looked up with the core's
own `_ref` (a function, so it exists on both runtimes).

Memory: every buffer is allocated once (at import, or the deeper scratch states when a search
first reaches them: about 12-17 KB on a Pico); a decision allocates only what `observe` returns
(one state copy per determinization).

On the release firmware the hottest functions here run as machine code (tools/release/firmware.py
NATIVE_FUNCTIONS lists them by name: rename one there too; the build stops on a stale name).
"""
try:
    from micropython import const  # type: ignore[assignment]  # the CPython stand-in below differs
except ImportError:
    def const(x):  # CPython stand-in for micropython.const
        return x

from array import array

from meeple.ai import search

# ---- mirror of meeple.core.cacao's state layout (version 1) ---------------------------------
_NP = const(1)
_PHASE = const(5)
_TOMOVE = const(6)
_DISP = const(11)
_PTOP = const(13)
_PEND = const(14)
_JN = const(41)
_JUN = const(42)
_WN = const(126)
_HASH = const(271)
_WRK = const(127)
_SEATS = const(655)
_SEAT_LEN = const(24)
_CACAO = const(2)
_SUN = const(3)
_WATER = const(4)
_HANDN = const(5)
_WTOP = const(9)
_WEND = const(10)
_SIZE = const(826)
_PLACE = const(0)
_RESOLVE = const(2)
_OVER = const(3)
_OVERBUILD_BASE = const(1792)
_RESOLVE_BASE = const(2432)
_MAX_ACTIONS = const(1920)
_DK = (1, 256, -1, -256)
_PAT = b"\x01\x01\x01\x01\x02\x01\x00\x01\x03\x00\x00\x01\x03\x01\x00\x00"
_WATER_VALUES = (-10, -4, -1, 0, 2, 4, 7, 11, 16)
# hard: the water track's upper concave hull, in quarter gold (a carrier that keeps climbing
# is worth about 2.8 gold a step from field 2 on, not the 1-2 gold of the next field alone)
_WATER_HULL = (-40, -16, -4, 7, 19, 30, 41, 53, 64)

# jungle types (1..10): P1 P2 M2 M3 M4 G1 G2 W S T
_P1 = const(1)
_P2 = const(2)
_M2 = const(3)
_M3 = const(4)
_M4 = const(5)
_G1 = const(6)
_G2 = const(7)
_W = const(8)
_S = const(9)
_T = const(10)
_WORKER = const(11)  # neighbour code: a worker tile or off the table

# ---- weights, in quarter gold ----------------------------------------------------------------
_POT = const(5)        # a worker facing an empty cell, at the start (scaled by jungle tiles left)
_TEMPLE_Q = const(5)   # quick score: a worker facing a temple
_CACAO_Q = const(3)    # a cacao in storage while turns remain (sold at 2-4 gold, but only with a
#                        market placement to spare: 7 here let greedy gold-takers match normal)
_NOISE = (12, 0, 0)    # quick-score noise per level (easy plays a little loosely)
_BREADTH = (0, 24, 16)  # placements played out per level (easy plays none out)
_HARD_K = const(3)     # hard: candidates checked against replies
_HARD_D = const(2)     # hard: determinizations per candidate
_HARD_REPLY = (0, 0, 10, 5, 4)  # hard: placements played out per reply, by players
# hard: weight (16ths per determinization) of the reply-free value (normal's ranking, which searches
# its own choices further), by players; with 2 players 8 (was 4) won 1.6 points more of 2,000
# games against normal (paired on the same deals: +0.3 to +2.9). A stored cacao at 5 quarters
# for 2-player hard added 2.3 more (within the noise) but kept cacao rather than sell 3 for 6 gold
_HARD_W = (0, 0, 8, 4, 4)
_DEPTH = const(10)     # scratch states: root copy + nested own decisions
# operations per decision and level, calibrated on the emulated Pico (tools/bench/ai --pico):
# about 2.5-3 ms an operation there; before: (200, 800, 2600), up to 22 s for hard
# normal 250 (was 300): selling more, normal met costlier late 4-player positions (3.9 ms an
# operation, 1.04 s at 288 operations)
BUDGETS = (200, 250, 750)  # hard: see _HARD_BUDGET (950 with 2 players)
# hard by players (an operation costs less with 2 players): a cap. Every search of a hard
# decision stops where the budget ends, less _HARD_SPARE for the step that runs past it (a turn
# played out greedily, a value): over tens of thousands of self-play decisions the most was 5
# past that mark. Before (issue 26), 2-player hard's ranking could run 600 past the budget and
# its first round of re-deals always ran: now and then 1,000-2,000 operations, 4-5 s on a Pico.
_HARD_BUDGET = (0, 0, 950, 750, 750)
_HARD_SPARE = const(24)
# hard: operations set aside before the ranking for the first round of re-deals, by players
# (with 4 players a round of replies, all three other seats, costs up to about 450 operations)
_HARD_RANK = (0, 0, 250, 300, 450)
# hard: a second re-deal is played only when what is left is this many quarters of what the first
# cost, by players (with 4 players the second cost up to 26 % more than the first: 815
# operations, 2.7 s on the emulated Pico, when it had only to fit the first's cost)
_HARD_AGAIN = (0, 0, 4, 4, 5)
# hard: a candidate's round of a re-deal is played only while what is left covers the costliest
# candidate's round so far (at first this many); a round cut short is dropped whole
_HARD_MIN = const(40)
_tight = [0]          # hard with 3-4 players: its own turn's search stops at its cap too

# hard: stored cacao by its count, in quarter gold, while two or more turns remain (each more
# cacao counts less: storage holds 5 and markets sell only as many as workers face them) and with
# one turn left; normal counts _CACAO_Q each. Against normal (2,000 games, same deals): 71.4 %
# with (0, 6, 11, 15, 18, 20), 65.4 % with 5 each, 64.1 % with 3 each; with the temple discount
# below, (0, 6, 10, 13, 15, 16) won 77.0 % and (0, 6, 11, 15, 18, 20) 76.7 %, but only the first
# sells 3 cacao for 6 gold rather than 2 for 4 in test_ai_cacao_value
_HARD_CQ = (0, 0, 1, 1, 1)  # by players
_HARD_CACAO = (0, 6, 10, 13, 15, 16)
_HARD_CACAO_LAST = (0, 4, 6, 6, 6, 6)
# hard: a temple point counts 4 quarters less this many quarters times the share of the seat's
# turns still to come (a majority now may be lost: fitted to self-play outcomes, a temple point
# mid-game was worth 0.5-0.7 gold of the final score). 2 players, against normal: 0: 71.4 %,
# 2: 76.2 %, 3: 76.7 %, 4: 75.3 % (2,000 games each, same deals)
_HARD_TQ = (0, 0, 3, 3, 3)
_HARD_POT = const(5)  # hard: _POT (8 lost 3.4 points against normal)
_HARD_WATER = const(8)  # hard: water gap to the hull counted at the start, in quarters (fades out)
_BIG = -(1 << 29)

# ---- scratch (allocated once) ----------------------------------------------------------------
_legal = array("H", bytes(2 * _MAX_ACTIONS))
_quick = array("h", bytes(2 * _MAX_ACTIONS))
# scratch states and small legal lists (fill, resolve: < 64) per search depth; made as deep as
# a decision first needs (`_need`: games rarely go past depth 5 of _DEPTH), then kept
_st = [bytearray(_SIZE), bytearray(_SIZE)]
_sub = [array("H", bytes(128)), array("H", bytes(128))]
_det = bytearray(_SIZE)
_idx = array("H", bytes(128))
_cand = array("H", bytes(128))
_cval = array("i", bytes(256))
_short = array("H", bytes(32))   # hard: the shortlist, its totals and one round's values
_total = array("i", bytes(64))
_part = array("i", bytes(64))
_nb = bytearray(4)     # neighbour codes of the cell being scored
_w = [0, 0, 0, 0]      # worth per seat
_tp = [0, 0, 0, 0]     # temple points per seat
_ctx = [0, 0, 0, 0, 0, 0, 0]  # quick-score context: cacao, water, sun, potential, (unused), seat,
#                                turns left after this one
_mode = [0, 1]         # water optimism (hard: _HARD_WATER, else 0), 4 * turns per seat
_hmode = [0, 0]        # hard: stored cacao by _HARD_CACAO (else _CACAO_Q each), temple discount
_cap = [0]             # _settle searches its own choices only while search.used() < _cap[0]


def _need(d):
    """Scratch state and legal list for depth d exist (d < _DEPTH)."""
    while len(_st) <= d:
        _st.append(bytearray(_SIZE))
        _sub.append(array("H", bytes(128)))


def _gold(st, s):
    o = _SEATS + s * _SEAT_LEN
    return st[o] | (st[o + 1] << 8)


def _turns_left(st, s):
    o = _SEATS + s * _SEAT_LEN
    return st[o + _HANDN] + st[o + _WEND] - st[o + _WTOP]


def _jungle_left(st):
    return (1 if st[_DISP] else 0) + (1 if st[_DISP + 1] else 0) + st[_PEND] - st[_PTOP]


def _cacao_value(turns):
    return _CACAO_Q if turns > 0 else 0


def _cacao4(c, tl):
    """c stored cacao's worth in quarter gold with `tl` turns left: normal _CACAO_Q each while a
    turn remains; hard by its table (each more one counts less), nothing after the last turn."""
    if tl <= 0:
        return 0
    if _hmode[0]:
        return _HARD_CACAO[c] if tl > 1 else _HARD_CACAO_LAST[c]
    return c * _CACAO_Q


def _pot_per_worker(st):
    return (_HARD_POT if _hmode[0] else _POT) * _jungle_left(st) // (19 if st[_NP] == 2 else 26)


def _temples(game, st):
    """Temple points per seat into _tp (C23, C24, A10), without allocating."""
    ref = game._ref
    for s in range(4):
        _tp[s] = 0
    for j in range(st[_JN]):
        o = _JUN + j * 3
        if st[o + 2] != _T:
            continue
        key = (st[o] << 8) | st[o + 1]
        c0 = c1 = c2 = c3 = 0
        for d in range(4):
            r = ref(st, key + _DK[d])
            if r >= 64:
                top = st[_WRK + (r - 64) * 4 + 2]
                n = _PAT[((top >> 4) & 3) * 4 + ((d + 2 - (top >> 2)) & 3)]
                s = top >> 6
                if s == 0:
                    c0 += n
                elif s == 1:
                    c1 += n
                elif s == 2:
                    c2 += n
                else:
                    c3 += n
        first = c0
        if c1 > first:
            first = c1
        if c2 > first:
            first = c2
        if c3 > first:
            first = c3
        if first == 0:
            continue
        nf = (c0 == first) + (c1 == first) + (c2 == first) + (c3 == first)
        if nf > 1:
            share = 6 // nf
            _tp[0] += share if c0 == first else 0
            _tp[1] += share if c1 == first else 0
            _tp[2] += share if c2 == first else 0
            _tp[3] += share if c3 == first else 0
            continue
        second = 0  # the largest count below first (no tuple: nothing allocated)
        if second < c0 < first:
            second = c0
        if second < c1 < first:
            second = c1
        if second < c2 < first:
            second = c2
        if second < c3 < first:
            second = c3
        if second:
            share = 3 // ((c0 == second) + (c1 == second) + (c2 == second) + (c3 == second))
        else:
            share = 0
        _tp[0] += 6 if c0 == first else (share if c0 == second else 0)
        _tp[1] += 6 if c1 == first else (share if c1 == second else 0)
        _tp[2] += 6 if c2 == first else (share if c2 == second else 0)
        _tp[3] += 6 if c3 == first else (share if c3 == second else 0)


def _worths(game, st):
    """Each seat's worth into _w, in quarter gold: the score if the game ended now, cacao in
    storage while it can still be sold, and sides facing empty cells while jungle remains."""
    n = st[_NP]
    _temples(game, st)
    for s in range(n):
        o = _SEATS + s * _SEAT_LEN
        tl = _turns_left(st, s)
        _w[s] = (4 * (_gold(st, s) + _tp[s] + st[o + _SUN]) + _water4(st[o + _WATER], tl)
                 - _tp[s] * tl * _hmode[1] * 4 // _mode[1]
                 + _cacao4(st[o + _CACAO], tl))
    pw = _pot_per_worker(st)
    if pw == 0:
        return
    # worker sides facing an empty cell: the core's _ref probe inlined (the bots' hottest loop)
    dk = _DK
    pat = _PAT
    w_ = _w
    for w in range(st[_WN]):
        o = _WRK + w * 4
        top = st[o + 2]
        key = (st[o] << 8) | st[o + 1]
        base = ((top >> 4) & 3) * 4
        rot = top >> 2
        for d in range(4):
            k = pat[base + ((d - rot) & 3)]
            if not k:
                continue
            c = key + dk[d]
            x = c >> 8
            y = c & 0xFF
            i = ((x * 37) ^ (y * 91)) & 127
            while True:
                h = _HASH + i * 3
                v = st[h]
                if v == 0:
                    w_[top >> 6] += k * pw  # empty
                    break
                if v == x and st[h + 1] == y:
                    break
                i = (i + 1) & 127


def _water4(f, tl):
    """A water field's worth in quarter gold with `tl` turns left: the track value, and for hard
    part of the way up to the concave hull while turns remain to climb further."""
    v = 4 * _WATER_VALUES[f]
    if _mode[0] and tl > 0:
        v += (_WATER_HULL[f] - v) * tl * _mode[0] // _mode[1]
    return v


def _value(game, st, me):
    """How good the position is for `me`: its worth against the mean of the best rival's and
    the average rival's (in a 2-player game simply the difference)."""
    search.spend(1)
    _worths(game, st)
    n = st[_NP]
    best = _BIG
    total = 0
    for s in range(n):
        if s != me:
            total += _w[s]
            if _w[s] > best:
                best = _w[s]
    return 2 * (n - 1) * _w[me] - (n - 1) * best - total


def _own_gain(st, me):
    """easy's view of a small decision: gold plus stored cacao."""
    o = _SEATS + me * _SEAT_LEN
    return 4 * _gold(st, me) + _CACAO_Q * st[o + _CACAO]


# ---- quick score of placements ------------------------------------------------------------------
def _set_context(st, me):
    o = _SEATS + me * _SEAT_LEN
    _ctx[0] = st[o + _CACAO]
    _ctx[1] = st[o + _WATER]
    _ctx[2] = st[o + _SUN]
    _ctx[3] = _pot_per_worker(st)
    _ctx[5] = me
    _ctx[6] = _turns_left(st, me) - 1


def _scan_cell(game, st, key):
    """Neighbour codes of a cell into _nb: jungle type, 0 empty, _WORKER otherwise."""
    ref = game._ref
    for d in range(4):
        r = ref(st, key + _DK[d])
        if r < 0:
            _nb[d] = 0
        elif r < 64:
            _nb[d] = st[_JUN + r * 3 + 2]
        else:
            _nb[d] = _WORKER


def _quick_tile(pat, rot):
    """Quarter-gold value of a tile of pattern/rot on the cell scanned into _nb."""
    harvest = gold = water = sun = temple = empty = 0
    m2 = m3 = m4 = 0
    for e in range(4):
        n = _PAT[pat * 4 + ((e - rot) & 3)]
        if n == 0:
            continue
        t = _nb[e]
        if t == 0:
            empty += n
        elif t == _P1:
            harvest += n
        elif t == _P2:
            harvest += 2 * n
        elif t == _M2:
            m2 += n
        elif t == _M3:
            m3 += n
        elif t == _M4:
            m4 += n
        elif t == _G1:
            gold += n
        elif t == _G2:
            gold += 2 * n
        elif t == _W:
            water += n
        elif t == _S:
            sun += n
        elif t == _T:
            temple += n
    cacao = _ctx[0]
    avail = cacao + harvest
    if avail > 5:
        avail = 5
    sold = m4 if m4 < avail else avail
    gold += 4 * sold
    avail -= sold
    sold = m3 if m3 < avail else avail
    gold += 3 * sold
    avail -= sold
    sold = m2 if m2 < avail else avail
    gold += 2 * sold
    avail -= sold
    wf = _ctx[1] + water
    if wf > 8:
        wf = 8
    if sun > 3 - _ctx[2]:
        sun = 3 - _ctx[2]
    return (4 * (gold + sun) + _water4(wf, _ctx[6]) - _water4(_ctx[1], _ctx[6] + 1)
            + _cacao4(avail, _ctx[6]) - _cacao4(cacao, _ctx[6]) + temple * _TEMPLE_Q + empty * _ctx[3])


def _quick_all(game, st, n, noise):
    """Quick scores of the n placements in _legal into _quick."""
    last = -1
    for i in range(n):
        a = _legal[i]
        cell = a >> 4
        if cell != last:
            last = cell
            if a < _OVERBUILD_BASE:
                o = _JUN + (a >> 6) * 3
                key = ((st[o] << 8) | st[o + 1]) + _DK[(a >> 4) & 3]
            else:
                o = _WRK + ((a - _OVERBUILD_BASE) >> 4) * 4
                key = (st[o] << 8) | st[o + 1]
            _scan_cell(game, st, key)
        v = _quick_tile((a >> 2) & 3, a & 3)
        if a >= _OVERBUILD_BASE:
            v -= 4  # the sun token paid
        if noise:
            v += search.below(noise)
        _quick[i] = v
    search.spend(n // 8 + 1)


# ---- playing out a turn on scratch copies ----------------------------------------------------------
def _greedy(buf, n):
    """Default for a seat not searched: sell as many cacao as allowed (the first such action)."""
    best = 0
    for i in range(1, n):
        if (buf[i] & 3) > (buf[best] & 3):
            best = i
    return buf[best]


def _cap_in(n):
    """_settle's cap n operations on, or where the decision's budget ends if that is sooner."""
    left = search.left()
    _cap[0] = search.used() + (n if n < left else left)


def _settle(game, d, me):
    """Value for `me` of _st[d] once the current turn is over: me searching its own choices,
    other seats selling greedily. Changes _st[d]."""
    st = _st[d]
    while st[_PHASE] != _PLACE and st[_PHASE] != _OVER:
        buf = _sub[d]
        n = game.legal_into(st, buf)
        if st[_TOMOVE] != me or n == 1 or d + 1 >= _DEPTH or search.used() >= _cap[0]:
            game.apply(st, buf[0] if n == 1 else _greedy(buf, n))
            search.spend(1)
            continue
        best = _BIG
        _need(d + 1)
        child = _st[d + 1]
        for i in range(n):
            if i and search.used() >= _cap[0]:
                break  # out of operations for this line: the choices seen so far decide
            child[:] = st
            game.apply(child, buf[i])
            search.spend(1)
            v = _settle(game, d + 1, me)
            if v > best:
                best = v
        return best
    return _value(game, st, me)


def _play_turn(game, d, me):
    """Play _st[d] in place to the end of the turn, `me` taking its best choices."""
    st = _st[d]
    while st[_PHASE] != _PLACE and st[_PHASE] != _OVER:
        buf = _sub[d]
        n = game.legal_into(st, buf)
        a = buf[0]
        if st[_TOMOVE] != me or search.left() <= 0:
            a = _greedy(buf, n)  # (hard out of operations: sells what it can)
        elif n > 1:
            best = _BIG
            _need(d + 1)
            child = _st[d + 1]
            for i in range(n):
                if i and (_tight[0] and search.used() >= _cap[0] or search.left() <= 0):
                    break  # out of operations for this turn: the choices seen so far decide
                child[:] = st
                game.apply(child, buf[i])
                search.spend(1)
                v = _settle(game, d + 1, me)
                if v > best:
                    best = v
                    a = buf[i]
        game.apply(st, a)
        search.spend(1)


def _rank_places(game, st, me, breadth, d, share):
    """Play out the `breadth` best placements (by quick score) into _cand/_cval; return how
    many. Each may search its own fill / resolve choices for `share` operations, or (share 0) for
    an even part of what is left of the budget, and the ranking stops when the budget is spent.
    Uses _st[d] and deeper."""
    n = game.legal_into(st, _legal)
    _set_context(st, me)
    _quick_all(game, st, n, 0)
    k = search.top_k(_quick, n, breadth, _idx)
    m = 0
    for c in range(k):
        if c and search.left() <= 0:
            break  # the decision's budget is spent (hard's replies too)
        if share:
            _cap_in(share)
        else:
            _cap[0] = search.used() + search.left() // (k - c)
        a = _legal[_idx[c]]
        _st[d][:] = st
        game.apply(_st[d], a)
        search.spend(1)
        _cand[m] = a
        _cval[m] = _settle(game, d, me) * 8 + _quick[_idx[c]] // 8  # quick score breaks ties
        m += 1
    return m


def _best_place(game, st, me, level, d):
    if level == 0:
        n = game.legal_into(st, _legal)
        _set_context(st, me)
        _quick_all(game, st, n, _NOISE[0])
        search.top_k(_quick, n, 1, _idx)
        return _legal[_idx[0]]
    m = _rank_places(game, st, me, _BREADTH[level], d, 0)
    search.top_k(_cval, m, 1, _idx)
    return _cand[_idx[0]]


def _hard_place(game, obs, me, seed):
    """normal's ranking, then the best _HARD_K candidates played on determinizations to the
    end of the round (every other seat replying the way a lighter normal would)."""
    n = obs[_NP]
    keep = _HARD_RANK[n]
    search.spend(keep)  # keep this much for the first round of re-deals
    m = _rank_places(game, obs, me, _BREADTH[2], 0, 0)
    search.spend(-keep)
    k = search.top_k(_cval, m, _HARD_K, _idx)
    if k < 2:
        return _cand[_idx[0]]
    # keep the shortlist: _cand/_cval are reused when ranking the replies
    short = _short
    total = _total
    for c in range(k):
        short[c] = _cand[_idx[c]]
        total[c] = _cval[_idx[c]] // 8 * _HARD_D * _HARD_W[n] // 16  # the reply-free value counts a little
    # replies as broad as the budget left allows (about 24 operations a reply placement)
    nrep = search.left() // (k * (n - 1) * 24)
    if nrep > _HARD_REPLY[n]:
        nrep = _HARD_REPLY[n]
    if nrep < 2:
        nrep = 2
    spent = search.used()
    most = _HARD_MIN
    for dd in range(_HARD_D):
        if dd and 4 * search.left() < spent * _HARD_AGAIN[n]:
            break  # only whole rounds count (every candidate meets the same determinizations),
            #        and only one that fits in what is left: the budget bounds the time
        _det[:] = game.observe(obs, me, search.seed_from(seed, dd))
        search.spend(3)  # a re-deal costs about three operations' time on a Pico
        for c in range(k):
            if search.left() < most:
                break  # no room for this candidate's round: the round is dropped
            st = _st[0]
            u = search.used()
            st[:] = _det
            game.apply(st, short[c])
            search.spend(1)
            _cap_in(16)
            _play_turn(game, 0, me)
            for _ in range(n - 1):  # every other seat's next turn
                opp = st[_TOMOVE]
                if st[_PHASE] != _PLACE or opp == me or opp == 255:
                    break
                mm = _rank_places(game, st, opp, nrep, 1, 4)
                search.top_k(_cval, mm, 1, _idx)
                game.apply(st, _cand[_idx[0]])
                search.spend(1)
                _cap_in(16)
                _play_turn(game, 0, opp)
            _part[c] = _value(game, st, me)
            u = search.used() - u
            if u > most:
                most = u  # the costliest candidate's round so far
        else:
            for c in range(k):
                total[c] += _part[c]
            if dd == 0:
                spent = search.used() - spent  # what one round of determinization costs
            continue
        break
    best = 0
    for c in range(1, k):
        if total[c] > total[best]:
            best = c
    return short[best]


def _best_small(game, st, me, level):
    """A fill or resolve decision: easy by its own gain after the step, else searched to the
    end of the turn."""
    n = game.legal_into(st, _legal)
    best = _BIG
    a = _legal[0]
    for i in range(n):
        if i and level == 2 and search.left() <= 0:
            break  # hard: out of operations, the choices seen so far decide
        c = _st[0]
        c[:] = st
        game.apply(c, _legal[i])
        search.spend(1)
        v = _own_gain(c, me) if level == 0 else _settle(game, 0, me)
        if v > best:
            best = v
            a = _legal[i]
    return a


def choose(game, obs, me, level, seed):
    """The action for seat `me` on its observation `obs` (level 0 easy, 1 normal, 2 hard)."""
    limit = _HARD_BUDGET[obs[_NP]] - _HARD_SPARE if level == 2 else BUDGETS[level]
    search.start(limit, seed)
    _cap[0] = limit
    _mode[0] = _HARD_WATER if level == 2 else 0
    _hmode[0] = _HARD_CQ[obs[_NP]] if level == 2 else 0
    _hmode[1] = _HARD_TQ[obs[_NP]] if level == 2 else 0
    _mode[1] = 4 * (13 - obs[_NP] if obs[_NP] > 2 else 11)
    _tight[0] = 1 if level == 2 and obs[_NP] > 2 else 0
    n = game.legal_into(obs, _legal)
    if n == 1:
        return _legal[0]
    if obs[_PHASE] != _PLACE:
        return _best_small(game, obs, me, level)
    if level == 2:
        return _hard_place(game, obs, me, seed)
    return _best_place(game, obs, me, level, 0)


# ---- hint text -------------------------------------------------------------------------------
def reason(game, obs, me, action):
    """One line on what `action` brings `me` this turn, e.g. '+6 gold: Red sells 2 cacao ...'."""
    search.start(BUDGETS[1], 0)
    _cap[0] = BUDGETS[1]
    _mode[0] = 0
    _hmode[0] = 0
    _hmode[1] = 0
    _tight[0] = 0
    st = _st[0]
    st[:] = obs
    game.apply(st, action)
    _play_turn(game, 0, me)
    o = _SEATS + me * _SEAT_LEN
    _temples(game, obs)
    t0 = _tp[me]
    _temples(game, st)
    parts = []
    dg = _gold(st, me) - _gold(obs, me)
    if dg:
        parts.append("%+d gold" % dg)
    dc = st[o + _CACAO] - obs[o + _CACAO]
    if dc:
        parts.append("%+d cacao" % dc)
    ds = st[o + _SUN] - obs[o + _SUN]
    if ds:
        parts.append("%+d sun" % ds)
    if st[o + _WATER] != obs[o + _WATER]:
        parts.append("water %d -> %d" % (_WATER_VALUES[obs[o + _WATER]], _WATER_VALUES[st[o + _WATER]]))
    if _tp[me] != t0:
        parts.append("temples %+d" % (_tp[me] - t0))
    what = game.describe(obs, action)
    sp = what.find(" ")
    what = what[sp + 1:] if sp > 0 else what  # drop the seat name: the hint is for that seat
    if not parts:
        return "builds for later: " + what
    return ", ".join(parts) + ": " + what
