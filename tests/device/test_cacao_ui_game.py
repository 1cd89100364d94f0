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

from cacao_game import play_game
from meeple.core import cacao
from meeple.ui.cacao import model as cacao_model, pages as cacao_pages


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
