"""The player's install boots: the release UF2 meeple-waveshare_lcd_1_3-pico.uf2 (meeple frozen
into MicroPython, built from ../shared/micropython by tools/release/firmware.py) on a fresh emulated Pico
(as if dropped on it in BOOTSEL mode) shows the title screen, A opens the main menu, and a new game
of Cacao starts; each screen equals the desktop simulator's pixel for pixel in RGB565 (the panel's
colour depth; both PNGs are expanded from it). A game's seed comes from the clock, so the simulator
is given the Pico's save files and continues that game. On a difference both screenshots and a
diff image stay in build/uf2-boot/. Then a developer's `make flash` onto it is refused with one
line saying which meeple runs, and OVERLAY=0 leaves the frozen code and the save alone. The
emulated Pico kit (../shared/rp2emu) and the Arm toolchain are required: without them this fails
under CI=true and skips, saying why, elsewhere.
"""
import json
import os
import subprocess
import sys

import pytest

from testkit import ROOT
sys.path.insert(0, ROOT)

from tools.board import build as build_tool  # noqa: E402
from tools.board import flash as flash_tool  # noqa: E402
from tools.release import firmware as firmware_tool  # noqa: E402
from tools.release import uf2_make  # noqa: E402
from tools.board.link import BoardError  # noqa: E402
from tools.pico.emulator import KitMissing, Pico, kit_dir  # noqa: E402

BOARD = "waveshare_lcd_1_3"
OUT = os.path.join(ROOT, "build", "uf2-boot")
# from the main menu: New game, Cacao, Start player -> Red (no bot moves first), Start game
TO_GAME = ["A", "A", "DOWN", "DOWN", "DOWN", "A", "RIGHT", "A", "DOWN", "A"]
QUIET_MS = 1500  # emulated ms without pixel data that count as "the screen is drawn"

# what the board's filesystem holds besides the files the UF2 put there: the saves
PULL_SAVES = r"""
import os, json, binascii
skip = {'.meeple-flash', '.meeple-overlay', 'board.py', 'main.py'}  # the release UF2 puts none there
out = {}
for name, kind, *_ in os.ilistdir('/'):
    if kind == 0x8000 and name not in skip:
        out[name] = binascii.hexlify(open('/' + name, 'rb').read()).decode()
print(json.dumps(out))
"""


def need_kit():
    try:
        return kit_dir()
    except KitMissing as e:
        if os.environ.get("CI") == "true":
            pytest.fail("UF2 boot test: %s" % e, pytrace=False)
        pytest.skip(str(e))


def sim_shot(path, keys, flash=None):
    cmd = [sys.executable, "-m", "host_sim", "--headless", "--board", BOARD, "--keys", " ".join(keys),
           "--shot", path]
    if flash:
        cmd += ["--flash", flash]
    res = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, "host_sim failed: %s" % (res.stderr.strip() or res.stdout.strip())
    return res.stdout  # the texts the screen shows, one per line


def rgb565_pixels(path):
    import pygame

    surf = pygame.image.load(path)
    w, h = surf.get_size()
    raw = pygame.image.tobytes(surf, "RGB")
    return (w, h), [(raw[i] >> 3) << 11 | (raw[i + 1] >> 2) << 5 | raw[i + 2] >> 3 for i in range(0, len(raw), 3)]


