"""What the Santiago screen reads from a state (meeple.ui.santiago.state), checked against the
rules core's own answers; runs on CPython and on MicroPython (tests/wasm/test_micropython.py)."""
from meeple.core import santiago as core
from meeple.ui.santiago import state as S


def _play(seed, players, steps):
    """A game advanced by the first-but-varied legal action, deterministic on both runtimes."""
    st = core.new_game(players, seed, spring="interior")
    buf = [0] * core.MAX_ACTIONS
    for i in range(steps):
        if core.is_over(st):
            break
        n = core.legal_into(st, buf)
        core.apply(st, buf[(i * 7 + seed) % n])
    return st


def test_plot_and_segment_geometry_matches_the_rules_examples():
    # E13: plot -> its two segments
    for (x, y), (h, v) in (((0, 0), ("H(0,0)", "V(0,0)")), ((5, 1), ("H(2,1)", "V(3,0)")),
                           ((2, 2), ("H(1,1)", "V(1,1)")), ((7, 5), ("H(3,3)", "V(4,2)"))):
        p = y * 8 + x
        assert S.seg_name(S.plot_h(p)) == h and S.seg_name(S.plot_v(p)) == v
    out = bytearray(4)
    for s in range(S.NSEG):  # every segment borders the plots whose segments name it
        k = S.seg_plots(s, out)
        assert k in (2, 4)
        for i in range(k):
            assert s in (S.plot_h(out[i]), S.plot_v(out[i]))
        assert S.seg_name(s) == core.seg_name(s)
        assert core.parse_segment(S.seg_name(s)) == s


def test_board_reading_agrees_with_view():
    for seed in (1, 2, 3):
        st = _play(seed, 3 + seed % 3, 60 + 20 * seed)
        v = core.view(st)
        by_xy = {}
        for d in v["plots"]:
            by_xy[d["y"] * 8 + d["x"]] = d
        for p in range(S.NPLOT):
            d = by_xy.get(p)
            if d is None:
                assert S.tile_code(st, p) == -1
                continue
            assert S.CROP_NAMES[S.tile_code(st, p) >> 1] == d["crop"]
            assert S.owner(st, p) == d["owner"] and S.markers(st, p) == d["markers"]
            assert S.is_desert(st, p) == d["desert"] and S.irrigated(st, p) == d["irrigated"]
        assert S.bids_made(st) == [(q, b or 0) for q, b in v["bids"]]
        assert [S.CROP_NAMES[t >> 1] for t in S.revealed(st)] == [t["crop"] for t in v["revealed"]]


def test_field_points_plus_money_are_the_core_scores():
    for seed in (4, 5, 6, 7):
        st = _play(seed, 3 + seed % 3, 400)
        pts = S.field_points(st)
        sc = core.scores(st)
        for q in range(st[S.O_PLAYERS]):
            assert pts[q] + st[S.O_MONEY + q] == sc[q]


def test_field_preview_counts_the_joined_field():
    st = core.new_game(3, 1, spring=[2, 1], overseer=0)
    for a in (core.PASS, core.PASS, core.PASS):
        core.apply(st, a)
    mark = bytearray(S.NPLOT)
    t = S.revealed(st)[0]
    crop = t >> 1
    core.apply(st, 0x2000 | (t * 48 + 0))            # a tile on (0,0)
    assert S.field(st, 1, crop, mark) == 2            # (1,0) would join it
    assert mark[0] and mark[1] and sum(mark) == 2
    assert S.field(st, 9, crop, mark) == 1            # (1,1): only diagonal to (0,0)
    assert S.field(st, 8, crop, mark) == 2            # (0,1) is below (0,0)


def test_drought_marks_find_lost_markers_and_new_deserts():
    before = core.new_game(3, 2, spring=[2, 1], overseer=0)
    after = bytearray(before)
    before[S.O_TILE + 0] = 1
    before[S.O_OWN + 0] = 1 | (2 << 4)
    before[S.O_TILE + 1] = 3
    before[S.O_OWN + 1] = 2
    after[S.O_TILE + 0] = 1
    after[S.O_OWN + 0] = 1 | (1 << 4)
    after[S.O_TILE + 1] = 3 | S.DESERT
    after[S.O_OWN + 1] = 2
    out = bytearray(S.NPLOT)
    assert S.drought_marks(before, after, out) == (1, 1)
    assert out[0] == S.LOSE and out[1] == S.DRY and sum(out) == S.LOSE + S.DRY


