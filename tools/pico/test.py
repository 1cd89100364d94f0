"""make pico-test / make pico-test-all: the firmware on the emulated Pico (../shared/rp2emu).

For each wiring: start a fresh emulated Pico from that board's release UF2 (tools/release/firmware.py:
meeple frozen into MicroPython, built from the tarball; --firmware stock: the kit's MicroPython
and a `make flash` of the .mpy build instead), run device tests on it (tools.board.devtest), then play
each game's scripted session through the buttons and compare every screenshot with host_sim's
(tools.pico.session). On the device-test wiring, last, the development path: the kit's stock
MicroPython, `make flash`, the title, and a `make flash` cut midway twice (the copy killed, the
power lost) and repaired by the next flash (tools.pico.flashcut; --no-flashcut leaves it out).

    python -m tools.pico.test            # the CI set: CI_DEVICE_TESTS + both wirings' sessions
    python -m tools.pico.test --all      # every device test module on the Pico, then the sessions
    python -m tools.pico.test --board waveshare_lcd_1_14 --no-devtest

The kit's folder is $RP2EMU (default ../shared/rp2emu). Without it this prints one line and exits
0, or 1 when CI is set (CI must run it). Every result, with wall and emulated durations, also goes
to build/pico/pico-test.log.
"""
import argparse
import os
import sys
import time

from tools.board import devtest as devtest_tool
from tools.pico import flashcut as pico_flashcut, scripts as pico_scripts, session as pico_session
from tools.board.link import BoardError, connect
from tools.pico.emulator import FIRMWARES, KitMissing, Pico, frozen_uf2, kit_dir

from tools import ROOT
OUT = os.path.join(ROOT, "build", "pico")

# The device tests every CI run puts on the Pico (module: its tests, or None for all): those that
# exercise the board-only paths (saves on littlefs, the canvas over real SPI, buttons through
# machine.Pin, the menus in the Pico's heap) and take seconds there. Left to `make pico-test-all`:
# the rules examples, bot games, whole-game play-throughs (test_cacao_ui_game: a 4-player game in
# the full app) and the CRC's bit-flip sweep, pure rules and CPU work that CPython and the unix
# port already run on every `make test` (byte-identical by design) and that take minutes each on
# the emulated Pico; the scripted sessions below also play both games in the Pico's heap.
CI_DEVICE_TESTS = {
    "test_savefile": ("test_round_trip_fresh_mid_and_finished_games", "test_crc_known_values",
                      "test_write_atomic_and_load", "test_crash_while_writing_keeps_the_old_save",
                      "test_damaged_save_is_kept_aside", "test_wrong_magic", "test_unknown_game_id"),
    "test_checks": None,
    "test_ui_canvas": None,
    "test_ui_input": None,
    "test_app_menus": None,
    "test_santiago_ui_state": ("test_plot_and_segment_geometry_matches_the_rules_examples",
                               "test_field_preview_counts_the_joined_field",
                               "test_drought_marks_find_lost_markers_and_new_deserts",
                               "test_action_text_names_seats_by_letter"),
}
# the wirings: the kit's default and a 240x135 panel with a joystick and two keys
BOARDS = ("waveshare_lcd_1_3", "waveshare_lcd_1_14")
DEVTEST_BOARD = "waveshare_lcd_1_3"


def kit_or_none(log):
    """The kit's path, or None after one line saying it is missing."""
    try:
        return kit_dir()
    except KitMissing as e:
        log("pico-test: NOT RUN: %s%s" % (e, " (CI requires it)" if os.environ.get("CI") else ""))
        return None


def release_firmware_or_stock(wanted, log):
    """The firmware to test: the release firmware needs the Arm toolchain. Without it: under CI a
    failure (None), elsewhere one line and the stock firmware + make flash instead."""
    from tools.release import firmware as firmware_tool

    missing = firmware_tool.toolchain_missing() if wanted == "frozen" else None
    if not missing:
        return wanted
    if os.environ.get("CI"):
        log("pico-test: FAILED: %s (CI requires the release firmware)" % missing)
        return None
    log("pico-test: the release firmware cannot be built here (%s): testing the stock MicroPython + "
        "make flash instead" % missing)
    return "stock"


def run_devtests(pico, modules, log, timeout=1200):
    """Run `modules` ({module: test names or None}) on the Pico one by one, with each module's
    wall and emulated time; returns failures."""
    failed = []
    with connect(pico.device) as link:
        devtest_tool.sync_tests(link, log)
        for module, only in modules.items():
            t0, e0 = time.time(), pico.vh.now()
            p, f = devtest_tool.run_module(link, module, timeout, log, only)
            failed += f
            log("devtest %s: %d passed, %d failed in %.0f s wall (%.1f s emulated)"
                % (module, len(p), len(f), time.time() - t0, (pico.vh.now() - e0) / 1000))
    return failed


