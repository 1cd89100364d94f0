"""The yardstick: a determinized Monte-Carlo player with informed playouts, for measuring the
bots against real search. CPython only; it shares nothing with meeple.ai.

    from tools.strength import yardstick
    a = yardstick.choose(cacao, state, seat, seed)            # the move for the seat to move
    a = yardstick.choose(cacao, state, seat, seed, ops=20000) # a bigger budget

What it sees: `game.observe(state, seat)` and nothing else. Every playout starts from a fresh
re-deal of what the seat cannot see (`game.observe(view, seat, seed)`: pile order, other seats'
hands, hidden money), so the true hidden state never reaches the search.

How it decides:
- The candidates are the legal actions, the best ROOT_KEEP by a cheap hand-written prior when
  there are more (the prior of every action is looked at once).
- Sequential halving: the budget (in operations, below) is split evenly over ceil(log2(k))
  rounds; in each round the surviving candidates are played out in passes, one playout each per
  pass on the same re-deal (common random numbers), until the round's share is spent; then the
  better half (by mean reward over all its playouts so far) survives.
- A playout plays every seat to the end of the game: with probability EPSILON a uniformly
  random legal action, otherwise the best by the prior among all legal actions or, when there
  are more than SAMPLE, a random sample of SAMPLE of them.
- Reward for the deciding seat: its share of the win (ties split, the core's ranking) plus
  MARGIN_WEIGHT x its final margin over the best rival (clipped to +-MARGIN_CLIP).

Santiago decides differently (`_sg_choose`; playouts to the end of the game with a cheap prior
came last in every game against the bots): the same sequential halving over the best
SG_KEEP[phase] candidates, but each playout ends with the round (every seat played by the
policy below, a little noise on its best few values), and the reward is the deciding seat's
value (below) on the board after the round's drought, or its score margin at the game's end.
- The evaluation: each seat's money plus its field points as they will probably end. Per tile,
  the chance it survives and the markers it then holds come from the canals missing to water
  it (a breadth-first search over the intersections), the rounds left and a model of the canals
  to come (_sg_surv_table: each round the network comes one segment nearer with chance
  SG_ADVANCE; droughts take markers as the rules do). A field is worth (summed survival + room
  to grow) x each seat's expected markers. An unused extra canal is worth SG_HOLD, shrinking.
  A seat's value: its worth less the best rival's and the rivals' mean (SG_BETA).
- The policy: a placement by its field value (every tile and plot); a bid by the pick it buys
  (each tile's best placement, the picks left when the seats before take tiles at random, later
  bidders outbidding with a chance that falls with the amount) less its cost, a pass by the
  pick after the bidders with one marker fewer (the first passer's overseer role added);
  a bribe choice or offer by the canal the overseer then builds (_SgBribe: his best outcome
  among the proposals with their payments and his own canal at the top total + 1) and what it
  costs; the overseer's and the extra canal's choices by the worths after them.

Budget: operations, not seconds, so a decision is deterministic for its seed: one `apply` on a
scratch copy or one prior evaluation counts 1 (Santiago: a policy step or a board evaluated
1-2, a placement list or a list of tile values by its length). The default OPS is calibrated so the yardstick
spends about 100x the CPU of a hard decision on CPython (docs/strength.md has the measurement).
"""
import math
import random

from meeple.core import cacao, santiago

OPS = {"cacao": 20000, "santiago": 20000}  # operations per decision, per game (tools.strength.selfplay
#                                            --yardstick-ops changes them)
ROOT_KEEP = 8        # candidates kept at the root (by the prior) before sequential halving
SAMPLE = 6           # actions a playout step looks at with the prior (all when fewer)
EPSILON = 0.1        # playout steps that take a uniformly random legal action instead
MARGIN_WEIGHT = 0.01
MARGIN_CLIP = 20


class _Budget:
    """Operations spent in this decision."""
    __slots__ = ("used",)

    def __init__(self):
        self.used = 0


# ---------------------------------------------------------------- Cacao prior

def _cacao_value(st, seat):
    """Seat's score if the game ended now, a stored cacao worth 3/4 gold, less the best rival's."""
    sc = cacao.scores(st)
    n = len(sc)
    mine = sc[seat] * 4 + 3 * st[cacao._seat_off(seat) + cacao._CACAO]
    best = None
    for q in range(n):
        if q != seat:
            v = sc[q] * 4 + 3 * st[cacao._seat_off(q) + cacao._CACAO]
            if best is None or v > best:
                best = v
    return mine - best


