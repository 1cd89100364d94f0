"""Bot decision times: each level over full games on the WebAssembly MicroPython, with the
estimated Pico time (x5, range x3-x8, ../shared/vboard-notes.md), worst case and median.

    python -m tools.bench_ai [--json] [--games N] [--game cacao|santiago]

Decisions with a single legal action are not counted (the bot returns at once). Timing uses
time.ticks_ms() on MicroPython (1 ms resolution on that runtime). Figures to watch, not
pass/fail checks: the budgets themselves are counted in core operations (meeple.ai.search).
"""
import argparse
import json
import sys

from tools import mpyrun

PICO_RATIO = 5
PICO_RATIO_RANGE = (3, 8)
LINEUPS = {"cacao": (("normal", "hard"), ("easy", "normal", "hard", "normal")),
           "santiago": (("normal", "hard", "easy"), ("hard", "normal", "normal", "easy", "normal"))}

MPY_SRC = '''
import time, json
from meeple import ai
from meeple.core import %(game)s as game
times = {}
for g in range(%(games)d):
    for levels in %(lineups)r:
        st = game.new_game(len(levels), 100 + g)
        moves = 0
        while not game.is_over(st):
            seat = game.to_move(st)
            lv = levels[seat]
            t0 = time.ticks_ms()
            a = ai.choose(game, st, seat, lv, moves)
            dt = time.ticks_diff(time.ticks_ms(), t0)
            if len(game.legal_actions(st)) > 1:
                times.setdefault(lv, []).append([dt, ai.ops_used()])
            game.apply(st, a)
            moves += 1
print("@@BENCH " + json.dumps(times))
'''


def run(game, games):
    src = MPY_SRC % {"game": game, "games": games, "lineups": LINEUPS[game]}
    out = mpyrun.run_code(src).check().stdout
    line = [x for x in out.splitlines() if x.startswith("@@BENCH ")][-1]
    times = json.loads(line[8:])
    from meeple import ai  # noqa: E402  (for the budgets)
    report = {}
    for lv in ("easy", "normal", "hard"):
        xs = sorted(times.get(lv, []))
        if not xs:
            continue
        ms = [t for t, _ in xs]
        report[lv] = {
            "decisions": len(xs), "budget_ops": ai.budget(_module(game), lv),
            "max_ops": max(o for _, o in xs),
            "wasm_ms_worst": ms[-1], "wasm_ms_median": ms[len(ms) // 2],
            "pico_s_worst": ms[-1] * PICO_RATIO / 1000.0, "pico_s_median": ms[len(ms) // 2] * PICO_RATIO / 1000.0,
            "pico_s_worst_range": [ms[-1] * r / 1000.0 for r in PICO_RATIO_RANGE]}
    return report


def _module(game):
    import importlib
    return importlib.import_module("meeple.core." + game)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench_ai")
    ap.add_argument("--game", choices=sorted(LINEUPS), action="append")
    ap.add_argument("--games", type=int, default=1, help="games per line-up")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    sys.path.insert(0, mpyrun.FIRMWARE)
    result = {}
    for game in args.game or sorted(LINEUPS):
        print("bench_ai: %s on MicroPython..." % game, file=sys.stderr)
        result[game] = run(game, args.games)
    print(json.dumps(result, indent=1) if args.json else table(result))
    return 0


def table(result):
    out = ["level   decisions  budget  max ops   WASM worst / median   Pico est. worst / median (x%d; worst x%d-x%d)"
           % ((PICO_RATIO,) + PICO_RATIO_RANGE)]
    for game, rep in result.items():
        out.append(game)
        for lv, r in rep.items():
            out.append("  %-7s %6d  %6d  %7d   %6d / %4d ms      %5.2f / %4.2f s   (%.2f-%.2f s)"
                       % (lv, r["decisions"], r["budget_ops"], r["max_ops"], r["wasm_ms_worst"], r["wasm_ms_median"],
                          r["pico_s_worst"], r["pico_s_median"], r["pico_s_worst_range"][0], r["pico_s_worst_range"][1]))
    return "\n".join(out)

if __name__ == "__main__":
    sys.exit(main())
