"""Random legal play: invariants from view() after every action, an independent recount of the
final scores, and illegal actions rejected with the state unchanged."""
import sys

from meeple.core import cacao
from cacao_fixtures import COMPOSITION, WORKER_SET
from gamekit import Picker, raises_value_error

ON_MP = sys.implementation.name == "micropython"
GAMES = 6 if ON_MP else 1500  # per run; every player count gets a third
WATER = (-10, -4, -1, 0, 2, 4, 7, 11, 16)
DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # N E S W


def workers_facing(tile, d):
    digits = [int(c) for c in tile["pattern"].split("-")]
    return digits[(d - tile["rot"]) % 4]


def recount_temples(v):
    """C23, C24 written again from the rules text, on view data only."""
    cells = {}
    for t in v["board"]:
        cells[(t["x"], t["y"])] = t
    pts = [0] * v["players"]
    for t in v["board"]:
        if t.get("jungle") != "T":
            continue
        count = [0] * v["players"]
        for d in range(4):
            w = cells.get((t["x"] + DIRS[d][0], t["y"] + DIRS[d][1]))
            if w and "seat" in w:
                count[w["seat"]] += workers_facing(w, (d + 2) % 4)
        ranked = sorted(set(c for c in count if c > 0), reverse=True)
        if not ranked:
            continue
        firsts = [s for s in range(len(count)) if count[s] == ranked[0]]
        for s in firsts:
            pts[s] += 6 // len(firsts)
        if len(firsts) == 1 and len(ranked) > 1:
            seconds = [s for s in range(len(count)) if count[s] == ranked[1]]
            for s in seconds:
                pts[s] += 3 // len(seconds)
    return pts


def check_invariants(v, prev_gold, placed):
    n = v["players"]
    cells = {}
    jcount = {}
    wcount = [[0, 0, 0, 0] for _ in range(n)]
    names = cacao.PATTERN_NAMES
    for t in v["board"]:
        key = (t["x"], t["y"])
        assert key not in cells, "two tiles at %r" % (key,)
        cells[key] = t
        if "jungle" in t:
            assert (t["x"] + t["y"]) % 2 == 0, "jungle off the checkerboard"
            jcount[t["jungle"]] = jcount.get(t["jungle"], 0) + 1
        else:
            assert (t["x"] + t["y"]) % 2 == 1, "worker off the checkerboard"
            wcount[t["seat"]][names.index(t["pattern"])] += 1
            if t["height"] == 2:
                wcount[t["seat"]][names.index(t["covered"]["pattern"])] += 1
    for (x, y), t in cells.items():
        kinds = [cells[(x + dx, y + dy)] for dx, dy in DIRS if (x + dx, y + dy) in cells]
        if "seat" in t:
            assert all("jungle" in k for k in kinds), "worker beside worker at %r" % ((x, y),)
            assert kinds, "worker tile at %r touches no jungle" % ((x, y),)
        else:
            assert all("seat" in k for k in kinds), "jungle beside jungle at %r" % ((x, y),)
            if (x, y) not in ((0, 0), (1, 1)):
                assert len(kinds) >= 2, "jungle at %r entered with fewer than 2 workers" % ((x, y),)
        assert abs(x) + abs(y) <= 64
    for t in v["display"] + v["pile"]:
        jcount[t] = jcount.get(t, 0) + 1
    assert jcount == dict((k, c) for k, c in COMPOSITION[n].items() if c), "jungle tiles lost or made"
    ph = v["pending"]["kind"]
    for s in range(n):
        sd = v["seats"][s]
        for h in sd["hand"] + sd["pile"]:
            wcount[s][names.index(h)] += 1
        assert tuple(wcount[s]) == WORKER_SET[n], "worker tiles of seat %d lost or made" % s
        assert 0 <= sd["cacao"] <= 5 and 0 <= sd["sun"] <= 3 and 0 <= sd["water"] <= 8
        assert sd["gold"] >= prev_gold[s], "gold fell"
        prev_gold[s] = sd["gold"]
        if ph == "place":
            assert len(sd["hand"]) == 3 or not sd["pile"], "hand not refilled"
    if ph == "place":
        assert len(v["display"]) == 2 or not v["pile"], "display not refilled"
        # turns per seat: the active seat has placed exactly as often as every seat before it
        for s in range(n):
            turns = (v["turn"] - ((s - v["start_seat"]) % n) + n - 1) // n
            assert placed[s] == turns, "seat %d placed %d tiles in %d turns" % (s, placed[s], turns)
        assert v["active"] == (v["start_seat"] + v["turn"]) % n
        assert v["pending"]["overbuild"] == (not v["display"] and not v["pile"]
                                             and v["seats"][v["active"]]["sun"] > 0)
    assert v["to_move"] == (-1 if v["over"] else v["to_move"])


