"""Canvas: what every screen draws on, the same on the device and in the simulator.

There is no frame buffer. Each drawing call becomes one window on the panel plus the pixels for
it, rendered through one small strip buffer (4 KB) that is allocated once; so a screen sends
only what it redraws, and a cursor move costs a row or two, not a frame.

The display the canvas draws to needs two methods (meeple.hal.st7789.ST7789 on the device,
host_sim.panel.Panel on a PC, CountingDisplay below when there is no panel at all):

    display.window(x, y, w, h)   # the next bytes fill this rectangle, row by row
    display.write(buf)           # RGB565 pixels, high byte first (what the ST7789 wants)

Colours are plain RGB565 ints (rgb(255, 0, 0) == 0xF800). They are turned into the panel's
byte order here and nowhere else: framebuf stores RGB565 little-endian, the ST7789 takes the
high byte first, so every colour handed to framebuf is byte-swapped once (`_panel`).
"""
try:
    import framebuf
except ImportError:  # CPython host: the same API in plain Python
    from meeple.ui import softfb as framebuf  # type: ignore[no-redef]

from meeple.ui import fontdata

try:  # text pixels in viper code where MicroPython compiles it (the Pico); framebuf gives the same
    from meeple.ui.glyphs import draw as _glyphs
except (ImportError, ValueError, SyntaxError, NotImplementedError):  # CPython, no native emitter
    _glyphs = None

_STRIP = 4096       # bytes of RGB565 scratch: a 128x16 text chunk or a 45x45 sprite
_LINE = 256         # bytes of 1-bit scratch for one chunk of text


def rgb(r, g, b):
    """RGB565 from 8-bit components."""
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


def _panel(c):
    """A colour as framebuf must store it so the bytes go out high byte first."""
    return ((c & 0xFF) << 8) | (c >> 8)


class Font:
    """A fixed-width font: glyphs FIRST.. as MONO_VLSB columns, `pages` 8-row bands each."""

    def __init__(self, data, w, h):
        self.data = memoryview(data)
        self.w = w
        self.h = h
        self.pages = h // 8
        self.glyph_bytes = w * self.pages

    def width(self, text):
        return len(text) * self.w


SMALL = Font(fontdata.SMALL, 6, 8)
LARGE = Font(fontdata.LARGE, 12, 16)

# UI symbols drawn by the fonts (host_sim/art/font6x8.txt, codes 0x7f-0x84)
ARROW_RIGHT = "\x7f"
ARROW_LEFT = "\x80"
ARROW_UP = "\x81"
ARROW_DOWN = "\x82"
DOT = "\x83"
TICK = "\x84"


class CountingDisplay:
    """A display that only counts what would go over SPI: for the app with no panel (device
    tests on MicroPython) and the base of the simulator's panel."""

    # CASET + RASET + RAMWR: 3 command bytes and 8 parameter bytes per window
    WINDOW_COST = 11

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.bytes_sent = 0
        self.windows = 0

    def window(self, x, y, w, h):
        self.windows += 1
        self.bytes_sent += self.WINDOW_COST

    def write(self, buf):
        self.bytes_sent += len(buf)


