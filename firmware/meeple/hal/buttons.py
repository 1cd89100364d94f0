"""Buttons on GPIOs (all wired to ground: pull-up, 0 = pressed).

`read()` returns (held now, pressed since the last read) as masks of meeple.ui.input B_*
bits. A falling-edge interrupt latches each press, so a tap shorter than the poll interval is
still seen; debounce and auto-repeat are meeple.ui.input's job.
"""
from machine import Pin
from time import sleep_ms

NAP_STEP_MAX = 10   # naps up to this long end within a millisecond of a press (the awake poll)

from meeple.ui.input import BUTTON_NAMES


class Buttons:
    def __init__(self, mapping):
        """mapping: ((name, gpio), ...) with names from BUTTON_NAMES; "press" (a joystick
        press) acts as A."""
        self.pins = []
        self.bits = []
        self.latched = 0
        self.mask = 0
        for name, gpio in mapping:
            bit = 1 << BUTTON_NAMES.index("A" if name == "press" else name)
            pin = Pin(gpio, Pin.IN, Pin.PULL_UP)
            pin.irq(self._make_irq(bit), Pin.IRQ_FALLING)
            self.pins.append(pin)
            self.bits.append(bit)
            self.mask |= bit

    def _make_irq(self, bit):
        def irq(_pin):
            self.latched |= bit
        return irq

    def read(self):
        # the latch first, then the pins: a press whose edge comes between the two reads is then
        # seen held now and its latch ignored next time; read the other way round it came out as a
        # whole tap (latched, pin not yet low) and, once the pin read low after the debounce
        # time, as a second press: one press moved the cursor twice
        tapped = self.latched
        self.latched = 0
        down = 0
        for i in range(len(self.pins)):
            if self.pins[i].value() == 0:
                down |= self.bits[i]
        return down, tapped

    def nap(self, ms):
        """The main loop's sleep between polls: up to `ms`, but over within a millisecond of a
        press (the IRQ latches it), so a press waits for its poll at most 1 ms, not a whole
        10 ms poll interval (press-to-pixels budgets, DESIGN.md). The dimmed and off polls
        (40, 100 ms) sleep in one piece: there the waking press does nothing else anyway."""
        if ms > NAP_STEP_MAX:
            sleep_ms(ms)
            return
        for _ in range(ms):
            if self.latched:
                return
            sleep_ms(1)
