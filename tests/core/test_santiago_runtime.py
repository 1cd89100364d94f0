"""Santiago on real MicroPython vs CPython: byte-identical games, and no allocation in the hot path.

CPython-only (it drives the WebAssembly MicroPython through tools.wasm.mpyrun)."""
import os
import re
import subprocess
import sys

from tools.wasm import mpyrun

from testkit import ROOT
DEVICE_DIR = os.path.join(ROOT, "tests", "device")

# Seeded random games through every player count and option; prints, per game, a rolling hash of
# every intermediate state, the final state, and observations made from it.
GAMES = r"""
import sys
sys.path.append(DEVDIR)
from meeple.core import santiago as S
from santiago_fixtures import Player
OPTS = [{}, {"palms": True}, {"open_money": True}, {"spring": "any", "palms": True}]
for g in range(12):
    n = 3 + g % 3
    st = S.new_game(n, 1000 + g, **OPTS[g % 4])
    pl = Player(g)
    h = 0
    while not S.is_over(st):
        S.apply(st, pl.choose(st))
        for b in st:
            h = (h * 31 + b) & 0x3FFFFFF
    mid = S.new_game(n, 2000 + g, **OPTS[g % 4])
    for _ in range(40 + 7 * g):
        S.apply(mid, pl.choose(mid))
    obs = S.observe(mid, g % n, 77 + g)
    print("GAME %d %d %s %s %s %s" % (g, h, bytes(st).hex(), S.scores(st), bytes(mid).hex(), bytes(obs).hex()))
"""

ALLOC = r"""
import gc, sys
sys.path.append('/devtests')
from meeple.core import santiago as S
from santiago_fixtures import Player, scenario
buf = [0] * S.MAX_ACTIONS
worst_l = worst_a = calls = k = m0 = m1 = m2 = 0  # globals exist before measuring: no dict growth
for g in range(6):
    st = S.new_game(3 + g % 3, 50 + g, palms=g % 2 == 0)
    pl = Player(g)
    while not S.is_over(st):
        a = pl.choose(st)
        gc.collect()
        gc.disable()
        m0 = gc.mem_alloc()
        S.legal_into(st, buf)
        m1 = gc.mem_alloc()
        S.apply(st, a)
        m2 = gc.mem_alloc()
        gc.enable()
        worst_l = max(worst_l, m1 - m0)
        worst_a = max(worst_a, m2 - m1)
        calls += 1
# a seat with 120 escudos: its 121 bids, and a 120-escudo bribe offer
st = scenario(round=11, overseer=0, money=[20, 120, 10, 10])
rich = scenario(round=11, phase="bribe", overseer=0, money=[20, 120, 10, 10])
S.apply(rich, S.propose("H(1,1)"))
for s in (st, rich):
    gc.collect()
    gc.disable()
    m0 = gc.mem_alloc()
    k = S.legal_into(s, buf)
    m1 = gc.mem_alloc()
    S.apply(s, buf[k - 1])
    m2 = gc.mem_alloc()
    gc.enable()
    print("RICH %d %d %d" % (k, m1 - m0, m2 - m1))
print("ALLOC %d %d %d" % (calls, worst_l, worst_a))
"""


def _games(stdout):
    return [line for line in stdout.splitlines() if line.startswith("GAME ")]


def test_seeded_games_are_byte_identical_on_cpython_and_micropython():
    mp = mpyrun.run_code(GAMES.replace("DEVDIR", repr("/devtests")),
                         mounts={mpyrun.FIRMWARE: "/", DEVICE_DIR: "/devtests"}).check()
    code = "import sys\nsys.path.insert(0, %r)\n" % mpyrun.FIRMWARE + GAMES.replace("DEVDIR", repr(DEVICE_DIR))
    cp = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    mp_games = _games(mp.stdout)
    assert len(mp_games) == 12
    assert mp_games == _games(cp.stdout)


def test_legal_into_and_apply_allocate_nothing_on_micropython():
    r = mpyrun.run_code(ALLOC, mounts={mpyrun.FIRMWARE: "/", DEVICE_DIR: "/devtests"}).check()
    m = re.search(r"ALLOC (\d+) (\d+) (\d+)", r.stdout)
    assert m, r.stdout
    calls, worst_legal, worst_apply = int(m.group(1)), int(m.group(2)), int(m.group(3))
    assert calls > 500
    assert worst_legal == 0 and worst_apply == 0, r.stdout
    rich = re.findall(r"RICH (\d+) (\d+) (\d+)", r.stdout)
    assert [x[0] for x in rich] == ["121", "120"]  # every bid / every offer amount listed
    assert all(x[1] == "0" and x[2] == "0" for x in rich), r.stdout
