"""Seeded random games over 3, 4 and 5 players and every option, checked after every action
against recounts written here from the rules (not from the engine): money, markers, canals,
tiles, droughts, the legal action lists, placement order, and the final scores."""
from meeple.core import rng
from meeple.core import santiago as S
from santiago_fixtures import (ON_MP, Player, canals_connected, competition_ranking, drought,
                               field_points, legal_segments, rejected, random_game)

OPTIONS = [
    {},
    {"palms": True},
    {"open_money": True},
    {"spring": "any"},
    {"spring": [0, 0], "palms": True},
    {"spring": [4, 2], "open_money": True, "palms": True},
]


def _seg_str(s):
    return "%s(%d,%d)" % (s[0], s[1], s[2])


def expected_legal(v):
    """The legal actions of a view, from the rules text (S7, S11-S12, S14-S19)."""
    n = v["players"]
    seat = v["to_move"]
    money = v["seats"][seat]["money"]
    ph = v["phase"]
    out = []
    if ph == "auction":
        made = [b[1] for b in v["bids"] if b[1]]
        out = [S.PASS] + [S.bid(b) for b in range(1, money + 1) if b not in made]
    elif ph == "placement":
        occupied = [(p["x"], p["y"]) for p in v["plots"]]
        empty = [(x, y) for y in range(6) for x in range(8) if (x, y) not in occupied]
        if v["pending"]["decision"] == "leftover":
            def touches(xy):
                for p in v["plots"]:
                    if not p["desert"] and abs(p["x"] - xy[0]) + abs(p["y"] - xy[1]) == 1:
                        return True
                return False
            near = [xy for xy in empty if touches(xy)]
            t = v["revealed"][0]
            out = [S.place(t["crop"], t["symbols"], xy[0], xy[1]) for xy in (near or empty)]
        else:
            kinds = []
            for t in v["revealed"]:
                if (t["crop"], t["symbols"]) not in kinds:
                    kinds.append((t["crop"], t["symbols"]))
            out = [S.place(k[0], k[1], xy[0], xy[1]) for k in kinds for xy in empty]
    elif ph == "bribe":
        if v["pending"].get("decision") == "offer":
            out = [S.bid(b) for b in range(1, money + 1)]
        else:
            out = [S.PASS]
            proposed = [pr["segment"] for pr in v["proposals"]]
            if money >= 1:
                out += [S.support(s) for s in proposed]
                out += [S.propose(s) for s in legal_segments(v) if s not in proposed]
    elif ph == "overseer":
        proposed = [pr["segment"] for pr in v["proposals"]]
        if proposed:
            out = [S.accept(s) for s in proposed]
            top = max([pr["total"] for pr in v["proposals"]])
            if money >= top + 1:
                out += [S.build(s) for s in legal_segments(v) if s not in proposed]
        else:
            out = [S.PASS]
            if money >= 1:
                out += [S.build(s) for s in legal_segments(v)]
    elif ph == "extra_canal":
        assert v["seats"][seat]["extra_canal"]
        out = [S.PASS] + [S.extra(s) for s in legal_segments(v)]
    assert n == len(v["seats"])
    return sorted(out)


def expected_order(bids):
    """S9-S10: bidders by descending bid, then passers last-first; the last one is overseer."""
    bidders = sorted([b for b in bids if b[1]], key=lambda b: -b[1])
    passers = [b for b in bids if not b[1]]
    passers.reverse()
    return [b[0] for b in bidders + passers]


