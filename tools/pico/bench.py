"""make pico-bench: the device's own figures, measured on the emulated Pico (../shared/rp2emu:
stock MicroPython v1.28.0 rp2 firmware in rp2040js, ST7789 decoded from SPI, buttons on GPIO),
in emulated milliseconds and bytes. Bot decision times come from `python -m tools.bench.ai
--pico` (issue 13), which `make pico-bench` runs after this.

    python -m tools.pico.bench [--json] [--repeat 7] [--heap-steps N] [--hard-steps N]

1. boot to title: emulated ms from power-on (of the release UF2, or the machine.reset after
   `make flash` with --firmware stock) to the title's last pixel;
2. press to last pixel (vh.latency, presses at a random 0-10 ms phase of the 10 ms input poll):
   a main-menu move, a screen switch (main menu <-> New game), a Cacao cursor snap and a pan
   (the cursor snapping out of view; told apart by the bytes repainted), a Santiago bid change;
3. free heap: at the idle main menu (the app built as main.py builds it, on the real display),
   and the lowest during a 4-player Cacao and a 5-player Santiago game (tests/device/heap_game.py:
   one human taking defaults, the rest bots), gc.mem_free() after a collection at every step,
   with micropython.mem_info()'s largest free block at that point;
4. random playouts per second of each rules core (tools.bench.cores's playout loop) on the Pico.

Every figure is emulated time on the emulated RP2040 (a lower bound for a real Pico: the kit
models no flash wait states); wall time here is about 3x.
"""
import argparse
import json
import os
import re
import statistics
import sys
import time

from tools.bench import cores as bench
from tools.pico.emulator import FIRMWARES, Pico, frozen_uf2

from tools import ROOT
BOARD = "waveshare_lcd_1_3"
PAN_BYTES = 30000  # a d-pad press repainting more than this moved the view (a pan), not just the cursor

IDLE_MENU_SRC = """
import gc, time, micropython
import board
from meeple.hal import build
from meeple.storage import Storage
from meeple.ui.gfx import Canvas
from meeple.ui import input as ev
display, buttons, backlight = build(board)
from meeple import forget
build = None
forget("meeple.hal")   # as firmware/main.py does
canvas = Canvas(display, board.WIDTH, board.HEIGHT)
inp = ev.Input(buttons.mask)
from meeple.console.app import App
start = time.ticks_ms()
app = App(canvas, inp, Storage(""), board, lambda: time.ticks_diff(time.ticks_ms(), start), None, backlight)
gc.collect()
app.boot()
app.step(())
app.step((ev.OK,))
assert app.screen.title == "Main menu", app.screen.title
gc.collect()
print("@@FREE", gc.mem_free())
micropython.mem_info()
"""

# the deal of the heap games: the same games before and after a change to the code (on a device
# the deal comes from the clock and the free heap, so it changed with every change to the code)
HEAP_SEED = 1
# each heap game is played in two heap layouts (bytes held before the app boots, added back) and
# the higher lowest-free counts: MicroPython's collector is conservative, and a stale word that
# holds an object's address keeps the object, so one layout can lose a few KB that the other does
# not (as in tests/budgets/test_heap_game.py)
HEAP_LAYOUTS = (0, 640)

GAME_HEAP_SRC = """
import gc, sys, micropython
sys.path.append('/devtests')
import heap_game
heap_game.start('/bench_heap', %(game)r, %(w)d, %(h)d, seed=%(seed)d, pad=%(pad)d)
low = None
steps = 0
hard = False
done = False
while not done and steps < %(max_steps)d:
    done = heap_game.step()
    steps += 1
    if %(level)d and not hard and heap_game._d['phase'] >= 1:
        s = heap_game._d['app'].session
        s.seats[:] = [v and %(level)d for v in s.seats]
        hard = True
    gc.collect()
    f = gc.mem_free()
    if low is None or f < low:
        low = f
        print('@@LOW', f, steps)
        micropython.mem_info()
print('@@END', steps, done, heap_game._d['turns'])
# the string pool as the game left it: with meeple frozen its names are in flash, and the heap's
# pools hold only names made at run time (qstr_info: pools, names, bytes)
micropython.qstr_info()
"""


def _largest_free(text):
    """The largest free block in bytes from the last micropython.mem_info() in `text`."""
    m = re.findall(r"max free sz: (\d+)", text)
    return int(m[-1]) * 16 if m else None  # in 16-byte blocks on the rp2 port


def _stats(xs):
    xs = [x for x in xs if x is not None]
    if not xs:
        return None
    return {"n": len(xs), "median": round(statistics.median(xs), 1), "worst": round(max(xs), 1)}


