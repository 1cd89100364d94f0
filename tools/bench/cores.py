"""Speed and memory of a rules core: random playouts on CPython and on MicroPython.

    python -m tools.bench.cores [--json] [--games N] [--players P] [--game cacao] [--ai]   (make bench)

Also printed: the console's SPI bytes per full redraw and per menu cursor move, counted by the
simulator (tools/bench/console.py); with --ai, every bot level's decision time on MicroPython
and the estimated Pico time, worst case and median over full games (tools/bench/ai.py).

Both runtimes play the same games: the playout loop below is one piece of source run on each,
choosing moves with meeple.core.rng (a naive `x * 1103 + 12345` LCG would make big ints that
allocate on MicroPython and distort the figures). MicroPython is the npm WebAssembly runtime
(tools/mpyrun); the Pico estimate scales its time by the ratio measured in
../shared/vboard-notes.md (a Pico is about 5x slower, 3-8x). Heap figures come from
gc.mem_alloc() on that runtime; what each one means is printed with it.

Progress goes to stderr; the table (or JSON with --json) to stdout. Speed is never asserted in
tests: these are figures to watch, not pass/fail checks.
"""
import argparse
import json
import os
import sys
import time

from tools import ROOT
if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "firmware"))

from meeple.core import rng  # noqa: E402  (firmware/ is put on the path just above)
from meeple.storage.games import GAME_IDS, game_module  # noqa: E402
from tools.bench import ai as bench_ai, console as bench_console  # noqa: E402
from tools.wasm import mpyrun

PICO_RATIO = 5        # Pico time / WebAssembly MicroPython time (vboard-notes.md)
PICO_RATIO_RANGE = (3, 8)
ALLOC_CALLS = 1000    # legal_into + apply pairs measured for allocation

# Runs on both runtimes: needs `rng` in scope.
PLAYOUT_SRC = '''
def playout(mod, players, seed, buf, r):
    """One random game from seed to the end; return the number of actions."""
    st = mod.new_game(players, seed)
    rng.seed(r, 0, seed)
    actions = 0
    while not mod.is_over(st):
        n = mod.legal_into(st, buf)
        mod.apply(st, buf[rng.below(r, 0, n)])
        actions += 1
    return actions
'''

# MicroPython side. MODE "speed": time GAMES playouts. MODE "memory": in a fresh interpreter,
# the heap before/after importing the core and its maximum during one game with gc disabled,
# then allocation per legal_into + apply pair. Prints one line: @@BENCH {json}.
MPY_SRC = '''
import gc, json, time
gc.collect()
heap_start = gc.mem_alloc()
from meeple.core import rng
from meeple.core import %(game)s as mod
heap_imported = gc.mem_alloc()
PLAYERS = %(players)d
GAMES = %(games)d
CALLS = %(calls)d
%(playout)s

def speed():
    buf = [0] * mod.MAX_ACTIONS
    r = bytearray(4)
    actions = 0
    t0 = time.ticks_ms()
    for seed in range(1, GAMES + 1):
        actions += playout(mod, PLAYERS, seed, buf, r)
    return {"ms": time.ticks_diff(time.ticks_ms(), t0), "actions": actions}

def peak_game():
    gc.disable()
    buf = [0] * mod.MAX_ACTIONS
    r = bytearray(4)
    st = mod.new_game(PLAYERS, 1)
    rng.seed(r, 0, 1)
    peak = gc.mem_alloc()
    while not mod.is_over(st):
        n = mod.legal_into(st, buf)
        mod.apply(st, buf[rng.below(r, 0, n)])
        m = gc.mem_alloc()
        if m > peak:
            peak = m
    return peak

def alloc_per_call():
    gc.disable()
    buf = [0] * mod.MAX_ACTIONS
    r = bytearray(4)
    seed = 1
    st = mod.new_game(PLAYERS, seed)
    rng.seed(r, 0, seed)
    in_legal = in_apply = worst = calls = 0
    while calls < CALLS:
        if mod.is_over(st):  # a new game's set-up is not part of the hot path
            seed += 1
            st = mod.new_game(PLAYERS, seed)
        a0 = gc.mem_alloc()
        n = mod.legal_into(st, buf)
        a1 = gc.mem_alloc()
        mod.apply(st, buf[rng.below(r, 0, n)])
        a2 = gc.mem_alloc()
        in_legal += a1 - a0
        in_apply += a2 - a1
        if a2 - a0 > worst:
            worst = a2 - a0
        calls += 1
    return {"calls": calls, "legal_into": in_legal, "apply": in_apply, "worst": worst}

if "%(mode)s" == "speed":
    out = speed()
else:
    out = {"heap_start": heap_start, "heap_imported": heap_imported, "heap_peak": peak_game()}
    out["alloc"] = alloc_per_call()
print("@@BENCH " + json.dumps(out))
'''