class Checker:
    def __init__(self):
        self.general = 0  # overseer canals built so far
        self.steps = 0
        self.last = None

    def __call__(self, before, a, st):
        self.steps += 1
        vb = S.view(before)
        va = S.view(st)
        self.last = va
        n = vb["players"]
        info = S.action_info(before, a)
        kind = info["kind"]
        seat = info["seat"]
        assert info["legal"] and seat == vb["to_move"]
        assert isinstance(S.describe(before, a), str)
        assert S.from_view(va) == st, "view round trip"
        # money: conserved except payments to the bank and income
        mb = [q["money"] for q in vb["seats"]]
        expect = list(mb)
        if kind == "place" and not info.get("leftover"):
            for b in vb["bids"]:
                if b[0] == seat:
                    expect[seat] -= b[1] or 0
        elif kind == "accept":
            for pr in vb["proposals"]:
                if pr["segment"] == info["segment"]:
                    for q, amt in pr["backers"]:
                        expect[q] -= amt
                        expect[seat] += amt
        elif kind == "build":
            top = max([0] + [pr["total"] for pr in vb["proposals"]])
            assert info["cost"] == top + 1
            expect[seat] -= top + 1
        round_end = va["round"] == vb["round"] + 1
        if round_end:
            expect = [m + 3 for m in expect]
        assert [q["money"] for q in va["seats"]] == expect, (kind, mb, expect)
        assert min(expect) >= 0
        assert sum(expect) <= 10 * n + 3 * n * (va["round"] - 1)
        # markers
        supply = [q["markers"] for q in vb["seats"]]
        if kind == "place" and not info.get("leftover"):
            passed = False
            for b in vb["bids"]:
                if b[0] == seat:
                    passed = b[1] is None
            assert info["markers"] == info["symbols"] - (1 if passed else 0)
            supply[seat] -= info["markers"]
        assert [q["markers"] for q in va["seats"]] == supply
        for q in range(n):
            on_board = sum([p["markers"] for p in va["plots"] if p["owner"] == q])
            assert on_board + supply[q] <= 22
        # canals
        added = [c for c in va["canals"] if c not in vb["canals"]]
        if kind in ("accept", "build", "extra_canal"):
            assert added == [info["segment"]]
            assert info["segment"] in legal_segments(vb)
            if kind == "extra_canal":
                assert vb["seats"][seat]["extra_canal"] and not va["seats"][seat]["extra_canal"]
            else:
                self.general += 1
        else:
            assert added == []
        used = len([q for q in va["seats"] if not q["extra_canal"]])
        assert len(va["canals"]) == self.general + used
        assert self.general <= va["round"]
        assert canals_connected(va)
        # board: one new tile on placement, drought at the end of a round
        if kind == "place":
            assert len(va["plots"]) == len(vb["plots"]) + 1
            new = [p for p in va["plots"] if p not in vb["plots"]]
            assert len(new) == 1 and new[0]["x"] == info["x"] and new[0]["y"] == info["y"]
            assert new[0]["owner"] == (-1 if info.get("leftover") else seat)
        elif round_end or (va["phase"] == "over" and vb["phase"] != "over"):
            want = drought(vb["plots"], va["canals"], va["phase"] == "over")
            got = [(p["x"], p["y"], p["owner"], p["markers"], p["desert"]) for p in va["plots"]]
            assert got == [(p["x"], p["y"], p["owner"], p["markers"], p["desert"]) for p in want]
            for xy in vb["palms"]:
                p = [q for q in va["plots"] if [q["x"], q["y"]] == xy]
                assert (xy in va["palms"]) == (not p or not p[0]["desert"])
        else:
            assert [(p["x"], p["y"], p["markers"], p["desert"]) for p in va["plots"]] == \
                [(p["x"], p["y"], p["markers"], p["desert"]) for p in vb["plots"]]
        # tiles: board + revealed + stacks + removed = 45
        total = len(va["plots"]) + len(va["revealed"]) + sum([len(s) for s in va["stacks"]])
        total += 1 if va["removed"] else 0
        assert total == 45
        per_round = 5 if n == 5 else 4
        assert [len(s) for s in va["stacks"]] == [va["rounds"] - va["round"]] * per_round
        # bids unique
        made = [b[1] for b in va["bids"] if b[1]]
        assert len(made) == len(set(made))
        if vb["phase"] == "auction" and va["phase"] == "placement":
            order = expected_order(va["bids"])
            assert va["pending"]["order"] == order and va["overseer"] == order[-1]
        if va["phase"] == "auction" and vb["phase"] != "auction":
            assert va["to_move"] == (va["overseer"] + 1) % n
        # next decision
        if va["phase"] == "over":
            assert S.to_move(st) == -1 and S.legal_actions(st) == []
        else:
            assert S.to_move(st) == va["to_move"]
            assert sorted(S.legal_actions(st)) == expected_legal(va)


