"""Cacao positions as data: `cacao.view(st)` and `cacao.from_view(d)` (meeple.core.cacao) call
into this module, which they import only when used: tools, tests and saved positions need it,
a game on the device does not, so it stays out of the device's memory during play.

The state offsets below mirror meeple.core.cacao's layout table (its underscore consts are
compiled away on MicroPython); tests/core/test_cacao_runtimes.py checks them against the core.
"""
try:
    from micropython import const  # type: ignore[assignment]  # the CPython stand-in below differs
except ImportError:
    def const(x):  # CPython stand-in for micropython.const
        return x

from meeple.core import cacao as core

_P1 = const(1)
_M2 = const(3)
_M4 = const(5)
_VER = const(0)
_NP = const(1)
_START = const(2)
_ACTIVE = const(3)
_TURN = const(4)
_PHASE = const(5)
_TOMOVE = const(6)
_RNG = const(7)
_DISP = const(11)
_PTOP = const(13)
_PEND = const(14)
_PILE = const(15)
_JN = const(41)
_JUN = const(42)
_WN = const(126)
_WRK = const(127)
_GOLD = const(0)
_CACAO = const(2)
_SUN = const(3)
_WATER = const(4)
_HANDN = const(5)
_HAND = const(6)
_WTOP = const(9)
_WEND = const(10)
_WPILE = const(11)
_NEWW = const(751)
_NEWJ = const(752)
_SPN = const(753)
_SPACES = const(754)
_QN = const(760)
_Q = const(761)
_QMAX = const(16)
_RSEAT = const(825)
_PLACE = const(0)
_FILL = const(1)
_RESOLVE = const(2)
_OVER = const(3)
_NONE = const(255)
_ORIGIN = const(65)
_JMAX = const(28)
_WMAX = const(36)


def _tile_view(st, w):
    o = _WRK + w * 4
    top = st[o + 2]
    x, y = core._xy(core._wkey(st, w))
    d = {"x": x, "y": y, "seat": top >> 6, "pattern": core.PATTERN_NAMES[(top >> 4) & 3],
         "rot": (top >> 2) & 3, "height": 1 + (top & 1)}
    if top & 1:
        c = st[o + 3] - 1
        d["covered"] = {"pattern": core.PATTERN_NAMES[c & 3], "rot": c >> 2}
    return d


def view(st):
    """The whole position as JSON-safe data (DESIGN.md section 2 schema, plus extra keys)."""
    n = st[_NP]
    board = []
    for j in range(st[_JN]):
        x, y = core._xy(core._jkey(st, j))
        board.append({"x": x, "y": y, "jungle": core.JUNGLE_NAMES[st[_JUN + j * 3 + 2]]})
    for w in range(st[_WN]):
        board.append(_tile_view(st, w))
    seats = []
    for s in range(n):
        o = core._seat_off(s)
        seats.append({
            "gold": core._gold(st, s), "cacao": st[o + _CACAO], "sun": st[o + _SUN],
            "water": st[o + _WATER],
            "hand": [core.PATTERN_NAMES[st[o + _HAND + i]] for i in range(st[o + _HANDN])],
            "pile": [core.PATTERN_NAMES[st[o + _WPILE + i]] for i in range(st[o + _WTOP], st[o + _WEND])],
        })
    ph = st[_PHASE]
    pending = {"kind": core.PHASE_NAMES[ph]}
    if ph == _PLACE:
        pending["overbuild"] = core._can_overbuild(st)
    elif ph == _FILL or ph == _RESOLVE:
        pending["seat"] = st[_TOMOVE]
        pending["new"] = core._xy(core._wkey(st, st[_NEWW]))
        pending["new_jungle"] = st[_NEWJ]
        if ph == _FILL:
            pending["spaces"] = [core._xy((st[_SPACES + i * 2] << 8) | st[_SPACES + i * 2 + 1])
                                 for i in range(st[_SPN])]
        else:
            sides = []
            for q in range(st[_QN]):
                o = _Q + q * 4
                x, y = core._xy(core._jkey(st, st[o + 1]))
                sides.append({"seat": st[o], "x": x, "y": y, "tile": core.JUNGLE_NAMES[st[_JUN + st[o + 1] * 3 + 2]],
                              "workers": st[o + 2], "done": bool(st[o + 3])})
            pending["sides"] = sides
    return {
        "game": core.GAME, "version": core.VERSION, "players": n, "start_seat": st[_START],
        "active": st[_ACTIVE], "to_move": core.to_move(st), "turn": st[_TURN], "over": ph == _OVER,
        "board": board,
        "display": [core.JUNGLE_NAMES[st[_DISP + i]] for i in range(2) if st[_DISP + i]],
        "pile": [core.JUNGLE_NAMES[st[_PILE + i]] for i in range(st[_PTOP], st[_PEND])],
        "seats": seats, "pending": pending,
        "rng": (st[_RNG] << 22) | (st[_RNG + 1] << 15) | (st[_RNG + 2] << 8) | st[_RNG + 3],
    }


