"""Helpers shared by the device tests that boot the console (MicroPython/CPython common subset)."""
import os
import sys


class Board:
    NAME = "counting board 240x135"
    WIDTH = 240
    HEIGHT = 135


class Clock:
    """The app's clock, moved by the test."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


def scratch_dir(name):
    """An empty folder for the console's files: /tmp/<name> on MicroPython, a new temp folder on
    CPython."""
    if sys.implementation.name == "micropython":
        d = "/tmp/" + name
        for p in ("/tmp", d):
            try:
                os.mkdir(p)
            except OSError:
                pass
        for f in os.listdir(d):
            os.remove(d + "/" + f)
        return d
    import tempfile
    return tempfile.mkdtemp(prefix="meeple-%s-" % name)