def progress(msg):
    print("bench: " + msg, file=sys.stderr, flush=True)


def cpython_playouts(mod, players, games):
    env = {"rng": rng}
    exec(PLAYOUT_SRC, env)
    playout = env["playout"]
    buf = [0] * mod.MAX_ACTIONS
    r = bytearray(4)
    actions = 0
    t0 = time.perf_counter()
    for seed in range(1, games + 1):
        actions += playout(mod, players, seed, buf, r)
        if seed % 10 == 0 or seed == games:
            progress("CPython playout %d/%d" % (seed, games))
    return time.perf_counter() - t0, actions


def micropython_run(game, players, games, mode):
    code = MPY_SRC % {"game": game, "players": players, "games": games, "calls": ALLOC_CALLS,
                      "playout": PLAYOUT_SRC, "mode": mode}
    result = mpyrun.run_code(code).check()
    for line in result.stdout.splitlines():
        if line.startswith("@@BENCH "):
            return json.loads(line[len("@@BENCH "):]), result
    raise mpyrun.MicroPythonError("the MicroPython bench printed no figures:\n" + result.stdout[-2000:])


def measure(game, players, games):
    mod = game_module(game)
    progress("%s, %d players, %d playouts on CPython" % (game, players, games))
    cp_s, cp_actions = cpython_playouts(mod, players, games)
    progress("%d playouts on MicroPython (WebAssembly)" % games)
    speed, _ = micropython_run(game, players, games, "speed")
    if speed["actions"] != cp_actions:  # same seeds, same PRNG: the games must be identical
        raise SystemExit("bench: MicroPython played %d actions, CPython %d: the runtimes disagree"
                         % (speed["actions"], cp_actions))
    progress("memory on MicroPython (%d legal_into + apply calls)" % ALLOC_CALLS)
    mem, mem_result = micropython_run(game, players, games, "memory")
    alloc = mem["alloc"]
    mp_ms = max(speed["ms"], 1) / games  # ticks_ms has 1 ms resolution
    return {
        "game": game,
        "players": players,
        "games": games,
        "state_bytes": mod.SIZE,
        "actions_per_playout": cp_actions / games,
        "cpython": {"playouts_per_s": games / cp_s, "ms_per_playout": 1000 * cp_s / games},
        "micropython": {
            "playouts_per_s": 1000 / mp_ms,
            "ms_per_playout": mp_ms,
            "alloc_calls": alloc["calls"],
            "alloc_bytes_per_call": (alloc["legal_into"] + alloc["apply"]) / alloc["calls"],
            "alloc_bytes_per_legal_into": alloc["legal_into"] / alloc["calls"],
            "alloc_bytes_per_apply": alloc["apply"] / alloc["calls"],
            "alloc_bytes_worst_call": alloc["worst"],
            "heap_before_import": mem["heap_start"],
            "heap_after_import": mem["heap_imported"],
            "heap_peak_game_upper_bound": mem["heap_peak"],
            "heap_retained_after_run": mem_result.heap["in_use_after"],
        },
        "pico_estimate": {
            "ms_per_playout": mp_ms * PICO_RATIO,
            "ms_per_playout_range": [mp_ms * PICO_RATIO_RANGE[0], mp_ms * PICO_RATIO_RANGE[1]],
            "ratio": PICO_RATIO,
            "ratio_range": list(PICO_RATIO_RANGE),
        },
    }


