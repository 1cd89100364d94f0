"""The Santiago bot's kept results (pick values per seat in an auction, worths per canal slot):
they are used only for a state that agrees in every byte the result depends on, so a bot with
them plays exactly as a bot that recomputes everything."""
from meeple import ai
from meeple.ai import santiago_bot as sb
from meeple.core import santiago

LEVELS = ("hard", "normal", "easy", "normal", "hard")


def _forget():
    sb._aok[:] = bytes(5)
    sb._eok[:] = bytes(32)


class _NeverKept(bytearray):
    """A flag table that always reads 0: nothing kept is ever used."""

    def __getitem__(self, i):
        return 0 if isinstance(i, int) else bytearray.__getitem__(self, i)


def _play(players, seed):
    st = santiago.new_game(players, seed)
    moves = []
    while not santiago.is_over(st):
        seat = santiago.to_move(st)
        a = ai.choose(santiago, st, seat, LEVELS[seat], seed * 100 + len(moves))
        moves.append((a, ai.ops_used()))
        santiago.apply(st, a)
    return moves


def test_kept_results_never_change_a_move(monkeypatch):
    games = ((3, 21), (5, 22))
    kept = [_play(p, s) for p, s in games]
    monkeypatch.setattr(sb, "_aok", _NeverKept(5))
    monkeypatch.setattr(sb, "_eok", _NeverKept(32))
    plain = [_play(p, s) for p, s in games]
    for k, p in zip(kept, plain):
        assert [a for a, _ in k] == [a for a, _ in p]
        assert sum(o for _, o in k) < sum(o for _, o in p)  # and kept results were used


def test_a_decision_uses_only_what_it_kept_itself():
    # the operations of a decision depend on the position alone (a Pico replays positions one
    # by one in tools/bench/ai): the same after other decisions as on its own
    st = _bribe_state()
    seat = santiago.to_move(st)
    ai.choose(santiago, st, seat, "normal", 3)
    first = ai.ops_used()
    ai.choose(santiago, st, seat, "normal", 3)
    assert ai.ops_used() == first
    _forget()
    ai.choose(santiago, st, seat, "normal", 3)
    assert ai.ops_used() == first


def _bribe_state():
    st = santiago.new_game(4, 7)
    while st[santiago._PHASE] != santiago._BRIBE or st[santiago._ROUND] < 3:
        seat = santiago.to_move(st)
        santiago.apply(st, ai.choose(santiago, st, seat, "normal", 1))
    return st


def test_worths_are_kept_only_for_the_same_board():
    st = _bribe_state()
    _forget()
    sb.search.start(100, 1)
    v = sb._value(santiago, st, 0, False, 3)
    assert sb.search.used() == 1  # evaluated
    other = bytearray(st)
    other[santiago._OFFER_SEG + 1] = 4  # offers and bids do not change the worths: kept
    other[santiago._OFFER_AMT + 1] = 2
    assert sb._value(santiago, other, 0, False, 3) == v
    assert sb.search.used() == 1
    richer = bytearray(st)
    richer[santiago._MONEY + 2] += 5  # money is added to the kept worths: kept, and right
    got = sb._value(santiago, richer, 0, False, 3)
    assert sb.search.used() == 1
    assert got == sb._value(santiago, richer, 0, False) != v
    canal = bytearray(st)
    seg = [s for s in range(santiago._NSEG) if not st[santiago._CANAL + s]][0]
    canal[santiago._CANAL + seg] = 1  # so does a canal
    got = sb._value(santiago, canal, 0, False, 3)
    assert sb.search.used() == 3
    assert got == sb._value(santiago, canal, 0, False)


def test_auction_pick_values_are_kept_per_seat_while_only_bids_change():
    st = santiago.new_game(5, 9)
    _forget()
    seen = 0
    while st[santiago._PHASE] == santiago._AUCTION:
        seat = santiago.to_move(st)
        sb.search.start(900, 1)
        a = sb._bid(santiago, st, seat, 1)
        fresh_ops = sb.search.used()
        sb.search.start(900, 1)
        assert sb._bid(santiago, st, seat, 1) == a  # kept: same bid, one operation
        assert sb.search.used() == 1 < fresh_ops
        _forget()
        sb.search.start(900, 1)
        assert sb._bid(santiago, st, seat, 1) == a
        santiago.apply(st, a)
        seen += 1
    assert seen == 5
    # the next round's auction (new tiles, money paid) recomputes
    while st[santiago._PHASE] != santiago._AUCTION:
        santiago.apply(st, ai.choose(santiago, st, santiago.to_move(st), "normal", 2))
    sb.search.start(900, 1)
    sb._bid(santiago, st, santiago.to_move(st), 1)
    assert sb.search.used() > 1
