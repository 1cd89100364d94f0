"""The worked examples E1-E14 of rules/cacao.md section 8, each set up with from_view."""
from meeple.core import cacao
from cacao_fixtures import position, seat, RED, PURPLE, YELLOW
from gamekit import act, find, raises_value_error, Picker, play_random


def place(st, pattern, x, y, rot):
    return act(cacao, st, kind="place", pattern=pattern, x=x, y=y, rot=rot)


def resolve_options(st):
    return [cacao.action_info(st, a) for a in cacao.legal_actions(st)]


def test_e1_first_move_order_matters():
    st = position(2)
    place(st, "2-1-0-1", 1, 0, 3)  # N=1 -> M2, W=2 -> P1
    # the harvest came first by itself (nothing to sell before it); now: sell 0 or 1
    assert cacao.to_move(st) == RED
    opts = resolve_options(st)
    assert sorted(o["sell"] for o in opts) == [0, 1] and opts[0]["tile"] == "M2"
    harvest_then_sell = bytearray(st)
    act(cacao, harvest_then_sell, kind="resolve", sell=1)
    assert (seat(harvest_then_sell, RED)["cacao"], seat(harvest_then_sell, RED)["gold"]) == (1, 2)
    act(cacao, st, kind="resolve", sell=0)  # = selling first, with nothing in storage
    assert (seat(st, RED)["cacao"], seat(st, RED)["gold"]) == (2, 0)
    assert cacao.view(st)["board"][2] == {"x": 1, "y": 0, "seat": 0, "pattern": "2-1-0-1", "rot": 3, "height": 1}
    assert len(cacao.view(st)["board"]) == 3  # no fills


def test_e2_yellow_and_red_both_sell_for_3():
    st = position(4, workers=[(RED, "1-1-1-1", 1, 0, 0)], display=["M3", "T"],
                  seats={RED: {"cacao": 1}}, active=YELLOW)
    pile_next = cacao.view(st)["pile"][0]
    place(st, "1-1-1-1", 0, -1, 0)  # Yellow
    act(cacao, st, kind="fill", spaces=[{"x": 1, "y": -1, "tile": "M3"}])  # the one space: M3 or T
    v = cacao.view(st)
    assert {"x": 1, "y": -1, "jungle": "M3"} in v["board"]
    # Yellow: +1 cacao from P1, sells it at M3; Red sells at M3 too
    while not v["pending"]["kind"] == "place":
        opts = resolve_options(st)
        best = max(o.get("sell", 0) for o in opts)
        act(cacao, st, kind="resolve", sell=best) if any("sell" in o for o in opts) else act(cacao, st)
        v = cacao.view(st)
    assert (seat(st, YELLOW)["cacao"], seat(st, YELLOW)["gold"]) == (0, 3)
    assert (seat(st, RED)["cacao"], seat(st, RED)["gold"]) == (0, 3)
    assert v["display"] == ["T", pile_next]


def test_e2_display_choice_is_offered_for_one_space():
    st = position(4, workers=[(RED, "1-1-1-1", 1, 0, 0)], display=["M3", "T"], active=YELLOW)
    a = find(cacao, st, kind="place", pattern="1-1-1-1", x=0, y=-1, rot=0)
    cacao.apply(st, a)
    infos = resolve_options(st)
    assert sorted(i["spaces"][0]["tile"] for i in infos) == ["M3", "T"]


def e3_position():
    return position(4, workers=[(PURPLE, "1-1-1-1", 0, 1, 0), (RED, "3-1-0-0", 2, 1, 0)],
                    display=["G2", "W"], active=YELLOW)


