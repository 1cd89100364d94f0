"""meeple's desktop simulator.

    python -m host_sim [--board B]                  a window (pygame-ce), or the terminal when
                                                    there is no display (e.g. over ssh)
    python -m host_sim --terminal                   force the terminal front-end
    python -m host_sim --headless --board B --keys "A down A" --shot out.png
                                                    play a key script, write a screenshot
    python -m host_sim --list-boards
"""
import argparse
import os
import sys

from host_sim import boards


def fail(msg):
    print("host_sim: %s" % msg, file=sys.stderr)
    return 2


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim", description=__doc__.split("\n")[0])
    ap.add_argument("--board", default=os.environ.get("BOARD") or boards.DEFAULT,
                    help="board profile (default %(default)s): " + ", ".join(boards.BOARDS))
    ap.add_argument("--headless", action="store_true", help="no window: run --keys, write --shot")
    ap.add_argument("--terminal", action="store_true", help="draw in the terminal (24-bit colour)")
    ap.add_argument("--keys", default="", help='key script, e.g. "A down down A hold:B wait:500"')
    ap.add_argument("--shot", help="write a PNG of the panel after the key script")
    ap.add_argument("--scale", type=int, default=0, help="pixel scale (window default: fit)")
    ap.add_argument("--flash", help="folder that stands for the device's flash (default: a temp "
                    "folder, removed at exit; give one to keep settings and saves between runs)")
    ap.add_argument("--list-boards", action="store_true")
    ap.add_argument("--stats", action="store_true", help="print SPI bytes sent at the end")
    args = ap.parse_args(argv)
    if args.list_boards:
        for b in boards.BOARDS:
            m = boards.load(b)
            print("%-26s %-32s %dx%d" % (b, m.NAME, m.WIDTH, m.HEIGHT))
        return 0
    try:
        boards.load(args.board)
    except ValueError as e:
        ap.error(str(e))
    if args.flash:
        if os.path.exists(args.flash) and not os.path.isdir(args.flash):
            return fail("--flash %s is a file; give a folder (it stands for the device's flash)"
                        % args.flash)
        try:
            os.makedirs(args.flash, exist_ok=True)
        except OSError as e:
            return fail("--flash %s: cannot create the folder: %s" % (args.flash, e.strerror or e))
        if not os.access(args.flash, os.W_OK):
            print("host_sim: --flash %s is read-only: the console runs, but saves nothing"
                  % args.flash, file=sys.stderr)

    if args.headless:
        from host_sim.console import Console, check_shot_path
        try:
            if args.shot:
                check_shot_path(args.shot)
            con = Console(args.board, root=args.flash)
            con.check_keys(args.keys)
        except ValueError as e:
            return fail(str(e))
        try:
            con.keys(args.keys)
            if args.shot:
                con.shot(args.shot, args.scale or 1)
        except OSError as e:   # a screenshot's folder changed or filled up while the keys ran
            return fail("cannot write the screenshot: %s" % e)
        print("\n".join(con.text()))
        if args.stats:
            print("SPI bytes sent: %d in %d windows" % (con.panel.bytes_sent, con.panel.windows))
        return 0

    if not args.terminal:
        from host_sim import window
        why = window.unavailable()
        if why is None:
            return window.run(args.board, args.flash, args.keys, args.scale)
        print("no window (%s): using the terminal" % why, file=sys.stderr)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("host_sim: no display and no terminal to play in (stdin/stdout are not a TTY): run it "
              "from a terminal, or use --headless --keys \"...\" --shot out.png", file=sys.stderr)
        return 2
    from host_sim import terminal
    return terminal.run(args.board, args.flash, args.keys)


if __name__ == "__main__":
    sys.exit(main())