def _cacao_prior(st, a, budget, buf):
    """Placement: play it and the rest of its turn (each fill and sale greedy by _cacao_value of
    the seat deciding it), then the placer's value. Fill or sale: its value once played."""
    seat = cacao.to_move(st)
    c = bytearray(st)
    cacao.apply(c, a)
    budget.used += 1
    if st[cacao._PHASE] == cacao._PLACE:
        while c[cacao._PHASE] not in (cacao._PLACE, cacao._OVER):
            k = cacao.legal_into(c, buf)
            who = cacao.to_move(c)
            best = bestv = None
            for b in buf[:k]:
                d = bytearray(c)
                cacao.apply(d, b)
                budget.used += 1
                v = _cacao_value(d, who)
                if bestv is None or v > bestv:
                    best, bestv = b, v
            cacao.apply(c, best)
    budget.used += 1
    return _cacao_value(c, seat)


# ---------------------------------------------------------------- Santiago
#
# Santiago has its own evaluation, playout policy and search (_sg_choose); it shares with Cacao
# only the budget in operations and the sequential halving. Its playouts are far shorter than a
# game: a good model of the auctions and bribes costs more than a random move, and what the
# board is worth after the round can be estimated (below) where a random or cheap game to the
# end says little. Floats are fine here: the yardstick runs on CPython only.

S = santiago
_SG_PLAYERS = S._PLAYERS
_SG_ROUND = S._ROUND
_SG_PHASE = S._PHASE
_SG_OVERSEER = S._OVERSEER
_SG_OLD = S._OLD_OVERSEER
_SG_IDX = S._IDX
_SG_SPRING = S._SPRING
_SG_PEND = S._PEND
_SG_PEND_SEG = S._PEND_SEG
_SG_REMOVED = S._REMOVED
_SG_NREV = S._NREV
_SG_REV = S._REV
_SG_ORDER = S._ORDER
_SG_BID = S._BID
_SG_MONEY = S._MONEY
_SG_EXTRA = S._EXTRA
_SG_OFFER_SEG = S._OFFER_SEG
_SG_OFFER_AMT = S._OFFER_AMT
_SG_CANAL = S._CANAL
_SG_TILE = S._TILE
_SG_OWN = S._OWN
_SG_STACK = S._STACK
_SG_AUCTION = S._AUCTION
_SG_PLACEMENT = S._PLACEMENT
_SG_BRIBE = S._BRIBE
_SG_OVERSEER_PH = S._OVERSEER_PH
_SG_EXTRA_PH = S._EXTRA_PH
_SG_OVER = S._OVER

_SEG_PLOTS = [tuple(p for p in S._SEG_PLOTS[4 * s:4 * s + 4] if p != 0xFF) for s in range(S._NSEG)]
_SEG_ENDS = [(S._SEG_A[s], S._SEG_B[s]) for s in range(S._NSEG)]
_NODE_SEGS = [tuple(s for s in S._NODE_SEGS[4 * n:4 * n + 4] if s != 0xFF) for n in range(20)]
_PLOT_SEGS = [(S._PLOT_H[p], S._PLOT_V[p]) for p in range(S._NPLOT)]
_NEIGH = [tuple(q for q in ((p - 1) if p % 8 else -1, (p + 1) if p % 8 != 7 else -1, p - 8, p + 8)
                if 0 <= q < S._NPLOT) for p in range(S._NPLOT)]

# the evaluation's model of the canals to come (see _sg_surv_table)
SG_ADVANCE = 0.5      # chance that a round's canals bring the network one segment nearer a plot
SG_GROW = 1.0         # tiles a field still gains per empty plot next to it, at the game's start
SG_GROW_CAP = 4       # empty plots counted per field
SG_HOLD = 4.0         # an unused extra canal, in escudos, at the game's start (shrinks to 0)
SG_OVERSEER = 2.5     # the overseer's role (the bribes that come to it), in escudos
SG_BETA = 0.5         # a seat's value: its worth less BETA x the best rival's and the rest x the mean
SG_NOISE = (1.0, 0.5, 0.5, 0.5, 0.5)  # playouts: the spread (escudos) of the values, per phase
SG_KEEP = (6, 8, 8, 6, 6)             # root candidates per phase (auction, place, bribe, overseer, extra)
SG_MAX_OFFER = 12     # offers looked at
SG_NOISY = 6          # playouts: the best actions by value that get the noise, one of them played


def _sg_surv_table(a):
    """T[bn][k][d][m] = (chance a tile survives to the end, expected markers it then holds x that
    chance) for a tile with m markers d canals from the network (0: watered), k rounds left
    counting this one, bn = this round's overseer canal still to come. Each round's canal brings
    the network one segment nearer with chance a; a watered tile keeps its markers; each drought
    takes a marker from a dry tile or, with none left, makes it desert; the final one every dry
    tile."""
    t = []
    for bn in (0, 1):
        tk = [None]
        for k in range(1, 12):
            td = []
            for d in range(0, 10):
                tm = []
                for m in range(0, 3):
                    dist = {(d, m): 1.0}
                    for j in range(k):
                        nd = {}
                        for (dd, mm), pr in dist.items():
                            if dd and (j or bn):
                                nd[(dd - 1, mm)] = nd.get((dd - 1, mm), 0.0) + pr * a
                                nd[(dd, mm)] = nd.get((dd, mm), 0.0) + pr * (1 - a)
                            else:
                                nd[(dd, mm)] = nd.get((dd, mm), 0.0) + pr
                        dist = {}
                        for (dd, mm), pr in nd.items():
                            if dd:
                                if j == k - 1 or mm == 0:
                                    continue  # final drought, or a desert
                                mm -= 1
                            dist[(dd, mm)] = dist.get((dd, mm), 0.0) + pr
                    alive = sum(dist.values())
                    marks = sum(pr * mm for (dd, mm), pr in dist.items())
                    tm.append((alive, marks))
                td.append(tm)
            tk.append(td)
        t.append(tk)
    return t