def play_checked(players, seed):
    st = cacao.new_game(players, seed)
    picker = Picker(seed * 7 + players)
    buf = [0] * cacao.MAX_ACTIONS
    prev_gold = [0] * players
    placed = [0] * players
    actions = 0
    while not cacao.is_over(st):
        n = cacao.legal_into(st, buf)
        assert n > 0
        a = buf[picker.below(n)]
        info = cacao.action_info(st, a)
        assert info["seat"] == cacao.to_move(st)
        assert isinstance(cacao.describe(st, a), str)
        if info["kind"] in ("place", "overbuild"):
            placed[info["seat"]] += 1
        cacao.apply(st, a)
        actions += 1
        check_invariants(cacao.view(st), prev_gold, placed)
    v = cacao.view(st)
    assert placed == [cacao.turns_total(players)] * players
    assert v["turn"] == players * cacao.turns_total(players) and v["to_move"] == -1
    temples = recount_temples(v)
    want = [v["seats"][s]["gold"] + temples[s] + v["seats"][s]["sun"] + WATER[v["seats"][s]["water"]]
            for s in range(players)]
    assert cacao.scores(st) == want, (cacao.scores(st), want)
    places = cacao.ranking(st)
    for s in range(players):
        better = sum(1 for t in range(players) if (want[t], v["seats"][t]["cacao"]) > (want[s], v["seats"][s]["cacao"]))
        assert places[s] == better + 1
    assert cacao.from_view(v) == st
    return actions


def test_random_games_keep_every_invariant():
    total = 0
    for g in range(GAMES):
        total += play_checked(2 + g % 3, 1000 + g)
    assert total > GAMES * 20


def test_view_round_trips_mid_game():
    st = cacao.new_game(3, 77)
    picker = Picker(3)
    buf = [0] * cacao.MAX_ACTIONS
    while not cacao.is_over(st):
        assert cacao.from_view(cacao.view(st)) == st
        cacao.apply(st, buf[picker.below(cacao.legal_into(st, buf))])


def illegal_ints_rejected(st):
    legal = set(cacao.legal_actions(st))
    before = bytes(st)
    step = 1 if not ON_MP else 7
    for a in range(0, cacao.ACTION_LIMIT + 40, step):
        if a in legal:
            continue
        raises_value_error(cacao.apply, st, a)
        assert bytes(st) == before, "apply(%d) changed the state before failing" % a
    for bad in (-1, 1 << 15, "12", None, 3.0):
        raises_value_error(cacao.apply, st, bad)
        assert bytes(st) == before


def test_non_legal_ints_raise_and_leave_state_unchanged():
    for players in (2, 3, 4):
        st = cacao.new_game(players, players)
        picker = Picker(players + 40)
        buf = [0] * cacao.MAX_ACTIONS
        k = 0
        while not cacao.is_over(st):
            if k % (23 if ON_MP else 3) == 0:
                illegal_ints_rejected(st)
            cacao.apply(st, buf[picker.below(cacao.legal_into(st, buf))])
            k += 1
        illegal_ints_rejected(st)