def test_e3_option_a():
    st = e3_position()
    place(st, "2-1-0-1", 1, 2, 1)
    assert cacao.to_move(st) == YELLOW and cacao.view(st)["pending"]["spaces"] == [[2, 2], [0, 2]] or \
        sorted(cacao.view(st)["pending"]["spaces"]) == [[0, 2], [2, 2]]
    act(cacao, st, kind="fill", spaces=[{"x": 2, "y": 2, "tile": "G2"}, {"x": 0, "y": 2, "tile": "W"}])
    assert seat(st, YELLOW)["gold"] == 4 and seat(st, RED)["gold"] == 6
    assert seat(st, PURPLE)["water"] == 1
    assert cacao.view(st)["pending"]["kind"] == "place"  # Yellow had no cacao to sell at M2


def test_e3_option_b():
    st = e3_position()
    place(st, "2-1-0-1", 1, 2, 1)
    act(cacao, st, kind="fill", spaces=[{"x": 2, "y": 2, "tile": "W"}, {"x": 0, "y": 2, "tile": "G2"}])
    assert seat(st, YELLOW)["water"] == 2 and seat(st, RED)["water"] == 3
    assert seat(st, PURPLE)["gold"] == 2 and seat(st, YELLOW)["gold"] == 0


def test_e4_three_spaces():
    red_cells = [(-1, 0), (0, -1), (-2, -1), (-3, 0), (-4, -1), (-4, 1), (-3, 2), (-4, 3), (-2, 3), (1, 2)]
    pats = ["1-1-1-1"] * 4 + ["2-1-0-1"] * 5 + ["3-0-0-1"]
    relevant = {(-1, 0), (-2, 3), (1, 2)}  # these three must be 1-1-1-1 (the example's sides)
    workers = []
    ones = [c for c in red_cells if c in relevant] + [c for c in red_cells if c not in relevant]
    for i, (x, y) in enumerate(ones):
        workers.append((RED, pats[i], x, y, 0))
    jungle = [(-1, -1, None), (-2, 0, None), (-3, -1, None), (-4, 0, None), (-3, 1, None),
              (-4, 2, None), (-3, 3, None), (-2, 2, "T")]
    st = position(2, jungle=jungle, workers=workers, display=["W", "G1"], pile_top=["P1", "T", "M3"],
                  active=1)
    yellow = 1
    place(st, "1-1-1-1", -1, 2, 0)
    assert cacao.view(st)["pending"]["spaces"] == [[-1, 3], [0, 2], [-1, 1]]
    act(cacao, st, kind="fill", spaces=[{"x": -1, "y": 3, "tile": "G1"}, {"x": 0, "y": 2, "tile": "W"},
                                         {"x": -1, "y": 1, "tile": "pile"}])
    v = cacao.view(st)
    assert {"x": -1, "y": 1, "jungle": "P1"} in v["board"]
    for s in (yellow, RED):
        assert (seat(st, s)["gold"], seat(st, s)["water"], seat(st, s)["cacao"]) == (1, 1, 1), s
    assert v["display"] == ["T", "M3"]


def test_e4_three_spaces_offers_six_assignments():
    st = position(2, jungle=[(-2, 2, "T")], workers=[(RED, "1-1-1-1", -2, 3, 0), (RED, "1-1-1-1", 1, 2, 0),
                                                      (RED, "1-1-1-1", -1, 0, 0)],
                  display=["W", "G1"], pile_top=["P1"], active=1)
    place(st, "1-1-1-1", -1, 2, 0)
    assert len(cacao.legal_actions(st)) == 6  # 3 places for the pile tile x 2 orders of the display


def test_e5_storage_cap_selling_first_is_better():
    jungle = [(6, 6, "P2"), (7, 5, "M3")]
    base = position(2, jungle=jungle, seats={PURPLE: {"cacao": 4}}, active=PURPLE)
    place(base, "2-1-0-1", 6, 5, 0)
    opts = resolve_options(base)
    assert sorted((o["tile"], o.get("sell")) for o in opts) == [("M3", 1), ("P2", None)]
    harvest_first = bytearray(base)
    act(cacao, harvest_first, kind="resolve", tile="P2")
    assert seat(harvest_first, PURPLE)["cacao"] == 5
    act(cacao, harvest_first, kind="resolve", sell=1)
    assert (seat(harvest_first, PURPLE)["cacao"], seat(harvest_first, PURPLE)["gold"]) == (4, 3)
    act(cacao, base, kind="resolve", tile="M3", sell=1)  # the harvest follows by itself
    assert (seat(base, PURPLE)["cacao"], seat(base, PURPLE)["gold"]) == (5, 3)


