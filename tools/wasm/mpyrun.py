"""Run code on real MicroPython (the npm WebAssembly runtime) with firmware/ importable.

Used by the tests and tools that must see what the device sees:

    >>> r = run_code("import meeple; print(1 + 1)")
    >>> r.ok, r.stdout
    (True, '2\\n')

A MicroPython-side exception gives ``exit_code == 1`` with the traceback in ``stderr``;
``check()`` turns that into a Python exception so a test can never pass silently.

Command line: ``python -m tools.wasm.mpyrun FILE`` or ``python -m tools.wasm.mpyrun -c CODE``.
"""
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass

from tools import ROOT
FIRMWARE = os.path.join(ROOT, "firmware")
RUNNER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpy_runner.mjs")


class MicroPythonError(RuntimeError):
    """The code raised on MicroPython, or the runtime could not run it."""


@dataclass
class Result:
    stdout: str
    stderr: str
    exit_code: int
    heap: dict  # {"allocated": bytes allocated during the run, "in_use_after", "free_after"}

    @property
    def ok(self):
        return self.exit_code == 0

    def check(self):
        """Return self, or raise MicroPythonError with the MicroPython traceback."""
        if not self.ok:
            raise MicroPythonError(
                "MicroPython exited with status %d\n%s%s" % (self.exit_code, self.stdout[-2000:], self.stderr)
            )
        return self


def _node_missing():
    return MicroPythonError(
        "the MicroPython runtime is not installed: run `make deps` (needs Node.js 20 and npm)"
    )


def run(args, mounts=None, timeout=600, step=None):
    """Run the runner with FILE or -c CODE; firmware/ is mounted at / unless mounts says otherwise.

    step: code run again and again after the program, each run separate so garbage is collected
    in between, until it sets `step_done = True`; heap["peak_in_use"] is then the most heap any
    step left in use (what a device holds live), heap["steps"] how many ran."""
    if mounts is None:
        mounts = {FIRMWARE: "/"}
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "@micropython")):
        raise _node_missing()
    fd, stats_path = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    cmd = ["node", RUNNER, "--stats", stats_path]
    for host, dev in mounts.items():
        cmd += ["--mount", "%s:%s" % (host, dev)]
    if step is not None:
        cmd += ["--step", step]
    try:
        proc = subprocess.run(cmd + list(args), cwd=ROOT, capture_output=True, timeout=timeout)
        with open(stats_path) as f:
            text = f.read()
        heap = json.loads(text) if text else {}
    except FileNotFoundError as e:
        raise _node_missing() from e
    except subprocess.TimeoutExpired as e:
        raise MicroPythonError("MicroPython run took longer than %d s" % timeout) from e
    finally:
        os.unlink(stats_path)
    return Result(proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace"),
                  proc.returncode, heap)


def run_code(code, mounts=None, timeout=600, step=None):
    return run(["-c", code], mounts, timeout, step)


def run_file(path, mounts=None, timeout=600):
    return run([path], mounts, timeout)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m tools.wasm.mpyrun (FILE | -c CODE)   runs on MicroPython with firmware/ importable")
        return 2
    try:
        r = run(argv)
    except MicroPythonError as e:
        print("mpyrun: %s" % e, file=sys.stderr)
        return 2
    sys.stdout.write(r.stdout)
    sys.stderr.write(r.stderr)
    print("mpyrun: exit %d, heap %s" % (r.exit_code, json.dumps(r.heap)), file=sys.stderr)
    return r.exit_code


if __name__ == "__main__":
    sys.exit(main())
