"""The Santiago play screen on a 240x240 counting display, driven by button events through the
first rounds of a 5-player game (one human taking the scripted choices of tests/device/
heap_santiago.py, four AI-normal seats): every mode draws, with the status bar, the recap of the
bots' moves and the game menu (hint, log, seats). Runs on CPython and on MicroPython
(tests/wasm/test_micropython.py), where a str method MicroPython lacks (rjust) once stopped the status
bar of tall panels on the emulated Pico."""
import heap_game

from appkit import root as _root


def test_first_rounds_on_a_tall_panel():
    heap_game.start(_root(), "santiago", 240, 240)
    d = heap_game._d
    seen = set()
    while d["turns"] < 16:
        heap_game.step()
        app = d["app"]
        s = app.session
        if s is not None and app.screen is s.screen:
            seen.add(s.screen.mode)
    g = d["app"].session.screen
    assert g.lay is not None and not g.lay.short
    assert g._status is not None and g._status[0].startswith("Round ")
    assert 8 in seen and 1 in seen and 3 in seen, seen   # recap, bid, plot
