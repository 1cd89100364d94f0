"""The browser's boot: firmware/main.py's path, with the page's LCD and buttons.

The same board profile (/board.py, the one the page's picker chose), the same Canvas, Input,
Storage and App as on the device; only the backends differ: the LCD's window/write go to the
page (web/worker.js turns them into canvas pixels, exactly as host_sim's panel does), the
buttons are the page's keys and drawn buttons, and the flash folder is /flash, which the
worker keeps in the browser's storage. A browser cannot sleep in a loop, so instead of
App.run the worker calls step() every App.poll_ms() milliseconds: step is App.run's loop body.
"""
import gc
import time

import board  # type: ignore  # /board.py: the profile picked on the page
import webhost  # type: ignore  # web/worker.js: the page's LCD, backlight and restart

from meeple.storage import Storage
from meeple.ui.gfx import Canvas, CountingDisplay
from meeple.ui.input import BUTTON_NAMES, Input


class PageLCD(CountingDisplay):
    """The ST7789's two calls, forwarded to the page (RGB565, high byte first)."""

    def window(self, x, y, w, h):
        CountingDisplay.window(self, x, y, w, h)
        webhost.window(x, y, w, h)

    def write(self, buf):
        CountingDisplay.write(self, buf)
        webhost.write(buf)


class PageBacklight:
    def set(self, level):
        webhost.backlight(level)


def button_mask():
    """The board's buttons as Input bits ("press", a joystick press, is A): as meeple.hal.buttons."""
    m = 0
    for name, _gpio in board.BUTTONS:
        m |= 1 << BUTTON_NAMES.index("A" if name == "press" else name)
    return m


_start = time.ticks_ms()


def ticks():
    return time.ticks_diff(time.ticks_ms(), _start)


canvas = Canvas(PageLCD(board.WIDTH, board.HEIGHT), board.WIDTH, board.HEIGHT)
inp = Input(button_mask())

from meeple.console.app import App  # noqa: E402  (after the long-lived buffers, as in main.py)

app = App(canvas, inp, Storage("/flash"), board, ticks, None, PageBacklight())
app.restart = webhost.restart   # A on the crash screen: the page reloads (the device resets)
gc.collect()
app.boot()
app.render()


def step(held, tapped):
    """One turn of App.run's loop; returns how long to wait before the next (App.poll_ms)."""
    inp.update(app.ticks(), held, tapped)
    e = inp.get()
    while e:
        app.handle(e)
        app.render()
        e = inp.get()
    app.tick()
    app.render()
    return app.poll_ms()


def thinking():
    """True while a bot's move is due or being decided (the page shows it in its status)."""
    s = app.session
    return bool(s and s.waiting_for_ai())
