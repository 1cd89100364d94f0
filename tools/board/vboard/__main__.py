"""python -m tools.board.vboard --root FOLDER: serve a virtual board on a new pseudo-terminal."""
import argparse
import os
import pty
import signal
import sys
import tty

from .board import Board
from .interpreter import BootError, Interpreter


def parse_size(text):
    """'192k', '1408K', '2m' or a number of bytes."""
    t = text.strip().lower()
    scale = {"k": 1024, "m": 1024 * 1024}.get(t[-1:], 1)
    try:
        value = int(t[:-1] if scale > 1 else t) * scale
    except ValueError:
        raise argparse.ArgumentTypeError("not a size: %r (try 192k)" % text) from None
    if value <= 0:
        raise argparse.ArgumentTypeError("size must be positive: %r" % text)
    return value


# The unix port is a 64-bit build: pointers, object headers and ints take twice a Pico's bytes,
# bytecode does not. Measured on the console's heaviest device test (a 4-player Cacao game with
# three AI seats in the full app, firmware as .mpy): 145 KB of live heap at its peak on the
# 32-bit WebAssembly MicroPython, and 240-256 KB of heap needed here. So a Pico's heap is
# emulated as 1.7 times as much heap here (an approximation: the ratio depends on the mix of
# objects; tests/budgets/test_heap_*.py check the budgets themselves on the 32-bit runtime).
PICO_HEAP_SCALE_TENTHS = 17


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.board.vboard", description=__doc__)
    ap.add_argument("--root", required=True, help="host folder holding the board's flash (created if missing)")
    heap = ap.add_mutually_exclusive_group()
    heap.add_argument("--heap", type=parse_size, help="MicroPython heap as given, e.g. 192k; default: unix port's 1M+")
    heap.add_argument("--pico-heap", type=parse_size, metavar="SIZE",
                      help="the heap of a Pico with SIZE free (Pico about 230k, Pico W about 190k), scaled for "
                           "this 64-bit interpreter by PICO_HEAP_SCALE")
    ap.add_argument("--flash", type=parse_size, default=1408 * 1024, help="flash filesystem size (default 1408k, a Pico's)")
    ap.add_argument("--state-dir", help="write the device path and pid here (used by tools.board.vboard.control)")
    ap.add_argument("--pretend-firmware", metavar="X.Y.Z",
                    help="report this older firmware version and its .mpy format (to test the flash tool)")
    ap.add_argument("--verbose", action="store_true", help="log connects and disconnects to stderr")
    args = ap.parse_args(argv)
    if args.pico_heap:
        args.heap = args.pico_heap * PICO_HEAP_SCALE_TENTHS // 10

    os.makedirs(args.root, exist_ok=True)
    master, slave = pty.openpty()
    tty.setraw(slave)  # no echo, no newline translation: a USB CDC line carries bytes as they are
    path = os.ttyname(slave)
    os.close(slave)  # with no slave open the master reports POLLHUP: that is how we see clients
    os.set_blocking(master, False)

    interp = Interpreter(args.root, heap=args.heap, flash_bytes=args.flash,
                         extra_args=[args.pretend_firmware] if args.pretend_firmware else [])
    log = (lambda msg: print("vboard: " + msg, file=sys.stderr, flush=True)) if args.verbose else None
    board = Board(master, interp, log)

    def stop(signum, frame):
        board.stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGHUP, stop)

    print(path, flush=True)
    print("vboard: MicroPython board on %s, flash in %s, heap %s (stop with Ctrl-C)"
          % (path, os.path.abspath(args.root), "%d bytes" % args.heap if args.heap else "unlimited"), file=sys.stderr, flush=True)
    if args.state_dir:
        os.makedirs(args.state_dir, exist_ok=True)
        with open(os.path.join(args.state_dir, "pid"), "w") as f:
            f.write("%d\n" % os.getpid())
        with open(os.path.join(args.state_dir, "port.tmp"), "w") as f:
            f.write(path + "\n")
        os.replace(os.path.join(args.state_dir, "port.tmp"), os.path.join(args.state_dir, "port"))
    try:
        board.serve_forever()
    except BootError as e:
        print("vboard: %s (run `make deps`?)" % e, file=sys.stderr)
        return 1
    finally:
        interp.stop()
        os.close(master)
        if args.state_dir:
            for name in ("port", "pid"):
                try:
                    os.unlink(os.path.join(args.state_dir, name))
                except FileNotFoundError:
                    pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
