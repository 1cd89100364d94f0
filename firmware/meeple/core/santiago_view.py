"""Santiago positions as data: `santiago.view(st)` and `santiago.from_view(d)` (meeple.core.santiago)
call into this module, which they import only when used: tools, tests and saved positions need it,
a game on the device does not, so it stays out of the device's memory during play.

The state offsets below mirror meeple.core.santiago's layout table (its underscore consts are
compiled away on MicroPython); tests/ui/test_santiago_screen.py checks them against the core.
"""
try:
    from micropython import const  # type: ignore[assignment]  # the CPython stand-in below differs
except ImportError:
    def const(x):  # CPython stand-in for micropython.const
        return x

from meeple.core.santiago import (  # noqa: F401  (the core's helpers, shared)
    CROPS,
    PHASES,
    SIZE,
    VERSION,
    _CROP_TEXT,
    _SEG_A,
    _SEG_B,
    _any_proposal,
    _end_auction,
    _irrigated,
    _legal_seg,
    _max_total,
    _nstacks,
    _palm_ok,
    _parse_node,
    _proposed,
    _rounds,
    _seg_view,
    parse_segment,
    seg_name,
    tile_code,
    to_move,
)

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
_F_PALMS = const(1)
_F_OPEN = const(2)
_AUCTION = const(0)
_PLACEMENT = const(1)
_BRIBE = const(2)
_OVERSEER_PH = const(3)
_EXTRA_PH = const(4)
_OVER = const(5)
_NSEG = const(31)
_NPLOT = const(48)
_NONE = const(0xFF)
_DESERT = const(0x10)
_PALM = const(0x20)
_MARKERS = const(22)
_START_MONEY = const(10)
_INCOME = const(3)


def _tile_view(t):
    return {"crop": CROPS[t >> 1], "symbols": (t & 1) + 1}


def _bid_order(st):
    """Seats in this round's bidding order, and how many have acted."""
    n = st[_PLAYERS]
    start = st[_OLD_OVERSEER] + 1
    acted = st[_IDX] if st[_PHASE] == _AUCTION else n
    return [(start + i) % n for i in range(n)], acted


