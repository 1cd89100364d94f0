"""Santiago bots (levels 0 easy, 1 normal, 2 hard); called through meeple.ai.choose / hint.

Everything rests on `_evaluate`: each seat's money plus its field points *as they will probably
end*. Per plot the bot computes how many canals are still missing to water it (a breadth-first
search over the intersections from the spring and the built canals) and from that, the rounds
left and the phase:
  - a survival weight in eighths (a watered plot 8; a dry one less the further it is from the
    network and the fewer canals can still be built; nothing once no canal can come in time),
  - the markers it will probably keep (a dry tile loses one per drought until watered; one that
    runs out of markers before water can arrive turns desert, so its survival is halved).
A field is then worth (expected size) x (expected markers) to each seat with markers on it.
A decision's value is the seat's worth against its rivals' (mean of the best and the average).

- Placement: every (tile, plot) is valued incrementally from the field sums (merging the fields
  of that crop the tile touches), so all 5 x 48 candidates cost little.
- Auction: the bot values each pick position (the expected best tile left for it when the
  seats before it take tiles it does not rank: exact over random subsets), with full markers
  for a bid and one fewer for a pass, plus the overseer's role for the first passer. Each bid
  is scored by the expected position it buys (known higher bids, later seats outbidding with a
  chance that falls with the amount) minus its cost; the best bid or pass is played.
- Bribe: every legal segment is valued by building it on a copy (as after the overseer's
  build); each choice, a pass too, is valued by the canal the overseer (modelled as normal)
  then builds, accepting a proposal or building his own, and its backers' payments; an offer
  is the least the overseer takes, at most all the canal is worth to the bot.
- Overseer and extra canal: each legal choice is applied and valued; the extra canal is kept
  while its option value (shrinking with the rounds left) is higher than its use now.
- easy: own worth only, with noise; small random bids; offers of 1.
- hard: normal's evaluation plus a search. Candidates: for a bid, normal's bid, a pass and
  one more than the highest bid so far (2 above normal's when normal's already tops it); for
  a placement, normal's choice and the next two by value; for a bribe, normal's choice and a
  pass. Each is played on the same determinization (`observe` with a
  seed derived from the bot's seed: hidden stacks and rivals' money re-dealt), every seat
  answering like normal: from an auction through the placements, the bribes and the
  overseer's canal, short of the extra canals (a Pico has not the time to play them for every
  seat; but the last bidder's bid ends the auction, so its playouts run to the end of the
  round; through the overseer's canal: with 5 seats hard beat four normals 36.5 % -> over 50 %,
  with 3 seats two normals 77.6 % -> 84.0 %, where it had stopped after the placements; with
  5 seats the drought follows, every seat keeping its extra canal), from a placement or a
  bribe to the end of the round, valued after the drought (or the final scoring); the best
  value wins. One determinization (before: two, which agreed on nearly
  every decision). Other decisions are normal's.

Budgets (core operations: one `_evaluate` or one `apply`-and-value counts 1, sixteen
incremental placement values count 1): tools/bench/ai measures them in seconds.

Kept within one decision (the same moves as recomputing, tests/ai/test_ai_santiago_cache.py): each
seat's pick values while only the bids of an auction change (hard replays the same auction for
every candidate), and the worths (less money, added back) of a state with a canal per segment
slot while only offers and money change (every seat of a bribe phase, the overseer's accept or
build and the extra canals value the same canals).

State offsets mirror meeple.core.santiago's layout (version 1; a CPython test checks them),
because the core's underscore consts are compiled away on MicroPython. All buffers are made at
import; a decision allocates only what `observe` returns.

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

# ---- mirror of meeple.core.santiago's state layout (version 1) ----------------------------
_PLAYERS = const(1)
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
_SIZE = const(229)
_MAX_ACTIONS = const(256)
_AUCTION = const(0)
_PLACEMENT = const(1)
_BRIBE = const(2)
_OVERSEER_PH = const(3)
_EXTRA_PH = const(4)
_OVER = const(5)
_NSEG = const(31)
_NPLOT = const(48)
_DESERT = const(0x10)
_PALM = const(0x20)
_NONE = const(0xFF)

# ---- weights ---------------------------------------------------------------------------------
# survival (eighths) of a dry plot by canals missing (1..4); halved when only as many builds
# remain as canals are missing, nothing when fewer
_SURV = (8, 7, 4, 2, 1)
_OVERSEER_VALUE = (2, 3, 3)   # escudos the first passer expects from the overseer's role
_NOISE = (40, 0, 0)           # easy's noise, in value units per escudo-equivalent / 4
_KEEP_EXTRA = (4, 8, 8)       # escudos: holding the extra canal at the start of the game (the
#                               last to hold one answers every rival's canal: 2 spent it early)
# chance (eighths) that a seat still to bid outbids a bid of b (index b, capped)
_OUTBID = (8, 6, 5, 4, 3, 2, 2, 1, 1, 0)
_GROW = const(10)             # a field's room to grow at the start (eighths of a tile per plot)
_GROW_MAX = const(4)          # room plots counted per field
_HARD_K = const(3)            # hard: candidates played out (a fourth with 3 seats beat the
#                               yardstick more often but took 2.3 s on a Pico)
_HARD_D = const(1)            # hard: determinizations per candidate (the playouts end with the
#                               round, whose tiles are all face up: a second re-deal rarely differs)
BUDGETS = (300, 900, 1800)

_BIG = -(1 << 29)

# ---- scratch (allocated once) ----------------------------------------------------------------
_legal = array("H", bytes(2 * _MAX_ACTIONS))
_st = bytearray(_SIZE)
_st2 = bytearray(_SIZE)
_det = bytearray(_SIZE)
_base = bytearray(_SIZE)     # hard: the determinization being played out
_dn = bytearray(20)          # canals missing to reach each intersection
_FAR = bytes([99] * 20)
_queue = bytearray(20)       # _distances: intersections to visit
_pkey = bytearray(b"\xff" * (4 + _NSEG))  # what the last _sv/_ls were made from (see _prep)
_NONES = bytes([_NONE] * _NPLOT)
_ZEROS = bytes(_NPLOT)
_sv = bytearray(_NPLOT)      # survival (eighths) of a tile on each plot
_ls = bytearray(_NPLOT)      # expected marker loss (quarters) of a tile on each plot
_fid = bytearray(_NPLOT)     # field of each plot (0xFF none)
_fr = bytearray(_NPLOT)      # empty plots: 1 + the last field that counted it as room
_ff = bytearray(_NPLOT)      # per field: empty plots next to it (room to grow)
_rem = bytearray(5)          # per crop: tiles not yet on the board (nor removed)
_stack = bytearray(_NPLOT)
_fs = array("i", bytes(4 * _NPLOT))        # per field: sum of survival
_fm = array("i", bytes(4 * 5 * _NPLOT))    # per field and seat: sum of markers x survival
_w = [0, 0, 0, 0, 0]         # worth per seat (quarters)
_w2 = [0, 0, 0, 0, 0]
_pvb = [0, 0, 0, 0]          # _place_value: valid, me, selfish (0/1), _rel of _w (reset with _w)
_tt = [0, 0]                 # survival, markers x survival of one tile (_tile_terms)
_nbf = bytearray(4)          # distinct neighbour fields of a candidate plot
_gain = array("i", bytes(4 * 10))
_pos = array("i", bytes(4 * 6))      # value per pick position (full markers)
_posp = array("i", bytes(4 * 6))     # value per pick position (one marker fewer)
_akey = bytearray(_SIZE)      # _bid: the state less the bids (what its pick values depend on)
_aseen = bytearray(_SIZE)     # ... the one _apos/_aposp were made from
_aok = bytearray(5)          # ... per seat: 1 once its values are in _apos/_aposp
_ZEROS5 = bytes(5)
_apos = array("i", bytes(4 * 30))   # _pos per seat (6 each)
_aposp = array("i", bytes(4 * 30))  # _posp per seat
_ekey = bytearray(_SIZE)      # _value: the bytes of a state its worths depend on
_ekeys = [bytearray(_SIZE) for _ in range(32)]  # ... per slot: the key of the worths kept
_ews = array("i", bytes(4 * 5 * 32))            # ... and the worths
_eok = bytearray(32)                             # ... 1 once kept in this decision
_ZEROS32 = bytes(32)
_ZSTACK = bytes(_SIZE - _STACK)
_cand = array("H", bytes(2 * 8))
_cval = array("i", bytes(4 * 8))
_ctx = [0, 0]                # growth per room plot (eighths), number of fields
_opick = [0] * 7             # _overseer: what the overseer would pick instead of a canal


def _rounds(n):
    return 9 if n == 5 else 11


# ---- evaluation ------------------------------------------------------------------------------
def _distances(game, st):
    """Canals missing to reach each intersection from the network, into _dn: a breadth-first
    search from the network over all segments (one pass, not repeated relaxation)."""
    dn = _dn
    dn[:] = _FAR
    q = _queue
    sa = game._SEG_A
    sb = game._SEG_B
    ns = game._NODE_SEGS
    k = st[_SPRING]
    dn[k] = 0
    q[0] = k
    tail = 1
    for s in range(_NSEG):
        if st[_CANAL + s]:
            k = sa[s]
            if dn[k]:
                dn[k] = 0
                q[tail] = k
                tail += 1
            k = sb[s]
            if dn[k]:
                dn[k] = 0
                q[tail] = k
                tail += 1
    head = 0
    while head < tail:
        a = q[head]
        head += 1
        d = dn[a] + 1
        for j in range(4 * a, 4 * a + 4):
            s = ns[j]
            if s == 0xFF:
                break
            b = sa[s] + sb[s] - a  # the segment's other end
            if dn[b] > d:
                dn[b] = d
                q[tail] = b
                tail += 1


def _prep(game, st):
    """Survival and expected loss of a tile on every plot into _sv, _ls."""
    n = st[_PLAYERS]
    ph = st[_PHASE]
    droughts = _rounds(n) - st[_ROUND]           # ordinary droughts still to come
    builds = droughts + (1 if ph <= _OVERSEER_PH else 0)  # overseer canals still to come
    if ph == _OVER:
        builds = 0
    first = 2 if ph <= _PLACEMENT else (3 if ph <= _OVERSEER_PH else 4)
    for c in range(5):
        _rem[c] = 9
    rm = st[11]  # _REMOVED
    if rm != _NONE:
        _rem[rm >> 1] -= 1
    for p in range(_NPLOT):
        t = st[_TILE + p] & 0x0F
        if t:
            _rem[(t - 1) >> 1] -= 1
    # tiles still to come that may join a field, in eighths of a tile per empty plot next to it
    _ctx[0] = _GROW * droughts // _rounds(n)
    # _sv/_ls depend on the canals, the spring, droughts, builds and first only, which stay put
    # through most of a search (no canal is built while seats bid and place): kept from the
    # last call when those are the same (a third of an evaluation's time on a Pico)
    key = _pkey
    same = key[0] == droughts and key[1] == builds and key[2] == first and key[3] == st[_SPRING]
    if same:
        for s in range(_NSEG):
            if key[4 + s] != st[_CANAL + s]:
                same = False
                break
    if same:
        return
    key[0] = droughts
    key[1] = builds
    key[2] = first
    key[3] = st[_SPRING]
    for s in range(_NSEG):
        key[4 + s] = st[_CANAL + s]
    _distances(game, st)
    sa = game._SEG_A
    sb = game._SEG_B
    ph_ = game._PLOT_H
    pv_ = game._PLOT_V
    dn = _dn
    sv = _sv
    ls = _ls
    surv = _SURV
    for p in range(_NPLOT):
        h = ph_[p]
        v = pv_[p]
        if st[_CANAL + h] or st[_CANAL + v]:
            sv[p] = 8
            ls[p] = 0
            continue
        d = dn[sa[h]]
        if dn[sb[h]] < d:
            d = dn[sb[h]]
        if dn[sa[v]] < d:
            d = dn[sa[v]]
        if dn[sb[v]] < d:
            d = dn[sb[v]]
        d += 1  # canals missing
        if d > 4 or d > builds:
            sv[p] = 0
        elif d == builds:
            sv[p] = surv[d] // 2
        else:
            sv[p] = surv[d]
        if droughts == 0:
            ls[p] = 0
        else:
            loss = first + 4 * (d - 1)
            if loss > 4 * droughts:
                loss = 4 * droughts
            ls[p] = loss


def _tile_terms(p, m, palm):
    """Survival and markers x survival of a tile with m markers on plot p into _tt."""
    s = _sv[p]
    e = 4 * m - _ls[p]
    if e < 0:
        e = 0
        s = s // 2
    elif palm and m:
        e += 4
    _tt[0] = s
    _tt[1] = e * s


def _nb(p, d):
    """Neighbour d (0..3: west, east, north, south) of plot p, or -1 off the board."""
    if d == 0:
        return p - 1 if p & 7 else -1
    if d == 1:
        return p + 1 if p & 7 != 7 else -1
    if d == 2:
        return p - 8 if p >= 8 else -1
    return p + 8 if p < 40 else -1


def _fields(st):
    """Flood-fill the fields; sums into _fs/_fm, worths into _w (quarters).
    The tile terms and the neighbour pushes are inlined and the tables held in locals: this is
    the bots' hottest loop, and calls and global look-ups dominate it on a Pico."""
    n = st[_PLAYERS]
    fid = _fid
    fr = _fr
    fm = _fm
    sv = _sv
    ls = _ls
    stack = _stack
    for q in range(n):
        _w[q] = 4 * st[_MONEY + q]
    fid[:] = _NONES
    fr[:] = _ZEROS
    nf = 0
    for p0 in range(_NPLOT):
        t0 = st[_TILE + p0]
        if fid[p0] != _NONE or not t0 & 0x0F or t0 & _DESERT:
            continue
        crop = ((t0 & 0x0F) - 1) >> 1
        base = nf * 5
        for q in range(5):
            fm[base + q] = 0
        size = 0
        top = 1
        stack[0] = p0
        fid[p0] = nf
        room = 0
        mark = nf + 1
        while top:
            top -= 1
            p = stack[top]
            o = st[_OWN + p]
            # _tile_terms(p, markers, palm), inlined
            m = (o >> 4) & 3
            sp = sv[p]
            e = 4 * m - ls[p]
            if e < 0:
                e = 0
                sp = sp // 2
            elif m and st[_TILE + p] & _PALM:
                e += 4
            size += sp
            if o & 7:
                fm[base + (o & 7) - 1] += e * sp
            x = p & 7
            for d in range(4):  # west, east, north, south (as _nb)
                if d == 0:
                    if x == 0:
                        continue
                    r = p - 1
                elif d == 1:
                    if x == 7:
                        continue
                    r = p + 1
                elif d == 2:
                    if p < 8:
                        continue
                    r = p - 8
                else:
                    if p >= 40:
                        continue
                    r = p + 8
                if fid[r] != _NONE:
                    continue
                t = st[_TILE + r]
                if not t & 0x0F:
                    if fr[r] != mark:  # an empty plot: room to grow, counted once per field
                        fr[r] = mark
                        room += 1
                    continue
                if t & _DESERT or ((t & 0x0F) - 1) >> 1 != crop:
                    continue
                fid[r] = nf
                stack[top] = r
                top += 1
        _ff[nf] = room
        size += _growth(room, crop)
        _fs[nf] = size
        for q in range(n):
            if fm[base + q]:
                _w[q] += size * fm[base + q] // 64
        nf += 1
    _ctx[1] = nf


