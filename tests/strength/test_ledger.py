"""tools.strength.ledger: every escudo of a Santiago game accounted for, the score split into money
and field points, the per-group means in selfplay's report (Santiago only). CPython only."""
import json

import pytest

from meeple import ai
from meeple.core import santiago
from tools.strength import ledger, selfplay


def _game(players, deal):
    """A game of mixed bots with its ledger and, counted apart, the bids each seat paid."""
    st = santiago.new_game(players, deal)
    led = ledger.Ledger(santiago, players)
    bids = [0] * players
    levels = ("hard", "normal", "easy", "normal", "easy")
    k = 0
    while not santiago.is_over(st):
        seat = santiago.to_move(st)
        a = ai.choose(santiago, st, seat, levels[seat], k)
        if st[santiago._PHASE] == santiago._PLACEMENT and st[santiago._IDX] < players:
            bids[seat] += st[santiago._BID + seat]  # a bidder places with its bid still standing
        led.before(st)
        santiago.apply(st, a)
        led.after(st)
        k += 1
    return st, led.finish(st), bids


def test_every_escudo_is_accounted_for_and_the_score_split():
    for players, deal in ((3, 2), (5, 4)):
        st, t, bids = _game(players, deal)
        sc = santiago.scores(st)
        for q in range(players):
            assert t["money"][q] == 10 + t["income"][q] + t["bribes_taken"][q] - t["bids_paid"][q] - t["canals_paid"][q]
            assert t["money"][q] + t["fields"][q] == sc[q]
            assert t["bids_paid"][q] == bids[q]
            assert 0 <= t["deserts"][q] <= t["tiles"][q] and t["markers"][q] <= 2 * t["tiles"][q]
        assert sum(t["bribes_taken"]) > 0 and sum(t["tiles"]) > 0  # the games had bribes and tiles


def test_selfplay_reports_where_each_groups_points_came_from(capsys):
    code = selfplay.main(["--game", "santiago", "--players", "3", "--gauntlet", "hard", "--vs", "easy",
                          "--games", "3", "--jobs", "1", "--json", "--quiet"])
    assert code == 0
    m = json.loads(capsys.readouterr().out)["matches"][0]
    hard, easy = m["ledger"]["hard"], m["ledger"]["easy"]
    assert hard["money"] + hard["fields"] == pytest.approx(m["players"]["hard"]["score_mean"])
    assert easy["money"] + easy["fields"] == pytest.approx(m["players"]["easy"]["score_mean"])
    assert "points from fields" in selfplay.format_summary("santiago", m)
    cacao = selfplay.summarize(["easy", "random"], [selfplay.play_game("cacao", ("easy", "random"), 1, 0)])
    assert cacao["ledger"] == {}
