"""tools.strength.yardstick, the informed Monte-Carlo reference: legal moves at every kind of decision of
both games, no peeking at what its seat cannot see, deterministic for a seed, and a search that
beats random play. Small budgets keep it fast; its strength is measured in docs/strength.md."""
from meeple import ai
from meeple.core import cacao, santiago
from tools.strength import selfplay, yardstick


def _kind(mod, st, a):
    if mod is cacao:
        return cacao.PHASE_NAMES[st[cacao._PHASE]]
    ph = santiago.PHASES[st[santiago._PHASE]]
    if ph == "bribe" and st[santiago._PEND]:
        return "bribe offer"
    return "%s %d" % (ph, a >> 12)


def _whole_game(mod, players, seed, ops):
    """Every seat the yardstick: the kinds of decision it met, each checked legal."""
    st = mod.new_game(players, seed)
    kinds = set()
    k = 0
    while not mod.is_over(st):
        seat = mod.to_move(st)
        a = yardstick.choose(mod, st, seat, k, ops)
        assert a in mod.legal_actions(st)
        kinds.add(_kind(mod, st, a))
        mod.apply(st, a)
        k += 1
    return kinds


def test_cacao_every_kind_of_decision_legal():
    kinds = _whole_game(cacao, 2, 3, 40) | _whole_game(cacao, 4, 4, 20)
    assert {"place", "fill", "resolve"} <= kinds


def test_santiago_every_kind_of_decision_legal():
    # pass / bid, the tile and its plot (the 3-player leftover too), propose, support or pass
    # then the offer, the overseer's accept, build or nothing, the extra canal or keeping it
    every = {"auction 0", "auction 1", "placement 2", "bribe 3", "bribe 4", "bribe offer",
             "bribe 0", "overseer 5", "overseer 6", "overseer 0", "extra_canal 7", "extra_canal 0"}
    assert every <= _whole_game(santiago, 3, 5, 120)
    # with 5 seats somebody nearly always proposes, so the overseer's build-for-1 or nothing
    # (only when nobody proposed) may not come up in a game
    assert every - {"overseer 6", "overseer 0"} <= _whole_game(santiago, 5, 7, 60)


def _positions(mod, players, seed, every):
    st = mod.new_game(players, seed)
    out = []
    k = 0
    while not mod.is_over(st):
        if k % every == 0 and len(mod.legal_actions(st)) > 1:
            out.append(bytearray(st))
        mod.apply(st, ai.choose(mod, st, mod.to_move(st), "easy", k))
        k += 1
    return out


def test_the_decision_ignores_what_the_seat_cannot_see():
    for mod, players, seed, every, ops in ((cacao, 3, 7, 9, 400), (santiago, 3, 8, 23, 1500)):
        checked = 0
        for st in _positions(mod, players, seed, every):
            seat = mod.to_move(st)
            other = mod.observe(st, seat, 12345)  # the same sight, other hidden tiles, hands, money
            if other == mod.observe(st, seat, 54321):
                continue
            assert other != st
            a = yardstick.choose(mod, st, seat, 99, ops)
            assert yardstick.choose(mod, other, seat, 99, ops) == a
            checked += 1
        assert checked >= 3


def test_deterministic_for_a_seed():
    for mod, st, ops in ((cacao, _positions(cacao, 2, 11, 7)[3], 300),
                         (santiago, _positions(santiago, 4, 11, 9)[4], 800)):
        seat = mod.to_move(st)
        picks = [yardstick.choose(mod, st, seat, s, ops) for s in range(6)]
        assert picks == [yardstick.choose(mod, st, seat, s, ops) for s in range(6)]
        assert all(a in mod.legal_actions(st) for a in picks)


def test_root_candidates_are_the_priors_best():
    st = [p for p in _positions(cacao, 2, 11, 7) if p[cacao._PHASE] == cacao._PLACE][2]
    seat = cacao.to_move(st)
    acts = cacao.legal_actions(st)
    assert len(acts) > yardstick.ROOT_KEEP
    buf = [0] * cacao.MAX_ACTIONS
    b = yardstick._Budget()
    kept = yardstick.candidates(cacao, cacao.observe(st, seat), seat, acts, b, buf)
    vals = {a: yardstick._cacao_prior(cacao.observe(st, seat), a, yardstick._Budget(), buf) for a in acts}
    assert len(kept) == yardstick.ROOT_KEEP
    assert min(vals[a] for a in kept) >= max(vals[a] for a in acts if a not in kept)
    assert b.used >= len(acts)  # the prior of every action was counted


def test_it_searches_it_beats_random_play(monkeypatch):
    monkeypatch.setitem(yardstick.OPS, "cacao", 150)
    monkeypatch.setitem(yardstick.OPS, "santiago", 300)
    for game, lineup, deal in (("cacao", ("yardstick", "random"), 1), ("santiago", ("yardstick", "random", "random"), 2)):
        for rot in range(len(lineup)):
            r = selfplay.play_game(game, lineup, deal, rot)
            assert "crash" not in r
            seat = r["seats"].index("yardstick")
            assert r["ranking"][seat] == 1, r


# ---- Santiago: the evaluation, the policy's models, the root candidates

