"""Santiago setup (S1-S4, S30), from_view validation, error messages, observe, describe."""
from meeple.core import santiago as S
from santiago_fixtures import ON_MP, Player, raises, rejected, scenario

SEEDS = range(20) if ON_MP else range(40)


def _tiles(v):
    """Every tile of the game in a view, as (crop, symbols) pairs."""
    out = [(p["crop"], p["symbols"]) for p in v["plots"]]
    out += [(t["crop"], t["symbols"]) for t in v["revealed"]]
    for s in v["stacks"]:
        out += [(t["crop"], t["symbols"]) for t in s]
    if v["removed"]:
        out.append((v["removed"]["crop"], v["removed"]["symbols"]))
    return out


def test_setup():
    interior = []
    spring_any = []
    overseers = []
    for n in (3, 4, 5):
        for seed in SEEDS:
            st = S.new_game(n, seed)
            assert len(st) == S.SIZE <= 512 and st[0] == S.VERSION
            assert st == S.new_game(n, seed)  # deterministic
            v = S.view(st)
            assert v["round"] == 1 and v["phase"] == "auction" and v["rounds"] == (9 if n == 5 else 11)
            assert v["to_move"] == (v["overseer"] + 1) % n
            overseers.append(v["overseer"])
            stacks = 5 if n == 5 else 4
            assert len(v["revealed"]) == stacks
            assert [len(s) for s in v["stacks"]] == [v["rounds"] - 1] * stacks
            assert (v["removed"] is None) == (n == 5)  # S1
            tiles = _tiles(v)
            assert len(tiles) == 45
            for crop in ("potato", "bean", "chili", "banana", "sugar"):  # A1
                assert tiles.count((crop, 2)) == 6 and tiles.count((crop, 1)) == 3
            for q in v["seats"]:  # S2
                assert q == {"money": 10, "markers": 22, "extra_canal": True}
            assert v["plots"] == [] and v["canals"] == [] and v["palms"] == []
            i, j = v["spring"]
            assert 1 <= i <= 3 and 1 <= j <= 2  # A13 default: random interior
            interior.append((i, j))
            spring_any.append(tuple(S.view(S.new_game(n, seed, spring="any"))["spring"]))
    assert len(set(interior)) == 6
    assert len(set(spring_any)) > 6  # edges and corners too
    assert len(set(overseers)) == 5
    assert S.view(S.new_game(4, 1, spring=[0, 3]))["spring"] == [0, 3]
    assert S.new_game(4, 1) != S.new_game(4, 2)
    raises(S.new_game, 2, 1)
    raises(S.new_game, 6, 1)
    assert "not an intersection" in raises(lambda: S.new_game(4, 1, spring=[5, 0]))


def test_palm_setup():
    for seed in SEEDS:
        v = S.view(S.new_game(3 + seed % 3, seed, palms=True, spring="any"))
        palms = v["palms"]
        assert len(palms) == 3 and v["options"]["palms"]
        si, sj = v["spring"]
        for x, y in palms:  # S30: not a plot with the spring as a corner
            assert not (x in (2 * si - 1, 2 * si) and y in (2 * sj - 1, 2 * sj))
        for a in palms:
            for b in palms:
                assert a == b or abs(a[0] - b[0]) + abs(a[1] - b[1]) > 1