def _bad(msg):
    return ValueError("impossible position: " + msg)


def _int(d, k, lo, hi):
    v = d.get(k) if isinstance(d, dict) else None
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or v > hi:
        raise _bad("%s must be a whole number from %d to %d, not %r" % (k, lo, hi, v))
    return v


def _name(names, v, what):
    if v not in names or v == "":
        raise _bad("unknown %s %r" % (what, v))
    return names.index(v)


def _cell(v, what):
    if (not isinstance(v, list) or len(v) != 2 or not isinstance(v[0], int) or not isinstance(v[1], int)
            or abs(v[0]) + abs(v[1]) > 64):
        raise _bad("%s must be [x, y] with |x|+|y| <= 64, not %r" % (what, v))
    return ((v[0] + _ORIGIN) << 8) | (v[1] + _ORIGIN)


def from_view(d):
    """Build a state from view() data; raise ValueError for data no game could reach.

    Checked: schema and ranges, the checkerboard (C2), start tiles, no two tiles on a cell, every
    worker tile next to a jungle tile, every jungle and worker tile accounted for exactly once
    (table + display + pile, table + hands + piles), limits (C15), hand sizes, and the pending
    decision. Not checked: that the position arose from legal play in this very order."""
    if not isinstance(d, dict) or d.get("game") != core.GAME:
        raise _bad("not a Cacao position")
    if d.get("version") != core.VERSION:
        raise _bad("layout version %r, this engine reads %d" % (d.get("version"), core.VERSION))
    n = _int(d, "players", 2, 4)
    st = bytearray(core.SIZE)
    st[_VER] = core.VERSION
    st[_NP] = n
    st[_START] = _int(d, "start_seat", 0, n - 1)
    st[_TURN] = _int(d, "turn", 0, n * core.turns_total(n))
    r = d.get("rng", 0)
    if not isinstance(r, int) or r < 0 or r >= 1 << 30:
        raise _bad("rng must be a 30-bit number")
    st[_RNG] = r >> 22
    st[_RNG + 1] = (r >> 15) & 0x7F
    st[_RNG + 2] = (r >> 8) & 0x7F
    st[_RNG + 3] = r & 0xFF
    # jungle: table, display, pile
    jcount = [0] * 11
    board = d.get("board")
    if not isinstance(board, list):
        raise _bad("board must be a list")
    wcount = [[0, 0, 0, 0] for _ in range(n)]
    workers = []
    for t in board:
        if not isinstance(t, dict):
            raise _bad("board entries must be objects")
        key = _cell([t.get("x"), t.get("y")], "a tile's x, y")
        if core._ref(st, key) != -1:
            raise _bad("two tiles at %s" % core._xy_text(key))
        odd = ((key >> 8) + (key & 0xFF)) & 1  # X + Y has the parity of x + y
        if "jungle" in t:
            jt = _name(core.JUNGLE_NAMES, t["jungle"], "jungle tile")
            if odd:
                raise _bad("jungle tile at %s: jungle tiles lie on the checkerboard cells with x+y even (C2)" % core._xy_text(key))
            if st[_JN] >= _JMAX:
                raise _bad("more than 28 jungle tiles on the table")
            core._add_jungle(st, key, jt)
            jcount[jt] += 1
        else:
            workers.append((key, t))
    for key, t in workers:
        seat = _int(t, "seat", 0, n - 1)
        pat = _name(core.PATTERN_NAMES, t.get("pattern"), "worker pattern")
        rot = _int(t, "rot", 0, 3)
        height = _int(t, "height", 1, 2)
        if not ((key >> 8) + (key & 0xFF)) & 1:
            raise _bad("worker tile at %s: worker tiles lie on the checkerboard cells with x+y odd (C2)" % core._xy_text(key))
        if core._canonical_j(st, key) < 0:
            raise _bad("worker tile at %s touches no jungle tile (C8)" % core._xy_text(key))
        w = st[_WN]
        if w >= _WMAX:
            raise _bad("more than 36 worker tiles on the table")
        o = _WRK + w * 4
        st[o] = key >> 8
        st[o + 1] = key & 0xFF
        st[o + 2] = (seat << 6) | (pat << 4) | (rot << 2) | (height - 1)
        wcount[seat][pat] += 1
        if height == 2:
            c = t.get("covered")
            if not isinstance(c, dict):
                raise _bad("overbuilt tile at %s needs its covered tile" % core._xy_text(key))
            cp = _name(core.PATTERN_NAMES, c.get("pattern"), "worker pattern")
            st[o + 3] = 1 + cp + 4 * _int(c, "rot", 0, 3)
            wcount[seat][cp] += 1
        st[_WN] = w + 1
        core._put(st, key, 64 + w)
    r0 = core._ref(st, (_ORIGIN << 8) | _ORIGIN)
    r1 = core._ref(st, ((_ORIGIN + 1) << 8) | (_ORIGIN + 1))
    if r0 < 0 or r0 >= 64 or st[_JUN + r0 * 3 + 2] != _P1 or r1 < 0 or r1 >= 64 or st[_JUN + r1 * 3 + 2] != _M2:
        raise _bad("the start tiles must be P1 at (0,0) and M2 at (1,1) (C2)")
    disp = d.get("display")
    if not isinstance(disp, list) or len(disp) > 2:
        raise _bad("display must be a list of at most 2 tiles")
    for i in range(len(disp)):
        t = _name(core.JUNGLE_NAMES, disp[i], "jungle tile")
        st[_DISP + i] = t
        jcount[t] += 1
    pile = d.get("pile")
    if not isinstance(pile, list):
        raise _bad("pile must be a list")
    total = 19 if n == 2 else 26
    if len(pile) > total:
        raise _bad("the jungle pile holds at most %d tiles" % total)
    st[_PEND] = total
    st[_PTOP] = total - len(pile)
    for i in range(len(pile)):
        t = _name(core.JUNGLE_NAMES, pile[i], "jungle tile")
        st[_PILE + st[_PTOP] + i] = t
        jcount[t] += 1
    comp = core._PILE_2 if n == 2 else core._PILE_34
    for t in range(1, 11):
        want = comp[t] + (1 if t == _P1 or t == _M2 else 0)
        if jcount[t] != want:
            raise _bad("%d %s jungle tiles in play, a %d-player game has %d" % (jcount[t], core.JUNGLE_NAMES[t], n, want))
    # seats
    seats = d.get("seats")
    if not isinstance(seats, list) or len(seats) != n:
        raise _bad("seats must list all %d players" % n)
    for s in range(n):
        sd = seats[s]
        o = core._seat_off(s)
        g = _int(sd, "gold", 0, 0xFFFF)
        st[o + _GOLD] = g & 0xFF
        st[o + _GOLD + 1] = g >> 8
        st[o + _CACAO] = _int(sd, "cacao", 0, 5)
        st[o + _SUN] = _int(sd, "sun", 0, 3)
        st[o + _WATER] = _int(sd, "water", 0, 8)
        hand = sd.get("hand")
        wpile = sd.get("pile")
        if not isinstance(hand, list) or len(hand) > 3 or not isinstance(wpile, list):
            raise _bad("%s: hand must hold at most 3 tiles, pile must be a list" % core.SEAT_NAMES[s])
        for h in hand:
            p = _name(core.PATTERN_NAMES, h, "worker pattern")
            core._hand_add(st, s, p)
            wcount[s][p] += 1
        wset = core._SET[n]
        size = wset[0] + wset[1] + wset[2] + wset[3]
        if len(wpile) > size:
            raise _bad("%s's pile is too big" % core.SEAT_NAMES[s])
        st[o + _WEND] = size
        st[o + _WTOP] = size - len(wpile)
        for i in range(len(wpile)):
            p = _name(core.PATTERN_NAMES, wpile[i], "worker pattern")
            st[o + _WPILE + st[o + _WTOP] + i] = p
            wcount[s][p] += 1
        for p in range(4):
            if wcount[s][p] != wset[p]:
                raise _bad("%s has %d %s tiles in play, a %d-player seat has %d"
                     % (core.SEAT_NAMES[s], wcount[s][p], core.PATTERN_NAMES[p], n, wset[p]))
    # whose turn and what is pending
    st[_ACTIVE] = _int(d, "active", 0, n - 1) if "active" in d else (st[_START] + st[_TURN]) % n
    pend = d.get("pending") or {"kind": "place"}
    kind = pend.get("kind") if isinstance(pend, dict) else None
    if kind not in core.PHASE_NAMES:
        raise _bad("pending kind must be one of %s" % ", ".join(core.PHASE_NAMES))
    ph = core.PHASE_NAMES.index(kind)
    st[_PHASE] = ph
    active = st[_ACTIVE]
    hands_left = 0
    for s in range(n):
        hands_left += st[core._seat_off(s) + _HANDN]
    if ph == _OVER:
        if hands_left:
            raise _bad("the game cannot be over while tiles are in hand")
        st[_TOMOVE] = _NONE
    elif ph == _PLACE:
        if st[core._seat_off(active) + _HANDN] == 0:
            raise _bad("%s has no tile to place" % core.SEAT_NAMES[active])
        if core._pile_left(st) and core._display_n(st) < 2:
            raise _bad("the display holds 2 tiles while the pile has any (C18)")
        for s in range(n):
            o = core._seat_off(s)
            if st[o + _WTOP] < st[o + _WEND] and st[o + _HANDN] < 3:
                raise _bad("%s holds fewer than 3 tiles but has a pile to draw from (C17)" % core.SEAT_NAMES[s])
        st[_TOMOVE] = active
    else:
        for s in range(n):   # mid-turn only the active seat may be one tile short (C17)
            o = core._seat_off(s)
            if s != active and st[o + _WTOP] < st[o + _WEND] and st[o + _HANDN] < 3:
                raise _bad("%s holds fewer than 3 tiles but has a pile to draw from (C17)"
                           % core.SEAT_NAMES[s])
        _pending_from_view(st, pend, ph)
    want_to_move = core.to_move(st)
    if "to_move" in d and d["to_move"] != want_to_move:
        raise _bad("to_move is %r but %r must decide" % (d["to_move"], want_to_move))
    return st


