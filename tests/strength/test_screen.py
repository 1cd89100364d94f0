"""tools.strength.screen: a change to Santiago hard valued where it differs, in the yardstick's model."""
import os
import shutil

import pytest

from tools import ROOT
from meeple.ai import santiago_bot
from tools.strength import screen

BOT = os.path.join(ROOT, "firmware", "meeple", "ai", "santiago_bot.py")

# a variant that places every tile on the first legal plot (the board's corner side), hard's
# thinking for the rest: a change the screen must find worse
FIRST_PLOT = '''
_hard_choose = choose


def choose(game, obs, me, level, seed):
    if obs[_PHASE] == _PLACEMENT:
        game.legal_into(obs, _legal)
        return _legal[0]
    return _hard_choose(game, obs, me, level, seed)
'''


def _variant(tmp_path, tail=""):
    p = tmp_path / "mybot.py"
    shutil.copy(BOT, p)
    if tail:
        with open(p, "a") as f:
            f.write(tail)
    return str(p)


def test_hard_itself_never_differs(tmp_path):
    deal, rows = screen.screen_deal(3, 5001, screen.PHASES["placement"], _variant(tmp_path), None, 4)
    assert deal == 5001 and len(rows) > 20  # every placement with a choice, each seat's
    assert all(g == 0.0 and not d for g, d, _ in rows)


def test_a_worse_placement_is_found_worse(tmp_path, capsys):
    path = _variant(tmp_path, FIRST_PLOT)
    _, rows = screen.screen_deal(3, 5001, screen.PHASES["placement"], path, None, 8)
    n, d, gain, se, inside, outside = screen.summary(rows)
    assert d > n // 2 and gain < -3 * se < 0
    assert inside + outside == pytest.approx(gain)
    # the same on the command line, and only placements are screened
    assert screen.main(["--deals", "1", "--playouts", "8", "--variant", path]) == 0
    out = capsys.readouterr().out
    assert "%d decisions, %d differ" % (n, d) in out and "gain %+.3f a decision" % gain in out
    _, bids = screen.screen_deal(3, 5001, screen.PHASES["auction"], path, None, 8)
    assert bids and not any(d for _, d, _ in bids)


def test_the_yardstick_as_challenger_and_hard_left_untouched():
    real = santiago_bot._candidates
    _, rows = screen.screen_deal(3, 5002, screen.PHASES["placement"], None, 300, 4)
    assert santiago_bot._candidates is real  # the recording of hard's candidates is undone
    assert any(d for _, d, _ in rows)
    assert any(d and c for _, d, c in rows)   # some of its placements are among hard's candidates
    assert any(d and not c for _, d, c in rows)  # and some are not


def test_the_paired_playouts_cancel_for_the_same_action():
    st = screen.santiago.new_game(3, 7)
    buf = [0] * screen.santiago.MAX_ACTIONS
    k = screen.santiago.legal_into(st, buf)
    q = screen.santiago.to_move(st)
    view = screen.santiago.observe(st, q)
    assert screen.oracle_gain(view, q, buf[0], buf[0], 1, 6) == 0.0
    assert screen.oracle_gain(view, q, buf[0], buf[k - 1], 1, 6) == -screen.oracle_gain(view, q, buf[k - 1], buf[0], 1, 6)


def test_bad_arguments_are_refused(tmp_path, capsys):
    with pytest.raises(SystemExit):
        screen.main(["--variant", str(tmp_path / "missing.py")])
    assert "no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        screen.main(["--yardstick-ops", "0"])
    with pytest.raises(SystemExit):
        screen.main(["--deals", "0", "--yardstick-ops", "100"])
    with pytest.raises(SystemExit):
        screen.main([])  # a challenger is required
    notbot = tmp_path / "notbot.py"
    notbot.write_text("x = 1\n")
    with pytest.raises(SystemExit, match="has no choose"):
        screen.main(["--variant", str(notbot)])