def test_error_messages_name_the_problem():
    st = scenario(overseer=0, money=[10, 10, 10, 4])
    S.apply(st, S.bid(7))  # seat 1
    rejected(st, S.bid(7), "bid 7 was already made")
    S.apply(st, S.PASS)  # seat 2
    rejected(st, S.bid(5), "seat 3 has 4 escudos")
    rejected(st, S.place("bean", 2, 0, 0), "must bid or pass")
    st = scenario(phase="bribe", overseer=0, spring=(0, 0))
    rejected(st, S.propose("V(2,1)"), "segment V(2,1) does not touch the network")
    rejected(st, S.support("V(0,0)"), "nobody proposed segment V(0,0)")
    rejected(st, S.accept("V(0,0)"), "proposes, supports or passes")
    S.apply(st, S.propose("V(0,0)"))
    rejected(st, S.PASS, "must name an offer of 1 to 10")
    rejected(st, S.bid(11), "seat 1 has 10 escudos")
    st = scenario(overseer=3)
    S.apply(st, S.bid(3))
    for _ in range(3):
        S.apply(st, S.PASS)
    rejected(st, S.place("sugar", 2, 0, 0), "no sugar cane tile with 2 marker symbols is on offer")
    S.apply(st, S.place("potato", 2, 0, 0))
    rejected(st, S.place("potato", 2, 0, 0), "plot (0,0) is not empty")
    assert "no segment" in raises(S.parse_segment, "H(4,0)")
    assert S.parse_segment("V(3,1)") == S.parse_segment(["V", 3, 1])


def test_describe_and_action_info():
    st = scenario(overseer=0)
    assert S.describe(st, S.bid(3)) == "seat 1 bids 3"
    assert S.describe(st, S.PASS) == "seat 1 passes"
    i = S.action_info(st, S.bid(11))
    assert not i["legal"] and "10 escudos" in i["error"]
    st = scenario(round=2, phase="overseer", overseer=2, canals=[("H", 2, 1)],
                  proposals=[(["V", 3, 1], [[3, 3], [0, 2]])], money=[10, 10, 8, 10])
    assert S.describe(st, S.accept("V(3,1)")) == "seat 2 accepts the proposal on V(3,1) (receives 5)"
    assert S.describe(st, S.build("H(3,1)")) == "seat 2 builds a canal on H(3,1) for 6 escudos"
    i = S.action_info(st, S.build("H(3,1)"))
    assert i["kind"] == "build" and i["cost"] == 6 and i["segment"] == ["H", 3, 1]
    assert sorted(i["irrigates"]) == [[6, 1], [6, 2], [7, 1], [7, 2]]
    v = S.view(st)
    assert v["proposals"] == [{"segment": ["V", 3, 1], "backers": [[3, 3], [0, 2]], "total": 5}]
    assert v["pending"]["cost"] == 6


def _bad(v, change, part):
    d = S.view(S.from_view(v))
    change(d)
    msg = raises(S.from_view, d)
    assert part in msg, (part, msg)


def test_from_view_rejects_impossible_positions():
    st = scenario(round=2, phase="bribe", overseer=2, canals=[("H", 2, 1)],
                  plots=[(0, 0, "bean", 0, 2, 2), (1, 0, "bean", 1, 1, 1)])
    v = S.view(st)
    assert S.from_view(v) == st

    def more_money(d):
        d["seats"][0]["money"] = 40
    _bad(v, more_money, "at most 52 can exist")

    def seventh_tile(d):
        d["stacks"][0][0] = {"crop": "bean", "symbols": 2}
        d["stacks"][1][0] = {"crop": "bean", "symbols": 2}
        d["stacks"][2][0] = {"crop": "bean", "symbols": 2}
        d["stacks"][3][0] = {"crop": "bean", "symbols": 2}
        d["stacks"][0][1] = {"crop": "bean", "symbols": 2}
        d["stacks"][1][1] = {"crop": "bean", "symbols": 2}
    _bad(v, seventh_tile, "there are only 6")

    def loose_canal(d):
        d["canals"].append(["V", 0, 0])
    _bad(v, loose_canal, "not connected to the spring")

    def too_many_markers(d):
        d["plots"][1]["markers"] = 2
    _bad(v, too_many_markers, "2 markers on a tile with 1")

    def wet_desert(d):
        d["plots"][0]["desert"] = True
    _bad(v, wet_desert, "a desert has no markers")

    def neutral(d):
        d["plots"][0]["owner"] = -1
        d["plots"][0]["markers"] = 0
    _bad(v, neutral, "neutral tiles only exist with 3 players")

    def wrong_overseer(d):
        d["overseer"] = 3
        d["to_move"] = 0
    _bad(v, wrong_overseer, "seat 2 is the overseer")

    def twice(d):
        d["bids"][2][1] = d["bids"][1][1]
    _bad(v, twice, "was made twice")

    def to_move(d):
        d["to_move"] = 2
    _bad(v, to_move, "to_move")

    def missing_tile(d):
        d["plots"].pop()
    _bad(v, missing_tile, "8 tiles should be on the board, not 7")

    def supply(d):
        d["seats"][0]["markers"] = 22
    _bad(v, supply, "more than 22")

    def stacks(d):
        d["stacks"][0].pop()
    _bad(v, stacks, "stacks")

    def canals(d):
        d["canals"] += [["H", 3, 1], ["V", 2, 1]]
    _bad(v, canals, "at most")

    def palm(d):
        d["options"]["palms"] = True
        d["palms"] = [[4, 2]]  # a corner of the spring (2,1)
    _bad(v, palm, "touches the spring")

    def proposal(d):
        d["proposals"] = [{"segment": ["V", 3, 1], "backers": [[3, 2]]}]
    _bad(v, proposal, "has not acted")

    assert "not a Santiago view" in raises(S.from_view, {"game": "cacao"})