def _final_checks(st):
    v = S.view(st)
    money = [q["money"] for q in v["seats"]]
    pts = field_points(v)
    totals = [money[q] + pts[q] for q in range(v["players"])]
    assert S.scores(st) == totals
    assert S.ranking(st) == competition_ranking(totals)
    for p in v["plots"]:  # S24: after the final drought every living tile is irrigated
        assert p["desert"] or p["irrigated"]
    assert len(v["plots"]) == (44 if v["players"] < 5 else 45)


def _games():
    if ON_MP:
        return [(3, 11, {"palms": True}), (4, 13, {}), (5, 12, {"spring": "any", "open_money": True})]
    out = []
    for i in range(len(OPTIONS)):
        for n in (3, 4, 5):
            for k in range(3):
                out.append((n, 1000 + 100 * i + 10 * k + n, OPTIONS[i]))
    return out


def test_random_games_keep_the_invariants():
    steps = 0
    for n, seed, opts in _games():
        chk = Checker()
        st = random_game(n, seed, opts, chk)
        assert S.is_over(st) and chk.last["phase"] == "over"
        _final_checks(st)
        steps += chk.steps
    assert steps > (250 if ON_MP else 7000), steps


def test_legal_into_matches_legal_actions_and_buffer_bound():
    import array
    buf = array.array("H", [0] * S.MAX_ACTIONS)
    for n, seed, opts in _games()[::9]:
        st = S.new_game(n, seed, **opts)
        pl = Player(seed)
        while not S.is_over(st):
            k = S.legal_into(st, buf)
            assert 0 < k <= S.MAX_ACTIONS
            assert list(buf[:k]) == S.legal_actions(st)
            for a in buf[:k]:
                assert 0 <= a < 2 ** 15
            S.apply(st, pl.choose(st))
        assert S.legal_into(st, buf) == 0


def test_rich_seat_gets_all_bids():
    # 4 players, round 11: at most 40 + 120 escudos exist; one seat holds 120
    from santiago_fixtures import scenario
    st = scenario(round=11, overseer=0, money=[20, 120, 10, 10])
    assert S.to_move(st) == 1
    acts = S.legal_actions(st)
    assert len(acts) == 121 and acts[-1] == S.bid(120)
    S.apply(st, S.bid(120))
    rejected(st, S.bid(120), "bid 120 was already made")
    rejected(st, S.bid(11), "seat 2 has 10 escudos")


def test_illegal_actions_raise_and_leave_bytes_unchanged():
    r = bytearray(4)
    rng.seed(r, 0, 4242)
    tried = 0
    for n, seed, opts in _games()[::1 if ON_MP else 7]:
        st = S.new_game(n, seed, **opts)
        pl = Player(seed + 1)
        while not S.is_over(st):
            legal = S.legal_actions(st)
            for _ in range(3 if ON_MP else 10):
                kind = rng.below(r, 0, 8)
                a = (kind << 12) | rng.below(r, 0, 600 if kind == 2 else 40)
                if a in legal:
                    continue
                rejected(st, a)
                tried += 1
            S.apply(st, pl.choose(st))
        rejected(st, S.PASS, "the game is over")
    for bad in (-1, 2 ** 15, "bid", None):
        st = S.new_game(4, 1)
        rejected(st, bad)
    assert tried > 100
