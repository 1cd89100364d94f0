"""Bots on CPython and on real MicroPython: identical moves, bounded memory; the bots' mirrors of
the cores' state layouts; a small fixed-seed strength check (the full runs are tools/strength/selfplay)."""
import contextlib
import io
import re

from meeple.ai import cacao_bot, santiago_bot
from meeple.core import cacao, santiago
from tools.strength import selfplay
from tools.wasm import mpyrun

import ai_games

MEMORY_LIMIT = 24 * 1024
CROSS = (("cacao", ("normal", "hard"), 3), ("cacao", ("easy", "normal", "normal"), 4),
         ("cacao", ("normal", "normal", "hard", "normal"), 6), ("santiago", ("normal", "easy", "hard"), 5),
         ("santiago", ("hard", "normal", "normal", "easy", "hard"), 5))  # 5 seats: hard's longer auction playouts


def on_micropython(code):
    code = "import sys\nsys.path.append('/devtests')\n" + code
    return mpyrun.run_code(code, mounts={mpyrun.FIRMWARE: "/", "tests/device": "/devtests"}).check().stdout


def test_bot_layout_mirrors_match_the_cores():
    for bot, core in ((cacao_bot, cacao), (santiago_bot, santiago)):
        names = [n for n in dir(bot) if n.startswith("_") and n[1:2].isalpha() and n.upper() == n]
        checked = 0
        for n in names:
            if hasattr(core, n):
                assert getattr(bot, n) == getattr(core, n), "%s.%s differs from the core" % (bot.__name__, n)
                checked += 1
        assert getattr(bot, "_SIZE") == core.SIZE and getattr(bot, "_MAX_ACTIONS") == core.MAX_ACTIONS
        assert checked >= 15, checked


def test_bots_choose_the_same_moves_on_cpython_and_micropython():
    calls = ["ai_games.trace(%r, %r, %d)" % (g, list(lv), s) for g, lv, s in CROSS]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for g, lv, s in CROSS:
            ai_games.trace(g, list(lv), s)
    mp = on_micropython("import ai_games\n" + "\n".join(calls) + "\n")
    cp_lines = out.getvalue().splitlines()
    mp_lines = mp.splitlines()
    assert len(cp_lines) == len(CROSS) == len(mp_lines)
    for a, b in zip(cp_lines, mp_lines):
        assert a == b, "CPython and MicroPython bots differ:\n%s\n%s" % (a[:300], b[:300])


def test_bot_working_memory_stays_under_24_kb_on_micropython():
    out = on_micropython("import ai_memory\nai_memory.measure('cacao', ['hard', 'normal'], 2)\n"
                         "ai_memory.measure('cacao', ['normal', 'hard', 'normal', 'normal'], 5)\n"
                         "ai_memory.measure('cacao', ['normal', 'easy', 'normal', 'easy'], 3)\n"
                         "ai_memory.measure('santiago', ['hard', 'normal', 'normal', 'easy', 'normal'], 4)\n")
    lines = re.findall(r"memory (\w+) (\S+) decision_worst (\d+) scratch (\d+)", out)
    assert len(lines) == 4, out
    for game, levels, worst, scratch in lines:
        total = int(worst) + int(scratch)
        assert total < MEMORY_LIMIT, "%s %s: %d B per decision + %d B scratch" % (game, levels, int(worst), int(scratch))


def test_fixed_seed_strength_smoke():
    s = selfplay.run_lineup("cacao", ["normal", "random"], 6, 40, 1, progress=False)
    assert s["players"]["normal"]["wins"] == 6
    s = selfplay.run_lineup("cacao", ["normal", "easy"], 6, 41, 1, progress=False)
    assert s["players"]["normal"]["wins"] >= 5, s["players"]
    s = selfplay.run_lineup("santiago", ["easy", "random", "random"], 6, 42, 1, progress=False)
    assert s["players"]["easy"]["wins"] >= 5, s["players"]
    s = selfplay.run_lineup("santiago", ["normal", "easy", "easy"], 6, 43, 1, progress=False)
    assert s["players"]["normal"]["wins"] >= 4, s["players"]
    s = selfplay.run_lineup("santiago", ["hard", "normal", "normal"], 3, 44, 1, progress=False)
    assert s["head_to_head"]["hard>normal"]["share"] > 0.5, s["head_to_head"]


def test_cacao_hard_values_the_water_track_ahead_and_normal_by_the_field():
    track = cacao.WATER_VALUES
    cacao_bot._mode[:] = [0, 36]  # easy / normal: the field's value, whatever the turns left
    assert [cacao_bot._water4(f, 8) for f in range(9)] == [4 * v for v in track]
    cacao_bot._mode[:] = [cacao_bot._HARD_WATER, 36]  # hard, 4 players (9 turns per seat)
    early = [cacao_bot._water4(f, 8) for f in range(9)]
    late = [cacao_bot._water4(f, 2) for f in range(9)]
    assert [cacao_bot._water4(f, 0) for f in range(9)] == [4 * v for v in track]  # last turn: as scored
    for f in range(8):
        assert early[f + 1] > early[f] and late[f + 1] > late[f]  # a step up is always a gain
        assert early[f] >= late[f] >= 4 * track[f]
    for f in (2, 3, 4):  # early on, the middle steps count for the climb they start
        assert early[f + 1] - early[f] > 4 * (track[f + 1] - track[f]) + 4, (f, early)
    assert early[0] == late[0] == -40 and early[8] == late[8] == 64


def test_cacao_hard_beats_three_normal_bots_on_fixed_seeds():
    # 48 games (about 12 s): over 8 or 16 the mean score is noise. Hard wins 32.5 of them and
    # beats normal in 82 % of meetings; before issue 26's stored-cacao table and temple discount
    # 17 and 59 % (over 800 games of the gauntlet then: 37.7 %, mean score 44.7 against 42.9)
    s = selfplay.run_lineup("cacao", ["hard", "normal", "normal", "normal"], 48, 47, 1, progress=False)
    p = s["players"]
    assert p["hard"]["wins"] >= 24, p  # its fair share is 12
    assert p["hard"]["score_mean"] > p["normal"]["score_mean"] + 2, p
    assert s["head_to_head"]["hard>normal"]["share"] > 0.7, s["head_to_head"]


def test_santiago_decisions_stay_within_their_budgets():
    from meeple import ai
    levels = ("hard", "normal", "easy", "normal")
    worst = {}

    def on_move(st, seat, a):
        lv = levels[seat]
        worst[lv] = max(worst.get(lv, 0), ai.ops_used())
        assert ai.ops_used() <= ai.budget(santiago, lv), (lv, ai.ops_used())
    ai_games.play(santiago, levels, 45, on_move=on_move)
    assert worst["hard"] > 4 * worst["normal"], worst  # hard really searches


def test_cacao_two_player_hard_beats_normal_on_fixed_seeds():
    # issue 26: on these 60 games hard wins 48; 40 before its stored-cacao table and temple
    # discount, 33 before it weighed normal's ranking of a candidate as much as a re-deal. Over
    # 2,000 games (tools/strength/selfplay, seeds 1 and 1001) 77.0 %, 64.1 % before on the same deals
    s = selfplay.run_lineup("cacao", ["hard", "normal"], 60, 466, 1, progress=False)
    assert s["players"]["hard"]["wins"] >= 44, s["players"]
