"""Builds Cacao positions for the worked examples with from_view, filling in what an example
leaves out (rules/cacao.md section 8: 'all other cells are empty') so the position is complete:
unnamed jungle tiles go to the pile (or, when the pile must be empty, onto a far-away row of the
table that touches nothing), unnamed worker tiles to the seats' hands and piles."""
from meeple.core import cacao

COMPOSITION = {2: {"P1": 4, "P2": 2, "M2": 2, "M3": 3, "M4": 1, "G1": 1, "G2": 1, "W": 2, "S": 1, "T": 4},
               3: {"P1": 6, "P2": 2, "M2": 2, "M3": 4, "M4": 1, "G1": 2, "G2": 1, "W": 3, "S": 2, "T": 5}}
COMPOSITION[4] = COMPOSITION[3]
JUNGLE_ORDER = ("P1", "P2", "M2", "M3", "M4", "G1", "G2", "W", "S", "T")
WORKER_SET = {2: (4, 5, 1, 1), 3: (3, 5, 1, 1), 4: (3, 4, 1, 1)}

RED, PURPLE, WHITE, YELLOW = 0, 1, 2, 3


def position(players, jungle=(), workers=(), display=None, pile_top=(), pile_empty=False,
             seats=None, active=0, turn=0):
    """jungle: [(x, y, type or None)], workers: [(seat, pattern, x, y, rot)] or with a 6th item
    (covered pattern, covered rot) for an overbuilt tile; seats: {seat: {gold, cacao, sun,
    water, hand}}. Returns the state from from_view."""
    left = dict(COMPOSITION[players])
    board = [{"x": 0, "y": 0, "jungle": "P1"}, {"x": 1, "y": 1, "jungle": "M2"}]
    left["P1"] -= 1
    left["M2"] -= 1
    auto_display = display is None
    display = list(display or ())
    named = [t for (_, _, t) in jungle if t] + display + list(pile_top)
    for t in named:
        left[t] -= 1
        assert left[t] >= 0, "too many %s tiles in the example" % t
    for (x, y, t) in jungle:
        if not t:
            t = next(k for k in JUNGLE_ORDER if left[k] > 0)
            left[t] -= 1
        board.append({"x": x, "y": y, "jungle": t})
    rest = []
    for k in JUNGLE_ORDER:
        rest += [k] * left[k]
    if pile_empty:
        assert not pile_top
        for i in range(len(rest)):  # a row far from the action, every tile alone
            board.append({"x": -30 + 4 * (i % 13), "y": -30 - 2 * (i // 13), "jungle": rest[i]})
        pile = []
    else:
        pile = list(pile_top) + rest
        while auto_display and len(display) < 2 and pile:
            display.append(pile.pop())
    used = [[0, 0, 0, 0] for _ in range(players)]
    for w in workers:
        seat, pat, x, y, rot = w[:5]
        p = cacao.PATTERN_NAMES.index(pat)
        used[seat][p] += 1
        tile = {"x": x, "y": y, "seat": seat, "pattern": pat, "rot": rot, "height": 1}
        if len(w) > 5:
            tile["height"] = 2
            tile["covered"] = {"pattern": w[5][0], "rot": w[5][1]}
            used[seat][cacao.PATTERN_NAMES.index(w[5][0])] += 1
        board.append(tile)
    seat_views = []
    seats = seats or {}
    for s in range(players):
        sv = {"gold": 0, "cacao": 0, "sun": 0, "water": 0}
        given = seats.get(s, {})
        for k in ("gold", "cacao", "sun", "water"):
            if k in given:
                sv[k] = given[k]
        remaining = []
        for p in range(4):
            n = WORKER_SET[players][p] - used[s][p]
            assert n >= 0, "seat %d has too many %s tiles on the table" % (s, cacao.PATTERN_NAMES[p])
            remaining += [cacao.PATTERN_NAMES[p]] * n
        hand = list(given.get("hand", ()))
        for h in hand:
            remaining.remove(h)
        for name in ("2-1-0-1", "1-1-1-1", "3-0-0-1", "3-1-0-0", "2-1-0-1", "1-1-1-1"):
            if len(hand) < 3 and name in remaining:  # a varied hand, so examples find their tile
                remaining.remove(name)
                hand.append(name)
        sv["hand"] = hand
        sv["pile"] = remaining
        seat_views.append(sv)
    return cacao.from_view({
        "game": "cacao", "version": cacao.VERSION, "players": players, "start_seat": 0,
        "active": active, "turn": turn, "board": board, "display": display, "pile": pile,
        "seats": seat_views, "pending": {"kind": "place"},
    })


def seat(st, s):
    return cacao.view(st)["seats"][s]
