"""Helpers for the Santiago tests; runs on CPython and MicroPython (common subset, no pytest).

- scenario(...): a position built through from_view, so every worked example of
  rules/santiago.md starts exactly where the example starts.
- independent recounts (geometry, irrigation, drought, fields) written from the rules text,
  not from the engine, so the engine is checked against them.
- a seeded random player using the project's PRNG (identical on both runtimes).
"""
import sys

from meeple.core import rng
from meeple.core import santiago as S

ON_MP = sys.implementation.name == "micropython"

A = 0
B = 1
C = 2
D = 3
E = 4

CROPS = ("potato", "bean", "chili", "banana", "sugar")
PHASES = ("auction", "placement", "bribe", "overseer", "extra_canal", "over")


def raises(fn, *args):
    """Call fn(*args); return the ValueError message, fail if nothing was raised."""
    try:
        fn(*args)
    except ValueError as e:
        return str(e)
    raise AssertionError("no ValueError from %r" % (args,))


def rejected(st, action, part=None):
    """apply(st, action) raises ValueError (containing part), and st is unchanged."""
    before = bytes(st)
    msg = raises(S.apply, st, action)
    assert bytes(st) == before, "bytes changed by an illegal action"
    if part is not None:
        assert part in msg, "%r not in %r" % (part, msg)
    return msg


# ------------------------------------------------------------------ scenarios via from_view