def test_choices_are_in_reading_order_and_vertical_steps_move_rows():
    st = core.new_game(4, 3, spring=[2, 1], overseer=0)
    plots = S.sort_reading(list(range(47, -1, -1)), S.plot_pos)
    assert plots == list(range(48))
    assert S.step_vertical(plots, 3, S.plot_pos, True) == 11
    assert S.step_vertical(plots, 3, S.plot_pos, False) == 3
    segs = S.sort_reading([core.parse_segment(n) for n in ("V(2,1)", "H(2,1)", "V(2,0)", "H(1,1)")],
                          S.seg_pos)
    assert [S.seg_name(s) for s in segs] == ["V(2,0)", "H(1,1)", "H(2,1)", "V(2,1)"]
    assert S.rounds(st) == 11


def test_action_text_names_seats_by_letter():
    st = core.new_game(3, 1, spring=[2, 1], overseer=0)
    assert S.action_text(st, 1, core.bid(4), "WNG") == "N bids 4"
    assert S.action_text(st, 1, core.PASS, "WNG") == "N passes (no bid)"


def _coordinates(t):
    """Does the text name a board position ("H(1,2)", "3,4", "(0,1)")?"""
    if "H(" in t or "V(" in t:
        return True
    for i in range(1, len(t) - 1):
        if t[i] == "," and t[i - 1] in "0123456789" and t[i + 1] in "0123456789":
            return True
    return False


def test_action_text_names_no_coordinates_through_a_whole_game():
    """Issue 14: log, recap and hint lines say what a move does, never where (the board has
    no labels); every action of a seeded 4-player game is checked."""
    st = core.new_game(4, 7, palms=True)
    acts = [0] * core.MAX_ACTIONS
    k = 0
    seen = 0
    while not core.is_over(st):
        n = core.legal_into(st, acts)
        a = acts[(k * 7 + 3) % n]
        t = S.action_text(st, core.to_move(st), a, "WNGBP")
        assert t and not _coordinates(t), t
        assert t[0] in "WNGBP"
        seen |= 1 << (a >> 12)
        core.apply(st, a)
        k += 1
    assert seen & (1 << S.K_PLACE) and seen & (1 << S.K_AMOUNT)


def test_places_are_named_by_what_is_next_to_them():
    """Issue 27: a plot or a canal is named by the spring, a seat's crop, a corner or an edge,
    or counted from the spring; never by coordinates."""
    st = core.new_game(3, 1, spring=[2, 1], overseer=0)
    for p in range(S.NPLOT):
        st[S.O_TILE + p] &= 0xFF ^ S.PALM
    assert S.plot_words(st, 1 * 8 + 3, "WNG") == "by the spring"   # the 4 plots at its corner
    assert S.plot_words(st, 2 * 8 + 4, "WNG") == "by the spring"
    st[S.O_TILE + 40] = 1 * 2 + 1            # bean x1 (code 2) on x0 y5, N's with one marker
    st[S.O_OWN + 40] = 2 | 1 << 4
    assert S.plot_words(st, 32, "WNG") == "next to N's beans"
    assert S.plot_words(st, 42, "WNG") == "two plots right of N's beans"
    assert S.plot_words(st, 7, "WNG") == "in the top right corner"
    assert S.plot_words(st, 22, "WNG") == "three plots right of the spring"
    assert S.plot_words(st, 2 * 8 + 2, "WNG") == "two plots left of the spring"
    assert S.plot_words(st, 3, "WNG") == "two plots above the spring"   # x3 y0: the longer way
    assert S.seg_words(st, 6, "WNG") == "the canal by the spring"
    assert S.seg_words(st, 26, "WNG") == "the canal along N's beans"
    assert S.seg_words(st, 15, "WNG") == "the canal on the bottom edge"
    st[S.O_TILE + 41] = 0 * 2 + 1            # W's potato on x1 y5, G's chili on x2 y5
    st[S.O_OWN + 41] = 1 | 1 << 4
    st[S.O_TILE + 42] = 2 * 2 + 1
    st[S.O_OWN + 42] = 3 | 1 << 4
    assert S.seg_words(st, 27, "WNG") == "the canal between W's potatoes and G's chilies"
    assert S.action_place(st, 0x2000 | (3 * 48 + 17)) == 17
    assert S.action_place(st, (S.K_BUILD << 12) | 27) == 64 + 27
    assert S.action_place(st, core.bid(3)) == -1 and S.action_place(st, core.PASS) == -1
