"""Every worked example (E1-E14) of rules/santiago.md section 9, set up with from_view.

Seats: A=0, B=1, C=2, D=3 (clockwise); everyone has 10 escudos unless stated.
"""
from meeple.core import santiago as S
from santiago_fixtures import (A, B, C, D, field_points, irrigated, plot_of, plots_of_segment,
                               play_quiet_round, rejected, scenario, segments_of_plot)


def _place_first(st):
    """Apply the first legal placement and return (seat, plot dict after placing)."""
    a = S.legal_actions(st)[0]
    info = S.action_info(st, a)
    S.apply(st, a)
    return info, plot_of(S.view(st), info["x"], info["y"])


def _finish_round_passing(st):
    """Bribe, overseer and extra-canal phases: everyone passes, nothing is built."""
    r = S.view(st)["round"]
    while S.view(st)["round"] == r:
        assert S.view(st)["phase"] in ("bribe", "overseer", "extra_canal")
        S.apply(st, S.PASS)


def test_e1_passes_decide_the_overseer():
    st = scenario(overseer=A)
    order = []
    for seat, a in ((B, S.bid(3)), (C, S.PASS), (D, S.bid(1)), (A, S.PASS)):
        assert S.to_move(st) == seat
        S.apply(st, a)
    v = S.view(st)
    assert v["overseer"] == C  # the first passer
    assert v["pending"]["order"] == [B, D, A, C]
    for seat, fewer, pays in ((B, 0, 3), (D, 0, 1), (A, 1, 0), (C, 1, 0)):
        assert S.to_move(st) == seat
        money = S.view(st)["seats"][seat]["money"]
        info, p = _place_first(st)
        assert p["owner"] == seat and p["markers"] == info["symbols"] - fewer
        assert S.view(st)["seats"][seat]["money"] == money - pays
    assert S.view(st)["phase"] == "bribe"
    _finish_round_passing(st)
    for seat in (D, A, B, C):  # next auction starts left of C
        assert S.to_move(st) == seat
        S.apply(st, S.PASS)


def test_e2_no_passes():
    st = scenario(overseer=A)
    S.apply(st, S.bid(2))  # B
    rejected(st, S.bid(2), "bid 2 was already made")  # C repeats B's bid
    rejected(st, S.bid(11), "seat 2 has 10 escudos")
    S.apply(st, S.bid(5))  # C
    S.apply(st, S.bid(1))  # D
    S.apply(st, S.bid(4))  # A
    v = S.view(st)
    assert v["overseer"] == D  # lowest bid
    assert v["pending"]["order"] == [C, A, B, D]
    for seat in (C, A, B, D):
        assert S.to_move(st) == seat
        info, p = _place_first(st)
        assert p["markers"] == info["symbols"]  # nobody passed: full markers


def test_e3_everyone_passes_danish_order_not_spanish():
    # A3: several passers place in reverse order of passing (Danish summary, French rules).
    # The Spanish summary's "clockwise from the last one" would give A, B, C, D.
    st = scenario(overseer=A)
    for seat in (B, C, D, A):
        assert S.to_move(st) == seat
        S.apply(st, S.PASS)
    v = S.view(st)
    assert v["overseer"] == B  # first passer
    assert v["pending"]["order"] == [A, D, C, B]
    assert v["pending"]["order"] != [A, B, C, D]
    # revealed: two 1-symbol and two 2-symbol potato tiles (scenario's tile pool)
    assert [t["symbols"] for t in v["revealed"]] == [1, 1, 2, 2]
    assert S.to_move(st) == A
    S.apply(st, S.place("potato", 1, 0, 0))  # A: 1-symbol tile, one fewer -> 0 markers
    p = plot_of(S.view(st), 0, 0)
    assert p["owner"] == A and p["markers"] == 0 and not p["desert"]
    assert S.to_move(st) == D
    S.apply(st, S.place("potato", 2, 1, 0))  # D: 2-symbol tile -> 1 marker
    assert plot_of(S.view(st), 1, 0)["markers"] == 1
    assert S.to_move(st) == C
    S.apply(st, S.place("potato", 1, 7, 5))
    assert S.to_move(st) == B
    S.apply(st, S.place("potato", 2, 7, 0))
    assert plot_of(S.view(st), 7, 0)["markers"] == 1
    # A's 0-marker tile still counts in the field: D scores 2 x 1
    pts = [s - q["money"] for s, q in zip(S.scores(st), S.view(st)["seats"])]
    assert pts[D] == 2 and pts[A] == 0
    assert field_points(S.view(st)) == pts