def test_crafted_bad_moves_name_what_is_wrong():
    st = cacao.new_game(2, 3, start_seat=0)
    hand = cacao.view(st)["seats"][0]["hand"]
    missing = [p for p in cacao.PATTERN_NAMES if p not in hand][0]
    p_missing = cacao.PATTERN_NAMES.index(missing)
    # jungle 0 is P1 at (0,0): direction N (d=0) is cell (0,1), E is (1,0)
    msg = raises_value_error(cacao.apply, st, (0 * 4 + 1) * 16 + p_missing * 4)
    assert missing in msg and "hand" in msg, msg
    msg = raises_value_error(cacao.apply, st, (0 * 4 + 0) * 16 + 0 * 4 + 2)
    assert "rotation" in msg, msg
    # (1,0) touches P1 (jungle 0) and M2 (jungle 1): through M2 (d=S) it is not the canonical name
    msg = raises_value_error(cacao.apply, st, (1 * 4 + 2) * 16 + cacao.PATTERN_NAMES.index(hand[0]) * 4)
    assert "(1,0)" in msg and "use action" in msg, msg
    msg = raises_value_error(cacao.apply, st, (5 * 4) * 16)
    assert "jungle tile number 5" in msg, msg
    msg = raises_value_error(cacao.apply, st, 1792)
    assert "overbuild" in msg, msg
    msg = raises_value_error(cacao.apply, st, 2368 + 1)
    assert "place a worker tile" in msg, msg
    # occupy (1,0), then try to place there again
    pat = cacao.PATTERN_NAMES.index(hand[0])
    cacao.apply(st, (0 * 4 + 1) * 16 + pat * 4)
    while cacao.view(st)["pending"]["kind"] != "place":
        cacao.apply(st, cacao.legal_actions(st)[0])
    pat = cacao.PATTERN_NAMES.index(cacao.view(st)["seats"][cacao.to_move(st)]["hand"][0])
    msg = raises_value_error(cacao.apply, st, (0 * 4 + 1) * 16 + pat * 4)
    assert "(1,0)" in msg and "occupied" in msg, msg


def test_selling_more_than_storage_or_workers_is_refused():
    from cacao_fixtures import position
    st = position(2, jungle=[(6, 6, "P2"), (7, 5, "M3")], seats={1: {"cacao": 1}}, active=1)
    a = [x for x in cacao.legal_actions(st) if cacao.action_info(st, x) == {
        "kind": "place", "seat": 1, "pattern": "2-1-0-1", "rot": 0, "x": 6, "y": 5, "workers": [2, 1, 0, 1]}][0]
    cacao.apply(st, a)
    q_market = [i for i, s in enumerate(cacao.view(st)["pending"]["sides"]) if s["tile"] == "M3"][0]
    before = bytes(st)
    msg = raises_value_error(cacao.apply, st, 2432 + q_market * 4 + 2)
    assert "at most 1" in msg, msg
    msg = raises_value_error(cacao.apply, st, 2432 + q_market * 4 + 0)
    assert "last" in msg, msg
    assert bytes(st) == before


def test_from_view_rejects_impossible_positions():
    good = cacao.view(cacao.new_game(3, 9))

    def put(obj, key, value):  # MicroPython's list and dict have no __setitem__ attribute
        obj[key] = value
        return obj

    def broken(change):
        import json
        v = json.loads(json.dumps(good))
        change(v)
        return raises_value_error(cacao.from_view, v)

    assert "checkerboard" in broken(lambda v: v["board"].append({"x": 2, "y": 2, "seat": 0, "pattern": "1-1-1-1",
                                                                  "rot": 0, "height": 1}))
    assert "jungle" in broken(lambda v: v["pile"].pop())
    assert "two tiles" in broken(lambda v: v["board"].append({"x": 0, "y": 0, "jungle": "T"}))
    assert "cacao" in broken(lambda v: put(v["seats"][0], "cacao", 6))
    assert "sun" in broken(lambda v: put(v["seats"][1], "sun", 4))
    assert "water" in broken(lambda v: put(v["seats"][1], "water", 9))
    assert "hand" in broken(lambda v: v["seats"][2]["hand"].append("1-1-1-1"))
    assert "tiles in play" in broken(lambda v: v["seats"][2]["pile"].append("1-1-1-1"))
    assert "start tiles" in broken(lambda v: put(v["board"], 0, {"x": 0, "y": 0, "jungle": "T"}))
    assert "version" in broken(lambda v: put(v, "version", 99))
    assert "players" in broken(lambda v: put(v, "players", 5))
    assert "touches no jungle" in broken(lambda v: v["board"].append(
        {"x": 9, "y": 0, "seat": 0, "pattern": v["seats"][0]["pile"].pop(), "rot": 0, "height": 1}))