def run_board(board, devtests, games, log, flashcut=False, firmware="frozen"):
    """A fresh emulated Pico with `board`'s release firmware (or, firmware="stock", the kit's
    MicroPython and a `make flash`), device tests, sessions (and with flashcut: an interrupted
    flash, tools.pico.flashcut, on the stock firmware); returns failure lines."""
    failures = []
    t0 = time.time()
    uf2 = frozen_uf2(board, log=log) if firmware == "frozen" else None
    with Pico(os.path.join(OUT, "test-%s-%s" % (firmware, board)), board=board, uf2=uf2) as pico:
        if firmware == "stock":
            pico.flash(board)
        boot = pico.wait_title()  # first: asking the board over mpremote stops the console
        if firmware == "frozen" and not pico.runs_frozen():
            raise RuntimeError("the release UF2 booted but meeple_firmware is not frozen in it")
        log("%s: %s and booted to the title in %.0f s wall (title drawn %.0f emulated ms after "
            "the reset)" % (board, "release UF2 installed" if uf2 else "flashed", time.time() - t0, boot))
        if devtests:
            t1 = time.time()
            bad = run_devtests(pico, devtests, log)
            failures += ["%s device test %s: %s" % (board, n, r) for n, r in bad]
            log("%s: %d device test modules in %.0f s wall" % (board, len(devtests), time.time() - t1))
            pico.soft_reset()
        t2 = time.time()
        pico_session.set_seed(pico)
        compared, bad = pico_session.play(pico, board, games, os.path.join(OUT, "session-" + board), log)
        failures += bad
        log("%s: %d screenshots compared with host_sim, %d differ, in %.0f s wall"
            % (board, compared, len(bad), time.time() - t2))
    if flashcut:
        failures += dev_path(board, log)
    return failures


def dev_path(board, log):
    """The development path: the kit's stock MicroPython, `make flash` of the .mpy build, the
    console at its title, then a flash cut midway twice and repaired (tools.pico.flashcut)."""
    t0 = time.time()
    with Pico(os.path.join(OUT, "test-stock-" + board), board=board) as pico:
        pico.flash(board)
        boot = pico.wait_title()
        log("%s: stock MicroPython + make flash booted to the title in %.0f s wall (%.0f emulated ms)"
            % (board, time.time() - t0, boot))
        return ["%s interrupted flash: %s" % (board, f) for f in pico_flashcut.run(pico, board, log)]


def main(argv=None):
    import signal

    # a SIGTERM (a CI timeout, kill PID) unwinds like Ctrl-C, so the emulator is stopped
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    ap = argparse.ArgumentParser(prog="python -m tools.pico.test", description=__doc__.split("\n")[0])
    ap.add_argument("--all", action="store_true", help="every device test module (make pico-test-all)")
    ap.add_argument("--board", action="append", choices=sorted(pico_scripts.SESSIONS),
                    help="only this wiring (repeatable)")
    ap.add_argument("--devtest", nargs="*", help="these device test modules instead")
    ap.add_argument("--no-devtest", action="store_true")
    ap.add_argument("--no-flashcut", action="store_true", help="skip the interrupted flash (tools.pico.flashcut)")
    ap.add_argument("--game", action="append", help="only this game's session")
    ap.add_argument("--firmware", choices=FIRMWARES, default="frozen",
                    help="frozen: the release UF2 (make firmware; default), stock: the kit's MicroPython + make flash")
    args = ap.parse_args(argv)
    os.makedirs(OUT, exist_ok=True)
    logf = open(os.path.join(OUT, "pico-test.log"), "w")

    def log(line):
        print(line, flush=True)
        logf.write(line + "\n")
        logf.flush()

    if kit_or_none(log) is None:
        return 1 if os.environ.get("CI") else 0
    firmware = release_firmware_or_stock(args.firmware, log)
    if firmware is None:
        return 1
    if args.no_devtest:
        devtests = {}
    elif args.devtest:
        devtests = dict.fromkeys(args.devtest)
    else:
        devtests = dict.fromkeys(devtest_tool.module_names()) if args.all else CI_DEVICE_TESTS
    t0 = time.time()
    failures = []
    for board in args.board or BOARDS:
        try:
            failures += run_board(board, devtests if board == DEVTEST_BOARD else {}, args.game, log,
                                  flashcut=board == DEVTEST_BOARD and not args.no_flashcut, firmware=firmware)
        except (BoardError, RuntimeError, OSError) as e:
            failures.append("%s: %s" % (board, e))
            log("%s: FAILED: %s" % (board, e))
    log("pico-test: %s in %.1f min wall (%s)" % ("FAILED" if failures else "passed", (time.time() - t0) / 60,
                                                  "all device tests" if args.all else "CI set"))
    for f in failures:
        log("  " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
