"""DESIGN.md section 4 heap budgets, measured on real MicroPython with the firmware compiled to
.mpy as it ships (tools.board.build), after a real garbage collection.

The WebAssembly runtime collects garbage only between runs, so a figure read inside a running
program counts garbage too; the runner's `in_use_after` is read after a collection with the
program's objects still referenced, which is what a Pico would hold. The runtime's own baseline
(an empty program) is subtracted.
"""
import pytest

from tools.board import build

from tools.wasm import mpyrun

IDLE_MENU_BUDGET = 80 * 1024

IDLE_MENU = """
import sys
sys.path.append('/devtests')
from appkit import boot as _boot
from meeple.ui import input as ev
app, display = _boot()
app.step((ev.OK,))          # title -> main menu, idle
print(app.screen.title)
"""

# As a device boots: every game plug-in in the firmware is looked at for the menus (then let go)
IDLE_MENU_WITH_GAMES = """
import sys
sys.path.append('/devtests')
import heap_game
heap_game.start('/tmp/idle')
heap_game.step()            # title -> main menu, idle
print(heap_game._title(), len(heap_game._d['app'].games))
"""


@pytest.fixture(scope="module")
def device_tree(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("device"))
    build.build(out_dir=out)
    return out


def retained(code, tree):
    mounts = {tree: "/", "tests/device": "/devtests"}
    base = mpyrun.run_code("import sys\nsys.path.append('/devtests')", mounts=mounts).check()
    r = mpyrun.run_code(code, mounts=mounts).check()
    return r, r.heap["in_use_after"] - base.heap["in_use_after"]


def test_heap_in_use_at_the_idle_menu_fits_the_budget(device_tree):
    r, used = retained(IDLE_MENU, device_tree)
    assert r.stdout.strip() == "Main menu"
    print("heap in use at the idle menu: %d bytes (budget %d)" % (used, IDLE_MENU_BUDGET))
    assert 0 < used <= IDLE_MENU_BUDGET, "idle menu holds %d bytes of heap" % used


def test_heap_in_use_at_the_idle_menu_with_the_installed_games_fits_the_budget(device_tree):
    r, used = retained(IDLE_MENU_WITH_GAMES, device_tree)
    out = r.stdout.split()
    assert out[:2] == ["Main", "menu"] and int(out[2]) >= 1, r.stdout
    games = out[2]
    print("heap in use at the idle menu with %s games: %d bytes (budget %d)" % (games, used, IDLE_MENU_BUDGET))
    assert 0 < used <= IDLE_MENU_BUDGET, "idle menu holds %d bytes of heap" % used
