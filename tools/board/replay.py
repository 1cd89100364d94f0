"""Replay a game record, checking every action, and print the position.

    python -m tools.board.replay RECORD [--step N]      (make replay RECORD=path [STEP=N])

Prints the final position, or the one after the first N actions (--step 0 = the start), as an
ASCII board for Cacao (a summary from view() for other games), then the scores and ranking.
The whole record is checked either way. A record that does not replay prints
`replay: line N: reason` to stderr and exits with status 2.
"""
import argparse
import json
import os
import sys

from tools import ROOT
if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "firmware"))

from meeple.storage import record  # noqa: E402  (firmware/ is put on the path just above)
from meeple.storage.games import game_module  # noqa: E402

SEAT_LETTERS = "RPWY"  # Red, Purple, White, Yellow (cacao.SEAT_NAMES)
CACAO_LEGEND = [
    "legend: a cell is 3x3 characters, north up. Jungle tile: its code between dashes (M3 = market",
    "selling at 3). Worker tile: seat letter R/P/W/Y in the middle, the workers on each side around",
    "it (N above, E right, S below, W left); ^ in the corner = overbuilt (height 2).",
]


# ---- Cacao board -----------------------------------------------------------------------------
def _cacao_cell(tile):
    """Three 3-character rows for one board entry of cacao.view()."""
    if "jungle" in tile:
        return ["---", tile["jungle"].center(3), "---"]
    workers = [int(c) for c in tile["pattern"].split("-")]  # N E S W at rotation 0
    rot = tile["rot"]
    n, e, s, w = (workers[(d - rot) % 4] for d in range(4))  # side facing d (cacao.py, C3)
    corner = "^" if tile["height"] == 2 else " "
    return ["%s%d " % (corner, n), "%d%s%d" % (w, SEAT_LETTERS[tile["seat"]], e), " %d " % s]


def cacao_board(v):
    """The table of a cacao view() as lines of text, with x along the top and y down the side."""
    cells = {(t["x"], t["y"]): _cacao_cell(t) for t in v["board"]}
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    lines = [("      " + " ".join(str(x).center(3) for x in range(x0, x1 + 1))).rstrip()]
    for y in range(y1, y0 - 1, -1):  # north (larger y) at the top
        for row in range(3):
            label = "y=%3d " % y if row == 1 else "      "
            lines.append(label + " ".join(cells.get((x, y), ["   "] * 3)[row]
                                          for x in range(x0, x1 + 1)).rstrip())
    return lines


def cacao_text(mod, state):
    v = mod.view(state)
    out = cacao_board(v)
    out.extend(CACAO_LEGEND)
    out.append("")
    for s, seat in enumerate(v["seats"]):
        water_gold = mod.WATER_VALUES[seat["water"]]
        out.append("%-6s (%s, seat %d): gold %d  cacao %d  sun %d  water field %d (%+d gold)  "
                   "hand %s  worker pile %d"
                   % (mod.SEAT_NAMES[s], SEAT_LETTERS[s], s, seat["gold"], seat["cacao"], seat["sun"],
                      seat["water"], water_gold, " ".join(seat["hand"]) or "-", len(seat["pile"])))
    out.append("display: %s   jungle pile: %d tile(s)" % (" ".join(v["display"]) or "-", len(v["pile"])))
    if v["over"]:
        out.append("the game is over after %d turns" % v["turn"])
    else:
        pend = v["pending"]
        out.append("turn %d: %s to move (%s)" % (v["turn"] + 1, mod.SEAT_NAMES[v["to_move"]], pend["kind"]))
    return out


# ---- any game ----------------------------------------------------------------------------------
def generic_text(mod, state):
    """For a game without a board drawing: its view() with the big lists summarised."""
    out = []
    for key, value in mod.view(state).items():
        text = json.dumps(value)
        if len(text) > 160:
            text = text[:150] + " ... (%d items)" % len(value) if isinstance(value, list) else text[:157] + "..."
        out.append("%s: %s" % (key, text))
    return out


def scores_text(mod, state):
    scores = mod.scores(state)
    ranking = mod.ranking(state)
    names = getattr(mod, "SEAT_NAMES", None)
    head = "final scores" if mod.is_over(state) else "scores if the game ended now"
    out = [head + ":"]
    for s, (score, place) in enumerate(zip(scores, ranking)):
        name = names[s] if names and s < len(names) else "seat %d" % s
        line = "  %d. %-6s %3d" % (place, name, score)
        if hasattr(mod, "score_parts"):
            play, temples, sun, water = mod.score_parts(state, s)
            line += "  (play %d, temples %d, sun %d, water %+d)" % (play, temples, sun, water)
        out.append(line)
    return out


def position_text(game, mod, state):
    body = cacao_text(mod, state) if game == "cacao" else generic_text(mod, state)
    return body + [""] + scores_text(mod, state)


# ---- command line ------------------------------------------------------------------------------
def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.board.replay",
                                 description="Replay a meeple game record, checking every action.")
    ap.add_argument("record", help="a game record (JSON lines)")
    ap.add_argument("--step", type=int, metavar="N",
                    help="show the position after the first N actions (0 = the start)")
    args = ap.parse_args(argv)
    if args.step is not None and args.step < 0:
        ap.error("--step must be 0 or more")
    try:
        with open(args.record, "rb") as f:
            lines = f.read().splitlines()
    except OSError as e:
        print("replay: cannot read %s: %s" % (args.record, e.strerror or e), file=sys.stderr)
        return 2

    game = mod = shown = None
    actions = 0
    try:
        for lineno, rec, state in record.replay(lines):
            if mod is None:
                game = rec["game"]
                mod = game_module(game)
            else:
                actions += 1
            if args.step is None or actions == args.step:
                shown = (actions, lineno, state)
    except record.RecordError as e:
        print("replay: %s" % e, file=sys.stderr)
        return 2
    if shown is None:
        print("replay: --step %d is past the end: the record has %d action(s)" % (args.step, actions),
              file=sys.stderr)
        return 2

    step, lineno, state = shown
    print("%s: %s, %d action(s), all legal; position after action %d (line %d)"
          % (args.record, game, actions, step, lineno))
    print()
    print("\n".join(position_text(game, mod, state)))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # output piped into `head`: not an error worth a traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