_SG_SURV = _sg_surv_table(SG_ADVANCE)


class _SgBoard:
    """What a board is worth: per plot the survival chance and expected markers of its tile, the
    fields (crop, summed survival, room to grow, each seat's expected markers), each seat's
    field points; the per-seat money, hold values and relative values are added by the caller."""
    __slots__ = ("fid", "fcrop", "fsize", "froom", "fmark", "points", "alive", "marks", "grow", "rem",
                 "nb_cache")


class _SgCtx:
    """Per decision: caches keyed by the bytes they depend on (the board is public, so
    re-deals share them), and the budget."""

    def __init__(self, budget):
        self.budget = budget
        self.tables = {}
        self.boards = {}
        self.gains = {}
        self.segs = {}
        self.canals = {}


def _sg_rounds(n):
    return 9 if n == 5 else 11


_SG_PHASE_CLASS = (0, 0, 1, 1, 2, 3)  # what the evaluation tells apart: tiles still to come,
#                                      the overseer's canal still to come, neither, game over


def _sg_key(st):
    """What a board's worth depends on: canals, tiles, owners, the round and the phase's class."""
    return bytes(st[_SG_CANAL:_SG_STACK]) + bytes((st[_SG_ROUND], _SG_PHASE_CLASS[st[_SG_PHASE]]))


def _sg_plot_tables(ctx, st):
    """Per plot (alive[m], marks[m]) for markers m = 0..2 from the canals missing to water it."""
    n = st[_SG_PLAYERS]
    rnd = st[_SG_ROUND]
    ph = st[_SG_PHASE]
    k = _sg_rounds(n) - rnd + 1
    bn = 1 if ph <= _SG_OVERSEER_PH else 0
    canals = st[_SG_CANAL:_SG_CANAL + S._NSEG]
    key = bytes(canals) + bytes((st[_SG_SPRING], k, bn, ph == _SG_OVER))
    t = ctx.tables.get(key)
    if t is not None:
        return t
    ctx.budget.used += 1
    dn = [99] * 20
    sp = st[_SG_SPRING]
    dn[sp] = 0
    queue = [sp]
    for s in range(S._NSEG):
        if canals[s]:
            for e in _SEG_ENDS[s]:
                if dn[e]:
                    dn[e] = 0
                    queue.append(e)
    i = 0
    while i < len(queue):
        x = queue[i]
        i += 1
        d = dn[x] + 1
        for s in _NODE_SEGS[x]:
            a, b = _SEG_ENDS[s]
            y = a + b - x
            if dn[y] > d:
                dn[y] = d
                queue.append(y)
    alive = [None] * S._NPLOT
    marks = [None] * S._NPLOT
    over = ph == _SG_OVER
    tk = _SG_SURV[bn][k] if not over else None
    for p in range(S._NPLOT):
        h, v = _PLOT_SEGS[p]
        if canals[h] or canals[v]:
            alive[p] = (1.0, 1.0, 1.0)
            marks[p] = (0.0, 1.0, 2.0)
            continue
        if over:
            alive[p] = (0.0, 0.0, 0.0)
            marks[p] = (0.0, 0.0, 0.0)
            continue
        d = 1 + min(dn[_SEG_ENDS[h][0]], dn[_SEG_ENDS[h][1]], dn[_SEG_ENDS[v][0]], dn[_SEG_ENDS[v][1]])
        if d > 9:
            d = 9
        row = tk[d]
        alive[p] = (row[0][0], row[1][0], row[2][0])
        marks[p] = (row[0][1], row[1][1], row[2][1])
    t = (alive, marks)
    ctx.tables[key] = t
    return t