def view(st):
    """The whole position as JSON-safe data (DESIGN.md section 2 schema, plus extra keys)."""
    n = st[_PLAYERS]
    ph = st[_PHASE]
    node = st[_SPRING]
    plots = []
    palms = []
    for p in range(_NPLOT):
        t = st[_TILE + p]
        if t & _PALM:
            palms.append([p % 8, p // 8])
        if t & 0x0F:
            o = st[_OWN + p]
            code = (t & 0x0F) - 1
            plots.append({"x": p % 8, "y": p // 8, "crop": CROPS[code >> 1], "symbols": (code & 1) + 1,
                          "owner": (o & 7) - 1, "markers": (o >> 4) & 3, "desert": bool(t & _DESERT),
                          "palm": bool(t & _PALM), "irrigated": bool(_irrigated(st, p))})
    canals = [_seg_view(s) for s in range(_NSEG) if st[_CANAL + s]]
    ns = _nstacks(n)
    h = _rounds(n)
    r = st[_ROUND]
    stacks = [[_tile_view(st[_STACK + s * h + d]) for d in range(r, h)] for s in range(ns)]
    seats = [{"money": st[_MONEY + q], "markers": st[_SUPPLY + q], "extra_canal": bool(st[_EXTRA + q])}
             for q in range(n)]
    order, acted = _bid_order(st)
    bids = [[q, st[_BID + q] or None] for q in order[:acted]]
    proposals = []
    if ph == _BRIBE or ph == _OVERSEER_PH:
        ov = st[_OVERSEER]
        for i in range(n - 1):
            q = (ov + 1 + i) % n
            s = st[_OFFER_SEG + q]
            if s == _NONE:
                continue
            for pr in proposals:
                if pr["_s"] == s:
                    pr["backers"].append([q, st[_OFFER_AMT + q]])
                    break
            else:
                proposals.append({"_s": s, "segment": _seg_view(s), "backers": [[q, st[_OFFER_AMT + q]]]})
        for pr in proposals:
            pr["total"] = sum(b[1] for b in pr["backers"])
            del pr["_s"]
    pending = {"decision": PHASES[ph]}  # type: dict
    if ph == _PLACEMENT:
        pending["order"] = [st[_ORDER + i] for i in range(n)]
        pending["placed"] = st[_IDX]
        if st[_IDX] >= n:
            pending["decision"] = "leftover"
    elif ph == _BRIBE and st[_PEND]:
        pending = {"decision": "offer", "segment": _seg_view(st[_PEND_SEG]), "support": st[_PEND] == 2}
    elif ph == _OVERSEER_PH:
        pending["cost"] = _max_total(st) + 1 if _any_proposal(st) else 1
    elif ph == _OVER:
        pending = {}
    return {
        "game": "santiago", "version": st[_VERSION], "players": n, "round": r, "rounds": h,
        "phase": PHASES[ph], "overseer": st[_OVERSEER], "to_move": to_move(st),
        "spring": [node % 5, node // 5], "plots": plots, "canals": canals,
        "revealed": [_tile_view(st[_REV + k]) for k in range(st[_NREV])],
        "stacks": stacks, "seats": seats, "bids": bids, "proposals": proposals, "pending": pending,
        "removed": _tile_view(st[_REMOVED]) if st[_REMOVED] != _NONE else None,
        "palms": palms,
        "options": {"palms": bool(st[_FLAGS] & _F_PALMS), "open_money": bool(st[_FLAGS] & _F_OPEN)},
        "rng": [st[_RNG + k] for k in range(4)],
    }


def _int(d, key, lo, hi):
    v = d.get(key) if isinstance(d, dict) else None
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError("%s must be an integer %d..%d, not %r" % (key, lo, hi, v))
    return v


def _tile_from(t, where):
    try:
        return tile_code(t["crop"], t["symbols"])
    except (KeyError, TypeError, ValueError):
        raise ValueError("%s: %r is not a tile like {\"crop\": \"bean\", \"symbols\": 2}" % (where, t))


def from_view(d):
    """The state bytes of a view; raises ValueError for a position that cannot occur."""
    try:
        return _from_view(d)
    except (TypeError, KeyError, IndexError, AttributeError) as e:
        raise ValueError("malformed Santiago view (%s: %s)" % (type(e).__name__, e))


def _from_view(d):
    if not isinstance(d, dict) or d.get("game") != "santiago":
        raise ValueError("not a Santiago view")
    if d.get("version", VERSION) != VERSION:
        raise ValueError("view version %r, this engine reads %d" % (d.get("version"), VERSION))
    n = _int(d, "players", 3, 5)
    h = _rounds(n)
    ns = _nstacks(n)
    st = bytearray(SIZE)
    st[_VERSION] = VERSION
    st[_PLAYERS] = n
    r = _int(d, "round", 1, h)
    st[_ROUND] = r
    if d.get("phase") not in PHASES:
        raise ValueError("phase must be one of %s" % ", ".join(PHASES))
    ph = PHASES.index(d["phase"])
    st[_PHASE] = ph
    ov = _int(d, "overseer", 0, n - 1)
    st[_OVERSEER] = ov
    opts = d.get("options") or {}
    st[_FLAGS] = (_F_PALMS if opts.get("palms") else 0) | (_F_OPEN if opts.get("open_money") else 0)
    st[_SPRING] = _parse_node(d.get("spring"))
    rb = d.get("rng") or [0, 0, 0, 0]
    for k in range(4):
        st[_RNG + k] = int(rb[k]) & (0x7F if k in (1, 2) else 0xFF)
    counts = bytearray(10)  # tiles of each code seen
    # seats
    seats = d.get("seats")
    if not isinstance(seats, list) or len(seats) != n:
        raise ValueError("seats must list the %d players" % n)
    total = 0
    for q in range(n):
        sq = seats[q]
        st[_MONEY + q] = _int(sq, "money", 0, 255)
        total += st[_MONEY + q]
        st[_SUPPLY + q] = _int(sq, "markers", 0, _MARKERS)
        st[_EXTRA + q] = 1 if sq.get("extra_canal", True) else 0
    cap = n * _START_MONEY + n * _INCOME * (r - 1)
    if total > cap:
        raise ValueError("the seats hold %d escudos; at most %d can exist in round %d" % (total, cap, r))
    # board
    plots = d.get("plots") or []
    on_board = bytearray(5)
    neutral = 0
    for pv in plots:
        x = _int(pv, "x", 0, 7)
        y = _int(pv, "y", 0, 5)
        p = y * 8 + x
        if st[_TILE + p]:
            raise ValueError("plot (%d,%d) is listed twice" % (x, y))
        t = _tile_from({"crop": pv.get("crop"), "symbols": pv.get("symbols", 2)}, "plot (%d,%d)" % (x, y))
        owner = _int(pv, "owner", -1, n - 1)
        m = _int(pv, "markers", 0, 2)
        desert = bool(pv.get("desert"))
        if m > (t & 1) + 1:
            raise ValueError("plot (%d,%d): %d markers on a tile with %d" % (x, y, m, (t & 1) + 1))
        if owner < 0 and m:
            raise ValueError("plot (%d,%d): a neutral tile has no markers" % (x, y))
        if desert and m:
            raise ValueError("plot (%d,%d): a desert has no markers" % (x, y))
        if owner < 0:
            neutral += 1
        else:
            on_board[owner] += m
        counts[t] += 1
        st[_TILE + p] = (t + 1) | (_DESERT if desert else 0)
        st[_OWN + p] = (owner + 1) | (m << 4)
    for q in range(n):
        if on_board[q] + st[_SUPPLY + q] > _MARKERS:
            raise ValueError("seat %d has %d markers on the board and %d in supply: more than %d"
                             % (q, on_board[q], st[_SUPPLY + q], _MARKERS))
    if neutral and n != 3:
        raise ValueError("neutral tiles only exist with 3 players")
    palms = d.get("palms") or []
    if palms and not st[_FLAGS] & _F_PALMS:
        raise ValueError("palms on the board but the palm variant is off")
    if len(palms) > 3:
        raise ValueError("there are only 3 palms")
    for pp in palms:
        try:
            x = int(pp[0])
            y = int(pp[1])
        except (TypeError, ValueError, IndexError):
            raise ValueError("palm %r is not [x, y]" % (pp,))
        if not (0 <= x <= 7 and 0 <= y <= 5):
            raise ValueError("palm (%d,%d) is off the board" % (x, y))
        p = y * 8 + x
        if not _palm_ok(st, p):
            raise ValueError("palm (%d,%d) touches the spring or another palm" % (x, y))
        if st[_TILE + p] & _DESERT:
            raise ValueError("palm (%d,%d) stands on a desert (it is removed there)" % (x, y))
        st[_TILE + p] |= _PALM
    # canals: each connected to the spring (S14)
    canals = d.get("canals") or []
    for c in canals:
        s = parse_segment(c)
        if st[_CANAL + s]:
            raise ValueError("canal %s is listed twice" % seg_name(s))
        st[_CANAL + s] = 1
    _check_connected(st)
    # tiles: revealed, stacks, removed
    rev = d.get("revealed") or []
    if len(rev) > ns:
        raise ValueError("at most %d tiles are revealed" % ns)
    for k in range(len(rev)):
        t = _tile_from(rev[k], "revealed")
        st[_REV + k] = t
        counts[t] += 1
    st[_NREV] = len(rev)
    stacks = d.get("stacks") or [[] for _ in range(ns)]
    if len(stacks) != ns or any(len(s) != h - r for s in stacks):
        raise ValueError("round %d needs %d stacks of %d hidden tiles" % (r, ns, h - r))
    for s in range(ns):
        for i in range(h - r):
            t = _tile_from(stacks[s][i], "stack")
            st[_STACK + s * h + r + i] = t
            counts[t] += 1
    if n < 5:
        if d.get("removed") is None:
            raise ValueError("with %d players one tile is removed at setup" % n)
        t = _tile_from(d["removed"], "removed")
        st[_REMOVED] = t
        counts[t] += 1
    else:
        if d.get("removed") is not None:
            raise ValueError("with 5 players no tile is removed")
        st[_REMOVED] = _NONE
    for t in range(10):
        want = 6 if t & 1 else 3
        if counts[t] > want:
            raise ValueError("%d %s tiles with %d marker symbols in the game; there are only %d"
                             % (counts[t], _CROP_TEXT[t >> 1], (t & 1) + 1, want))
    # phase progress
    R = ns  # tiles revealed per round
    bids = d.get("bids") or []
    tm = d.get("to_move")
    if ph == _AUCTION:
        if st[_NREV] != R:
            raise ValueError("during the auction all %d revealed tiles are on offer" % R)
        if len(bids) >= n:
            raise ValueError("the auction is over once all %d seats have bid" % n)
        st[_OLD_OVERSEER] = ov
        st[_IDX] = len(bids)
    else:
        if len(bids) != n:
            raise ValueError("after the auction every seat has a bid or pass")
        st[_OLD_OVERSEER] = (int(bids[0][0]) - 1) % n
    for i in range(len(bids)):
        q, b = bids[i][0], bids[i][1]
        if q != (st[_OLD_OVERSEER] + 1 + i) % n:
            raise ValueError("bids must be in bidding order, starting left of the overseer")
        b = b or 0
        if not isinstance(b, int) or b < 0:
            raise ValueError("bid %r is not a number of escudos" % (b,))
        for q2 in range(n):
            if b and st[_BID + q2] == b:
                raise ValueError("bid %d was made twice" % b)
        st[_BID + q] = b
    if ph != _AUCTION:
        ov_was = st[_OVERSEER]
        _end_auction(st)  # derives the order and the new overseer from the bids
        if st[_OVERSEER] != ov_was:
            raise ValueError("with these bids seat %d is the overseer, not %d" % (st[_OVERSEER], ov_was))
        st[_PHASE] = ph
    placed = 0
    if ph == _PLACEMENT:
        placed = R - st[_NREV]
        if st[_NREV] == 0 or placed > n:
            raise ValueError("%d revealed tiles left is impossible during placement" % st[_NREV])
        st[_IDX] = placed
    elif ph != _AUCTION and st[_NREV]:
        raise ValueError("revealed tiles are all placed before the bribe phase")
    for i in range(n):  # bids not yet paid must be affordable
        q = st[_ORDER + i] if ph == _PLACEMENT else i
        if (ph == _AUCTION or (ph == _PLACEMENT and i >= placed)) and st[_BID + q] > st[_MONEY + q]:
            raise ValueError("seat %d bid %d but has %d escudos" % (q, st[_BID + q], st[_MONEY + q]))
    tiles_on_board = len(plots)
    expect = (r - 1) * R + (placed if ph == _PLACEMENT else (R if ph != _AUCTION else 0))
    if tiles_on_board != expect:
        raise ValueError("round %d, phase %s: %d tiles should be on the board, not %d"
                         % (r, PHASES[ph], expect, tiles_on_board))
    # markers: one tile a round takes at most 2, so a seat must hold 2 for every tile it will
    # still place (this round's unless it has placed it, and one each later round)
    rounds = 9 if n == 5 else 11
    for q in range(n):
        done = ph > _PLACEMENT
        if ph == _PLACEMENT:
            for i in range(min(placed, n)):
                if st[_ORDER + i] == q:
                    done = True
        need = 2 * (rounds - r) + (0 if done else 2)
        if ph != _OVER and st[_SUPPLY + q] < need:
            raise ValueError("seat %d has %d markers left but may still place %d tiles (2 each)"
                             % (q, st[_SUPPLY + q], need // 2))
    if n == 3 and neutral != (r - 1) + (1 if ph > _PLACEMENT else 0):
        raise ValueError("with 3 players one neutral tile is placed each round")
    # bribes
    st[_PEND] = 0
    for q in range(n):
        st[_OFFER_SEG + q] = _NONE
    props = d.get("proposals") or []
    if props and ph not in (_BRIBE, _OVERSEER_PH):
        raise ValueError("proposals exist only in the bribe and overseer phases")
    if ph == _BRIBE:
        if not isinstance(tm, int) or tm == ov or not 0 <= tm < n:
            raise ValueError("in the bribe phase to_move is a seat other than the overseer")
        st[_IDX] = (tm - ov - 1) % n
    for pr in props:
        s = parse_segment(pr.get("segment"))
        if _proposed(st, s):
            raise ValueError("segment %s is proposed twice" % seg_name(s))
        if not _legal_seg(st, s):
            raise ValueError("segment %s cannot be proposed: it has a canal or does not touch the network"
                             % seg_name(s))
        backers = pr.get("backers") or []
        if not backers:
            raise ValueError("proposal %s has no backers" % seg_name(s))
        for bq in backers:
            q = int(bq[0])
            a = int(bq[1])
            if not 0 <= q < n or q == ov:
                raise ValueError("seat %r cannot back a proposal" % (bq[0],))
            if ph == _BRIBE and (q - ov - 1) % n >= st[_IDX]:
                raise ValueError("seat %d has not acted in the bribe phase yet" % q)
            if st[_OFFER_SEG + q] != _NONE:
                raise ValueError("seat %d backs two proposals" % q)
            if not 1 <= a <= st[_MONEY + q]:
                raise ValueError("seat %d offers %d but has %d escudos" % (q, a, st[_MONEY + q]))
            st[_OFFER_SEG + q] = s
            st[_OFFER_AMT + q] = a
    pend = d.get("pending") or {}
    if ph == _BRIBE and pend.get("decision") == "offer":
        s = parse_segment(pend.get("segment"))
        support_ = bool(pend.get("support"))
        if support_ != _proposed(st, s) or (not support_ and not _legal_seg(st, s)):
            raise ValueError("pending offer on %s does not fit the proposals" % seg_name(s))
        q = to_move(st)
        if st[_MONEY + q] == 0:
            raise ValueError("seat %d cannot make an offer with 0 escudos" % q)
        st[_PEND] = 2 if support_ else 1
        st[_PEND_SEG] = s
    if ph == _EXTRA_PH:
        if not isinstance(tm, int) or not 0 <= tm < n or not st[_EXTRA + tm]:
            raise ValueError("in the extra canal phase to_move holds an unused extra canal")
        st[_IDX] = (tm - ov - 1) % n
    if ph == _OVER and r != h:
        raise ValueError("the game ends after round %d" % h)
    used = n - sum(st[_EXTRA + q] for q in range(n))
    ncan = sum(st[_CANAL + s] for s in range(_NSEG))
    general = r - 1 + (1 if ph >= _EXTRA_PH else 0)
    if ncan > general + used:
        raise ValueError("%d canals on the board, at most %d can have been built" % (ncan, general + used))
    if ncan < used:
        raise ValueError("%d extra canals used but only %d canals built" % (used, ncan))
    if tm is not None and tm != to_move(st):
        raise ValueError("to_move %r does not fit the phase (seat %d decides)" % (tm, to_move(st)))
    return st


def _check_connected(st):
    """Every built canal is linked to the spring (S14 built them that way)."""
    reach = bytearray(20)
    reach[st[_SPRING]] = 1
    grew = True
    while grew:
        grew = False
        for s in range(_NSEG):
            if st[_CANAL + s] and reach[_SEG_A[s]] != reach[_SEG_B[s]]:
                reach[_SEG_A[s]] = 1
                reach[_SEG_B[s]] = 1
                grew = True
    for s in range(_NSEG):
        if st[_CANAL + s] and not reach[_SEG_A[s]]:
            raise ValueError("canal %s is not connected to the spring" % seg_name(s))


# ---------------------------------------------------------------- observe
