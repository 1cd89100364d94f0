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

Budget: operations, not seconds, so a decision is deterministic for its seed: one `apply` on a
scratch copy or one prior evaluation counts 1. The default OPS is calibrated so the yardstick
spends about 100x the CPU of a hard decision on CPython (docs/strength.md has the measurement).
"""
import math
import random

from meeple.core import cacao, santiago

OPS = {"cacao": 20000, "santiago": 70000}  # operations per decision, per game (tools.strength.selfplay
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


# ---------------------------------------------------------------- Santiago prior

S = santiago
_SEG_PLOTS = [[p for p in S._SEG_PLOTS[4 * s:4 * s + 4] if p != 0xFF] for s in range(S._NSEG)]


def _santiago_water(st, s, seat):
    """Markers of `seat` (less a third of the other seats') on dry plots canal s would water:
    the markers a canal there keeps from the droughts."""
    mine = other = 0
    for p in _SEG_PLOTS[s]:
        if S._irrigated(st, p):
            continue
        o = st[S._OWN + p]
        m = (o >> 4) & 3
        if not o & 7 or not m:
            continue
        if (o & 7) - 1 == seat:
            mine += m
        else:
            other += m
    return 3 * mine - other


def _santiago_place(st, t, p, seat):
    """Markers (tile symbols) times the same-crop neighbours it joins, own ones counting most;
    a watered plot counts extra."""
    crop = t >> 1
    v = 3 * ((t & 1) + 1)
    x = p % 8
    for d in (-1, 1, -8, 8):
        if (d == -1 and x == 0) or (d == 1 and x == 7):
            continue
        r = p + d
        if r < 0 or r >= S._NPLOT:
            continue
        u = st[S._TILE + r]
        if not u & 0x0F or u & S._DESERT or ((u & 0x0F) - 1) >> 1 != crop:
            continue
        v += 6 if (st[S._OWN + r] & 7) - 1 == seat else 2
    if S._irrigated(st, p):
        v += 4
    return v


def _santiago_prior(st, a, budget, target):
    """Hand-written: bids near `target` (drawn per decision), placements by _santiago_place,
    canals by _santiago_water, offers small, the overseer's money counted."""
    budget.used += 1
    seat = S.to_move(st)
    kind = a >> 12
    ph = st[S._PHASE]
    if ph == S._AUCTION:
        return -abs((a & 0xFFF) - target)
    if ph == S._PLACEMENT:
        x = a & 0xFFF
        return _santiago_place(st, x // 48, x % 48, seat)
    if kind == 0:
        return 0
    if kind == 1:  # the offer after propose / support: the least
        return -(a & 0xFFF)
    s = a & 0xFFF
    w = _santiago_water(st, s, seat)
    if kind in (3, 4):
        return w - 3
    if kind == 5:
        return w + 3 * S._total(st, s)
    if kind == 6:
        return w - 3 * ((S._max_total(st) + 1) if S._any_proposal(st) else 1)
    return w - 6  # extra canal: hold it unless it waters something


# ---------------------------------------------------------------- search

def _prior(mod, st, a, budget, buf, target):
    if mod is cacao:
        return _cacao_prior(st, a, budget, buf)
    return _santiago_prior(st, a, budget, target)


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


def choose(mod, state, seat, seed, ops=None):
    """The yardstick's action for `seat`, which must be the seat deciding now."""
    if mod.to_move(state) != seat:
        raise ValueError("seat %d does not decide now (seat %d does)" % (seat, mod.to_move(state)))
    view = mod.observe(state, seat)  # from here on only what the seat may see
    buf = [0] * mod.MAX_ACTIONS
    sub = [0] * mod.MAX_ACTIONS
    k = mod.legal_into(view, buf)
    acts = list(buf[:k])
    if k == 1:
        return acts[0]
    budget = _Budget()
    limit = OPS[mod.__name__.rsplit(".", 1)[-1]] if ops is None else ops
    r = random.Random(seed)
    alive = candidates(mod, view, seat, acts, budget, buf)
    total = [0.0] * len(alive)
    count = [0] * len(alive)
    rounds = max(1, math.ceil(math.log2(len(alive))))
    for rnd in range(rounds):
        stop = budget.used + (limit - budget.used) // (rounds - rnd)
        while True:  # passes: every survivor once on the same re-deal
            deal = r.getrandbits(30)
            for i in range(len(alive)):
                pr = random.Random(deal)  # every candidate: the same re-deal and the same dice
                total[i] += _playout(mod, view, seat, alive[i], deal, pr, budget, buf, sub)
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
