"""The emulated-Pico tools that need no emulator: board wirings, the RGB565 screenshot comparison,
the key scripts' simulator side, and `make pico-test` without the kit (one line; fails under CI).
The emulated Pico itself runs in `make pico-test` (docs/emulated-pico.md)."""
import os
import subprocess
import sys
import tempfile

import pytest

from host_sim.png import write_png
from tools.pico import emulator as pico, scripts as pico_scripts, session as pico_session, shots as pico_shots

from testkit import ROOT


def test_wiring_of_the_kit_default_and_a_240x135_board():
    lcd, buttons = pico.wiring("waveshare_lcd_1_3")
    # the kit's documented default for the Waveshare Pico-LCD-1.3 (../shared/rp2emu/README.md)
    assert lcd == "spi1,dc=8,cs=9,rst=12,bl=13,x=0,y=0,w=240,h=240,rot=270,ips=1"
    assert set(buttons.split(",")) == set("A=15,B=17,X=19,Y=21,UP=2,DOWN=18,LEFT=16,RIGHT=20,CTRL=3".split(","))
    lcd, buttons = pico.wiring("waveshare_lcd_1_14")
    # landscape: the profile's 40-column / 53-row offsets are frame-memory rows / mirrored columns
    assert "x=52,y=40,w=135,h=240,rot=270" in lcd
    assert "X=" not in buttons and "A=15" in buttons
    with pytest.raises(ValueError):
        pico.wiring("no_such_board")


