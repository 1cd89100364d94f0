"""Run a virtual board in the background, for make and the tools:

    python -m tools.board.vboard.control start [--dir build/vboard] [--heap 192k | --pico-heap 192k] [--fresh]
    python -m tools.board.vboard.control stop  [--dir build/vboard]
    python -m tools.board.vboard.control port  [--dir build/vboard]

DIR holds the board's flash (DIR/flash), its log, and `pid`/`port` files. `start` first stops a
stale board left by a run that was killed, so one can never block the next.
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import time

from tools import ROOT
DEFAULT_DIR = os.path.join(ROOT, "build", "vboard")


class VboardError(RuntimeError):
    pass


def _read(path):
    try:
        with open(path) as f:
            return f.read().strip()
    except FileNotFoundError:
        return None


def _is_vboard(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return b"tools.board.vboard" in f.read()
    except OSError:
        return False


def running_port(state_dir=DEFAULT_DIR):
    """The device path of the board running from state_dir, or None."""
    pid, port = _read(os.path.join(state_dir, "pid")), _read(os.path.join(state_dir, "port"))
    if pid and port and _is_vboard(int(pid)) and os.path.exists(port):
        return port
    return None


def stop(state_dir=DEFAULT_DIR, timeout=5.0):
    """Stop the board of state_dir if one runs; True if one was stopped."""
    pid = _read(os.path.join(state_dir, "pid"))
    stopped = False
    if pid and _is_vboard(int(pid)):
        pid = int(pid)
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while _is_vboard(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if _is_vboard(pid):
            os.kill(pid, signal.SIGKILL)
        stopped = True
    for name in ("pid", "port"):
        try:
            os.unlink(os.path.join(state_dir, name))
        except FileNotFoundError:
            pass
    return stopped


def start(state_dir=DEFAULT_DIR, heap=None, fresh=False, timeout=30.0, extra_args=(), pico_heap=None):
    """Start a board in the background; return its device path."""
    stop(state_dir)
    flash = os.path.join(state_dir, "flash")
    if fresh:
        shutil.rmtree(flash, ignore_errors=True)
    os.makedirs(flash, exist_ok=True)
    cmd = [sys.executable, "-m", "tools.board.vboard", "--root", flash, "--state-dir", state_dir]
    if heap:
        cmd += ["--heap", heap]
    if pico_heap:
        cmd += ["--pico-heap", pico_heap]
    cmd += list(extra_args)
    log_path = os.path.join(state_dir, "vboard.log")
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                start_new_session=True)  # survives make's job; stopped by `stop`
    with open(os.path.join(state_dir, "pid"), "w") as f:
        f.write("%d\n" % proc.pid)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        port = _read(os.path.join(state_dir, "port"))
        if port:
            return port
        if proc.poll() is not None:
            raise VboardError("the virtual board exited at start: %s" % (_read(log_path) or "no output")[-500:])
        time.sleep(0.05)
    stop(state_dir)
    raise VboardError("the virtual board did not start within %d s (log: %s)" % (timeout, log_path))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.board.vboard.control")
    ap.add_argument("action", choices=["start", "stop", "port"])
    ap.add_argument("--dir", default=DEFAULT_DIR, help="state folder (default build/vboard)")
    ap.add_argument("--heap", help="MicroPython heap as given, e.g. 192k")
    ap.add_argument("--pico-heap", help="emulate a Pico with this much free heap, e.g. 192k (see tools.board.vboard --help)")
    ap.add_argument("--fresh", action="store_true", help="start with an empty flash")
    args = ap.parse_args(argv)
    try:
        if args.action == "start":
            print(start(args.dir, heap=args.heap, fresh=args.fresh, pico_heap=args.pico_heap))
        elif args.action == "stop":
            print("vboard: stopped" if stop(args.dir) else "vboard: none was running", file=sys.stderr)
        else:
            port = running_port(args.dir)
            if not port:
                print("vboard: none running in %s (start one with `make vboard`)" % args.dir, file=sys.stderr)
                return 1
            print(port)
    except VboardError as e:
        print("vboard: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