def _sg_board(ctx, st):
    """The _SgBoard of st (cached by _sg_key)."""
    key = _sg_key(st)
    b = ctx.boards.get(key)
    if b is not None:
        return b
    ctx.budget.used += 2
    n = st[_SG_PLAYERS]
    alive, marks = _sg_plot_tables(ctx, st)
    R = _sg_rounds(n)
    rnd = st[_SG_ROUND]
    ph = st[_SG_PHASE]
    rem = [9] * 5
    if st[_SG_REMOVED] != 0xFF:
        rem[st[_SG_REMOVED] >> 1] -= 1
    tiles = st[_SG_TILE:_SG_TILE + S._NPLOT]
    own = st[_SG_OWN:_SG_OWN + S._NPLOT]
    for p in range(S._NPLOT):
        t = tiles[p] & 0x0F
        if t:
            rem[(t - 1) >> 1] -= 1
    if ph == _SG_OVER:
        grow = 0.0
    else:
        grow = SG_GROW * (R - rnd + (1 if ph <= _SG_PLACEMENT else 0)) / R
    fid = [-1] * S._NPLOT
    fcrop = []
    fsize = []
    froom = []
    fmark = []
    points = [0.0] * n
    for p0 in range(S._NPLOT):
        t0 = tiles[p0]
        if fid[p0] >= 0 or not t0 & 0x0F or t0 & 0x10:
            continue
        crop = ((t0 & 0x0F) - 1) >> 1
        f = len(fcrop)
        fid[p0] = f
        stack = [p0]
        size = 0.0
        mk = [0.0] * n
        room = set()
        while stack:
            p = stack.pop()
            o = own[p]
            m = (o >> 4) & 3
            size += alive[p][m]
            if o & 7:
                e = marks[p][m]
                if tiles[p] & 0x20 and m:
                    e += alive[p][m]  # S31: the palm counts as a marker while the tile lives
                mk[(o & 7) - 1] += e
            for r in _NEIGH[p]:
                if fid[r] >= 0:
                    continue
                tr = tiles[r]
                if not tr & 0x0F:
                    room.add(r)
                    continue
                if tr & 0x10 or ((tr & 0x0F) - 1) >> 1 != crop:
                    continue
                fid[r] = f
                stack.append(r)
        g = min(len(room), SG_GROW_CAP, rem[crop] / 2.0) * grow
        size += g
        fcrop.append(crop)
        fsize.append(size - g)
        froom.append(len(room))
        fmark.append(mk)
        for q in range(n):
            if mk[q]:
                points[q] += size * mk[q]
    b = _SgBoard()
    b.fid = fid
    b.fcrop = fcrop
    b.fsize = fsize
    b.froom = froom
    b.fmark = fmark
    b.points = points
    b.alive = alive
    b.marks = marks
    b.grow = grow
    b.rem = rem
    b.nb_cache = None
    ctx.boards[key] = b
    return b


def _sg_hold(st, q):
    """An unused extra canal's worth to seat q (escudos): SG_HOLD at the start, 0 in the last
    round (use it or lose it)."""
    if not st[_SG_EXTRA + q]:
        return 0.0
    R = _sg_rounds(st[_SG_PLAYERS])
    return SG_HOLD * (R - st[_SG_ROUND]) / R


def _sg_worths(ctx, st):
    """Each seat's expected final score: money, field points as they will probably end, an
    unused extra canal."""
    n = st[_SG_PLAYERS]
    if st[_SG_PHASE] == _SG_OVER:
        ctx.budget.used += 3
        return [float(v) for v in S.scores(st)]
    b = _sg_board(ctx, st)
    return [b.points[q] + st[_SG_MONEY + q] + _sg_hold(st, q) for q in range(n)]


def _sg_rel(w, me):
    """A seat's value: its worth against the best rival's and the rivals' mean."""
    best = None
    tot = 0.0
    for q in range(len(w)):
        if q != me:
            tot += w[q]
            if best is None or w[q] > best:
                best = w[q]
    return w[me] - SG_BETA * best - (1 - SG_BETA) * tot / (len(w) - 1)


# ---- placements: every (tile, plot) valued from the board's fields

def _sg_neighbours(b, st):
    """Per empty plot: (empty plots next to it, {crop: distinct fields of that crop next to it})."""
    if b.nb_cache is not None:
        return b.nb_cache
    tiles = st[_SG_TILE:_SG_TILE + S._NPLOT]
    out = {}
    for p in range(S._NPLOT):
        if tiles[p] & 0x0F:
            continue
        room = 0
        fl = {}
        for r in _NEIGH[p]:
            tr = tiles[r]
            if not tr & 0x0F:
                room += 1
                continue
            f = b.fid[r]
            if f < 0:
                continue
            c = b.fcrop[f]
            lst = fl.setdefault(c, [])
            if f not in lst:
                lst.append(f)
        out[p] = (room, fl)
    b.nb_cache = out
    return out