def test_e4_three_players_leftover_tile():
    X, Y, Z = 0, 1, 2
    st = scenario(players=3, overseer=X)
    S.apply(st, S.bid(4))  # Y
    S.apply(st, S.PASS)    # Z
    S.apply(st, S.bid(2))  # X
    v = S.view(st)
    assert v["overseer"] == Z and v["pending"]["order"] == [Y, X, Z]
    S.apply(st, S.place("potato", 1, 3, 2))  # Y
    S.apply(st, S.place("potato", 1, 0, 5))  # X
    assert S.to_move(st) == Z
    S.apply(st, S.place("potato", 2, 7, 5))  # Z passed: 1 marker
    v = S.view(st)
    assert v["pending"]["decision"] == "leftover" and S.to_move(st) == Y
    assert len(v["revealed"]) == 1
    # only plots next to a non-desert tile are allowed
    allowed = []
    for a in S.legal_actions(st):
        i = S.action_info(st, a)
        allowed.append((i["x"], i["y"]))
    expect = []
    for y in range(6):
        for x in range(8):
            if plot_of(v, x, y) is None:
                for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                    q = plot_of(v, nx, ny)
                    if q is not None and not q["desert"]:
                        expect.append((x, y))
                        break
    assert sorted(allowed) == sorted(expect) and (4, 0) not in allowed
    rejected(st, S.place("potato", 2, 4, 0), "next to a plantation")
    S.apply(st, S.place("potato", 2, 3, 1))
    p = plot_of(S.view(st), 3, 1)
    assert p["owner"] == -1 and p["markers"] == 0
    assert S.view(st)["phase"] == "bribe"


def _legal_build_segments(st):
    out = []
    for a in S.legal_actions(st):
        i = S.action_info(st, a)
        if i["kind"] == "build":
            out.append("%s(%d,%d)" % tuple(i["segment"]))
    return sorted(out)


def test_e5_legal_segments():
    st = scenario(phase="overseer", overseer=C, spring=(2, 1))
    assert _legal_build_segments(st) == sorted(["H(1,1)", "H(2,1)", "V(2,0)", "V(2,1)"])
    st = scenario(phase="overseer", overseer=C, spring=(0, 0))
    assert _legal_build_segments(st) == ["H(0,0)", "V(0,0)"]
    st = scenario(phase="overseer", overseer=C, spring=(0, 1))
    assert _legal_build_segments(st) == sorted(["H(0,1)", "V(0,0)", "V(0,1)"])
    st = scenario(round=2, phase="overseer", overseer=C, spring=(2, 1), canals=[("H", 2, 1)])
    assert _legal_build_segments(st) == sorted(["H(1,1)", "H(3,1)", "V(2,0)", "V(2,1)", "V(3,0)", "V(3,1)"])
    rejected(st, S.build("V(0,0)"), "segment V(0,0) does not touch the network")
    rejected(st, S.build("H(2,1)"), "already has a canal")


def _e6(money_c):
    st = scenario(round=2, phase="bribe", overseer=C, spring=(2, 1), canals=[("H", 2, 1)],
                  money=[10, 10, money_c, 10])
    assert S.to_move(st) == D
    S.apply(st, S.propose("V(3,1)"))
    assert S.to_move(st) == D  # the offer is the second step
    rejected(st, S.bid(11), "seat 3 has 10 escudos")
    S.apply(st, S.bid(3))
    assert S.to_move(st) == A
    rejected(st, S.propose("V(3,1)"), "already proposed")
    S.apply(st, S.support("V(3,1)"))
    S.apply(st, S.bid(2))
    assert S.to_move(st) == B
    S.apply(st, S.propose("H(1,1)"))
    S.apply(st, S.bid(4))
    v = S.view(st)
    assert v["phase"] == "overseer" and S.to_move(st) == C
    totals = {}
    for pr in v["proposals"]:
        totals["%s(%d,%d)" % tuple(pr["segment"])] = pr["total"]
    assert totals == {"V(3,1)": 5, "H(1,1)": 4}
    return st


def test_e6_bribe_with_backers():
    st = _e6(5)
    assert sorted(S.legal_actions(st)) == sorted([S.accept("V(3,1)"), S.accept("H(1,1)")])
    rejected(st, S.build("H(3,1)"), "costs 6: seat 2 has 5 escudos")
    rejected(st, S.PASS, "must accept")
    st2 = bytearray(st)
    S.apply(st, S.accept("V(3,1)"))
    v = S.view(st)
    assert [q["money"] for q in v["seats"]] == [8, 10, 10, 7]
    assert ["V", 3, 1] in v["canals"]
    for x, y in ((5, 2), (5, 3), (6, 2), (6, 3)):
        assert irrigated(v, x, y)
    assert v["proposals"] == [] and v["phase"] == "extra_canal"
    S.apply(st2, S.accept("H(1,1)"))
    assert [q["money"] for q in S.view(st2)["seats"]] == [10, 6, 9, 10]
    # with 8 escudos C may build elsewhere for 5 + 1, paid to the bank
    st = _e6(8)
    assert S.build("H(3,1)") in S.legal_actions(st)
    rejected(st, S.build("V(3,1)"), "accept it instead")
    S.apply(st, S.build("H(3,1)"))
    v = S.view(st)
    assert [q["money"] for q in v["seats"]] == [10, 10, 2, 10]
    assert ["H", 3, 1] in v["canals"] and ["V", 3, 1] not in v["canals"]


