"""make devtest PORT=/dev/ttyACM0: run the device tests on a board over serial.

Copies tests/device/*.py to /devtests on the board (only what changed), then runs each
test_*.py module after a soft reset (a fresh heap, as on a boot) with devharness.run_module,
and streams its `@@` lines as results. A test fails when it reports @@FAIL, when the module
dies inside it (no @@DONE: the last @@START names it), or when it gives no result within the
timeout; the board not answering stops the run. Exit status 0 only when every test passed.
The firmware itself must already be on the board (make flash).
"""
import argparse
import glob
import os
import re
import sys
import time

from tools.board import files as board_files
from tools.board.link import BoardError, connect

from tools import ROOT
DEVICE_TESTS = os.path.join(ROOT, "tests", "device")
BOARD_DIR = "/devtests"

_LINE = re.compile(r"@@(START|PASS|FAIL|DONE) (\S+)(?: (.*))?$")


class Result:
    def __init__(self):
        self.passed, self.failed = [], []  # test names; failed: (name, reason)


def sync_tests(link, log, tests_dir=DEVICE_TESTS):
    """Copy tests/device/*.py to /devtests where the board's copy differs."""
    local = {}
    for path in sorted(glob.glob(os.path.join(tests_dir, "*.py"))):
        with open(path, "rb") as f:
            local[BOARD_DIR + "/" + os.path.basename(path)] = f.read()
    info, _tree, _free, _total = board_files.scan(link, list(local) + [BOARD_DIR, "/meeple"])
    if info.get("/meeple") != "dir" and not link.eval_code(
            "try:\n import meeple_firmware\n print(True)\nexcept ImportError:\n print(False)",
            "asking whether meeple is frozen into the firmware"):
        raise BoardError("no meeple firmware on the board: run `make flash PORT=...` first (or install "
                         "the release UF2, which has meeple frozen in)")
    if info.get(BOARD_DIR) != "dir":
        board_files.mkdirs(link, [BOARD_DIR], set())
    changed = [p for p, data in local.items()
               if not isinstance(info.get(p), tuple) or info[p][1] != board_files.sha256_hex(data)]
    for p in changed:
        board_files.write_file(link, p, local[p])
    log("devtest: %d test files on the board (%d copied)" % (len(local), len(changed)))


def module_names(only=None, tests_dir=DEVICE_TESTS):
    names = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(tests_dir, "test_*.py")))
    if only:
        unknown = [m for m in only if m not in names]
        if unknown:
            raise BoardError("no device test module %s (have: %s)" % (", ".join(unknown), ", ".join(names)))
        names = [m for m in names if m in only]
    return names


class Stream:
    """The program's output as lines, with a deadline; ends at the raw REPL's \\x04 frames."""

    def __init__(self, serial):
        self.serial = serial
        self.buf = b""
        self.stdout_done = False
        self.stderr = b""

    def next_line(self, deadline):
        """A line of stdout, or None at its end; raises TimeoutError at the deadline."""
        while True:
            if b"\x04" in self.buf:  # stdout ends; a traceback (stderr) follows until the next \x04
                head, _, rest = self.buf.partition(b"\x04")
                if b"\n" not in head:
                    self.buf = rest
                    self.stdout_done = True
                    self._read_stderr(rest, deadline)
                    return head.decode("utf-8", "replace") if head.strip() else None
            if b"\n" in self.buf:
                line, _, self.buf = self.buf.partition(b"\n")
                return line.decode("utf-8", "replace").rstrip("\r")
            self._fill(deadline)

    def _read_stderr(self, rest, deadline):
        self.buf = rest
        while b"\x04" not in self.buf:
            self._fill(deadline)
        self.stderr, _, self.buf = self.buf.partition(b"\x04")

    def _fill(self, deadline):
        if time.monotonic() > deadline:
            raise TimeoutError
        try:
            chunk = self.serial.read(max(1, min(4096, self.serial.in_waiting)))
        except OSError as e:  # the port vanished (unplugged)
            raise BoardError("the board disconnected (%s)" % e) from None
        self.buf += chunk