def test_santiago_survival_model():
    """A watered tile keeps its markers; a dry one survives less the more canals it lacks and
    the fewer markers it holds; once no canal can come before the final drought, it dies."""
    t = yardstick._SG_SURV
    for bn in (0, 1):
        for k in range(1, 12):
            for m in range(3):
                assert t[bn][k][0][m] == (1.0, float(m))
    for k in range(2, 12):
        for m in range(3):
            alive = [t[1][k][d][m][0] for d in range(1, 10)]
            assert all(a >= b for a, b in zip(alive, alive[1:])) and alive[0] > alive[-1]
        assert t[1][k][2][2][0] > t[1][k][2][0][0]
        assert t[1][k][1][2][1] <= 2 * t[1][k][1][2][0]
    assert t[0][1][1][2] == (0.0, 0.0)           # the last round's canal is built: it dies
    assert 0 < t[1][1][1][2][0] < 1 and t[1][1][2][2][0] == 0.0  # one canal may still come


def _santiago_phase(players, seed, phase, rnd, pend=False):
    st = santiago.new_game(players, seed)
    k = 0
    while not (st[santiago._PHASE] == phase and st[santiago._ROUND] >= rnd
               and bool(st[santiago._PEND]) == pend):
        santiago.apply(st, ai.choose(santiago, st, santiago.to_move(st), "normal", k))
        k += 1
    return st


def test_santiago_placement_values_match_the_whole_evaluation():
    """A tile that joins no field and whose crop is not on the board yet: its incremental value
    is the evaluation after placing it (the first placement of a game, then later ones)."""
    checked = 0
    for rnd in (1, 3):
        st = _santiago_phase(3, 21, santiago._PLACEMENT, rnd)
        seat = santiago.to_move(st)
        view = santiago.observe(st, seat)
        acts = santiago.legal_actions(view)
        ctx = yardstick._SgCtx(yardstick._Budget())
        vals = yardstick._sg_place_values(ctx, view, seat, acts)
        base = yardstick._sg_rel(yardstick._sg_worths(ctx, view), seat)
        crops = {((view[santiago._TILE + p] & 0x0F) - 1) >> 1 for p in range(48) if view[santiago._TILE + p] & 0x0F}
        for a, v in zip(acts, vals):
            t, p = divmod(a & 0xFFF, 48)
            if t >> 1 in crops or any(view[santiago._TILE + r] & 0x0F for r in yardstick._NEIGH[p]):
                continue  # fields merged or other fields' room to grow changed: approximated
            c = bytearray(view)
            santiago.apply(c, a)
            after = yardstick._sg_rel(yardstick._sg_worths(ctx, c), seat) + view[santiago._BID + seat]
            assert abs(after - base - v) < 1e-9, (a, v, after - base)  # (the bid is paid on placing)
            checked += 1
    assert checked >= 100


def test_santiago_bribe_model_predicts_the_overseers_policy():
    """The overseer a briber models (_SgBribe) takes the canal the yardstick's own overseer
    policy takes once the offer is made and the other seats pass."""
    checked = 0
    for seed in (3, 4, 5, 6):
        st = _santiago_phase(3 + seed % 3, seed, santiago._BRIBE, 3)
        n = st[santiago._PLAYERS]
        seat = santiago.to_move(st)
        ctx = yardstick._SgCtx(yardstick._Budget())
        model = yardstick._SgBribe(ctx, st, seat)
        for a in santiago.legal_actions(st)[1:]:
            s = a & 0xFFF
            for k in (1, 3, 6):
                if k > st[santiago._MONEY + seat]:
                    continue
                c = bytearray(st)
                santiago.apply(c, a)
                santiago.apply(c, 0x1000 | k)
                while c[santiago._PHASE] == santiago._BRIBE:
                    santiago.apply(c, 0)
                acts = santiago.legal_actions(c)
                vals = yardstick._sg_canal_values(ctx, c, c[santiago._OVERSEER], acts)
                took = acts[max(range(len(acts)), key=lambda i: (vals[i], -i))]
                seg, pay = model.outcome(s, k)
                assert (took & 0xFFF if took else None) == seg, (seed, a, k, took, seg)
                assert (took >> 12 == 5) == (pay[seat] > 0)
                checked += 1
        assert n == st[santiago._PLAYERS]
    assert checked >= 30


def test_santiago_root_candidates_are_the_policys_best():
    st = _santiago_phase(4, 9, santiago._PLACEMENT, 4)
    seat = santiago.to_move(st)
    view = santiago.observe(st, seat)
    acts = santiago.legal_actions(view)
    ctx = yardstick._SgCtx(yardstick._Budget())
    kept = yardstick._sg_candidates(ctx, view, seat, acts)
    vals = dict(zip(acts, yardstick._sg_values(yardstick._SgCtx(yardstick._Budget()), view, seat, acts)))
    assert len(kept) == yardstick.SG_KEEP[santiago._PLACEMENT] < len(acts)
    assert min(vals[a] for a in kept) >= max(vals[a] for a in acts if a not in kept)
    assert ctx.budget.used >= len(acts) // 20  # the list was counted