def _sg_place_deltas(b, st, nb, t, p, m, owner, n):
    """Each seat's change of field points once tile t with m markers of `owner` (-1: neutral)
    is on empty plot p."""
    crop = t >> 1
    room, fl = nb[p]
    fs = fl.get(crop, ())
    a = b.alive[p][m]
    e = b.marks[p][m]
    if owner >= 0 and st[_SG_TILE + p] & 0x20 and m:
        e += a
    d = [0.0] * n
    cap = min(SG_GROW_CAP, (b.rem[crop] - 1) / 2.0)  # the tile leaves the crop's tiles to come
    if not fs:
        if owner >= 0 and e:
            size = a + min(room, cap) * b.grow
            d[owner] = size * e
        return d
    size = a
    rr = room
    for f in fs:
        size += b.fsize[f]
        rr += b.froom[f] - 1
    size += min(rr, cap) * b.grow
    cap0 = min(SG_GROW_CAP, b.rem[crop] / 2.0)
    for q in range(n):
        old = 0.0
        mk = e if q == owner else 0.0
        for f in fs:
            v = b.fmark[f][q]
            if v:
                mk += v
                old += (b.fsize[f] + min(b.froom[f], cap0) * b.grow) * v
        d[q] = size * mk - old
    return d


def _sg_rel_delta(w, d, me, base):
    """_sg_rel of w + d, less base (_sg_rel of w)."""
    n = len(w)
    best = None
    tot = 0.0
    for q in range(n):
        if q != me:
            v = w[q] + d[q]
            tot += v
            if best is None or v > best:
                best = v
    return w[me] + d[me] - SG_BETA * best - (1 - SG_BETA) * tot / (n - 1) - base


def _sg_place_values(ctx, st, me, acts):
    """Value (escudos, relative) of each PLACE action in acts for the placing seat me."""
    b = _sg_board(ctx, st)
    n = st[_SG_PLAYERS]
    w = _sg_worths(ctx, st)
    base = _sg_rel(w, me)
    nb = _sg_neighbours(b, st)
    leftover = st[_SG_IDX] >= n
    owner = -1 if leftover else me
    passed = st[_SG_BID + me] == 0
    ctx.budget.used += 1 + len(acts) // 20
    out = []
    for a in acts:
        x = a & 0xFFF
        t = x // 48
        p = x % 48
        m = 0 if leftover else (t & 1) + 1 - (1 if passed else 0)
        d = _sg_place_deltas(b, st, nb, t, p, m, owner, n)
        out.append(_sg_rel_delta(w, d, me, base))
    return out


def _sg_tile_gains(ctx, st, q):
    """For seat q: per tile on offer, its best placement value with all markers and with one
    fewer (as after a pass), each sorted best first."""
    key = (_sg_key(st), bytes(st[_SG_REV:_SG_REV + st[_SG_NREV]]), q, bytes(st[_SG_MONEY:_SG_MONEY + 5]))
    g = ctx.gains.get(key)
    if g is not None:
        return g
    b = _sg_board(ctx, st)
    n = st[_SG_PLAYERS]
    w = _sg_worths(ctx, st)
    base = _sg_rel(w, q)
    nb = _sg_neighbours(b, st)
    full = []
    part = []
    seen = {}
    for k in range(st[_SG_NREV]):
        t = st[_SG_REV + k]
        if t in seen:
            full.append(seen[t][0])
            part.append(seen[t][1])
            continue
        bf = bp = None
        for p in nb:
            v = _sg_rel_delta(w, _sg_place_deltas(b, st, nb, t, p, (t & 1) + 1, q, n), q, base)
            if bf is None or v > bf:
                bf = v
            v = _sg_rel_delta(w, _sg_place_deltas(b, st, nb, t, p, t & 1, q, n), q, base)
            if bp is None or v > bp:
                bp = v
        seen[t] = (bf, bp)
        full.append(bf)
        part.append(bp)
    ctx.budget.used += 1 + st[_SG_NREV] * len(nb) // 12
    full.sort(reverse=True)
    part.sort(reverse=True)
    g = (full, part)
    ctx.gains[key] = g
    return g


def _sg_pick_value(gains, k):
    """Expected best gain left for the k-th placer (0 first) when the k before take tiles at
    random: the i-th best is left best when the i before it are taken and it is not."""
    r = len(gains)
    if k >= r:
        return 0.0
    tot = math.comb(r, k)
    v = 0.0
    for i in range(min(k, r - 1) + 1):
        c = math.comb(r - 1 - i, k - i)
        if c:
            v += gains[i] * c
    return v / tot


_SG_OUTBID = (0.8, 0.65, 0.5, 0.4, 0.3, 0.22, 0.15, 0.1, 0.06, 0.03)  # a later bidder outbids b


def _sg_bid_values(ctx, st, me, acts):
    """Value of each auction action: the pick it buys (known higher bids, later seats outbidding
    with a chance that falls with the amount) less its cost; a pass places after the bidders
    with one marker fewer, the first passer becomes the overseer."""
    n = st[_SG_PLAYERS]
    full, part = _sg_tile_gains(ctx, st, me)
    ctx.budget.used += 1
    acted = st[_SG_IDX]
    later = n - 1 - acted
    first = (st[_SG_OLD] + 1) % n
    bids = [st[_SG_BID + (first + i) % n] for i in range(acted)]
    passers = bids.count(0)
    out = []
    pos_full = [_sg_pick_value(full, k) for k in range(n)]
    for a in acts:
        b = a & 0xFFF
        if b == 0:
            v = _sg_pick_value(part, n - 1 - passers)
            if passers == 0:
                v += SG_OVERSEER
            out.append(v)
            continue
        above = sum(1 for x in bids if x > b)
        pos = above + later * _SG_OUTBID[min(b, len(_SG_OUTBID)) - 1]
        k = int(pos)
        fr = pos - k
        if k >= n - 1:
            v = pos_full[n - 1]
        else:
            v = pos_full[k] * (1 - fr) + pos_full[k + 1] * fr
        out.append(v - b)
    return out


