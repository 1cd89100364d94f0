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
    kinds = _whole_game(santiago, 3, 5, 120) | _whole_game(santiago, 5, 6, 60)
    # pass/bid, place, propose or support then the offer, the overseer's accept or build, extra canal
    for k in ("auction 0", "auction 1", "placement 2", "bribe 3", "bribe offer", "bribe 0",
              "overseer 5", "extra_canal 7", "extra_canal 0"):
        assert k in kinds, (k, sorted(kinds))
    assert "overseer 6" in kinds or "overseer 0" in kinds or "overseer 5" in kinds


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
    st = _positions(cacao, 2, 11, 7)[3]
    seat = cacao.to_move(st)
    picks = [yardstick.choose(cacao, st, seat, s, 300) for s in range(6)]
    assert picks == [yardstick.choose(cacao, st, seat, s, 300) for s in range(6)]
    assert all(a in cacao.legal_actions(st) for a in picks)


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