def scenario(players=4, round=1, phase="auction", overseer=0, spring=(2, 1), money=None,
             plots=(), canals=(), extra_used=(), to_move=None, keep_empty=(), palms=(),
             proposals=(), pending=None, bids=None, open_money=False):
    """A from_view position. plots: (x, y, crop, owner, markers, symbols[, desert]).

    The rest of the tiles the round requires on the board are deserts (they never score, never
    dry out and split nothing that matters), put from plot (7,5) backwards, skipping the listed
    plots, keep_empty and palms. Stacks, revealed and removed tiles come from what is left.
    After the auction the bids make `overseer` the new overseer: he passed first, the others bid
    1, 2, 3...
    """
    n = players
    R = 5 if n == 5 else 4
    h = 9 if n == 5 else 11
    ph = PHASES.index(phase)
    left = [3 if t % 2 == 0 else 6 for t in range(10)]
    used = [False] * 48
    pv = []
    neutral = 0
    for p in plots:
        x, y, crop, owner, markers, symbols = p[0], p[1], p[2], p[3], p[4], p[5]
        desert = len(p) > 6 and p[6]
        left[CROPS.index(crop) * 2 + symbols - 1] -= 1
        used[y * 8 + x] = True
        if owner < 0:
            neutral += 1
        pv.append({"x": x, "y": y, "crop": crop, "symbols": symbols, "owner": owner,
                   "markers": markers, "desert": desert})

    def take():
        for t in range(10):
            if left[t] > 0:
                left[t] -= 1
                return {"crop": CROPS[t // 2], "symbols": t % 2 + 1}
        raise AssertionError("scenario uses more tiles than exist")

    removed = take() if n < 5 else None
    on_board = (round - 1) * R + (R if ph > 1 else 0)
    want_neutral = (round - 1) + (1 if ph > 1 else 0) if n == 3 else 0
    skip = [False] * 48
    for xy in keep_empty:
        skip[xy[1] * 8 + xy[0]] = True
    for xy in palms:
        skip[xy[1] * 8 + xy[0]] = True
    p = 47
    while len(pv) < on_board:
        if not used[p] and not skip[p]:
            t = take()
            owner = -1 if neutral < want_neutral else 0
            if owner < 0:
                neutral += 1
            pv.append({"x": p % 8, "y": p // 8, "crop": t["crop"], "symbols": t["symbols"],
                       "owner": owner, "markers": 0, "desert": True})
            used[p] = True
        p -= 1
    revealed = [take() for _ in range(R)] if ph <= 1 else []
    stacks = [[take() for _ in range(h - round)] for _ in range(R)]
    if money is None:
        money = [10] * n
    markers = [22] * n
    for q in pv:
        if q["owner"] >= 0:
            markers[q["owner"]] -= q["markers"]
    if bids is None:
        if ph == 0:
            bids = []
        else:
            bids = [[overseer, None]]
            for i in range(1, n):
                bids.append([(overseer + i) % n, i])
    if to_move is None:
        if ph == 0:
            to_move = (overseer + 1 + len(bids)) % n
        elif ph == 2:
            to_move = (overseer + 1) % n
        elif ph == 3:
            to_move = overseer
        elif ph == 4:
            to_move = (overseer + 1) % n
            while to_move in extra_used:
                to_move = (to_move + 1) % n
        else:
            to_move = -1
    v = {"game": "santiago", "version": S.VERSION, "players": n, "round": round, "phase": phase,
         "overseer": overseer, "to_move": to_move, "spring": [spring[0], spring[1]],
         "plots": pv, "canals": [[c[0], c[1], c[2]] for c in canals], "revealed": revealed,
         "stacks": stacks, "removed": removed, "bids": bids,
         "seats": [{"money": money[q], "markers": markers[q], "extra_canal": q not in extra_used}
                   for q in range(n)],
         "proposals": [{"segment": list(pr[0]), "backers": [list(b) for b in pr[1]]} for pr in proposals],
         "pending": pending or {}, "palms": [list(xy) for xy in palms],
         "options": {"palms": bool(palms), "open_money": open_money}}
    return S.from_view(v)


def plot_of(v, x, y):
    for p in v["plots"]:
        if p["x"] == x and p["y"] == y:
            return p
    return None


def play_quiet_round(st, avoid=()):
    """Everyone passes; tiles go to empty plots from (7,5) backwards that are not next to a plot
    in `avoid`; the overseer builds nothing and nobody uses his extra canal. Ends when the next
    round starts (or the game ends)."""
    r0 = S.view(st)["round"]
    while not S.is_over(st) and S.view(st)["round"] == r0:
        v = S.view(st)
        if v["phase"] == "placement":
            acts = S.legal_actions(st)
            best = None
            for a in acts:
                info = S.action_info(st, a)
                x = info["x"]
                y = info["y"]
                near = False
                for xy in avoid:
                    if abs(xy[0] - x) + abs(xy[1] - y) <= 1:
                        near = True
                if not near and (best is None or y * 8 + x > best[0]):
                    best = (y * 8 + x, a)
            S.apply(st, best[1] if best else acts[-1])
        else:
            assert S.PASS in S.legal_actions(st), v["phase"]
            S.apply(st, S.PASS)


# ------------------------------------------------------------------ independent recounts

def segments_of_plot(x, y):
    """Rules section 2: a plot borders H(x div 2, (y+1) div 2) and V((x+1) div 2, y div 2)."""
    return [["H", x // 2, (y + 1) // 2], ["V", (x + 1) // 2, y // 2]]


def plots_of_segment(seg):
    d, i, j = seg[0], seg[1], seg[2]
    out = []
    if d == "H":
        if j >= 1:
            out += [[2 * i, 2 * j - 1], [2 * i + 1, 2 * j - 1]]
        if j <= 2:
            out += [[2 * i, 2 * j], [2 * i + 1, 2 * j]]
    else:
        if i >= 1:
            out += [[2 * i - 1, 2 * j], [2 * i - 1, 2 * j + 1]]
        if i <= 3:
            out += [[2 * i, 2 * j], [2 * i, 2 * j + 1]]
    return out


def endpoints(seg):
    d, i, j = seg[0], seg[1], seg[2]
    return [[i, j], [i + 1, j]] if d == "H" else [[i, j], [i, j + 1]]


def all_segments():
    return [["H", i, j] for j in range(4) for i in range(4)] + [["V", i, j] for j in range(3) for i in range(5)]


def legal_segments(v):
    """S14 from the view: no canal and an endpoint on the spring or on a built canal."""
    nodes = [list(v["spring"])]
    for c in v["canals"]:
        nodes += endpoints(c)
    out = []
    for s in all_segments():
        if s in v["canals"]:
            continue
        e = endpoints(s)
        if e[0] in nodes or e[1] in nodes:
            out.append(s)
    return out


def irrigated(v, x, y):
    for s in segments_of_plot(x, y):
        if s in v["canals"]:
            return True
    return False


def canals_connected(v):
    reach = [list(v["spring"])]
    grew = True
    while grew:
        grew = False
        for c in v["canals"]:
            e = endpoints(c)
            if (e[0] in reach) != (e[1] in reach):
                reach += e
                grew = True
    for c in v["canals"]:
        if endpoints(c)[0] not in reach:
            return False
    return True


def drought(plots, canals, final):
    """S20 / S24 applied to a list of plot dicts (copies returned), given the canals."""
    v = {"canals": canals}
    out = []
    for p in plots:
        q = dict(p)
        if not q["desert"] and not irrigated(v, q["x"], q["y"]):
            if final or q["markers"] == 0:
                q["desert"] = True
                q["markers"] = 0
                q["palm"] = False
            else:
                q["markers"] -= 1
        out.append(q)
    return out


def field_points(v):
    """S25-S26, S31: each seat's field points, by flood fill over the view."""
    n = v["players"]
    grid = [None] * 48
    for p in v["plots"]:
        if not p["desert"]:
            grid[p["y"] * 8 + p["x"]] = p
    palm = [False] * 48
    for xy in v.get("palms", []):
        palm[xy[1] * 8 + xy[0]] = True
    seen = [False] * 48
    pts = [0] * n
    for start in range(48):
        if grid[start] is None or seen[start]:
            continue
        crop = grid[start]["crop"]
        field = []
        todo = [start]
        seen[start] = True
        while todo:
            c = todo.pop()
            field.append(c)
            x = c % 8
            y = c // 8
            for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                if 0 <= nx < 8 and 0 <= ny < 6:
                    k = ny * 8 + nx
                    if not seen[k] and grid[k] is not None and grid[k]["crop"] == crop:
                        seen[k] = True
                        todo.append(k)
        per = [0] * n
        for c in field:
            p = grid[c]
            if p["owner"] >= 0 and p["markers"] > 0:
                per[p["owner"]] += p["markers"] + (1 if palm[c] else 0)
        for q in range(n):
            pts[q] += len(field) * per[q]
    return pts


def competition_ranking(totals):
    return [1 + len([t for t in totals if t > s]) for s in totals]


# ------------------------------------------------------------------ seeded random player

class Player:
    """Chooses legal actions with the project PRNG: the same choices on both runtimes.
    Amount choices favour small amounts (pass / 1..5) so games look like real games."""

    def __init__(self, seed):
        self.r = bytearray(4)
        rng.seed(self.r, 0, seed)
        self.buf = [0] * S.MAX_ACTIONS

    def choose(self, st):
        k = S.legal_into(st, self.buf)
        assert k > 0
        if self.buf[k - 1] >> 12 == 1 and rng.below(self.r, 0, 4):  # bid/offer: mostly small
            k = min(k, 6)
        return self.buf[rng.below(self.r, 0, k)]


def random_game(players, seed, options=None, each=None):
    """Play a seeded random game; each(st_before_copy, action, st_after) after every action."""
    st = S.new_game(players, seed, **(options or {}))
    pl = Player(seed * 7 + 1)
    while not S.is_over(st):
        a = pl.choose(st)
        before = bytearray(st) if each else None
        S.apply(st, a)
        if each:
            each(before, a, st)
    return st