class Canvas:
    def __init__(self, display, width, height):
        self.display = display
        self.width = width
        self.height = height
        self._buf = bytearray(_STRIP)
        self._mv = memoryview(self._buf)
        self._fill_fb = framebuf.FrameBuffer(self._buf, _STRIP // 2, 1, framebuf.RGB565)
        self._line = bytearray(_LINE)
        self._pal = bytearray(32)   # up to 16 palette entries, already in panel byte order
        self.clipped = 0            # draws that did not fit on the panel: tests require 0
        self.on_text = None         # simulator hook f(x, y, w, h, text): what text is shown
        self.on_fill = None         # simulator hook f(x, y, w, h): this area was overwritten
        self._off = None            # (x, y, w, h, framebuf) between begin() and end()

    # ---- drawing off screen --------------------------------------------------------------------
    def begin(self, x, y, w, h):
        """Until end(), draw the rectangle in the strip buffer instead of on the panel; end()
        sends it in one window. A table cell is a dozen drawing calls, each its own window and
        SPI transfer when drawn on the panel: composed, it is one. The calls must cover the
        whole rectangle (what they leave undrawn is undefined) and stay inside it (what does
        not is counted in `clipped`). w * h * 2 <= 4096. False, and nothing changes, when it
        is larger or a rectangle is being composed already (its end() sends both)."""
        if self._off or w * h * 2 > _STRIP or not self._fits(x, y, w, h):
            return False
        self._off = (x, y, w, h, framebuf.FrameBuffer(self._buf, w, h, framebuf.RGB565))
        return True

    def end(self):
        o = self._off
        if o:
            self._off = None
            self._send(o[0], o[1], o[2], o[3])

    def composed(self):
        """Between begin() and end(): the rectangle's bytes as composed so far (a memoryview of
        w * h * 2 bytes), to keep a copy of or to overwrite with one; None outside."""
        o = self._off
        if o is None:
            return None
        return self._mv[:o[2] * o[3] * 2]

    def _inside(self, x, y, w, h):
        """Between begin() and end(): the off-screen frame buffer if the rectangle lies in it."""
        o = self._off
        if o is None:
            return None
        if x < o[0] or y < o[1] or x + w > o[0] + o[2] or y + h > o[1] + o[3]:
            self.clipped += 1
            return None
        return o[4]

    # ---- clipping ------------------------------------------------------------------------------
    def _fits(self, x, y, w, h):
        """True when the rectangle lies on the panel; otherwise count it (a layout bug)."""
        if x < 0 or y < 0 or x + w > self.width or y + h > self.height or w <= 0 or h <= 0:
            if w > 0 and h > 0:
                self.clipped += 1
            return False
        return True

    def _set_pal(self, i, c):
        self._pal[2 * i] = c >> 8
        self._pal[2 * i + 1] = c & 0xFF

    def _send(self, x, y, w, h):
        self.display.window(x, y, w, h)
        self.display.write(self._mv[:w * h * 2])

    # ---- shapes --------------------------------------------------------------------------------
    def fill_rect(self, x, y, w, h, color):
        # the commonest call: _fits and _panel written out (a call costs ~20 us on the Pico)
        if x < 0 or y < 0 or x + w > self.width or y + h > self.height or w <= 0 or h <= 0:
            if w > 0 and h > 0:
                self.clipped += 1
            return
        color = ((color & 0xFF) << 8) | (color >> 8)
        off = self._off
        if off:
            fb = self._inside(x, y, w, h)
            if fb:
                if self.on_fill:
                    self.on_fill(x, y, w, h)
                fb.fill_rect(x - off[0], y - off[1], w, h, color)
            return
        if self.on_fill:
            self.on_fill(x, y, w, h)
        n = w * h * 2
        chunk = n if n < _STRIP else _STRIP
        self._fill_fb.fill_rect(0, 0, chunk // 2, 1, color)
        display = self.display
        display.window(x, y, w, h)
        if n <= chunk:
            display.write(self._mv[:n])
            return
        while n > 0:
            k = n if n < chunk else chunk
            display.write(self._mv[:k] if k < chunk else self._mv)
            n -= k

    def fill(self, color):
        self.fill_rect(0, 0, self.width, self.height, color)

    def frame(self, x, y, w, h, color, t=1):
        """A rectangle outline t pixels thick."""
        self.fill_rect(x, y, w, t, color)
        self.fill_rect(x, y + h - t, w, t, color)
        self.fill_rect(x, y + t, t, h - 2 * t, color)
        self.fill_rect(x + w - t, y + t, t, h - 2 * t, color)

    # ---- text ----------------------------------------------------------------------------------
    def text(self, s, x, y, fg, bg, font=SMALL):
        """Draw s with its cell background; return the width drawn. Text that would run off the
        panel is cut at the edge and counted in `clipped`."""
        fw = font.w
        fh = font.h
        n = len(s)
        if n == 0:
            return 0
        if x + n * fw > self.width:
            self.clipped += 1
            n = (self.width - x) // fw
        if not self._fits(x, y, n * fw, fh):
            return 0
        off = self._off
        if off and not self._inside(x, y, n * fw, fh):
            return 0
        if self.on_fill:
            self.on_fill(x, y, n * fw, fh)
        if self.on_text:
            self.on_text(x, y, n * fw, fh, s[:n])
        if _glyphs:
            pf = ((fg & 0xFF) << 8) | (fg >> 8)     # _panel, written out
            pb = ((bg & 0xFF) << 8) | (bg >> 8)
            if off:
                _glyphs(self._buf, off[2], x - off[0], y - off[1], s, 0, n, font.data, fw, font.pages, pf, pb)
                return n * fw
            per_chunk = _STRIP // (fw * fh * 2)
            i = 0
            while i < n:
                k = n - i if n - i < per_chunk else per_chunk
                _glyphs(self._buf, k * fw, 0, 0, s, i, k, font.data, fw, font.pages, pf, pb)
                self._send(x + i * fw, y, k * fw, fh)
                i += k
            return n * fw
        self._set_pal(0, bg)
        self._set_pal(1, fg)
        pages = font.pages
        gb = font.glyph_bytes
        data = font.data
        line = self._line
        per_chunk = _STRIP // (fw * fh * 2)
        if per_chunk > _LINE // (fw * pages):
            per_chunk = _LINE // (fw * pages)
        i = 0
        while i < n:
            k = n - i if n - i < per_chunk else per_chunk
            cw = k * fw
            for j in range(k):
                g = ord(s[i + j]) - fontdata.FIRST
                if g < 0 or g >= fontdata.COUNT:
                    g = 31  # '?'
                src = g * gb
                for p in range(pages):
                    dst = p * cw + j * fw
                    line[dst:dst + fw] = data[src + p * fw:src + p * fw + fw]
            if off:     # into the off-screen rectangle, at the text's place in it
                fb = off[4]
                dx = x + i * fw - off[0]
                dy = y - off[1]
            else:
                fb = framebuf.FrameBuffer(self._buf, cw, fh, framebuf.RGB565)
                dx = dy = 0
            fb.blit((line, cw, fh, framebuf.MONO_VLSB), dx, dy, -1,  # type: ignore  # tuple sources: v1.26+, not in the stubs
                    (self._pal, 2, 1, framebuf.RGB565))  # type: ignore[arg-type]
            if not off:
                self._send(x + i * fw, y, cw, fh)
            i += k
        return n * fw

    # ---- bitmaps -------------------------------------------------------------------------------
    def bitmap(self, data, w, h, x, y, colors, scale=1):
        """Draw a GS4_HMSB bitmap (two pixels a byte, left one high) whose pixel values index
        `colors` (RGB565 ints, up to 16); data may be a memoryview into flash-resident bytes.
        With scale > 1 each pixel becomes a scale x scale block (a bigger tile, same data)."""
        sw = w * scale
        sh = h * scale
        if sw * sh * 2 > _STRIP or not self._fits(x, y, sw, sh):
            if sw * sh * 2 > _STRIP:
                self.clipped += 1
            return
        off = self._off
        if off and not self._inside(x, y, sw, sh):
            return
        if self.on_fill:
            self.on_fill(x, y, sw, sh)
        for i in range(len(colors)):
            self._set_pal(i, colors[i])
        if off:         # into the off-screen rectangle, at the bitmap's place in it
            fb = off[4]
            dx = x - off[0]
            dy = y - off[1]
        else:
            fb = framebuf.FrameBuffer(self._buf, sw, sh, framebuf.RGB565)
            dx = dy = 0
        if scale == 1:
            fb.blit((data, w, h, framebuf.GS4_HMSB), dx, dy, -1,  # type: ignore  # read-only data: v1.26+
                    (self._pal, 16, 1, framebuf.RGB565))  # type: ignore[arg-type]
        else:
            pal = self._pal
            for yy in range(h):
                for xx in range(w):
                    v = data[(yy * w + xx) >> 1]
                    v = (v >> 4) if xx & 1 == 0 else (v & 15)
                    fb.fill_rect(dx + xx * scale, dy + yy * scale, scale, scale, pal[2 * v + 1] << 8 | pal[2 * v])
        if not off:
            self._send(x, y, sw, sh)