def test_e7_silent_bribe_phase():
    st = scenario(phase="bribe", overseer=C, money=[10, 10, 3, 10])
    for _ in range(3):
        S.apply(st, S.PASS)
    assert S.to_move(st) == C
    acts = S.legal_actions(st)
    assert acts[0] == S.PASS and len(acts) == 1 + 4  # nothing, or one of the 4 legal segments
    st0 = bytearray(st)
    S.apply(st, S.build("H(2,1)"))
    v = S.view(st)
    assert v["seats"][C]["money"] == 2 and v["canals"] == [["H", 2, 1]]
    S.apply(st0, S.PASS)
    assert S.view(st0)["canals"] == [] and S.view(st0)["seats"][C]["money"] == 3
    st = scenario(phase="overseer", overseer=C, money=[10, 10, 0, 10])
    assert S.legal_actions(st) == [S.PASS]
    rejected(st, S.build("H(2,1)"), "seat 2 has 0 escudos")


def test_e8_extra_canal():
    st = scenario(phase="overseer", overseer=C)
    S.apply(st, S.PASS)  # C builds nothing
    v = S.view(st)
    assert v["phase"] == "extra_canal" and S.to_move(st) == D
    S.apply(st, S.PASS)  # D
    assert S.to_move(st) == A
    S.apply(st, S.extra("V(2,1)"))  # A -> phase ends, B and C cannot
    v = S.view(st)
    assert v["round"] == 2 and v["phase"] == "auction"
    assert [q["extra_canal"] for q in v["seats"]] == [False, True, True, True]
    assert v["canals"] == [["V", 2, 1]]
    # A is never asked again
    asked = []
    r = v["round"]
    while S.view(st)["round"] == r:
        if S.view(st)["phase"] == "extra_canal":
            asked.append(S.to_move(st))
        if S.view(st)["phase"] == "placement":
            S.apply(st, S.legal_actions(st)[0])
        else:
            S.apply(st, S.PASS)
    assert len(asked) == 3 and A not in asked


def test_e9_drought():
    tiles = [(5, 1, "bean", A, 2, 2), (3, 3, "chili", B, 1, 1), (6, 2, "sugar", C, 2, 2),
             (4, 4, "banana", A, 1, 1), (1, 4, "bean", D, 0, 1)]
    st = scenario(round=2, phase="extra_canal", overseer=B, spring=(2, 1),
                  canals=[("H", 2, 1), ("V", 2, 1)], plots=tiles)
    for _ in range(4):
        S.apply(st, S.PASS)
    v = S.view(st)
    assert v["round"] == 3
    got = [(p["x"], p["y"], p["markers"], p["desert"]) for p in
           [plot_of(v, t[0], t[1]) for t in tiles]]
    assert got == [(5, 1, 2, False), (3, 3, 1, False), (6, 2, 1, False), (4, 4, 0, False), (1, 4, 0, True)]
    assert [q["money"] for q in v["seats"]] == [13, 13, 13, 13]  # income
    play_quiet_round(st, avoid=[(t[0], t[1]) for t in tiles])
    v = S.view(st)
    assert v["round"] == 4
    assert plot_of(v, 4, 4)["desert"] and plot_of(v, 6, 2)["markers"] == 0
    assert not plot_of(v, 6, 2)["desert"] and plot_of(v, 5, 1)["markers"] == 2


def test_e10_scoring():
    tiles = [(0, 0, "banana", A, 2, 2), (1, 0, "banana", A, 1, 1), (2, 0, "banana", A, 1, 1),
             (0, 1, "banana", B, 2, 2), (1, 1, "banana", C, 0, 1), (2, 1, "banana", D, 1, 2)]
    st = scenario(round=3, overseer=A, plots=tiles)
    v = S.view(st)
    pts = [s - q["money"] for s, q in zip(S.scores(st), v["seats"])]
    assert pts == [24, 12, 0, 6]
    assert field_points(v) == pts