def run_module(link, module, timeout, log, only=None):
    """Run one module (only: just these test function names); return (passed names, failed
    (name, reason) list)."""
    link.reset_soft()
    code = ("import sys\nsys.path.append(%r)\nimport devharness\ndevharness.run_module(%r, %r)\n"
            "import gc\ngc.collect()\nprint('@@devtest-heap %%d %%d' %% (gc.mem_alloc(), gc.mem_free()))\n"
            % (BOARD_DIR, module, tuple(only) if only else None))
    link.start(code, "starting %s" % module)
    stream = Stream(link.t.serial)
    passed, failed = [], []
    current, done, output, started = None, False, [], time.monotonic()
    deadline = started + timeout
    show_output = False  # after a FAIL, the traceback lines that follow are shown

    def flush_output():
        for text in output[-15:] if show_output else []:
            log("    " + text)
        output.clear()

    while True:
        try:
            line = stream.next_line(deadline)
        except TimeoutError:
            name = current or module
            failed.append((name, "no result after %d s (timeout)" % timeout))
            log("TIMEOUT %s: no result after %d s" % (name, timeout))
            link.t.serial.write(b"\x03")  # interrupt it; the next reset_soft checks the board answers
            return passed, failed
        if line is None:
            break
        m = _LINE.match(line.strip())
        if not m:
            heap = re.match(r"@@devtest-heap (\d+) (\d+)$", line.strip())
            if heap:
                used, free = int(heap.group(1)), int(heap.group(2))
                log("  heap after %s: %d KB in use, %d KB free" % (module, used // 1024, free // 1024))
            else:
                output.append(line)
            continue
        kind, name, rest = m.groups()
        flush_output()
        show_output = False
        if kind == "START":
            current, deadline = name, time.monotonic() + timeout
            t0 = time.monotonic()
        elif kind == "PASS":
            passed.append(name)
            log("PASS %s (%.1f s)" % (name, time.monotonic() - t0))
            current = None
        elif kind == "FAIL":
            failed.append((name, rest or ""))
            log("FAIL %s: %s" % (name, rest or ""))
            current, show_output = None, True
        elif kind == "DONE":
            done = True
            current = None
    show_output = show_output or not done
    flush_output()
    error = stream.stderr.decode("utf-8", "replace").strip()
    if not done:
        last = error.splitlines()[-1] if error else "no @@DONE line"
        where = current or ("%s (before its first test)" % module)
        failed.append((where, "crashed: %s" % last))
        log("CRASH in %s: %s" % (where, last))
        for line in error.splitlines()[-8:]:
            log("    " + line)
    return passed, failed


def devtest(port, modules=None, timeout=300, vboard_dir=None, log=print, tests_dir=DEVICE_TESTS):
    started = time.monotonic()
    names = module_names(modules, tests_dir)
    passed, failed = [], []
    with connect(port, vboard_dir) as link:
        sync_tests(link, log, tests_dir)
        for module in names:
            p, f = run_module(link, module, timeout, log)
            passed += p
            failed += f
    log("devtest: %d passed, %d failed" % (len(passed), len(failed)))
    log("devtest: %d modules in %.1f s on %s" % (len(names), time.monotonic() - started, port))
    for name, reason in failed:
        log("  FAILED %s: %s" % (name, reason))
    return passed, failed


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.board.devtest", description=__doc__.split("\n")[0])
    ap.add_argument("--port", required=True, help="serial device, or `virtual` for the virtual board")
    ap.add_argument("--timeout", type=float, default=300, help="seconds one test may take (default 300)")
    ap.add_argument("--vboard-dir", help="state folder of the virtual board (default build/vboard)")
    ap.add_argument("--tests-dir", default=DEVICE_TESTS, help=argparse.SUPPRESS)  # tests of this tool
    ap.add_argument("modules", nargs="*", help="only these modules (e.g. test_cacao_play)")
    args = ap.parse_args(argv)
    log = lambda msg: print(msg, flush=True)  # noqa: E731 - stream results as they come
    try:
        _passed, failed = devtest(args.port, args.modules, args.timeout, args.vboard_dir, log, args.tests_dir)
    except BoardError as e:
        print("devtest: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("devtest: interrupted", file=sys.stderr)
        return 130
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