def compare(name, pico_png, sim_png):
    """Number of pixels that differ in RGB565; on a difference a diff image is written."""
    (size_p, pico), (size_s, sim) = rgb565_pixels(pico_png), rgb565_pixels(sim_png)
    assert size_p == size_s, "%s: the Pico's screenshot is %s, the simulator's %s" % (name, size_p, size_s)
    differ = [i for i, (a, b) in enumerate(zip(pico, sim)) if a != b]
    if differ:
        import pygame

        w, h = size_p
        diff = pygame.Surface((w, h))
        diff.fill((24, 24, 24))
        for i in differ:
            diff.set_at((i % w, i // w), (255, 0, 64))
        pygame.image.save(diff, os.path.join(OUT, "%s-diff.png" % name))
    return len(differ), len(pico)


def test_uf2_boots_to_title_menu_and_game_like_the_simulator(tmp_path, capsys):
    need_kit()
    missing = firmware_tool.toolchain_missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail("UF2 boot test: %s" % missing, pytrace=False)
        pytest.skip(missing)
    os.makedirs(OUT, exist_ok=True)
    uf2_path, summary = uf2_make.make_frozen(BOARD, "rp2040", out_dir=str(tmp_path), log=lambda s: None)
    report = ["uf2 boot: %s (%d KB, MicroPython %s, meeple %s frozen) on a fresh emulated Pico"
              % (summary["file"], summary["bytes"] // 1024, summary["micropython"], summary["commit"])]
    shots = {}
    with Pico(os.path.join(ROOT, "build", "pico", "uf2-boot"), uf2=uf2_path) as pico:
        vh = pico.vh
        vh.sleep(1000)  # main.py starts the display well within this; then wait for the title
        title = vh.wait_idle(ms=QUIET_MS, timeout_ms=30000)
        assert title["last_ramwr_ms"] is not None, "nothing was drawn: the UF2 did not boot into the console"
        report.append("uf2 boot: title drawn %.0f emulated ms after power-on" % title["last_ramwr_ms"])
        shots["title"] = os.path.join(OUT, "title-pico.png")
        vh.shot(shots["title"])
        for name, keys in (("menu", ["A"]), ("game", TO_GAME)):
            for key in keys:
                vh.press(key, ms=100, wait=True)
                vh.wait_idle(ms=QUIET_MS, timeout_ms=60000)
            shots[name] = os.path.join(OUT, "%s-pico.png" % name)
            vh.shot(shots[name])
        # a developer's `make flash` onto the release firmware: refused, saying which code runs;
        # OVERLAY=0 (back to the frozen code) copies nothing and the save stays
        build_tool.build(BOARD, out_dir=str(tmp_path / "device"))
        with pytest.raises(BoardError) as refused:
            flash_tool.flash(pico.device, build_dir=str(tmp_path / "device"), reset=False, log=lambda s: None,
                             answer_timeout=60)
        assert str(refused.value).startswith("this board runs the release firmware: meeple %s for %s (rp2040) is "
                                             "frozen into it" % (summary["commit"], BOARD)), refused.value
        assert "OVERLAY=1" in str(refused.value)
        report.append("uf2 boot: make flash afterwards: refused (%s...)" % str(refused.value)[:60])
        copied, removed = flash_tool.flash(pico.device, build_dir=str(tmp_path / "device"), reset=False,
                                           log=lambda s: None, answer_timeout=60, overlay=False)
        assert (copied, removed) == ([], [])
        saves = json.loads(pico.exec(PULL_SAVES).strip().splitlines()[-1])
    assert "game.json" in saves, "the Pico saved no game after Start game: %s" % sorted(saves)
    flash = tmp_path / "simflash"
    flash.mkdir()
    for name, hexdata in saves.items():
        (flash / name).write_bytes(bytes.fromhex(hexdata))
    texts = {
        "title": sim_shot(os.path.join(OUT, "title-sim.png"), []),
        "menu": sim_shot(os.path.join(OUT, "menu-sim.png"), ["A"]),
        # the simulator continues the Pico's saved game (main menu: Continue is first)
        "game": sim_shot(os.path.join(OUT, "game-sim.png"), ["A", "A"], str(flash)),
    }
    assert "press A" in texts["title"] and "New game" in texts["menu"], texts
    assert "A place" in texts["game"], "the simulator did not show the Cacao game: %r" % texts["game"]
    failures = []
    for name in ("title", "menu", "game"):
        n, total = compare(name, shots[name], os.path.join(OUT, "%s-sim.png" % name))
        report.append("uf2 boot: %-5s emulated Pico %s simulator (%d of %d px differ) %s"
                      % (name, "==" if n == 0 else "!=", n, total, os.path.relpath(shots[name], ROOT)))
        if n:
            failures.append("%s: %d px differ (see build/uf2-boot/%s-diff.png)" % (name, n, name))
    with capsys.disabled():  # the CI log shows the boot and where its screenshots are
        print("\n" + "\n".join(report))
    assert not failures, "; ".join(failures)


def test_compare_counts_a_pixel_that_differs_in_rgb565_and_writes_a_diff(tmp_path):
    import pygame

    os.makedirs(OUT, exist_ok=True)
    a = pygame.Surface((8, 4))
    a.fill((248, 252, 248))
    pygame.image.save(a, str(tmp_path / "a.png"))
    a.set_at((3, 2), (255, 255, 255))  # the same RGB565 colour as (248, 252, 248): not a difference
    pygame.image.save(a, str(tmp_path / "b.png"))
    assert compare("selftest", str(tmp_path / "a.png"), str(tmp_path / "b.png")) == (0, 32)
    a.set_at((5, 1), (240, 252, 248))  # red one RGB565 step lower
    pygame.image.save(a, str(tmp_path / "c.png"))
    assert compare("selftest", str(tmp_path / "a.png"), str(tmp_path / "c.png")) == (1, 32)
    diff = pygame.image.load(os.path.join(OUT, "selftest-diff.png"))
    assert diff.get_at((5, 1))[:3] == (255, 0, 64) and diff.get_at((3, 2))[:3] == (24, 24, 24)
    os.unlink(os.path.join(OUT, "selftest-diff.png"))
