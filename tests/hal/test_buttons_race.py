"""meeple.hal.buttons on a fake machine.Pin: a press whose edge falls between the reads of one
poll is one press, whatever the moment. The latch (the falling-edge interrupt) used to be read
after the pins: an edge between the two came out as a whole tap and then, once the pin read low
after the debounce time, as a second press (on the emulated Pico, one press now and then moved
the Cacao cursor two cells: pico-bench's snaps and pans came out shifted by one)."""
import sys
import time
import types

import pytest

from meeple.ui import input as inp


class FakePin:
    IN, PULL_UP, IRQ_FALLING = 0, 1, 2
    board = None   # the FakeBoard the pins belong to

    def __init__(self, gpio, mode=None, pull=None):
        self.gpio = gpio
        self.handler = None
        FakePin.board.pins[gpio] = self

    def irq(self, handler, trigger):
        self.handler = handler

    def value(self):
        return FakePin.board.level(self)


class FakeBoard:
    """The button's level over reads: it goes low at read number `edge_at` (counting every pin
    read and latch read), its interrupt firing right then, until the test lets go."""

    def __init__(self, edge_at):
        self.pins = {}
        self.reads = 0
        self.edge_at = edge_at
        self.low = False

    def tick(self):
        self.reads += 1
        if self.reads == self.edge_at and not self.low:
            self.low = True
            self.pins[15].handler(self.pins[15])

    def level(self, pin):
        self.tick()
        return 0 if self.low and pin.gpio == 15 else 1


@pytest.fixture()
def buttons_module(monkeypatch):
    machine = types.ModuleType("machine")
    machine.Pin = FakePin
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setattr(time, "sleep_ms", lambda ms: None, raising=False)   # MicroPython's
    sys.modules.pop("meeple.hal.buttons", None)
    from meeple.hal import buttons
    yield buttons
    sys.modules.pop("meeple.hal.buttons", None)


@pytest.mark.parametrize("edge_at", range(1, 12))
def test_one_press_is_one_event_wherever_its_edge_falls(buttons_module, edge_at):
    board = FakePin.board = FakeBoard(edge_at)
    mapping = (("A", 15), ("B", 17), ("X", 19))
    b = buttons_module.Buttons(mapping)

    class Latch:   # every read of the latch counts as a moment the edge can fall at
        def __get__(self, obj, owner=None):
            board.tick()
            return obj.__dict__.get("_latched", 0)

        def __set__(self, obj, v):
            obj.__dict__["_latched"] = v

    type(b).latched = Latch()
    try:
        b.latched = 0
        i = inp.Input(b.mask)
        events = []
        for poll in range(16):   # 10 ms apart: the edge, the button held ~100 ms, let go
            if poll == 11:
                board.low = False
            down, tapped = b.read()
            i.update(1000 + 10 * poll, down, tapped)
            e = i.get()
            while e:
                events.append(e)
                e = i.get()
        assert events == [inp.OK]
    finally:
        del type(b).latched