def latencies(pico, keys, repeat, log):
    """[(latency_ms, bytes)] for pressing each of `keys` in turn, `repeat` rounds. The log
    also gives each press's first pixel (ms after the press) and its RAMWR bursts."""
    out = []
    seen = []
    for _ in range(repeat):
        for k in keys:
            r = pico.vh.latency(k, jitter_ms=10, quiet_ms=400, timeout_ms=60000)
            out.append((r["latency_ms"], r["bytes"]))
            seen.append("%.0f ms (first %.0f, %d bursts)/%d B" % (
                r["latency_ms"] or 0, r["first_write_ms"] or 0, r["bursts"], r["bytes"]))
    log("  %s: %s" % (" ".join(keys), ", ".join(seen)))
    return out


PARTS = ("ui", "cacao", "santiago", "playouts", "heap")
HEAP_GAMES = ("cacao_4p_normal", "cacao_4p_hard", "santiago_5p_normal", "santiago_5p_hard")


def measure(repeat=7, heap_steps=4000, hard_steps=60, log=print, parts=PARTS, heap_games=HEAP_GAMES,
            firmware="frozen"):
    fig = {"where": "emulated Pico (rp2emu, MicroPython v1.28.0 rp2, %s, %s)"
           % (BOARD, "meeple frozen into the firmware" if firmware == "frozen" else "stock firmware + .mpy files"),
           "firmware": firmware}
    uf2 = None
    if firmware == "frozen":
        log("pico-bench: building the release firmware for %s" % BOARD)
        uf2 = frozen_uf2(BOARD)
    with Pico(os.path.join(ROOT, "build", "pico", "bench-%s-%s" % (firmware, "-".join(parts))), board=BOARD,
              uf2=uf2) as pico:
        if firmware == "stock":
            log("pico-bench: flashing %s" % BOARD)
            pico.flash(BOARD)
        fig["boot_to_title_ms"] = round(pico.wait_title(), 1)
        log("boot to title: %.0f emulated ms" % fig["boot_to_title_ms"])
        from tools.pico import session as pico_session, scripts as pico_scripts

        pico_session.set_seed(pico)
        vh = pico.vh
        lat = fig["press_to_last_pixel_ms"] = {}
        # title -> main menu, AI pause 0, back on the main menu's first entry
        pico.keys("A " + pico_scripts.AI_PAUSE_0 + " B up up")
        if "ui" in parts:
            lat["menu_move"] = _stats([ms for ms, _ in latencies(pico, ["DOWN", "UP"], repeat, log)])
            lat["screen_switch"] = _stats([ms for ms, _ in latencies(pico, ["A", "B"], repeat, log)])
        # Cacao, 2 players, human first with TEST_SEED (tools.pico.scripts): the placement cursor
        # a dozen decisions first (each the default), so the table outgrows the view and some
        # snaps pan; with TEST_SEED the 13th is a placement again (python -m tools.pico.session
        # --sim-only shows the screens)
        if "cacao" in parts:
            _cacao(pico, lat, repeat, log)
        if "santiago" in parts:
            _santiago(pico, lat, repeat, log)
        _save(fig, "pico-bench.partial-%s-%s.json" % (fig["firmware"], "-".join(parts)))
        if "playouts" in parts:
            fig["playouts_per_s"] = _playouts(pico, log)
            _save(fig, "pico-bench.partial-%s-%s.json" % (fig["firmware"], "-".join(parts)))
        if "heap" in parts:
            fig["heap"] = _heap(pico, heap_steps, hard_steps, log, fig, parts, heap_games)
    return fig


def _cacao(pico, lat, repeat, log):
    """The placement cursor, at the points of the CI session where the Pico's screen matched
    host_sim's (tools.pico.scripts: a placement at turn 1 and after ten decisions), and two
    turns later, where snaps up and down leave the view (pans: more than PAN_BYTES repainted;
    host_sim shows the same with `python -m tools.pico.session --sim-only`)."""
    from tools.pico import scripts as pico_scripts, session as pico_session

    vh = pico.vh
    script = pico_scripts.SESSIONS[BOARD]["cacao"]
    keys = [t for t in script[:script.index("shot:cacao_after_sell")].split() if not t.startswith("shot:")]
    pico_session.fresh_console(pico)
    pico.keys(" ".join(keys[:keys.index("wait:500") + 1]))     # the first placement
    moves = latencies(pico, ["RIGHT", "DOWN", "LEFT", "UP"], repeat, log)
    vh.shot(os.path.join(ROOT, "build", "pico", "bench-cacao-cursor-1.png"))
    pico_session.fresh_console(pico)
    pico.keys(" ".join(keys) + " A")        # the session's cacao_after_sell (A closes its recap)
    moves += latencies(pico, ["RIGHT", "RIGHT", "RIGHT", "DOWN", "DOWN", "LEFT", "LEFT", "LEFT", "UP", "UP"],
                       repeat, log)
    vh.shot(os.path.join(ROOT, "build", "pico", "bench-cacao-cursor.png"))
    # two turns later (each default, the bots answering) the legal cells span ten rows of a
    # nine-row view: going down to the last one and back up pans the view twice a round
    pico_session.fresh_console(pico)
    pico.keys(" ".join(keys) + " A " + " ".join(["A", "wait:500"] * 4))
    moves += latencies(pico, ["DOWN"] * 5 + ["UP"] * 5, repeat, log)
    vh.shot(os.path.join(ROOT, "build", "pico", "bench-cacao-pan.png"))
    lat["cacao_cursor_snap"] = _stats([ms for ms, b in moves if b <= PAN_BYTES])
    lat["cacao_pan"] = _stats([ms for ms, b in moves if b > PAN_BYTES])