def test_e11_desert_splits():
    tiles = [(4, 5, "potato", B, 1, 2), (5, 5, "potato", B, 1, 2), (6, 5, "potato", C, 0, 1, True),
             (7, 5, "potato", A, 2, 2)]
    st = scenario(round=2, overseer=A, plots=tiles)
    v = S.view(st)
    pts = [s - q["money"] for s, q in zip(S.scores(st), v["seats"])]
    assert pts == [2, 4, 0, 0]  # A: 1 x 2; B: field {(4,5), (5,5)} of 2 x 2 markers
    assert field_points(v) == pts


def test_e12_final_drought():
    # spring (0,1); canals irrigate (1,0) and (1,3) but not (1,1), (1,2)
    tiles = [(1, 0, "chili", B, 1, 1), (1, 1, "chili", A, 2, 2), (1, 2, "chili", C, 1, 2),
             (1, 3, "chili", D, 2, 2)]
    st = scenario(round=11, phase="overseer", overseer=A, spring=(0, 1), plots=tiles,
                  canals=[("V", 0, 0), ("H", 0, 0), ("V", 0, 1), ("H", 0, 2)])
    v = S.view(st)
    assert field_points(v) == [8, 4, 4, 8]  # one field of 4 before the drought
    while not S.is_over(st):
        S.apply(st, S.PASS)
    v = S.view(st)
    assert v["phase"] == "over" and S.to_move(st) == -1
    assert plot_of(v, 1, 1)["desert"] and plot_of(v, 1, 1)["markers"] == 0
    assert plot_of(v, 1, 2)["desert"]
    assert not plot_of(v, 1, 0)["desert"] and not plot_of(v, 1, 3)["desert"]
    assert [q["money"] for q in v["seats"]] == [10, 10, 10, 10]  # no income
    assert S.scores(st) == [10, 11, 10, 12]
    assert field_points(v) == [0, 1, 0, 2]
    assert S.ranking(st) == [3, 2, 3, 1]


def test_e13_plot_to_segments():
    st = scenario()
    bordering = {}
    for seg in (["H", i, j] for j in range(4) for i in range(4)):
        bordering[tuple(seg)] = S.action_info(st, S.build(seg))["irrigates"]
    for i in range(5):
        for j in range(3):
            bordering[("V", i, j)] = S.action_info(st, S.build(["V", i, j]))["irrigates"]
    assert len(bordering) == 31
    for seg in bordering:
        assert sorted(bordering[seg]) == sorted(plots_of_segment(list(seg)))
    for x in range(8):
        for y in range(6):
            segs = sorted([list(s) for s in bordering if [x, y] in bordering[s]])
            assert segs == sorted(segments_of_plot(x, y)), (x, y)
    for xy, want in (((0, 0), [["H", 0, 0], ["V", 0, 0]]), ((5, 1), [["H", 2, 1], ["V", 3, 0]]),
                     ((2, 2), [["H", 1, 1], ["V", 1, 1]]), ((7, 5), [["H", 3, 3], ["V", 4, 2]])):
        assert segments_of_plot(xy[0], xy[1]) == want
        assert sorted([list(s) for s in bordering if list(xy) in bordering[s]]) == sorted(want)


def test_e14_palm_marker_rule():
    palms = [(0, 5), (7, 0), (5, 5)]
    st = scenario(overseer=D, palms=palms)
    S.apply(st, S.bid(5))  # A
    for _ in range(3):
        S.apply(st, S.PASS)
    assert S.to_move(st) == A
    info = S.action_info(st, S.place("potato", 2, 0, 5))
    assert info["palm"] and info["markers"] == 2
    S.apply(st, S.place("potato", 2, 0, 5))

    def pts():
        v = S.view(st)
        p = [s - q["money"] for s, q in zip(S.scores(st), v["seats"])]
        assert p == field_points(v)
        return p[A]

    assert pts() == 3  # 2 markers + the palm, field of 1
    play_quiet_round(st, avoid=[(0, 5)])
    assert plot_of(S.view(st), 0, 5)["markers"] == 1 and pts() == 2
    play_quiet_round(st, avoid=[(0, 5)])
    v = S.view(st)
    assert plot_of(v, 0, 5)["markers"] == 0 and not plot_of(v, 0, 5)["desert"]
    assert [0, 5] in v["palms"] and pts() == 0  # palm no longer counts
    play_quiet_round(st, avoid=[(0, 5)])
    v = S.view(st)
    assert plot_of(v, 0, 5)["desert"] and [0, 5] not in v["palms"]
    for xy in palms:  # S33: a palm disappears exactly when its plot turns desert
        p = plot_of(v, xy[0], xy[1])
        assert (list(xy) in v["palms"]) == (p is None or not p["desert"])
