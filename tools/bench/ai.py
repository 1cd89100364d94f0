"""Bot decision times: each level over full games on the WebAssembly MicroPython, with the
estimated Pico time (x5, range x3-x8, ../shared/vboard-notes.md), worst case and median.

    python -m tools.bench.ai [--json] [--games N] [--game cacao|santiago]
    python -m tools.bench.ai --pico [--games N] [--worst K] [--sample K] [--players N]... [--firmware frozen|stock] [--json]

--pico measures on the emulated Pico (../shared/rp2emu, MicroPython's own rp2 firmware at
125 MHz, tools.pico.emulator). Timing every decision of many whole games there is too slow, so: whole
games are played on CPython (every player count, each level in turn in every seat), every bot
decision's position and operation count are recorded (the count is deterministic and the same
on every runtime), then the emulated Pico replays the `--worst` positions with the most
operations plus `--sample` others, per game, player count and level, timing ai.choose there with
time.ticks_ms(). It reports the operation counts over all decisions, the Pico times of the
replayed ones (median, worst), their worst ms per operation, and the worst decision estimated
from that (worst ops x worst ms/op); it checks that the Pico used the same operations.

Decisions with a single legal action are not counted (the bot returns at once). Timing uses
time.ticks_ms() on MicroPython (1 ms resolution on that runtime). Figures to watch, not
pass/fail checks: the budgets themselves are counted in core operations (meeple.ai.search).
"""
import argparse
import contextlib
import json
import os
import sys

from tools.wasm import mpyrun

from tools import ROOT

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


PLAYER_COUNTS = {"cacao": (2, 3, 4), "santiago": (3, 4, 5)}
LEVELS = ("easy", "normal", "hard")


def record_decisions(game_name, players, games, seed=300):
    """Play whole games on CPython and return every bot decision with more than one legal
    action as (level, seat, bot seed, state hex, ops). Seats rotate through easy, normal, hard."""
    import importlib
    from meeple import ai
    game = importlib.import_module("meeple.core." + game_name)
    out = []
    for g in range(games):
        st = game.new_game(players, seed + g)
        moves = 0
        buf = [0] * game.MAX_ACTIONS
        while not game.is_over(st):
            seat = game.to_move(st)
            lv = LEVELS[(seat + g) % 3]
            bseed = (seed + g) * 1009 + moves
            a = ai.choose(game, st, seat, lv, bseed)
            if game.legal_into(st, buf) > 1:
                out.append((lv, seat, bseed, bytes(st).hex(), ai.ops_used()))
            game.apply(st, a)
            moves += 1
    return out