def test_e6_other_caps():
    jungle = [(6, 6, "S"), (7, 5, "W"), (5, 5, "G2")]
    st = position(2, jungle=jungle, seats={RED: {"sun": 2, "water": 7, "gold": 10}})
    place(st, "2-1-0-1", 6, 5, 0)
    s = seat(st, RED)
    assert (s["sun"], s["water"], s["gold"]) == (3, 8, 12)
    assert cacao.view(st)["active"] == 1  # nothing to decide: the turn is over


def e7_position(sun=1, pile_empty=True):
    jungle = [(5, 5, "M4"), (6, 4, "P2"), (4, 4, "W"), (5, 3, "T")]
    return position(2, jungle=jungle, workers=[(RED, "1-1-1-1", 5, 4, 0)], pile_empty=pile_empty,
                    seats={RED: {"sun": sun, "gold": 20, "water": 3, "hand": ["2-1-0-1"]}})


def test_e7_red_overbuilds_and_sells_2_for_8():
    st = e7_position()
    assert cacao.view(st)["pending"]["overbuild"]
    act(cacao, st, kind="overbuild", pattern="2-1-0-1", x=5, y=4, rot=0)
    act(cacao, st, kind="resolve", sell=2)  # harvest 2 came first by itself
    s = seat(st, RED)
    assert (s["sun"], s["cacao"], s["gold"], s["water"]) == (0, 0, 28, 4)
    tile = [t for t in cacao.view(st)["board"] if t.get("x") == 5 and t.get("y") == 4][0]
    assert tile["height"] == 2 and tile["covered"] == {"pattern": "1-1-1-1", "rot": 0}
    assert cacao.score_parts(st, RED)[1] == 0  # no Red worker faces the temple now


def test_e7_overbuild_illegal_without_sun_or_with_tiles_left():
    for st in (e7_position(sun=0), e7_position(pile_empty=False)):
        assert not any(cacao.action_info(st, a)["kind"] == "overbuild" for a in cacao.legal_actions(st))
        before = bytes(st)
        msg = raises_value_error(cacao.apply, st, 1792 + 0 * 16 + 1 * 4 + 0)
        assert "overbuild" in msg or "sun" in msg, msg
        assert bytes(st) == before


def temple(players, workers):
    st = position(players, jungle=[(4, 4, "T")], workers=workers)
    return [cacao.score_parts(st, s)[1] for s in range(players)]


def test_e8_tie_for_first():
    pts = temple(4, [(RED, "2-1-0-1", 4, 5, 2), (YELLOW, "2-1-0-1", 5, 4, 3), (PURPLE, "1-1-1-1", 4, 3, 0)])
    assert (pts[RED], pts[YELLOW], pts[PURPLE]) == (3, 3, 0)


def test_e9_clear_first_tie_for_second():
    pts = temple(4, [(RED, "3-1-0-0", 4, 5, 2), (YELLOW, "1-1-1-1", 5, 4, 0), (PURPLE, "2-1-0-1", 4, 3, 1),
                     (2, "2-1-0-1", 3, 4, 3)])
    assert pts == [6, 1, 0, 1]


def test_e10_overbuilt_tile_at_a_temple():
    st = position(2, jungle=[(4, 4, "T")], workers=[(RED, "1-1-1-1", 4, 5, 0), (1, "2-1-0-1", 5, 4, 3)],
                  pile_empty=True, seats={RED: {"sun": 1, "hand": ["3-0-0-1"]}})
    assert [cacao.score_parts(st, s)[1] for s in (0, 1)] == [3, 6]
    act(cacao, st, kind="overbuild", pattern="3-0-0-1", x=4, y=5, rot=2)
    assert [cacao.score_parts(st, s)[1] for s in (0, 1)] == [6, 3]


