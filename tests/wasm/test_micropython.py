"""Runs every device test (tests/device/test_*.py) again on real MicroPython.

Each module runs once in a fresh WebAssembly MicroPython with firmware/ at the flash root; each
of its test functions becomes one pytest test here, so a failure on MicroPython names the test.
A module that crashes or prints no @@DONE fails every test it did not finish.
"""
import os
import re

import pytest

from testkit import DEVICE_DIR
from testkit.micropython import check_outcome, run_device_module



def _device_tests():
    for fname in sorted(os.listdir(DEVICE_DIR)):
        if fname.startswith("test_") and fname.endswith(".py"):
            with open(os.path.join(DEVICE_DIR, fname)) as f:
                for name in re.findall(r"^def (test_\w+)\(", f.read(), re.M):
                    yield fname[:-3], name


@pytest.mark.parametrize("module,test", list(_device_tests()))
def test_on_micropython(module, test):
    check_outcome(module, test, *run_device_module(module))


