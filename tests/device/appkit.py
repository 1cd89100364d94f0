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


def root():
    """The console's files for the device tests that boot it: /tmp/app (MicroPython) or a temp
    folder."""
    return scratch_dir("app")


def boot():
    """The console with no games on a counting 240x135 display, at its title: (app, display)."""
    from meeple.console.app import App
    from meeple.storage import Storage
    from meeple.ui import input as ev
    from meeple.ui.gfx import Canvas, CountingDisplay
    d = CountingDisplay(240, 135)
    c = Canvas(d, 240, 135)
    buttons = ev.B_UP | ev.B_DOWN | ev.B_LEFT | ev.B_RIGHT | ev.B_A | ev.B_B
    app = App(c, ev.Input(buttons), Storage(root()), Board, Clock(), [])
    app.boot()
    app.render()
    return app, d
