"""SPI cost of the console's screens, counted by the simulator (the same app as on the device):
bytes sent for a full redraw and for one menu cursor move, per panel class.

    python -m tools.bench.console [--json]
"""
import argparse
import json
import sys

from host_sim.console import Console

# one board per panel class (UX.md): 240x240, 240x135, 320x240
BOARDS = ("waveshare_lcd_1_3", "waveshare_lcd_1_14", "waveshare_lcd_2")


def _next_key(con):
    return "down" if con.bit_or_zero("down") else "X"


def measure(board):
    """{"full_redraw", "cursor_move", "frame"} in bytes for the main menu on `board`."""
    con = Console(board)
    con.tap("A")  # title -> main menu
    before = con.panel.bytes_sent
    con.app._full = True  # what a screen change costs: every pixel once
    con.app.render()
    full = con.panel.bytes_sent - before
    before = con.panel.bytes_sent
    con.tap(_next_key(con))
    move = con.panel.bytes_sent - before
    return {"board": board, "panel": "%dx%d" % (con.board.WIDTH, con.board.HEIGHT),
            "frame": con.board.WIDTH * con.board.HEIGHT * 2, "full_redraw": full, "cursor_move": move}


def measure_all():
    return [measure(b) for b in BOARDS]


def table(rows):
    out = ["console SPI bytes (main menu, counted by the simulator):"]
    for r in rows:
        out.append("  %-20s %-8s full redraw %7d B   cursor move %6d B (%.1f%% of a frame)"
                   % (r["board"], r["panel"], r["full_redraw"], r["cursor_move"], 100.0 * r["cursor_move"] / r["frame"]))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.console", description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows = measure_all()
    print(json.dumps(rows, indent=2) if args.json else table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