def _pending_from_view(st, pend, ph):
    active = st[_ACTIVE]
    key = _cell(pend.get("new"), "pending new tile")
    r = core._ref(st, key)
    if r < 64 or st[_WRK + (r - 64) * 4 + 2] >> 6 != active:
        raise _bad("the pending new tile must be a worker tile of the active seat")
    st[_NEWW] = r - 64
    st[_NEWJ] = _int(pend, "new_jungle", 2, st[_JN])
    # the turn's new jungle tiles (activated with it, C13) are the ones it just filled in
    if ph == _FILL and st[_NEWJ] != st[_JN]:
        raise _bad("a pending fill has no new jungle tile yet")
    if st[_JN] - st[_NEWJ] > 3:
        raise _bad("a turn adds at most 3 jungle tiles")
    for j in range(st[_NEWJ], st[_JN]):
        if (core._jkey(st, j) - key) not in core._DK:
            raise _bad("new jungle tile %s is not next to the new worker tile"
                       % core._xy_text(core._jkey(st, j)))
    st[_TOMOVE] = active
    if ph == _FILL:
        spaces = pend.get("spaces")
        if not isinstance(spaces, list) or not 1 <= len(spaces) <= 3:
            raise _bad("a pending fill lists 1 to 3 spaces")
        for i in range(len(spaces)):
            sk = _cell(spaces[i], "space")
            if core._ref(st, sk) != -1 or (sk - key) not in core._DK:
                raise _bad("space %s is not an empty cell next to the new tile" % core._xy_text(sk))
            st[_SPACES + i * 2] = sk >> 8
            st[_SPACES + i * 2 + 1] = sk & 0xFF
        st[_SPN] = len(spaces)
        if core._legal_fill(st, core._scratch) < 2:
            raise _bad("a pending fill needs a real choice")
        return
    sides = pend.get("sides")
    if not isinstance(sides, list) or len(sides) > _QMAX:
        raise _bad("a pending resolve lists at most %d sides" % _QMAX)
    for q in range(len(sides)):
        sd = sides[q]
        if not isinstance(sd, dict):
            raise _bad("a pending side must be an object")
        j = core._ref(st, _cell([sd.get("x"), sd.get("y")], "side's jungle tile"))
        if j < 0 or j >= 64 or st[_JUN + j * 3 + 2] > _M4:
            raise _bad("a pending side must face a plantation or market")
        o = _Q + q * 4
        st[o] = _int(sd, "seat", 0, st[_NP] - 1)
        st[o + 1] = j
        st[o + 2] = _int(sd, "workers", 1, 3)
        st[o + 3] = 1 if sd.get("done") else 0
    st[_QN] = len(sides)
    st[_RSEAT] = _int(pend, "seat", 0, st[_NP] - 1)
    if not core._has_pending(st, st[_RSEAT], False):
        raise _bad("the resolving seat has no market side left to decide")
    st[_TOMOVE] = st[_RSEAT]
