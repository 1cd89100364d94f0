"""ST7789 panel over machine.SPI: init, rotation, window offsets, pixel writes, backlight.

Pixels arrive already in the panel's byte order (RGB565, high byte first: meeple.ui.gfx does
the one conversion), so write() is a plain SPI transfer. The window command is skipped when
the same window is asked for twice in a row.
"""
import time

from machine import PWM, Pin

try:
    from micropython import const  # type: ignore[assignment]
except ImportError:
    def const(x):  # CPython stand-in for micropython.const
        return x

_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_INVON = const(0x21)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)

# (command, data, ms to wait afterwards): walked once at start-up
_INIT = (
    (_SWRESET, b"", 150),   # boards without a reset line (Pimoroni packs) rely on this
    (_SLPOUT, b"", 10),
    (_COLMOD, b"\x55", 10),  # 16 bits a pixel, RGB565
    (_INVON, b"", 10),       # these IPS panels show true colours only inverted (hardware.md)
    (_NORON, b"", 10),
    (_DISPON, b"", 10),
)


class ST7789:
    def __init__(self, spi, board):
        """board: a profile with WIDTH, HEIGHT (as drawn), MADCTL, X_OFF, Y_OFF, CS, DC, RST."""
        self.spi = spi
        self.width = board.WIDTH
        self.height = board.HEIGHT
        self.x_off = board.X_OFF
        self.y_off = board.Y_OFF
        self.cs = Pin(board.CS, Pin.OUT, value=1)
        self.dc = Pin(board.DC, Pin.OUT, value=0)
        self.rst = Pin(board.RST, Pin.OUT, value=1) if board.RST is not None else None
        self._cmd = bytearray(1)
        self._win = bytearray(4)
        self._last = (-1, -1, -1, -1)
        self.bytes_sent = 0
        self.reset()
        for cmd, data, ms in _INIT:
            self.command(cmd, data)
            time.sleep_ms(ms)
        self.command(_MADCTL, bytes((board.MADCTL,)))

    def reset(self):
        if self.rst is not None:  # hardware reset: low for 50 ms
            self.rst(0)
            time.sleep_ms(50)
            self.rst(1)
            time.sleep_ms(50)

    def command(self, cmd, data=None):
        self._cmd[0] = cmd
        self.cs(0)
        self.dc(0)
        self.spi.write(self._cmd)
        if data:
            self.dc(1)
            self.spi.write(data)
        self.cs(1)

    def window(self, x, y, w, h):
        win = (x, y, w, h)
        if win == self._last:
            self._start_write()
            return
        self._last = win
        x0 = x + self.x_off
        x1 = x0 + w - 1
        y0 = y + self.y_off
        y1 = y0 + h - 1
        b = self._win
        b[0] = x0 >> 8
        b[1] = x0 & 0xFF
        b[2] = x1 >> 8
        b[3] = x1 & 0xFF
        self.command(_CASET, b)
        b[0] = y0 >> 8
        b[1] = y0 & 0xFF
        b[2] = y1 >> 8
        b[3] = y1 & 0xFF
        self.command(_RASET, b)
        self._start_write()

    def _start_write(self):
        self.command(_RAMWR)
        self.bytes_sent += 11

    def write(self, buf):
        """Pixels for the current window (continues where the last write stopped)."""
        self.cs(0)
        self.dc(1)
        self.spi.write(buf)
        self.cs(1)
        self.bytes_sent += len(buf)


class Backlight:
    """PWM backlight, level 0..10 with a gamma curve so steps look even (Pimoroni uses 2.8;
    a square is close and needs no floats)."""

    def __init__(self, pin):
        self.pwm = PWM(Pin(pin), freq=1000)
        self.set(8)

    def set(self, level):
        level = max(0, min(10, level))
        self.pwm.duty_u16(level * level * 655)  # 10 -> 65500