def table(fig):
    cp, mp, pico = fig["cpython"], fig["micropython"], fig["pico_estimate"]
    lo, hi = pico["ms_per_playout_range"]
    rows = [
        ("state bytes (%s.SIZE)" % fig["game"], "%d" % fig["state_bytes"]),
        ("actions per playout (mean)", "%.1f" % fig["actions_per_playout"]),
        ("CPython: playouts/s", "%.1f  (%.2f ms each)" % (cp["playouts_per_s"], cp["ms_per_playout"])),
        ("MicroPython WebAssembly: playouts/s", "%.1f  (%.1f ms each)" % (mp["playouts_per_s"], mp["ms_per_playout"])),
        ("Pico estimate: ms per playout", "%.0f  (x%d; range %.0f-%.0f for x%d-x%d)"
         % (pico["ms_per_playout"], pico["ratio"], lo, hi, pico["ratio_range"][0], pico["ratio_range"][1])),
        ("bytes allocated per legal_into+apply", "%.2f  (legal_into %.2f, apply %.2f; worst call %d; %d calls)"
         % (mp["alloc_bytes_per_call"], mp["alloc_bytes_per_legal_into"], mp["alloc_bytes_per_apply"],
            mp["alloc_bytes_worst_call"], mp["alloc_calls"])),
        ("heap in use before importing the core", "%d B" % mp["heap_before_import"]),
        ("heap in use after importing the core", "%d B" % mp["heap_after_import"]),
        ("heap peak during one game (upper bound)", "%d B" % mp["heap_peak_game_upper_bound"]),
        ("heap retained after the run, collected", "%d B" % mp["heap_retained_after_run"]),
    ]
    width = max(len(name) for name, _ in rows)
    out = ["meeple bench: %s, %d players, %d random playouts per runtime (the same games on both)"
           % (fig["game"], fig["players"], fig["games"])]
    out += ["  %-*s  %s" % (width, name, value) for name, value in rows]
    out += [
        "",
        "Heap figures are gc.mem_alloc() on the WebAssembly MicroPython, whose objects have a Pico's",
        "32-bit sizes. It collects garbage only between runs, so the peak is taken with gc disabled",
        "during one whole game from a fresh interpreter: everything allocated since start-up, garbage",
        "included, is counted: a Pico playing the same game needs at most this much beyond its own",
        "boot heap. The core is imported from .py source here; the device loads .mpy, which needs less.",
        "Pico time = WebAssembly time x%d (measured ratio, ../shared/vboard-notes.md); host timings"
        % pico["ratio"],
        "alone say nothing about the device.",
    ]
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.cores", description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--games", type=int, default=20, metavar="N", help="playouts per runtime (20)")
    ap.add_argument("--players", type=int, default=4, help="players per game (4)")
    ap.add_argument("--game", default="cacao", choices=GAME_IDS, help="which rules core (cacao)")
    ap.add_argument("--ai", action="store_true", help="also time every bot level over full games (slow)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    try:
        fig = measure(args.game, args.players, args.games)
    except (ValueError, mpyrun.MicroPythonError) as e:
        print("bench: %s" % e, file=sys.stderr)
        return 2
    progress("console SPI bytes in the simulator")
    fig["console_spi"] = bench_console.measure_all()
    if args.ai:
        progress("bot decision times on MicroPython (both games)")
        fig["ai"] = dict((g, bench_ai.run(g, 1)) for g in sorted(bench_ai.LINEUPS))
    if args.json:
        print(json.dumps(fig, indent=2))
    else:
        print(table(fig))
        print()
        print(bench_console.table(fig["console_spi"]))
        if args.ai:
            print()
            print(bench_ai.table(fig["ai"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
