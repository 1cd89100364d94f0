"""Hard Cacao plays each of its candidates through the next turn of every other seat (a whole
round) before valuing it. With four players it used to stop after the next two seats, leaving the
third seat's turn unseen; hard then won 34 % of 800 games against three normals, 38 % with the
whole round for the same budget (docs/opponents.md, "Strength"; CHANGELOG.md, 2026-12-02). A round of four-player replies is costly, so hard
keeps enough of its budget for one and plays a second re-deal only with room to spare: its
decisions stay within the budget the emulated Pico's times were calibrated for."""
import pytest

from meeple import ai
from meeple.ai import cacao_bot
from meeple.core import cacao
from tools.bench import ai as bench_ai
from tools.strength import selfplay


def _replying_seats(players, monkeypatch):
    """The seats whose replies hard's first decision of a game plays out, and hard's seat."""
    seen = []
    real = cacao_bot._rank_places

    def spy(game, st, me, breadth, d, share):
        if d == 1:  # a reply: ranked on the scratch state below the root's
            seen.append(me)
        return real(game, st, me, breadth, d, share)

    monkeypatch.setattr(cacao_bot, "_rank_places", spy)
    st = cacao.new_game(players, 5)
    me = cacao.to_move(st)
    ai.choose(cacao, st, me, "hard", 11)
    return sorted(set(seen)), me


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_plays_every_other_seat_s_reply(players, monkeypatch):
    seats, me = _replying_seats(players, monkeypatch)
    assert seats == [s for s in range(players) if s != me]


def test_four_player_hard_stays_within_its_budget():
    # four whole games, levels rotating through the seats: before the second re-deal needed room
    # to spare, one of these decisions used 815 operations of 750 (2.7 s on the emulated Pico)
    ops = [d[4] for d in bench_ai.record_decisions("cacao", 4, 4) if d[0] == "hard"]
    assert len(ops) > 80
    assert max(ops) <= cacao_bot._HARD_BUDGET[4], max(ops)


def _hard_ops_in_selfplay(players, deals):
    """Operations of every hard decision (more than one legal action) in self-play against
    normal bots, seats rotated, with tools/strength/selfplay's deals and bot seeds."""
    ops = []
    buf = [0] * cacao.MAX_ACTIONS
    for deal in deals:
        for rot in range(players):
            st = cacao.new_game(players, deal)
            moves = 0
            while not cacao.is_over(st):
                seat = cacao.to_move(st)
                level = "hard" if seat == rot else "normal"
                a = ai.choose(cacao, st, seat, level, selfplay.bot_seed(deal, seat, moves))
                if level == "hard" and cacao.legal_into(st, buf) > 1:
                    ops.append(ai.ops_used())
                cacao.apply(st, a)
                moves += 1
    return ops


@pytest.mark.parametrize("players, deals", [(2, range(1, 17)), (3, range(1, 9))])
def test_hard_s_budget_is_a_cap_in_selfplay(players, deals):
    # issue 26: 2-player hard's ranking could run 600 operations past the budget and its first
    # round of re-deals always ran, so in self-play a decision now and then took 1,000-2,000
    # operations of 950 (4-5 s on a Pico; on these games up to 1,369), and 3-player hard up to
    # 840 of 750 (on these, 808). The budget is now a cap: every search stops where it ends, less
    # a spare for the step that runs past it, and a round of re-deals is played only if it fits.
    ops = _hard_ops_in_selfplay(players, deals)
    cap = cacao_bot._HARD_BUDGET[players]
    assert len(ops) > 200
    assert max(ops) <= cap, sorted(ops)[-5:]
    assert max(ops) > cap - 4 * cacao_bot._HARD_SPARE, max(ops)  # it does use its budget