# ---- canals: bribes, the overseer, the extra canal

def _sg_seg_worths(ctx, st, s):
    """Each seat's field points and hold values with a canal on s (None: no canal), as after the
    overseer's build; money left out."""
    c = bytearray(st)
    if s is not None:
        c[_SG_CANAL + s] = 1
    if c[_SG_PHASE] < _SG_EXTRA_PH:
        c[_SG_PHASE] = _SG_EXTRA_PH
    key = _sg_key(c)
    w = ctx.segs.get(key)
    if w is None:
        b = _sg_board(ctx, c)
        w = list(b.points)
        ctx.segs[key] = w
    return w


def _sg_canal_choices(ctx, st):
    """The legal segments for a canal now, each one's worths (_sg_seg_worths), and the worths
    with none."""
    key = bytes(st[_SG_CANAL:_SG_STACK]) + bytes((st[_SG_ROUND],))
    got = ctx.canals.get(key)
    if got is not None:
        return got
    buf = [0] * S.MAX_ACTIONS
    c = bytearray(st)
    c[_SG_PHASE] = _SG_EXTRA_PH
    c[_SG_IDX] = 0
    c[_SG_PEND] = 0
    k = S.legal_into(c, buf)
    segw = {}
    for a in buf[1:k]:
        s = a & 0xFFF
        segw[s] = _sg_seg_worths(ctx, st, s)
    got = (segw, _sg_seg_worths(ctx, st, None))
    ctx.canals[key] = got
    return got


class _SgBribe:
    """The overseer's choice as the bribers see it: what each canal is worth to every seat, the
    offers made, and his best canal of his own before its cost."""

    def __init__(self, ctx, st, me):
        self.me = me
        self.n = n = st[_SG_PLAYERS]
        self.ov = ov = st[_SG_OVERSEER]
        self.segw, self.base_w = _sg_canal_choices(ctx, st)
        self.money = money = [st[_SG_MONEY + q] + _sg_hold(st, q) for q in range(n)]
        self.cash = st[_SG_MONEY + ov]
        offers = {}
        for q in range(n):
            s = st[_SG_OFFER_SEG + q]
            if s != 0xFF and q != me:
                offers.setdefault(s, []).append((q, st[_SG_OFFER_AMT + q]))
        self.offers = offers
        # his own canal on each segment nobody proposed, before its cost: best two
        own = []
        for s, w in self.segw.items():
            own.append((_sg_rel([w[q] + money[q] for q in range(n)], ov), s))
        own.sort(key=lambda x: -x[0])
        self.own = own
        self.none_v = _sg_rel([self.base_w[q] + money[q] for q in range(n)], ov)

    def outcome(self, mine=None, k=0):
        """(segment or None, payments per seat) the overseer picks with `me` offering k on
        segment `mine` (None: no offer) besides the others' offers."""
        n = self.n
        ov = self.ov
        money = self.money
        offers = self.offers
        best = None
        pick = None
        top = 0
        props = list(offers)
        if mine is not None and mine not in offers:
            props.append(mine)
        for s in props:
            lst = offers.get(s, ())
            tot = sum(x for _, x in lst) + (k if s == mine else 0)
            if tot > top:
                top = tot
            pay = [0] * n
            for q, x in lst:
                pay[q] += x
            if s == mine:
                pay[self.me] += k
            pay[ov] -= tot
            w = self.segw[s]
            v = _sg_rel([w[q] + money[q] - pay[q] for q in range(n)], ov)
            if best is None or v > best:
                best = v
                pick = (s, pay)
        cost = top + 1
        if self.cash >= cost:
            for v, s in self.own:
                if s in offers or s == mine:
                    continue
                if best is None or v - cost > best:
                    best = v - cost
                    pay = [0] * n
                    pay[ov] = cost
                    pick = (s, pay)
                break
        if not props and (best is None or self.none_v > best):
            pick = (None, [0] * n)
        return pick

    def value(self, outcome, q):
        s, pay = outcome
        w = self.segw[s] if s is not None else self.base_w
        return _sg_rel([w[x] + self.money[x] - pay[x] for x in range(self.n)], q)


