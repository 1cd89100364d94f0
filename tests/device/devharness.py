"""Runs the device tests of one module on MicroPython (or a board) and prints one line per event.

The host (tests/wasm/test_micropython.py, later tools/devtest) parses these lines, so a test that
fails, raises, or crashes the interpreter mid-run is reported by name; a missing `@@DONE` line
means the run died inside the test named by the last `@@START`.

    @@START module.test_name
    @@PASS module.test_name
    @@FAIL module.test_name ExceptionType: message
    @@DONE module passed=N failed=M

Written in the MicroPython/CPython common subset; test functions are plain `def test_*():`.
"""
import sys


def _one_line(text):
    return " ".join(str(text).split())


def run_module(name, only=None):
    mod = __import__(name)
    names = sorted(n for n in dir(mod) if n.startswith("test_"))  # sorted: dir order differs on MicroPython
    passed = failed = 0
    for test_name in names:
        if only and test_name not in only:
            continue
        full = name + "." + test_name
        print("@@START " + full)
        try:
            getattr(mod, test_name)()
        except Exception as e:  # report and go on: one failing test must not hide the others
            failed += 1
            print("@@FAIL %s %s: %s" % (full, type(e).__name__, _one_line(e)))
            if hasattr(sys, "print_exception"):
                sys.print_exception(e)  # MicroPython
            else:
                import traceback
                traceback.print_exc(file=sys.stdout)
        else:
            passed += 1
            print("@@PASS " + full)
    print("@@DONE %s passed=%d failed=%d" % (name, passed, failed))
    return failed == 0