def _growth(room, crop):
    """Expected tiles (eighths) a field with `room` empty plots next to it still gains."""
    if room > _GROW_MAX:
        room = _GROW_MAX
    r = _rem[crop] >> 1
    if room > r:
        room = r
    return room * _ctx[0]


def _evaluate(game, st):
    search.spend(1)
    _pvb[0] = 0
    _prep(game, st)
    _fields(st)


def _rel(w, me, n, selfish):
    """Value for `me` from worths w: against the best and the average rival."""
    if selfish:
        return 2 * (n - 1) * w[me]
    best = _BIG
    total = 0
    for q in range(n):
        if q != me:
            total += w[q]
            if w[q] > best:
                best = w[q]
    return 2 * (n - 1) * w[me] - (n - 1) * best - total


def _unit(n):
    """Value units per escudo of `me`'s own money."""
    return 8 * (n - 1)


def _value(game, st, me, selfish, slot=-1):
    """Value for `me` of st. With a slot (0..31), the worths are remembered under it with the
    bytes of st they depend on: the bribe, overseer and extra-canal choices of every seat value
    the same few canals on the same board, so each is evaluated once (an evaluation with a new
    canal is the costliest step of a hard search on a Pico)."""
    if slot < 0:
        _evaluate(game, st)
        return _rel(_w, me, st[_PLAYERS], selfish)
    key = _ekey
    key[:] = st
    for i in range(_OVERSEER, _SPRING):  # overseers, progress
        key[i] = 0
    for i in range(_PEND, _REMOVED):     # bribe sub-step
        key[i] = 0
    for i in range(_NREV, _CANAL):       # tiles on offer, PRNG, order, bids, money (added
        key[i] = 0                       # below), supplies, extra canals, offers
    key[_STACK:] = _ZSTACK               # hidden stacks
    n = st[_PLAYERS]
    w = _w
    base = slot * 5
    if _eok[slot] and _ekeys[slot] == key:
        _pvb[0] = 0
        for q in range(n):
            w[q] = _ews[base + q] + 4 * st[_MONEY + q]
    else:
        _evaluate(game, st)
        _ekeys[slot][:] = key
        _eok[slot] = 1
        for q in range(n):
            _ews[base + q] = w[q] - 4 * st[_MONEY + q]
    return _rel(w, me, n, selfish)


