"""A whole 4-player Cacao game in the console app with a display that only counts, played by
button events to the end screen (tests/device/test_cacao_ui_game.py checks it; the cursor tests
on the host start from it too). MicroPython/CPython common subset."""
import gc

from appkit import Clock, root
from meeple.console.app import App
from meeple.storage import Storage
from meeple.ui.cacao import pages as cacao_pages, play as play_cacao
from meeple.ui import input as ev
from meeple.ui.gfx import Canvas, CountingDisplay


class _Board:
    NAME = "counting board"
    WIDTH = 240
    HEIGHT = 135
    TEST_SEED = 2   # the same game on every runtime (the app seeds from the clock and the heap)


def _heap():
    f = getattr(gc, "mem_alloc", None)
    return f() if f else 0


def play_game(width=240, height=135):
    """Play to the end screen; return (app, display, figures dict)."""
    _Board.WIDTH = width
    _Board.HEIGHT = height
    d = CountingDisplay(width, height)
    c = Canvas(d, width, height)
    clock = Clock()
    buttons = ev.B_UP | ev.B_DOWN | ev.B_LEFT | ev.B_RIGHT | ev.B_A | ev.B_B | ev.B_X | ev.B_Y
    app = App(c, ev.Input(buttons), Storage(root()), _Board, clock, [play_cacao])
    app.boot()
    app.render()
    # title -> main menu -> New game -> Cacao -> Players: 4 -> seats stay "you + AI normal" -> Start
    for e in (ev.OK, ev.OK, ev.OK, ev.OK, ev.RIGHT, ev.RIGHT, ev.OK, ev.UP, ev.OK):
        app.step((e,))
    s = app.session
    assert s is not None and s.seats == [0, 2, 2, 2], app.screen.title
    fig = {"moves": [], "snaps": [], "pans": [], "jumps": [], "places": [], "peak": 0, "steps": 0,
           "recaps": 0}
    base = _heap()
    while True:
        scr = app.screen
        if isinstance(scr, cacao_pages.EndScreen):
            break
        if scr.title == "Since your turn":     # the bots' moves since your turn: A closes it
            fig["recaps"] += 1
            app.step((ev.OK,))
            continue
        assert isinstance(scr, play_cacao.Screen), scr.title
        mode = scr.mode
        if mode == play_cacao.WATCH:
            clock.now += 1100                  # past the AI pause: the bot moves
            app.step(())
        elif mode == play_cacao.PLACE:
            for e in (ev.RIGHT, ev.UP, ev.LEFT, ev.DOWN):   # d-pad snaps
                b = d.bytes_sent
                k = scr.cursor
                view = (scr.table.left, scr.table.top)
                app.step((e,))
                n = d.bytes_sent - b
                fig["moves"].append(n)
                if scr.cursor == k:            # nothing that way: the footer says so
                    assert scr.note == play_cacao.NOTES[e], scr.note
                else:
                    assert scr.ov.is_legal(scr.cursor) and scr.place_action >= 0
                    fig["snaps" if view == (scr.table.left, scr.table.top) else "pans"].append(n)
            b = d.bytes_sent
            app.step((ev.NEXT,))               # a jump to the next legal cell (may pan)
            fig["jumps"].append(d.bytes_sent - b)
            b = d.bytes_sent
            app.step((ev.OK,))                 # place with every default
            if scr.mode == play_cacao.FILL:
                app.step((ev.OK,))
            fig["places"].append(d.bytes_sent - b)
        else:
            app.step((ev.OK,))
        fig["steps"] += 1
        h = _heap()
        if h > fig["peak"]:
            fig["peak"] = h
        assert fig["steps"] < 2000, "the game does not end"
    fig["peak"] -= base
    return app, d, fig