def _png(path, pixels565, w):
    """Write RGB565 pixels as host_sim does (bit replication) or as the kit does (c*255/max)."""
    rows = []
    for y in range(len(pixels565) // w):
        row = bytearray()
        for v in pixels565[y * w:(y + 1) * w]:
            r, g, b = v >> 11 & 31, v >> 5 & 63, v & 31
            row += bytes((r * 255 // 31, g * 255 // 63, b * 255 // 31)) if path.endswith("kit.png") else \
                bytes((r << 3 | r >> 2, g << 2 | g >> 4, b << 3 | b >> 2))
        rows.append(bytes(row))
    write_png(path, rows)


def test_the_two_expansions_of_rgb565_compare_equal_and_a_pixel_off_fails(tmp_path):
    px = [(i * 2654435761) & 0xFFFF for i in range(12 * 7)]  # every channel value mix
    px[:64] = list(range(0, 65536, 1024))
    kit, sim = str(tmp_path / "a.kit.png"), str(tmp_path / "a.sim.png")
    _png(kit, px, 12)
    _png(sim, px, 12)
    assert pico_shots.read_png(kit)[2] != pico_shots.read_png(sim)[2]  # different 8-bit bytes...
    assert pico_shots.compare(kit, sim, str(tmp_path / "d.png")) is None  # ...the same 565 pixels
    px[5 * 12 + 3] ^= 1  # one blue LSB
    _png(sim, px, 12)
    with pytest.raises(pico_shots.Mismatch) as e:
        pico_shots.compare(kit, sim, str(tmp_path / "d.png"))
    assert "1 pixels differ in x 3..3, y 5..5" in str(e.value)
    w, h, rows = pico_shots.read_png(str(tmp_path / "d.png"))
    assert (w, h) == (12, 7) and rows[5][9:12] == b"\xff\x00\xff" and rows[0][0:3] != b"\xff\x00\xff"


class _DimmingKit:
    """The kit's control calls Pico.keys makes, on a console whose backlight dims (duty 0.01)
    after `dim_after` presses, as the firmware does past DIM_MS of emulated idle time."""

    def __init__(self, dim_after):
        self.presses, self.dim_after, self.t = [], dim_after, 0
        self.just_pressed = False   # a press wakes it: the read right after one sees it awake

    def stats(self):
        dimmed = len(self.presses) == self.dim_after and not self.just_pressed
        self.just_pressed = False
        return {"backlight": {"mode": "pwm", "duty": 0.01 if dimmed else 0.64}}

    def press(self, name, ms, wait):
        self.presses.append(name)
        self.just_pressed = True
        self.t += 1000
        return {"t_press_ms": self.t}

    def wait_idle(self, **kw):
        return {"last_ms": self.t}


def test_a_press_on_a_dimmed_console_is_preceded_by_the_waking_press(tmp_path):
    """The kit races a sleeping firmware ahead of the wall clock, so a slow host can let the
    console dim between two scripted presses; the press then only wakes it (UX) and every later
    shot is off by one press (a CI flake). Pico.keys wakes it first and logs that it did."""
    board = pico.Pico(str(tmp_path))
    board.vh = _DimmingKit(dim_after=2)
    board._awake_duty = 0.64  # as wait_title leaves it at the title
    board.keys("A down A")
    assert board.vh.presses == ["A", "DOWN", "A", "A"]   # the third press came twice: wake, then A
    with open(os.path.join(str(tmp_path), "keys.log")) as f:
        log = f.read().splitlines()
    assert [line.split(" ", 1)[1] for line in log] == ["A", "down", "(wake: backlight 0.01, awake 0.64)", "A"]
    board.vh = _DimmingKit(dim_after=-1)   # never dims: the script's presses only
    board.keys("A down A")
    assert board.vh.presses == ["A", "DOWN", "A"]


def test_script_parts_split_at_shots_and_resets():
    assert list(pico_session._parts("A shot:x B B reset A wait:500 shot:y")) == \
        ["A", "shot:x", "B B", "reset", "A wait:500", "shot:y"]


def _sim_texts(board, game, tmp_path):
    """{shot name: the screen's text at that shot} of a session played on host_sim."""
    from host_sim.console import Console

    seen = {}
    orig = Console.shot

    def shot(self, path, scale=1):
        seen[os.path.basename(path).split(".")[0]] = " / ".join(self.text())
        orig(self, path, scale)

    Console.shot = shot
    try:
        pico_session.sim_shots(board, pico_scripts.SESSIONS[board][game], str(tmp_path), str(tmp_path))
    finally:
        Console.shot = orig
    return seen


# what each shot must show: the scripts are data adjusted as screens change, and a shot that no
# longer shows what its name says compares nothing useful on the Pico
_CACAO = {"cacao_place": "/ places /", "cacao_pick": "/ pick tile /", "cacao_picked": "/ places /",
          "cacao_cursor": "/ places /",
          "cacao_recap": "Since your turn", "cacao_placed": "/ places /", "cacao_fill": "/ fill ",
          "cacao_sell": "/ sell ", "cacao_after_sell": "Red sells", "cacao_menu": "Leave game",
          "cacao_temples": "Temple (", "cacao_leave": "Leave this game?", "menu_continue": "Continue",
          "cacao_continued": "/ places /", "cacao_new_over_saved": "This replaces the saved game"}
_SANTIAGO = {"santiago_setup": "Start game", "santiago_recap": "Since your last turn",
             "santiago_auction": "Pass", "santiago_bid": "Bid 3", "santiago_take": "take tile",
             "santiago_place": "place here", "santiago_leftover": "leftover tile",
             "santiago_bribes": "Bribes", "santiago_segment": "this canal", "santiago_offer": "Offer 1",
             "santiago_drought": "Drought:", "santiago_round2": "Round 2 begins",
             "santiago_overseer": "Build for 4", "santiago_extra_canal": "your one extra canal",
             "santiago_menu": "Take back my move", "santiago_takeback": "Undo the last move",
             "santiago_taken_back": "take tile", "santiago_continued": "take tile"}


@pytest.mark.parametrize("board,game,expect", [
    ("waveshare_lcd_1_3", "cacao", _CACAO),
    ("waveshare_lcd_1_3", "santiago", _SANTIAGO),
    ("waveshare_lcd_1_14", "cacao", dict({k: _CACAO[k] for k in ("cacao_place", "cacao_recap", "cacao_placed")},
                                         cacao_menu="Overview")),
])
def test_the_sessions_reach_every_screen_they_name_in_the_simulator(tmp_path, board, game, expect):
    seen = _sim_texts(board, game, tmp_path)
    wrong = {k: seen.get(k, "(no such shot)") for k, v in expect.items() if v not in seen.get(k, "")}
    assert not wrong, wrong
    # every shot is checked (the menus on the way have generic names)
    assert set(seen) - set(expect) <= {"title", "menu", "settings", "games", "cacao_setup", "title_continue"}
    # the footer proves a screen is not still the recap (its footer is "A/B close ...")
    for k in ("cacao_placed", "cacao_place", "cacao_continued"):
        assert k not in seen or "A place" in seen[k], seen.get(k)
    if "santiago_leftover" in seen:
        assert "Since your last turn" not in seen["santiago_leftover"]


def _pico_test(env_extra):
    env = dict(os.environ, RP2EMU=tempfile.gettempdir() + "/no-rp2emu-here", **env_extra)
    env.pop("CI", None) if "CI" not in env_extra else None
    return subprocess.run([sys.executable, "-m", "tools.pico.test"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_pico_test_without_the_kit_says_so_in_one_line_and_fails_only_under_ci():
    r = _pico_test({})
    assert r.returncode == 0 and len(r.stdout.strip().splitlines()) == 1
    assert "NOT RUN" in r.stdout and "no-rp2emu-here" in r.stdout
    r = _pico_test({"CI": "true"})
    assert r.returncode == 1 and "CI requires it" in r.stdout


def test_the_ci_device_tests_name_modules_and_tests_that_exist():
    import ast

    from tools.pico import test as pico_test

    for module, only in pico_test.CI_DEVICE_TESTS.items():
        with open(os.path.join(ROOT, "tests", "device", module + ".py")) as f:
            tree = ast.parse(f.read())
        names = {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}
        assert names, module
        assert set(only or ()) <= names, (module, set(only) - names)
