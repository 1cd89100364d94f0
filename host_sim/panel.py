"""The simulated LCD: keeps the panel's pixels, counts SPI bytes, remembers the text shown.

It receives exactly what the ST7789 would (window + RGB565 bytes, high byte first), so what the
simulator shows and counts is what the device would show and send.
"""
from meeple.ui.gfx import CountingDisplay


class OffPanel(AssertionError):
    """A window outside the panel: on the device this would wrap around the controller's RAM."""


class Panel(CountingDisplay):
    def __init__(self, width, height):
        CountingDisplay.__init__(self, width, height)
        self.pixels = bytearray(width * height * 2)   # RGB565, high byte first
        self.texts = []          # [x, y, w, h, text] currently visible, in drawing order
        self._win = (0, 0, 0, 0)
        self._pos = 0
        self.frame_count = 0     # increases on every write: the window repaints when it moves

    def window(self, x, y, w, h):
        if x < 0 or y < 0 or w <= 0 or h <= 0 or x + w > self.width or y + h > self.height:
            raise OffPanel("window %r outside the %dx%d panel" % ((x, y, w, h), self.width, self.height))
        CountingDisplay.window(self, x, y, w, h)
        self._win = (x, y, w, h)
        self._pos = 0

    def write(self, buf):
        CountingDisplay.write(self, buf)
        x, y, w, h = self._win
        data = bytes(buf)
        i = 0
        n = len(data)
        while i < n:
            p = self._pos // 2
            row, col = divmod(p, w)
            if row >= h:
                raise OffPanel("more pixels written than the window %r holds" % (self._win,))
            run = min((w - col) * 2, n - i)
            o = ((y + row) * self.width + x + col) * 2
            self.pixels[o:o + run] = data[i:i + run]
            i += run
            self._pos += run
        self.frame_count += 1

    # ---- hooks for the canvas: what text is on screen ------------------------------------------
    def on_fill(self, x, y, w, h):
        """An area was overwritten: text under it is gone."""
        self.texts = [t for t in self.texts
                      if t[0] >= x + w or t[0] + t[2] <= x or t[1] >= y + h or t[1] + t[3] <= y]

    def on_text(self, x, y, w, h, s):
        self.texts.append([x, y, w, h, s])

    def screen_text(self):
        """The visible text, top to bottom, left to right, one string per drawn run (stripped;
        the menu cursor arrow is kept as "\x7f")."""
        out = []
        for t in sorted(self.texts, key=lambda t: (t[1], t[0])):
            s = t[4].strip()
            if s:
                out.append(s)
        return out

    # ---- pixels ---------------------------------------------------------------------------------
    def rgb_rows(self):
        """Rows of (r, g, b) bytes: 8-bit colour from RGB565."""
        out = []
        px = self.pixels
        for yy in range(self.height):
            row = bytearray(self.width * 3)
            for xx in range(self.width):
                o = (yy * self.width + xx) * 2
                v = px[o] << 8 | px[o + 1]
                r, g, b = (v >> 11) & 31, (v >> 5) & 63, v & 31
                row[xx * 3] = (r << 3) | (r >> 2)
                row[xx * 3 + 1] = (g << 2) | (g >> 4)
                row[xx * 3 + 2] = (b << 3) | (b >> 2)
            out.append(bytes(row))
        return out