def pick(decisions, worst, sample):
    """Per level: the `worst` decisions with the most operations and `sample` spread over the rest."""
    chosen = {}
    for lv in LEVELS:
        xs = sorted((d for d in decisions if d[0] == lv), key=lambda d: -d[4])
        if not xs:
            continue
        rest = xs[worst:]
        step = max(1, len(rest) // max(1, sample))
        chosen[lv] = xs[:worst] + rest[::step][:sample]
    return chosen


PICO_SETUP = '''
import time, gc
from meeple import ai
from meeple.core import %s as game
from ubinascii import unhexlify
def t(lv, seat, seed, hx):
    st = bytearray(unhexlify(hx))
    gc.collect()
    t0 = time.ticks_ms()
    ai.choose(game, st, seat, lv, seed)
    dt = time.ticks_diff(time.ticks_ms(), t0)
    print("@@T", dt, ai.ops_used())
'''


@contextlib.contextmanager
def _connect(pico, tries=30):
    """A raw-REPL link to the emulated Pico, waiting while it (re)boots after a flash."""
    import time
    from tools.board import link as board_link
    for i in range(tries):
        cm = board_link.connect(pico.device, answer_timeout=60)
        try:
            link = cm.__enter__()
            break
        except board_link.BoardError:
            if i == tries - 1:
                raise
            time.sleep(5)
    try:
        yield link
    finally:
        cm.__exit__(None, None, None)


def _budget(mod, level, players):
    """The operations a decision may use: Cacao's hard has its own cap by players."""
    if level == "hard" and mod.__name__.endswith("cacao"):
        from meeple.ai import cacao_bot
        return cacao_bot._HARD_BUDGET[players]
    from meeple import ai
    return ai.budget(mod, level)


def run_pico(game_name, chosen, pico):
    """Time the chosen decisions on the emulated Pico, one raw-REPL command each (a whole batch
    of positions would not compile in a Pico's heap): {level: [(ms, ops), ...]}."""
    times = {}
    with _connect(pico) as link:
        link.exec(PICO_SETUP % game_name, "loading the bots")
        for lv in LEVELS:
            for _, seat, seed, hx, ops in chosen.get(lv, []):
                out, err = link.t.exec_raw("t(%r, %d, %d, %r)" % (lv, seat, seed, hx), timeout=None)
                if err:
                    raise RuntimeError("on the emulated Pico: %s" % err.decode("utf-8", "replace").strip())
                line = [x for x in out.decode().splitlines() if x.startswith("@@T ")][-1]
                _, ms, pops = line.split()
                if int(pops) != ops:
                    raise RuntimeError("%s %s: %s operations on the Pico, %d on CPython" % (game_name, lv, pops, ops))
                times.setdefault(lv, []).append((int(ms), ops))
    return times


def pico_report(games, worst, sample, only=None, log=print, players=None, firmware="frozen"):
    """The decision-time table on the emulated Pico (see the module's doc): on the release
    firmware (meeple frozen, as players get it) or on stock MicroPython with the .mpy files."""
    from tools.pico.emulator import Pico, frozen_uf2
    import importlib
    report = {}
    board = "waveshare_lcd_1_3"
    uf2 = None
    if firmware == "frozen":
        log("bench_ai: building the release firmware for %s..." % board)
        uf2 = frozen_uf2(board)
    with Pico(os.path.join(ROOT, "build", "pico", "bench_ai-%s%s" % (firmware, "_" + "_".join(only) if only else "")),
              uf2=uf2, board=board) as pico:
        if firmware == "stock":
            log("bench_ai: flashing the emulated Pico...")
            with contextlib.redirect_stdout(sys.stderr):  # the build's lines: not in the JSON
                pico.flash(board)
        for game_name in only or sorted(PLAYER_COUNTS):
            mod = importlib.import_module("meeple.core." + game_name)
            for n in PLAYER_COUNTS[game_name]:
                if players and n not in players:
                    continue
                log("bench_ai: %s %dp: %d games on CPython..." % (game_name, n, games))
                decisions = record_decisions(game_name, n, games)
                chosen = pick(decisions, worst, sample)
                log("bench_ai: %s %dp: %d decisions on the emulated Pico..."
                    % (game_name, n, sum(len(v) for v in chosen.values())))
                times = run_pico(game_name, chosen, pico)
                log("bench_ai: %s %dp: (ms, ops) %r" % (game_name, n, times))
                for lv in LEVELS:
                    ops_all = sorted(d[4] for d in decisions if d[0] == lv)
                    t = sorted(times.get(lv, []))
                    if not ops_all or not t:
                        continue
                    ms = [x for x, _ in t]
                    per_op = max(x / max(1, o) for x, o in t)
                    report.setdefault(game_name, {})["%dp %s" % (n, lv)] = {
                        "decisions": len(ops_all), "budget_ops": _budget(mod, lv, n),
                        "ops_median": ops_all[len(ops_all) // 2], "ops_worst": ops_all[-1],
                        "pico_timed": len(t), "pico_ms_median": ms[len(ms) // 2], "pico_ms_worst": ms[-1],
                        "pico_ms_per_op_worst": round(per_op, 2),
                        "pico_ms_worst_estimate": int(ops_all[-1] * per_op)}
    return report


def pico_table(report):
    out = ["game     players level   decisions budget  ops median/worst   Pico timed: n  median  worst   "
           "ms/op  worst est."]
    for game_name, rows in report.items():
        for key, r in rows.items():
            n, lv = key.split()
            out.append("%-8s %-7s %-7s %6d   %6d  %6d / %6d   %6d  %6d ms %6d ms  %5.2f  %6d ms"
                       % (game_name, n, lv, r["decisions"], r["budget_ops"], r["ops_median"], r["ops_worst"],
                          r["pico_timed"], r["pico_ms_median"], r["pico_ms_worst"], r["pico_ms_per_op_worst"],
                          r["pico_ms_worst_estimate"]))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.ai")
    ap.add_argument("--game", choices=sorted(LINEUPS), action="append")
    ap.add_argument("--games", type=int, default=None, help="games per line-up (default 1; --pico: 2)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--pico", action="store_true", help="time decisions on the emulated Pico (see above)")
    ap.add_argument("--worst", type=int, default=3, help="--pico: decisions with the most operations timed")
    ap.add_argument("--sample", type=int, default=3, help="--pico: other decisions timed")
    ap.add_argument("--players", type=int, action="append",
                    help="--pico: only these player counts (repeatable; default: every count the game has)")
    ap.add_argument("--firmware", choices=("frozen", "stock"), default="frozen",
                    help="--pico: the release firmware (default) or stock MicroPython + make flash")
    args = ap.parse_args(argv)
    sys.path.insert(0, mpyrun.FIRMWARE)
    if args.pico:
        rep = pico_report(args.games or 2, args.worst, args.sample, args.game,
                          log=lambda m: print(m, file=sys.stderr, flush=True), players=args.players,
                          firmware=args.firmware)
        print(json.dumps(rep, indent=1) if args.json else pico_table(rep))
        return 0
    args.games = args.games or 1
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
