"""Helpers for tests that need a virtual board: start one in a temporary folder, run mpremote.

    with running_vboard(tmp_path, heap="192k") as port:
        r = mpremote(port, "exec", "print(1)")
"""
import contextlib
import os
import subprocess
import sys

from . import control

MPREMOTE = [sys.executable, "-m", "mpremote"]


@contextlib.contextmanager
def running_vboard(state_dir, heap=None, flash=None, pretend_firmware=None, pico_heap=None):
    """A virtual board with its flash in state_dir/flash, stopped on exit; yields its device path."""
    extra = []
    if flash:
        extra += ["--flash", flash]
    if pretend_firmware:
        extra += ["--pretend-firmware", pretend_firmware]
    state_dir = str(state_dir)
    port = control.start(state_dir, heap=heap, extra_args=extra, pico_heap=pico_heap)
    try:
        yield port
    finally:
        control.stop(state_dir)


def mpremote(port, *args, timeout=30, input_bytes=None):
    """Run the unmodified mpremote CLI against port; a CompletedProcess with bytes output.
    On a pty mpremote can wait forever, hence the timeout (TimeoutExpired means it hung)."""
    return subprocess.run(MPREMOTE + ["connect", port] + list(args), capture_output=True,
                          timeout=timeout, input=input_bytes, cwd=os.getcwd())
