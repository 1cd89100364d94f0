"""Device tests (tests/device/test_*.py) run on real MicroPython: one module per fresh
WebAssembly MicroPython with firmware/ at the flash root, its outcome per test function."""
import re

import pytest

from testkit import DEVICE_DIR
from tools.wasm import mpyrun

_runs = {}


def run_device_module(module, device_dir=DEVICE_DIR):
    """Run one device test module on MicroPython; return (per-test outcome dict, raw result)."""
    if (module, device_dir) not in _runs:
        code = (
            "import sys\nsys.path.append('/devtests')\nimport devharness\n"
            "devharness.run_module(%r)\n" % module
        )
        mounts = {mpyrun.FIRMWARE: "/", DEVICE_DIR: "/devtests", device_dir: "/devtests"}
        result = mpyrun.run_code(code, mounts=mounts)
        outcomes = {}
        for line in result.stdout.splitlines():
            m = re.match(r"@@(START|PASS|FAIL) [\w.]+\.(test_\w+)(.*)", line)
            if m:
                outcomes[m.group(2)] = (m.group(1), m.group(3).strip())
        _runs[module, device_dir] = (outcomes, result)
    return _runs[module, device_dir]


def check_outcome(module, test, outcomes, result):
    state, message = outcomes.get(test, ("NOT RUN", ""))
    if state == "PASS":
        return
    tail = result.stdout[-3000:] + result.stderr[-3000:]
    if state == "FAIL":
        pytest.fail("%s.%s failed on MicroPython: %s\n%s" % (module, test, message, tail))
    if state == "START":
        pytest.fail("MicroPython crashed inside %s.%s (exit %d)\n%s" % (module, test, result.exit_code, tail))
    pytest.fail("%s.%s never ran on MicroPython (exit %d)\n%s" % (module, test, result.exit_code, tail))
