"""An unexpected exception never leaves a dead screen: crash.txt (traceback, version, board,
free heap), a screen saying so with A to restart, and the auto-saved game still on Continue.
Runs on CPython and on MicroPython (tests/wasm/test_micropython.py)."""

from appkit import Board as _Board, scratch_dir
from meeple.storage import savefile
from meeple.console import VERSION
from meeple.console.app import App
from meeple.core import cacao
from meeple.storage import Storage
from meeple.ui import input as ev
from meeple.ui.gfx import Canvas, CountingDisplay
from meeple.ui.screen import Screen


class _Broken(Screen):
    title = "Broken"

    def event(self, e):
        if e == ev.RIGHT:
            return {}["no such key"]   # a bug in a screen


def _app(root):
    c = Canvas(CountingDisplay(240, 135), 240, 135)
    buttons = ev.B_UP | ev.B_DOWN | ev.B_LEFT | ev.B_RIGHT | ev.B_A | ev.B_B
    app = App(c, ev.Input(buttons), Storage(root), _Board, lambda: 0, [])
    app.boot()
    app.render()
    return app


def test_exception_in_a_screen_writes_crash_txt_and_shows_a_restart_screen():
    root = scratch_dir("crash")
    st = cacao.new_game(2, 77)
    cacao.apply(st, cacao.legal_actions(st)[0])
    Storage(root).start_game({"game": "cacao", "seats": [0, 1], "seed": 77, "options": {}},
                             "cacao", st)
    app = _app(root)
    app.step((ev.OK,))
    app.push(_Broken())
    app.step((ev.RIGHT,))                  # KeyError inside the screen
    assert app.screen.title == "Error"
    assert "KeyError" in app.screen.message and "/crash.txt" in app.screen.message
    assert "Continue" in app.screen.message
    text = savefile.read_file(root + "/crash.txt", 8192).decode()
    assert "KeyError" in text and "no such key" in text
    assert VERSION in text and _Board.NAME in text and "free heap" in text
    assert "event" in text                 # the traceback names the failing method
    app.step((ev.OK,))                     # A: restart (the simulator's; the device resets)
    assert app.screen.title == "meeple"
    app.step((ev.OK,))
    assert app.screen.title == "Main menu" and app.storage.has_game()
    meta, state = app.storage.load_game()
    assert state == st


def test_a_crash_on_a_read_only_flash_still_shows_the_screen():
    root = scratch_dir("crash")
    app = _app(root)
    app.push(_Broken())
    saved = savefile.write_atomic

    def refuse(path, data):
        raise OSError(30)
    savefile.write_atomic = refuse
    try:
        app.step((ev.RIGHT,))
    finally:
        savefile.write_atomic = saved
    assert app.screen.title == "Error"
    assert "could not be written" in app.screen.message