def test_e11_final_score_and_tie_break():
    workers = [(RED, "3-1-0-0", 4, 5, 2), (1, "1-1-1-1", 5, 4, 0)]  # temple: Red 6, Yellow 3
    seats = {RED: {"gold": 41, "sun": 1, "water": 2, "cacao": 2},
             1: {"gold": 38, "sun": 2, "water": 5, "cacao": 3}}
    st = position(2, jungle=[(4, 4, "T")], workers=workers, seats=seats)
    assert cacao.score_parts(st, RED) == (41, 6, 1, -1)
    assert cacao.score_parts(st, 1) == (38, 3, 2, 4)
    assert cacao.scores(st) == [47, 47]
    assert cacao.ranking(st) == [2, 1]  # Yellow wins on cacao
    seats[1]["cacao"] = 2
    st = position(2, jungle=[(4, 4, "T")], workers=workers, seats=seats)
    assert cacao.ranking(st) == [1, 1]  # shared victory


def test_e12_legal_cells_at_the_start():
    st = position(2, seats={RED: {"hand": ["3-1-0-0", "1-1-1-1", "2-1-0-1"]}})
    cells = set()
    for a in cacao.legal_actions(st):
        i = cacao.action_info(st, a)
        cells.add((i["x"], i["y"]))
    assert cells == {(1, 0), (0, 1), (-1, 0), (0, -1), (2, 1), (1, 2)}
    place(st, "3-1-0-0", 1, 0, 1)
    assert seat(st, RED) == {"gold": 0, "cacao": 0, "sun": 0, "water": 0,
                             "hand": seat(st, RED)["hand"], "pile": seat(st, RED)["pile"]}
    assert len(cacao.view(st)["board"]) == 3 and cacao.to_move(st) == 1


def test_e13_short_supply():
    st = position(2, workers=[(1, "1-1-1-1", 2, 1, 0), (1, "1-1-1-1", 0, -1, 0)], pile_empty=True,
                  display=["T"], seats={1: {"sun": 1}})
    place(st, "1-1-1-1", 1, 0, 0)
    opts = resolve_options(st)
    assert sorted(sorted(s["tile"] or "-" for s in o["spaces"]) for o in opts) == [["-", "T"], ["-", "T"]]
    act(cacao, st, kind="fill", spaces=[{"x": 2, "y": 0, "tile": "T"}, {"x": 1, "y": -1, "tile": None}])
    act(cacao, st, kind="resolve", tile="M2", sell=1)  # Red's own harvest at P1 and sale at M2
    v = cacao.view(st)
    assert v["display"] == [] and v["pending"] == {"kind": "place", "overbuild": True}
    assert {"x": 1, "y": -1} not in [{"x": t["x"], "y": t["y"]} for t in v["board"]]


def test_e14_setup_counts():
    for players, pile, hand_pile, turns in ((2, 17, 8, 22), (3, 24, 7, 30), (4, 24, 6, 36)):
        st = cacao.new_game(players, 5)
        v = cacao.view(st)
        assert len(v["display"]) == 2 and len(v["pile"]) == pile
        for s in v["seats"]:
            assert len(s["hand"]) == 3 and len(s["pile"]) == hand_pile
        placed = [0] * players
        buf = [0] * cacao.MAX_ACTIONS

        def count(state, a):
            if cacao.action_info(state, a)["kind"] in ("place", "overbuild"):
                placed[cacao.to_move(state)] += 1
        play_random(cacao, st, Picker(players), buf, count)
        assert cacao.view(st)["turn"] == turns
        assert placed == [cacao.turns_total(players)] * players