def _same_visible(st):
    """st with the hidden stack order, the PRNG and a hidden money amount changed."""
    d = S.view(st)
    flat = []
    for s in d["stacks"]:
        flat += s
    flat.reverse()
    h = len(d["stacks"][0])
    d["stacks"] = [flat[i * h:(i + 1) * h] for i in range(len(d["stacks"]))]
    d["rng"] = [7, 7, 7, 7]
    return d


def test_observe_hides_only_the_hidden():
    for n, open_money in ((4, False), (5, True), (3, False)):
        st = S.new_game(n, 5 + n, open_money=open_money)
        pl = Player(n)
        for _ in range(60):  # into round 2 or later
            S.apply(st, pl.choose(st))
        v = S.view(st)
        seat = (v["to_move"] + 1) % n
        d = _same_visible(st)
        other = (seat + 1) % n
        if not open_money:  # another seat's money differs: hidden (S29)
            d["seats"][other]["money"] = max(0, d["seats"][other]["money"] - 1)
        st2 = S.from_view(d)
        assert st2 != st
        o1 = S.observe(st, seat)
        assert o1 == S.observe(st2, seat)
        assert S.observe(st, seat, 11) == S.observe(st2, seat, 11)
        assert S.observe(st, seat, 11) != S.observe(st, seat, 12)
        for o in (o1, S.observe(st, seat, 11)):
            vo = S.view(o)
            assert S.from_view(vo) == o  # a possible position
            for key in ("plots", "canals", "revealed", "bids", "proposals", "round", "phase", "to_move"):
                assert vo[key] == v[key], key
            assert vo["seats"][seat] == v["seats"][seat]
            assert sorted([str(t) for s in vo["stacks"] for t in s]) == \
                sorted([str(t) for s in v["stacks"] for t in s])
            if open_money:
                assert vo["seats"] == v["seats"]
            ob = bytearray(o)
            p2 = Player(3)
            while not S.is_over(ob):  # bots can play on from an observation
                S.apply(ob, p2.choose(ob))
        assert S.legal_actions(S.observe(st, v["to_move"])) == S.legal_actions(st)
    raises(S.observe, S.new_game(3, 1), 3)


def test_from_view_rejects_malformed_views():
    v = S.view(scenario(round=2, phase="bribe", overseer=2))
    for key, value in (("bids", [[1]]), ("seats", [1, 2, 3, 4]), ("plots", [{"x": 1}]),
                       ("canals", [["Q", 1, 1]]), ("spring", "middle"), ("stacks", 5)):
        d = S.view(S.from_view(v))
        d[key] = value
        raises(S.from_view, d)
