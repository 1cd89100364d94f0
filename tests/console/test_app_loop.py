"""The device's main loop (meeple.console.app.App.run, as firmware/main.py calls it with the buttons'
read and nap): the garbage of a run of presses is collected once the player has let go for
IDLE_GC_MS, never while a button is held or presses keep coming, so a later press does not wait
for a collection (the Cacao snap's worst press-to-pixels on the emulated Pico was one)."""
import pytest

from host_sim.console import Console
from meeple.console import app as app_mod
from meeple.ui.input import B_B


class LoopDone(Exception):
    pass


def run_loop(con, monkeypatch, script, polls):
    """Run App.run for `polls` polls; script: {poll number: (held, tapped)}. Returns the clock
    times of the collections."""
    collected = []
    monkeypatch.setattr(app_mod.gc, "collect", lambda: collected.append(con.now))
    n = [0]

    def poll():
        n[0] += 1
        if n[0] > polls:
            raise LoopDone()
        return script.get(n[0], (0, 0))

    def nap(ms):
        con.now += ms

    with pytest.raises(LoopDone):
        con.app.run(poll, nap)
    return collected


def test_the_presses_garbage_is_collected_once_after_they_stop(tmp_path, monkeypatch):
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    start = con.now
    # a tap at poll 5, another at poll 12 (70 ms later), then nothing for 600 ms
    got = run_loop(con, monkeypatch, {5: (0, B_B), 12: (0, B_B)}, 70)
    assert len(got) == 1
    last_press = start + 11 * 10
    assert last_press + app_mod.IDLE_GC_MS <= got[0] <= last_press + app_mod.IDLE_GC_MS + 10


def test_no_collection_while_a_button_is_held_or_without_a_press(tmp_path, monkeypatch):
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    assert run_loop(con, monkeypatch, {}, 60) == []           # idle from the start: nothing to collect
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    held = {i: (B_B, B_B if i == 3 else 0) for i in range(3, 61)}   # pressed at poll 3, held on
    assert run_loop(con, monkeypatch, held, 60) == []