def _sg_bribe_values(ctx, st, me, acts):
    """Bribe phase: each choice (propose / support s, pass; or the amount of an offer) valued by
    the canal the overseer then builds, as _SgBribe predicts, and what it costs me. A segment's
    value is that of its best offer up to SG_MAX_OFFER (the least that buys the canal, or all)."""
    m = _SgBribe(ctx, st, me)
    ctx.budget.used += 1 + len(acts) // 4
    money = st[_SG_MONEY + me]
    out = []
    if st[_SG_PEND]:
        s = st[_SG_PEND_SEG]
        for a in acts:
            out.append(m.value(m.outcome(s, a & 0xFFF), me))
        return out
    passv = m.value(m.outcome(), me)
    for a in acts:
        if a == 0:
            out.append(passv)
            continue
        s = a & 0xFFF
        best = None
        for k in range(1, min(money, SG_MAX_OFFER) + 1):
            oc = m.outcome(s, k)
            v = m.value(oc, me)
            if best is None or v > best:
                best = v
            if oc[0] == s:
                break  # more would only cost more
        out.append(best)
    return out


def _sg_canal_values(ctx, st, me, acts):
    """Overseer (accept, build, build nothing) or extra canal (build, keep it): each action
    valued by the worths with its canal (_sg_canal_choices) and the money it moves."""
    segw, base_w = _sg_canal_choices(ctx, st)
    n = st[_SG_PLAYERS]
    ctx.budget.used += 1 + len(acts) // 8
    money = [st[_SG_MONEY + q] + _sg_hold(st, q) for q in range(n)]
    ov = st[_SG_OVERSEER]
    out = []
    for a in acts:
        kind = a >> 12
        s = a & 0xFFF
        m = list(money)
        if a == 0:
            w = base_w
        else:
            w = segw[s]
            if kind == 5:  # accept: its backers pay the overseer
                for q in range(n):
                    if st[_SG_OFFER_SEG + q] == s:
                        m[q] -= st[_SG_OFFER_AMT + q]
                        m[ov] += st[_SG_OFFER_AMT + q]
            elif kind == 6:
                m[ov] -= S._max_total(st) + 1
            else:  # extra canal: the seat's hold value is spent
                m[me] -= _sg_hold(st, me)
        out.append(_sg_rel([w[q] + m[q] for q in range(n)], me))
    return out


def _sg_values(ctx, st, me, acts):
    ph = st[_SG_PHASE]
    if ph == _SG_AUCTION:
        return _sg_bid_values(ctx, st, me, acts)
    if ph == _SG_PLACEMENT:
        return _sg_place_values(ctx, st, me, acts)
    if ph == _SG_BRIBE:
        return _sg_bribe_values(ctx, st, me, acts)
    return _sg_canal_values(ctx, st, me, acts)


def _sg_legal(st):
    buf = [0] * S.MAX_ACTIONS
    k = S.legal_into(st, buf)
    acts = buf[:k]
    if st[_SG_PHASE] == _SG_AUCTION and k > 16:  # bids beyond 15 are never worth their cost
        acts = acts[:16]
    if st[_SG_PHASE] == _SG_BRIBE and st[_SG_PEND] and k > SG_MAX_OFFER:
        acts = acts[:SG_MAX_OFFER]
    return acts


def _sg_policy(ctx, st, r):
    """A playout step: the best action by _sg_values once the best SG_NOISY of them get a little
    noise (SG_NOISE, by phase)."""
    acts = _sg_legal(st)
    if len(acts) == 1:
        return acts[0]
    me = S.to_move(st)
    vals = _sg_values(ctx, st, me, acts)
    sd = SG_NOISE[st[_SG_PHASE]]
    idx = range(len(acts))
    if len(acts) > SG_NOISY:
        idx = sorted(idx, key=lambda i: -vals[i])[:SG_NOISY]
    best = bestv = None
    for i in idx:
        v = vals[i] + r.gauss(0.0, sd)
        if bestv is None or v > bestv:
            best, bestv = acts[i], v
    return best


def _sg_playout(ctx, view, seat, a, deal, r):
    """Apply a on a re-deal, play every seat by _sg_policy to the end of the round, value it."""
    c = S.observe(view, seat, deal)
    rnd = c[_SG_ROUND]
    S.apply(c, a)
    ctx.budget.used += 1
    while c[_SG_PHASE] != _SG_OVER and c[_SG_ROUND] == rnd:
        S.apply(c, _sg_policy(ctx, c, r))
        ctx.budget.used += 1
    return _sg_rel(_sg_worths(ctx, c), seat)


def _sg_candidates(ctx, view, seat, acts):
    """The root candidates: the SG_KEEP[phase] best actions by _sg_values, ties in action order."""
    vals = _sg_values(ctx, view, seat, acts)
    order = sorted(range(len(acts)), key=lambda i: (-vals[i], i))
    return [acts[i] for i in order[:SG_KEEP[view[_SG_PHASE]]]]


