"""A whole 4-player Cacao game in the console app with a display that only counts: one human
seat taking every default (tile, cell, fill, sales) and three AI-normal seats, driven by
button events. Runs on CPython and on MicroPython (tests/wasm/test_micropython.py). The heap figure
it prints counts garbage on the WebAssembly runtime (it collects only between runs); the
retained heap is measured from outside with tools.wasm.mpyrun's `in_use_after` (docs/emulated-pico.md).

The human's d-pad presses snap the cursor to legal cells: each lands on a cell where the tile
may go, or leaves the cursor put with "no legal cell further ..." in the footer.

Prints @@SPI (bytes per cursor snap, in view and panning, per jump and per placement) and
@@HEAP lines."""
import gc

from meeple.console.app import App
from meeple.core import cacao
from meeple.storage import Storage
from meeple.ui.cacao import model as cacao_model, pages as cacao_pages, play as play_cacao
from meeple.ui import input as ev
from meeple.ui.gfx import Canvas, CountingDisplay

from test_app_menus import _Clock, _root


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
    clock = _Clock()
    buttons = ev.B_UP | ev.B_DOWN | ev.B_LEFT | ev.B_RIGHT | ev.B_A | ev.B_B | ev.B_X | ev.B_Y
    app = App(c, ev.Input(buttons), Storage(_root()), _Board, clock, [play_cacao])
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


def test_four_player_game_with_three_ai_seats():
    gc.collect()
    app, d, fig = play_game()
    st = app.session.state
    assert cacao.is_over(st)
    assert app.canvas.clipped == 0
    # the journal replays to the same end: the record the end screen saves is this game
    j = app.session.journal
    assert j.ok and len(j) > 36
    replay = j.initial()
    for i in range(len(j)):
        cacao.apply(replay, j.action(i))
    assert replay == st
    rows = cacao_pages.result_rows(cacao, st)
    scores = cacao.scores(st)
    for s in range(4):
        assert any(("%s %d gold" % (cacao.SEAT_NAMES[s], scores[s])) in t for _, t in rows)
    moves = sorted(fig["moves"])
    snaps = sorted(fig["snaps"])
    jumps = sorted(fig["jumps"])
    places = sorted(fig["places"])
    frame = 240 * 135 * 2
    print("@@SPI frame=%d dpad_press median=%d max=%d; snap_in_view median=%d max=%d; "
          "legal_cell_jump median=%d max=%d; placement median=%d max=%d"
          % (frame, moves[len(moves) // 2], moves[-1], snaps[len(snaps) // 2], snaps[-1],
             jumps[len(jumps) // 2], jumps[-1], places[len(places) // 2], places[-1]))
    print("@@HEAP game_peak_alloc_since_start=%d" % fig["peak"])
    assert snaps[len(snaps) // 2] < frame // 8, "a snap within the view should repaint a few cells"
    assert places[len(places) // 2] < frame, "a placement should not repaint the whole panel"
    assert cacao_model.phase(st) == cacao_model.OVER
    assert fig["recaps"] > 5, "the bots' moves were not recapped on your turns"
