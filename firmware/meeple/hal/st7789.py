"""ST7789 panel over machine.SPI: init, rotation, window offsets, pixel writes, backlight.

Pixels arrive already in the panel's byte order (RGB565, high byte first: meeple.ui.gfx does
the one conversion), so write() is a plain SPI transfer: window() leaves CS low and DC high
for it. A window sends only the half (columns or rows) that changed, then RAMWR.
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
_MADCTL = const(0x36)
_CASET_B = b"\x2a"
_RASET_B = b"\x2b"
_RAMWR_B = b"\x2c"
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
        self._x0 = self._w = self._y0 = self._h = -1   # the window the panel has now
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
        """Select the rectangle the next write() calls fill. CASET and RASET are each sent only
        when their range changed (RAMWR restarts at the window's corner either way), and the
        whole sequence runs under one CS low: a window costs about a third of what three
        separate commands did, and the canvas sends one per drawing call."""
        x0 = x + self.x_off
        y0 = y + self.y_off
        cs = self.cs
        dc = self.dc
        spi = self.spi
        b = self._win
        cs(0)
        if x0 != self._x0 or w != self._w:
            self._x0 = x0
            self._w = w
            x1 = x0 + w - 1
            b[0] = x0 >> 8
            b[1] = x0 & 0xFF
            b[2] = x1 >> 8
            b[3] = x1 & 0xFF
            dc(0)
            spi.write(_CASET_B)
            dc(1)
            spi.write(b)
            self.bytes_sent += 5
        if y0 != self._y0 or h != self._h:
            self._y0 = y0
            self._h = h
            y1 = y0 + h - 1
            b[0] = y0 >> 8
            b[1] = y0 & 0xFF
            b[2] = y1 >> 8
            b[3] = y1 & 0xFF
            dc(0)
            spi.write(_RASET_B)
            dc(1)
            spi.write(b)
            self.bytes_sent += 5
        dc(0)
        spi.write(_RAMWR_B)
        dc(1)
        self.bytes_sent += 1
        # CS stays low and DC high: write() only moves pixels (command() ends the data phase)

    def write(self, buf):
        """Pixels for the current window (continues where the last write stopped)."""
        self.spi.write(buf)
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
