"""tools.strength.selfplay's fixed-strategy players follow their one rule (and play legally otherwise),
the brute-force mc reference picks a legal move, and tools.bench.ai --pico's CPython half
(recording decisions, picking the ones to time) keeps its promises. CPython only."""
import pytest

from meeple import ai
from meeple.core import cacao, santiago
from tools.bench import ai as bench_ai
from tools.strength import selfplay


def _positions(mod, players, seed, moves):
    """Positions along one game of normal bots."""
    st = mod.new_game(players, seed)
    out = []
    for k in range(moves):
        if mod.is_over(st):
            break
        out.append(bytearray(st))
        mod.apply(st, ai.choose(mod, st, mod.to_move(st), "easy", k))
    return out


def test_bid4_bids_four_at_every_auction_it_can_afford():
    seen = 0
    for st in _positions(santiago, 3, 5, 60):
        seat = santiago.to_move(st)
        a = selfplay.bid4(santiago, st, seat, 1)
        assert a in santiago.legal_actions(st)
        if st[santiago._PHASE] == santiago._AUCTION and 0x1004 in santiago.legal_actions(st):
            assert a == 0x1004
            seen += 1
    assert seen >= 2


def test_offer3_offers_three_and_keepcanal_keeps_the_canal_to_the_last_round():
    offers = keeps = 0
    for seed in (5, 6, 7):
        st = santiago.new_game(3, seed)
        k = 0
        while not santiago.is_over(st):
            seat = santiago.to_move(st)
            legal = santiago.legal_actions(st)
            ph = st[santiago._PHASE]
            o = selfplay.offer3(santiago, st, seat, k)
            assert o in legal
            if ph == santiago._BRIBE and o >> 12 == 1 and 0x1003 in legal:
                assert o == 0x1003
                offers += 1
            c = selfplay.keepcanal(santiago, st, seat, k)
            assert c in legal
            if ph == santiago._EXTRA_PH and st[santiago._ROUND] < 11:
                assert c == 0
                keeps += 1
            santiago.apply(st, ai.choose(santiago, st, seat, "normal", k))
            k += 1
    assert offers >= 1 and keeps >= 1


def test_greedy_takes_the_placement_with_the_most_gold_this_turn():
    differs = 0
    for st in _positions(cacao, 2, 9, 40)[6::3]:
        seat = cacao.to_move(st)
        a = selfplay.greedy(cacao, st, seat, 1)
        legal = cacao.legal_actions(st)
        assert a in legal
        if st[cacao._PHASE] != cacao._PLACE:
            continue
        gold = [selfplay.turn_gold(cacao, st, seat, b) for b in legal]
        assert selfplay.turn_gold(cacao, st, seat, a) == max(gold) >= cacao.scores(st)[seat]
        differs += a != ai.choose(cacao, st, seat, "normal", 1)
    assert differs >= 1  # a player of its own, not normal under another name


def test_mc_plays_a_legal_move_from_what_the_seat_sees(monkeypatch):
    monkeypatch.setattr(selfplay, "MC_PLAYOUTS", [12])
    for mod, n, seed in ((cacao, 2, 3), (santiago, 3, 4)):
        st = _positions(mod, n, seed, 12)[-1]
        seat = mod.to_move(st)
        a = selfplay.mc(mod, st, seat, 7)
        assert a in mod.legal_actions(st)
        assert selfplay.mc(mod, mod.observe(st, seat, 99), seat, 7) == a  # hidden things do not count


def test_a_strategy_of_the_other_game_is_refused():
    with pytest.raises(SystemExit):
        selfplay.main(["--game", "cacao", "--players", "2", "--bots", "bid4,normal", "--games", "1"])


def test_bench_ai_picks_the_costliest_decisions_and_a_sample():
    dec = bench_ai.record_decisions("santiago", 3, 1)
    assert {d[0] for d in dec} == {"easy", "normal", "hard"}
    chosen = bench_ai.pick(dec, 2, 2)
    for lv, rows in chosen.items():
        ops = sorted((d[4] for d in dec if d[0] == lv), reverse=True)
        assert [r[4] for r in rows[:2]] == ops[:2]
        assert len(rows) == 4
        st = bytearray(bytes.fromhex(rows[0][3]))
        ai.choose(santiago, st, rows[0][1], lv, rows[0][2])
        assert ai.ops_used() == rows[0][4]  # replayed from the record: the same operations