def _sg_choose(view, seat, seed, limit):
    """Santiago: the root candidates by _sg_values, sequential halving over playouts to the end
    of the round (each pass on one fresh re-deal and the same dice for every candidate)."""
    acts = _sg_legal(view)
    if len(acts) == 1:
        return acts[0]
    budget = _Budget()
    ctx = _SgCtx(budget)
    alive = _sg_candidates(ctx, view, seat, acts)
    if len(alive) == 1:
        return alive[0]
    return _halving(alive, seed, budget, limit,
                    lambda a, deal, pr: _sg_playout(ctx, view, seat, a, deal, pr))


# ---------------------------------------------------------------- search

def _prior(mod, st, a, budget, buf, target):
    return _cacao_prior(st, a, budget, buf)  # Santiago has its own search (_sg_choose)


def _policy(mod, st, r, budget, buf, sub):
    """A playout step's action (see the module docstring)."""
    k = mod.legal_into(st, buf)
    if k == 1:
        return buf[0]
    if r.random() < EPSILON:
        return buf[r.randrange(k)]
    if k > SAMPLE:
        acts = r.sample(range(k), SAMPLE)
        acts = [buf[i] for i in acts]
    else:
        acts = list(buf[:k])
        r.shuffle(acts)  # ties go to a random one
    target = r.randrange(5)
    best = bestv = None
    for a in acts:
        v = _prior(mod, st, a, budget, sub, target)
        if bestv is None or v > bestv:
            best, bestv = a, v
    return best


def _reward(mod, st, seat):
    rank = mod.ranking(st)
    firsts = rank.count(1)
    share = 1.0 / firsts if rank[seat] == 1 else 0.0
    sc = mod.scores(st)
    margin = sc[seat] - max(sc[q] for q in range(len(sc)) if q != seat)
    margin = max(-MARGIN_CLIP, min(MARGIN_CLIP, margin))
    return share + MARGIN_WEIGHT * margin


def _playout(mod, view, seat, a, deal_seed, r, budget, buf, sub):
    c = mod.observe(view, seat, deal_seed)
    mod.apply(c, a)
    budget.used += 1
    while not mod.is_over(c):
        mod.apply(c, _policy(mod, c, r, budget, buf, sub))
        budget.used += 1
    return _reward(mod, c, seat)


def candidates(mod, view, seat, acts, budget, buf):
    """The root candidates: every legal action, or the ROOT_KEEP best by the prior (bids by
    their amount: the lowest), ties kept in action order."""
    if len(acts) <= ROOT_KEEP:
        return list(acts)
    vals = [_prior(mod, view, a, budget, buf, 0) for a in acts]
    order = sorted(range(len(acts)), key=lambda i: (-vals[i], i))
    return [acts[i] for i in order[:ROOT_KEEP]]


def _halving(alive, seed, budget, limit, playout):
    """Sequential halving over the root candidates `alive` until `budget` has spent `limit`:
    ceil(log2(k)) rounds, each a share of what is left, played in passes (every survivor once on
    the same re-deal and the same dice); the better half by mean reward survives each round."""
    r = random.Random(seed)
    total = [0.0] * len(alive)
    count = [0] * len(alive)
    rounds = max(1, math.ceil(math.log2(len(alive))))
    for rnd in range(rounds):
        stop = budget.used + (limit - budget.used) // (rounds - rnd)
        while True:  # passes: every survivor once on the same re-deal
            deal = r.getrandbits(30)
            for i in range(len(alive)):
                pr = random.Random(deal)  # every candidate: the same re-deal and the same dice
                total[i] += playout(alive[i], deal, pr)
                count[i] += 1
            if budget.used >= stop:
                break
        order = sorted(range(len(alive)), key=lambda i: (-total[i] / count[i], i))
        keep = order[:max(1, (len(alive) + 1) // 2)] if rnd < rounds - 1 else order[:1]
        keep.sort()
        alive = [alive[i] for i in keep]
        total = [total[i] for i in keep]
        count = [count[i] for i in keep]
    return alive[0]


def choose(mod, state, seat, seed, ops=None):
    """The yardstick's action for `seat`, which must be the seat deciding now."""
    if mod.to_move(state) != seat:
        raise ValueError("seat %d does not decide now (seat %d does)" % (seat, mod.to_move(state)))
    view = mod.observe(state, seat)  # from here on only what the seat may see
    limit = OPS[mod.__name__.rsplit(".", 1)[-1]] if ops is None else ops
    if mod is santiago:
        return _sg_choose(view, seat, seed, limit)
    buf = [0] * mod.MAX_ACTIONS
    sub = [0] * mod.MAX_ACTIONS
    k = mod.legal_into(view, buf)
    acts = list(buf[:k])
    if k == 1:
        return acts[0]
    budget = _Budget()
    alive = candidates(mod, view, seat, acts, budget, buf)
    return _halving(alive, seed, budget, limit,
                    lambda a, deal, pr: _playout(mod, view, seat, a, deal, pr, budget, buf, sub))