def _place_value(st, owner, t, p, m, me, selfish):
    """Value for `me` after a tile code t with m markers for `owner` (-1 neutral) goes on p,
    from the field sums of the last _evaluate (no state is touched). The neighbours, tile
    terms, growth and _rel are inlined and the tables held in locals: the auction and the
    placement call this for every (tile, plot), so calls and global look-ups dominate it on a
    Pico."""
    n = st[_PLAYERS]
    crop = t >> 1
    fid = _fid
    nbf = _nbf
    k = 0
    room = 0
    x = p & 7
    for d in range(4):  # west, east, north, south (as _nb)
        if d == 0:
            if x == 0:
                continue
            r = p - 1
        elif d == 1:
            if x == 7:
                continue
            r = p + 1
        elif d == 2:
            if p < 8:
                continue
            r = p - 8
        else:
            if p >= 40:
                continue
            r = p + 8
        tr = st[_TILE + r] & 0x0F
        if not tr:
            room += 1
            continue
        f = fid[r]
        if f == _NONE or (tr - 1) >> 1 != crop:
            continue
        if k and (nbf[0] == f or (k > 1 and (nbf[1] == f or (k > 2 and nbf[2] == f)))):
            continue
        nbf[k] = f
        k += 1
    # _tile_terms(p, m, palm), inlined
    size = _sv[p]
    e = 4 * m - _ls[p]
    if e < 0:
        e = 0
        size = size // 2
    elif m and st[_TILE + p] & _PALM:
        e += 4
    es = e * size
    # _growth, inlined: room plots counted up to _GROW_MAX and to half the crop's tiles to come
    gcap = _rem[crop] >> 1
    if gcap > _GROW_MAX:
        gcap = _GROW_MAX
    gm = _ctx[0]
    fs = _fs
    ff = _ff
    for j in range(k):
        f = nbf[j]
        rr = ff[f]
        size += fs[f] - (rr if rr < gcap else gcap) * gm
        room += rr - 1
    size += (room if room < gcap else gcap) * gm
    w = _w
    if not k and owner == me:
        # only me's worth changes: the value is the position's own (kept per evaluation) plus
        # 2(n-1) x the tile's worth, exactly what the general path below gives
        b = _pvb
        if not b[0] or b[1] != me or b[2] != selfish:
            b[0] = 1
            b[1] = me
            b[2] = 1 if selfish else 0
            b[3] = _rel(w, me, n, selfish)
        return b[3] + 2 * (n - 1) * (size * es // 64)
    w2 = _w2
    if k:
        fm = _fm
        for q in range(n):
            wq = w[q]
            tot = es if q == owner else 0
            for j in range(k):
                f = nbf[j]
                v = fm[f * 5 + q]
                if v:
                    tot += v
                    wq -= fs[f] * v // 64
            if tot:
                wq += size * tot // 64
            w2[q] = wq
    else:
        for q in range(n):
            w2[q] = w[q]
        if owner >= 0 and es:
            w2[owner] += size * es // 64
    # _rel(_w2, me, n, selfish), inlined
    if selfish:
        return 2 * (n - 1) * w2[me]
    best = _BIG
    total = 0
    for q in range(n):
        if q != me:
            wq = w2[q]
            total += wq
            if wq > best:
                best = wq
    return 2 * (n - 1) * w2[me] - (n - 1) * best - total


# ---- placement -------------------------------------------------------------------------------
def _best_place(game, st, me, level, n_legal):
    """The best PLACE action in _legal[0:n_legal] by incremental value."""
    _evaluate(game, st)
    n = st[_PLAYERS]
    leftover = st[_IDX] >= n
    owner = -1 if leftover else me
    passed = st[_BID + me] == 0
    selfish = level == 0
    noise = _NOISE[level] * _unit(n) // 4
    best = _BIG
    a = _legal[0]
    for i in range(n_legal):
        act = _legal[i]
        pay = act & 0xFFF
        t = pay // 48
        p = pay % 48
        m = 0 if leftover else (t & 1) + 1 - (1 if passed else 0)
        v = _place_value(st, owner, t, p, m, me, selfish)
        if noise:
            v += search.below(noise)
        if v > best:
            best = v
            a = act
    search.spend(n_legal // 16 + 1)
    return a


def _tile_gains(game, st, me, off):
    """Best value gain for `me` per revealed tile (its markers less `off`) into _gain."""
    _evaluate(game, st)
    n = st[_PLAYERS]
    base = _rel(_w, me, n, False)
    nrev = st[_NREV]
    for k in range(nrev):
        t = st[_REV + k]
        m = (t & 1) + 1 - off
        best = _BIG
        for p in range(_NPLOT):
            if st[_TILE + p] & 0x0F:
                continue
            v = _place_value(st, me, t, p, m, me, False)
            if v > best:
                best = v
        _gain[k] = best - base
    search.spend(nrev * 3)
    return nrev


def _sort_gains(nrev):
    for i in range(1, nrev):  # insertion sort, descending
        v = _gain[i]
        j = i
        while j > 0 and _gain[j - 1] < v:
            _gain[j] = _gain[j - 1]
            j -= 1
        _gain[j] = v


def _choose(a, b):
    if b < 0 or b > a:
        return 0
    r = 1
    for i in range(b):
        r = r * (a - i) // (i + 1)
    return r


def _position_values(nrev, n, out):
    """out[k]: expected best gain left for the k-th placer when the k placers before take
    random tiles (the k-th picks the best of a random subset of nrev - k), from sorted _gain."""
    for k in range(n):
        r = nrev - k
        if r <= 0:
            out[k] = 0
            continue
        tot = _choose(nrev, r)
        v = 0
        for i in range(nrev):
            c = _choose(nrev - 1 - i, r - 1)
            if c:
                v += _gain[i] * c
        out[k] = v // tot


def _bid(game, st, me, level):
    """Auction: a bid (AMOUNT action) or pass (0)."""
    money = st[_MONEY + me]
    n = st[_PLAYERS]
    if money == 0:
        return 0
    if level == 0:
        b = search.below(5)
        return 0x1000 | b if b and b <= money and not _bid_taken(st, b) else 0
    u = _unit(n)
    # the pick values depend on the board, the money and the tiles on offer, not on the bids so
    # far: kept per seat while only the bids change (hard's candidates replay the same auction)
    key = _akey
    key[:] = st
    for q in range(_BID, _BID + 5):
        key[q] = 0
    key[_IDX] = 0
    if key != _aseen:
        _aseen[:] = key
        _aok[:] = _ZEROS5
    base = me * 6
    if _aok[me]:
        search.spend(1)
        for k in range(n):
            _pos[k] = _apos[base + k]
            _posp[k] = _aposp[base + k]
    else:
        nrev = _tile_gains(game, st, me, 0)
        _sort_gains(nrev)
        _position_values(nrev, n, _pos)
        _tile_gains(game, st, me, 1)
        _sort_gains(nrev)
        _position_values(nrev, n, _posp)
        for k in range(n):
            _apos[base + k] = _pos[k]
            _aposp[base + k] = _posp[k]
        _aok[me] = 1
    # seats that already acted, passers among them, seats still to bid
    acted = st[_IDX]
    later = n - 1 - acted
    passers = 0
    first = (st[_OLD_OVERSEER] + 1) % n
    for i in range(acted):
        if st[_BID + (first + i) % n] == 0:
            passers += 1
    pp = n - 1 - passers  # a passer places after the bidders and the later passers
    best = _posp[pp] + (_OVERSEER_VALUE[level] * u if passers == 0 else 0)
    choice = 0
    for b in range(1, money + 1):
        if _bid_taken(st, b):
            continue
        above = 0
        for q in range(n):
            if st[_BID + q] > b:
                above += 1
        o = _OUTBID[b if b < 9 else 9]
        pos8 = 8 * above + later * o  # expected position, in eighths
        k = pos8 >> 3
        fr = pos8 & 7
        if k >= n - 1:
            v = _pos[n - 1]
        else:
            v = (_pos[k] * (8 - fr) + _pos[k + 1] * fr) >> 3
        v -= b * u
        if v > best:
            best = v
            choice = b
    return 0x1000 | choice if choice else 0


def _bid_taken(st, b):
    for q in range(st[_PLAYERS]):
        if st[_BID + q] == b:
            return True
    return False


# ---- bribes ----------------------------------------------------------------------------------
def _seg_gain(game, st, me, s, base):
    """Value gain for `me` of a canal on segment s (state otherwise unchanged)."""
    _st2[:] = st
    _st2[_CANAL + s] = 1
    _st2[_PHASE] = _EXTRA_PH  # valued as once built: the overseer's choice then finds it kept
    return _value(game, _st2, me, False, s) - base


def _bribe(game, st, me, level):
    """Bribe phase, first step (propose / support / pass) or the offer after it. easy backs the
    canal worth most to it (with noise) with 1. normal and hard value each choice, a pass too,
    by the canal the overseer then builds (_overseer), and offer the least he takes, at most all
    the canal is worth to them: a pass keeps a canal a rival pays for, and a canal that hurts
    them is answered. Offers of all a canal was worth (less a quarter), made whatever the
    overseer would take, gave a human's flat 3 escudos as many wins as a bot's offers."""
    money = st[_MONEY + me]
    base = _value(game, st, me, level == 0, _NSEG)
    u = _unit(st[_PLAYERS])
    if st[_PEND] and level == 0:
        return 0x1001
    if money == 0:
        return 0
    _st[:] = st
    _st[_PEND] = 0
    n_legal = game.legal_into(_st, _legal)
    if level == 0:
        best = u
        a = 0
        for i in range(1, n_legal):
            g = _seg_gain(game, st, me, _legal[i] & 0xFFF, base) + search.below(8 * u)
            if g > best:
                best = g
                a = _legal[i]
        return a
    for i in range(1, n_legal):  # every canal's worths kept (slot = segment) for _overseer
        _seg_gain(game, st, me, _legal[i] & 0xFFF, base)
    best = _overseer(st, me, n_legal)
    ov = st[_OVERSEER]
    n = st[_PLAYERS]
    w = _w2
    op = _opick
    a = 0
    amt = 1
    for i in range(1, n_legal):
        s = _legal[i] & 0xFFF
        if st[_PEND] and s != st[_PEND_SEG]:
            continue
        o = _seg_gain(game, st, me, s, base) // u  # at most all the canal is worth to it
        if o > money:
            o = money
        others = 0  # the rivals' offers on s
        for q in range(n):
            if st[_OFFER_SEG + q] == s and q != me:
                others += st[_OFFER_AMT + q]
        alt = op[0] if op[1] != s else op[2]  # the overseer's best other proposal, ...
        b = op[3] if op[4] != s else op[5]  # ... other canal of his own (before its cost)
        for k in range(1, o + 1):  # the least the overseer takes
            cost = (others + k if others + k > op[6] else op[6]) + 1
            for q in range(n):
                w[q] = _ews[s * 5 + q] + 4 * st[_MONEY + q]
            for q in range(n):
                if st[_OFFER_SEG + q] == s and q != me:
                    w[q] -= 4 * st[_OFFER_AMT + q]
                    w[ov] += 4 * st[_OFFER_AMT + q]
            w[me] -= 4 * k
            w[ov] += 4 * k
            t = _rel(w, ov, n, False)
            if t > alt and (b == _BIG or st[_MONEY + ov] < cost or t > b - 8 * (n - 1) * cost):
                v = _rel(w, me, n, False)
                if v > best:
                    best = v
                    a = _legal[i]
                    amt = k
                break
    if st[_PEND]:
        return 0x1000 | amt
    return a


def _overseer(st, me, n_legal):
    """Value for `me` of the canal the overseer (as normal) builds if `me` offers nothing, from
    the worths _bribe kept per segment (_legal[1:n_legal]: every canal he may accept or build).
    Accepting, the canal's backers pay him their offers; his own canal costs him the top total
    + 1 (1 when nobody proposed; then he may also build nothing). Into _opick for _bribe's
    offers: his best and second best proposal (value, segment of the best, value), the same for
    his own canals before their cost, and the top total (0 when nobody proposed)."""
    n = st[_PLAYERS]
    ov = st[_OVERSEER]
    w = _w2
    op = _opick
    top = 0
    for q in range(n):
        s = st[_OFFER_SEG + q]
        if s != _NONE and q != me:
            t = 0
            for k in range(n):
                if st[_OFFER_SEG + k] == s and k != me:
                    t += st[_OFFER_AMT + k]
            if t > top:
                top = t
    for i in range(6):
        op[i] = _BIG
    op[1] = op[4] = _NONE
    op[6] = top
    best = _BIG
    v = 0
    if not top:  # nobody proposed: he may build nothing
        for q in range(n):
            w[q] = _ews[_NSEG * 5 + q] + 4 * st[_MONEY + q]
        best = _rel(w, ov, n, False)
        v = _rel(w, me, n, False)
    cost = 8 * (n - 1) * (top + 1)
    for i in range(1, n_legal):
        s = _legal[i] & 0xFFF
        acc = False
        for q in range(n):
            w[q] = _ews[s * 5 + q] + 4 * st[_MONEY + q]
        for q in range(n):
            if st[_OFFER_SEG + q] == s and q != me:
                acc = True
                w[q] -= 4 * st[_OFFER_AMT + q]
                w[ov] += 4 * st[_OFFER_AMT + q]
        t = _rel(w, ov, n, False)
        j = 0 if acc else 3
        if t > op[j]:
            op[j + 2] = op[j]
            op[j] = t
            op[j + 1] = s
        elif t > op[j + 2]:
            op[j + 2] = t
        if not acc:
            if st[_MONEY + ov] <= top:
                continue
            t -= cost
        if t > best:
            best = t
            if not acc:
                w[ov] -= 4 * (top + 1)
            v = _rel(w, me, n, False)
    return v


def _extra(game, st, me, level, n_legal):
    n = st[_PLAYERS]
    h = _rounds(n)
    left = h - st[_ROUND]
    keep = _KEEP_EXTRA[level] * _unit(n) * left // h
    return _best_applied(game, st, me, level, n_legal, keep)


def _best_applied(game, st, me, level, n_legal, keep):
    """Apply each of the actions in _legal to a copy and keep the best by value; actions other
    than PASS pay `keep` (the extra canal's option value)."""
    best = _BIG
    a = _legal[0]
    noise = _NOISE[level] * _unit(st[_PLAYERS]) // 4
    for i in range(n_legal):
        _st[:] = st
        game.apply(_st, _legal[i])
        v = _value(game, _st, me, level == 0, _legal[i] & 31)
        if keep and _legal[i] != 0:
            v -= keep
        if noise:
            v += search.below(noise)
        if v > best:
            best = v
            a = _legal[i]
    return a


# ---- the normal policy (also hard's model of every seat) -------------------------------------
def _normal(game, st, me, level):
    n = game.legal_into(st, _legal)
    if n == 1:
        return _legal[0]
    ph = st[_PHASE]
    if ph == _AUCTION:
        return _bid(game, st, me, level)
    if ph == _PLACEMENT:
        return _best_place(game, st, me, level, n)
    if ph == _BRIBE:
        return _bribe(game, st, me, level)
    if ph == _EXTRA_PH:
        return _extra(game, st, me, level, n)
    return _best_applied(game, st, me, level, n, 0)


# ---- hard: candidates played to the end of the round -----------------------------------------
def _candidates(game, st, me):
    """hard: up to _HARD_K candidate actions for `me` (normal's choice first); how many."""
    a = _normal(game, st, me, 1)
    _cand[0] = a
    k = 1
    ph = st[_PHASE]
    n = st[_PLAYERS]
    if ph == _AUCTION:
        money = st[_MONEY + me]
        b = a & 0xFFF if a else 0
        top = 0
        for q in range(n):
            if st[_BID + q] > top:
                top = st[_BID + q]
        # outbidding the table is a candidate: normal's bid prices the first pick against
        # rivals bidding like normal, and a table that bids higher left hard the worst tiles
        # (5 seats, 20 games against a 5,000-op yardstick: bids paid 13.2 -> 24.4, fields
        # 31.1 -> 47.1 points, wins 3 -> 4; against four normals 53.8 % -> 56.5 %, 800 games)
        for alt in (0, top + 1 if top >= b else b + 2, b + 2, b - 2 if b > 2 else 1, b + 4):
            if k >= _HARD_K:
                break
            if alt > money or (alt and _bid_taken(st, alt)):
                continue
            act = 0x1000 | alt if alt else 0
            dup = False
            for j in range(k):
                if _cand[j] == act:
                    dup = True
            if not dup:
                _cand[k] = act
                k += 1
        return k
    if ph == _PLACEMENT:
        m_legal = game.legal_into(st, _legal)
        _evaluate(game, st)
        leftover = st[_IDX] >= n
        owner = -1 if leftover else me
        passed = st[_BID + me] == 0
        for i in range(m_legal):
            act = _legal[i]
            if act == a:
                continue
            pay = act & 0xFFF
            t = pay // 48
            m = 0 if leftover else (t & 1) + 1 - (1 if passed else 0)
            v = _place_value(st, owner, t, pay % 48, m, me, False)
            if k < _HARD_K:
                j = k
                k += 1
            elif v > _cval[k - 1]:
                j = k - 1
            else:
                continue
            while j > 1 and _cval[j - 1] < v:
                _cand[j] = _cand[j - 1]
                _cval[j] = _cval[j - 1]
                j -= 1
            _cand[j] = act
            _cval[j] = v
        search.spend(m_legal // 16 + 1)
        return k
    if ph == _BRIBE and not st[_PEND]:
        if a != 0:
            _cand[k] = 0
            k += 1
        return k
    return k


def _rollout_value(game, me):
    """Play _det with normal for every seat through the bribes and the overseer's canal of its
    round, short of the extra canals (with 5 seats: from a placement or a bribe, to the end of
    the round); value for `me`."""
    r = _det[_ROUND]
    # through the bribes: 3-player hard beat two normals 77.6 % -> 84.0 % (402 games) when its
    # bids saw the canal they lead to (it had stopped after the placements).
    # Short of the extra canals with 3-4 seats: played by normal for every seat, they told hard
    # which canals its rivals would build, and a table that builds others left its tiles dry;
    # the evaluation's chance of water weighs them instead (3 seats against two 5,000-op
    # yardsticks, deals 1021-1100, 240 games paired: +2.3 a game, se 0.8; won 35.4 % not
    # 28.3 %). With 5 seats it lost 1.6 a game (se 1.7, 40 games): not taken there.
    stop = _EXTRA_PH if _det[_PHASE] == _AUCTION or _det[_PLAYERS] < 5 else _OVER
    while _det[_PHASE] != _OVER and _det[_ROUND] == r and _det[_PHASE] != stop:
        q = game.to_move(_det)
        obs = _det  # every seat decides from the same determinized position
        game.apply(_det, _normal(game, obs, q, 1))
    if _det[_PLAYERS] == 5:
        # 5 seats: then the round's drought, every seat keeping its extra canal (valued after
        # it, hard won 53.9 % of 1,600 games against four normals; valued before it, 51.8 %)
        while _det[_PHASE] == _EXTRA_PH and _det[_ROUND] == r:
            game.apply(_det, 0)
    return _value(game, _det, me, False)


def _hard(game, obs, me, seed):
    k = _candidates(game, obs, me)
    if k <= 1:
        return _cand[0]
    for j in range(k):
        _cval[j] = 0
    for dd in range(_HARD_D):
        if dd and search.left() < search.used() // dd:  # another pass would overrun the budget
            break
        _base[:] = game.observe(obs, me, search.seed_from(seed, dd))
        for j in range(k):
            _det[:] = _base
            game.apply(_det, _cand[j])
            _cval[j] += _rollout_value(game, me)
    best = _BIG
    a = _cand[0]
    for j in range(k):
        if _cval[j] > best:
            best = _cval[j]
            a = _cand[j]
    return a


def choose(game, obs, me, level, seed):
    search.start(BUDGETS[level], seed)
    # what was kept serves this decision only: its operation count then depends on the position
    # alone, as on a Pico that replays it (tools/bench/ai)
    _aok[:] = _ZEROS5
    _eok[:] = _ZEROS32
    n = game.legal_into(obs, _legal)
    if n == 1:
        return _legal[0]
    if level == 2:
        ph = obs[_PHASE]
        if ph == _AUCTION or ph == _PLACEMENT or (ph == _BRIBE and not obs[_PEND]):
            return _hard(game, obs, me, seed)
        return _normal(game, obs, me, 1)
    return _normal(game, obs, me, level)


def _own_canal_gain(game, st, me, s):
    """What a canal on segment s adds to `me`'s own expected worth, in escudos."""
    _evaluate(game, st)
    before = _w[me]
    _st2[:] = st
    _st2[_CANAL + s] = 1
    _evaluate(game, _st2)
    return (_w[me] - before) // 4


def reason(game, obs, me, action):
    """One line on why, e.g. '+6 expected escudos: places the bean tile ... on (3,2) ...'."""
    search.start(BUDGETS[1], 0)
    what = game.describe(obs, action)
    if what.startswith("seat "):  # drop "seat N": the hint is for that seat
        what = what[what.find(" ", 5) + 1:]
    ph = obs[_PHASE]
    kind = action >> 12
    n = obs[_PLAYERS]
    if ph == _AUCTION:
        if action == 0:
            first = (obs[_OLD_OVERSEER] + 1) % n
            for i in range(obs[_IDX]):
                if obs[_BID + (first + i) % n] == 0:
                    return what + ": keeps its money, places late with one marker fewer"
            return what + ": becomes the overseer (bribes come to it), places last with one marker fewer"
        nrev = _tile_gains(game, obs, me, 0)
        _sort_gains(nrev)
        return "%s: buys an earlier pick with all markers; its best tile is worth %+d escudos to it" % (
            what, _gain[0] // _unit(n))
    if ph == _BRIBE:
        if obs[_PEND]:
            seg = obs[_PEND_SEG]
        elif action == 0:
            return what + ": no canal is worth a bribe to it now"
        else:
            seg = action & 0xFFF
        return "%s: that canal waters its fields, worth %+d escudos to it" % (
            what, _own_canal_gain(game, obs, me, seg))
    if ph == _EXTRA_PH and action == 0:
        return what + ": keeps its extra canal for a later round"
    if ph == _OVERSEER_PH and action == 0:
        return what + ": no canal helps it more than its rivals"
    if kind == 6:
        return "%s: that canal waters its own fields (worth %+d escudos to it), not its rivals'" % (
            what, _own_canal_gain(game, obs, me, action & 0xFFF))
    _evaluate(game, obs)
    before = _w[me]
    _st[:] = obs
    game.apply(_st, action)
    _evaluate(game, _st)
    d = (_w[me] - before) // 4
    if kind == 5:
        return "%s: the best offer against what the canals bring it (%+d expected escudos)" % (what, d)
    if d:
        return "%+d expected escudos: %s" % (d, what)
    return what + ": the least harm among the choices"