def _santiago(pico, lat, repeat, log):
    """The auction's bid, as in the CI session (tools.pico.scripts) up to its santiago_auction."""
    from tools.pico import scripts as pico_scripts, session as pico_session

    vh = pico.vh
    script = pico_scripts.SESSIONS[BOARD]["santiago"]
    keys = [t for t in script[:script.index("shot:santiago_auction")].split() if not t.startswith("shot:")]
    pico_session.fresh_console(pico)
    pico.keys(" ".join(keys))
    lat["santiago_bid_change"] = _stats([ms for ms, _ in latencies(pico, ["RIGHT", "LEFT"], repeat, log)])
    vh.shot(os.path.join(ROOT, "build", "pico", "bench-santiago-auction.png"))  # where it was measured


def _playouts(pico, log):
    """Playouts per second of each core (tools.bench.cores's loop), in emulated ticks_ms."""
    po = {}
    for game, players, games in (("cacao", 4, 4), ("santiago", 5, 4)):
        src = bench.MPY_SRC % {"game": game, "players": players, "games": games, "calls": 1,
                               "playout": bench.PLAYOUT_SRC, "mode": "speed"}
        out = pico.mpremote("soft-reset", "exec", src, timeout=3600).stdout
        m = re.search(r"@@BENCH (.*)", out)
        r = json.loads(m.group(1)) if m else {}
        po["%s_%dp" % (game, players)] = {
            "playouts_per_s": round(1000 * games / r["ms"], 2) if r.get("ms") else None,
            "ms_per_playout": round(r["ms"] / games) if r.get("ms") else None,
            "actions_per_playout": r.get("actions", 0) // games if r else None}
        log("playouts %s %dp: %s" % (game, players, po["%s_%dp" % (game, players)]))
    return po


def _heap(pico, heap_steps, hard_steps, log, fig, parts=("heap",), games=HEAP_GAMES):
    """Free heap: a fresh heap for each (a soft reset in the raw REPL: main.py does not run)."""
    heap = fig["heap"] = {}
    out = pico.mpremote("soft-reset", "exec", IDLE_MENU_SRC).stdout
    m = re.search(r"@@FREE (\d+)", out)
    heap["idle_menu_free"] = int(m.group(1)) if m else None
    heap["idle_menu_largest_free_block"] = _largest_free(out)
    log("idle main menu: %s B free, largest block %s B" % (heap["idle_menu_free"], heap["idle_menu_largest_free_block"]))
    for f in ("heap_game.py", "heap_santiago.py"):
        pico.mpremote("fs", "mkdir", ":/devtests")
        pico.mpremote("fs", "cp", os.path.join(ROOT, "tests", "device", f), ":/devtests/" + f)
    for game, key in (("cacao", "cacao_4p"), ("santiago", "santiago_5p")):
        for level, steps, name in ((0, heap_steps, "normal"), (3, hard_steps, "hard")):
            if "%s_%s" % (key, name) not in games:
                continue
            runs = [_heap_game(pico, game, steps, level, pad) for pad in HEAP_LAYOUTS]
            best = max(runs, key=lambda r: r["lowest_free"] or 0)
            best["layouts"] = [r["lowest_free"] for r in runs]
            heap["%s_%s" % (key, name)] = best
            log("%s %s bots: %s" % (key, name, best))
            _save(fig, "pico-bench.partial-%s-%s.json" % (fig["firmware"], "-".join(parts)))
    return heap


def _heap_game(pico, game, steps, level, pad):
    """One heap game with `pad` bytes held first: its lowest free heap (the pad added back) and
    where, the largest free block then, the string pools at its end."""
    t0, e0 = time.time(), pico.vh.now()
    src = GAME_HEAP_SRC % {"game": game, "w": 240, "h": 240, "max_steps": steps, "level": level,
                           "seed": HEAP_SEED, "pad": pad}
    out = pico.mpremote("soft-reset", "exec", src, timeout=7200).stdout
    lows = re.findall(r"@@LOW (\d+) (\d+)", out)
    end = re.search(r"@@END (\d+) (\w+) (\d+)", out)
    run = {
        "lowest_free": int(lows[-1][0]) + pad if lows else None,
        "at_step": int(lows[-1][1]) if lows else None,
        "largest_free_block_then": _largest_free(out),
        "steps": int(end.group(1)) if end else None,
        "whole_game": bool(end and end.group(2) == "True"),
        "emulated_s": round((pico.vh.now() - e0) / 1000, 1),
        "wall_s": round(time.time() - t0),
    }
    q = re.search(r"qstr pool: n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)", out)
    if q:  # the heap's string pools at the game's end (names interned at run time)
        run["qstr_pools"] = {"pools": int(q.group(1)), "names": int(q.group(2)), "total_bytes": int(q.group(4))}
    if not end:
        run["error"] = out[-500:]
    return run


def _save(fig, name):
    """The figures so far, so that a long run cut short still leaves them."""
    os.makedirs(os.path.join(ROOT, "build", "pico"), exist_ok=True)
    with open(os.path.join(ROOT, "build", "pico", name), "w") as f:
        json.dump(fig, f, indent=1)


def table(fig):
    rows = [("boot to title", "%.0f ms" % fig["boot_to_title_ms"])]
    for k, v in fig["press_to_last_pixel_ms"].items():
        rows.append(("press to last pixel: " + k.replace("_", " "),
                     "median %.0f ms, worst %.0f ms (n=%d)" % (v["median"], v["worst"], v["n"]) if v else "not seen"))
    h = fig.get("heap", {})
    if h:
        rows.append(("free heap, idle main menu", "%s B (largest block %s B)" % (h["idle_menu_free"], h["idle_menu_largest_free_block"])))
    for k, v in h.items():
        if isinstance(v, dict):
            rows.append(("lowest free heap, %s bots" % k.replace("_", " "),
                         "%s B (largest block %s B) over %s steps%s" % (
                             v["lowest_free"], v["largest_free_block_then"], v["steps"],
                             ", whole game" if v["whole_game"] else ", part of a game")))
    for k, v in fig.get("playouts_per_s", {}).items():
        rows.append(("random playouts, " + k, "%s /s (%s ms each, %s actions)" % (
            v["playouts_per_s"], v["ms_per_playout"], v["actions_per_playout"])))
    w = max(len(r[0]) for r in rows)
    return "\n".join("%-*s  %s" % (w, a, b) for a, b in rows)


def main(argv=None):
    import signal

    # a SIGTERM (a CI timeout, kill PID) unwinds like Ctrl-C, so the emulator is stopped
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    ap = argparse.ArgumentParser(prog="python -m tools.pico.bench", description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--firmware", choices=FIRMWARES, default="frozen",
                    help="frozen: the release firmware (make firmware); stock: the kit's MicroPython + make flash")
    ap.add_argument("--repeat", type=int, default=7, help="presses of each key measured")
    ap.add_argument("--heap-steps", type=int, default=4000, help="app steps of the AI-normal heap games")
    ap.add_argument("--hard-steps", type=int, default=60, help="app steps of the AI-hard heap games")
    ap.add_argument("--parts", default=",".join(PARTS), help="which measurements (default: %(default)s)")
    ap.add_argument("--heap-games", default=",".join(HEAP_GAMES),
                    help="which games the heap part plays (default: %(default)s)")
    args = ap.parse_args(argv)
    unknown = set(args.heap_games.split(",")) - set(HEAP_GAMES)
    if unknown:
        ap.error("unknown --heap-games %s (choose from %s)" % (",".join(sorted(unknown)), ",".join(HEAP_GAMES)))
    from tools.pico.emulator import KitMissing

    try:
        fig = measure(args.repeat, args.heap_steps, args.hard_steps,
                      log=lambda s: print(s, file=sys.stderr, flush=True), parts=args.parts.split(","),
                      heap_games=args.heap_games.split(","), firmware=args.firmware)
    except KitMissing as e:
        print("pico-bench: %s" % e)
        return 2
    _save(fig, "pico-bench-%s.json" % args.firmware)
    print(json.dumps(fig, indent=1) if args.json else table(fig))
    return 0


if __name__ == "__main__":
    sys.exit(main())
