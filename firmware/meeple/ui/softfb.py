"""The subset of MicroPython's `framebuf` that the UI uses, in plain Python, for CPython hosts.

The device uses the built-in C `framebuf`; the simulator and tests on CPython use this, so both
run the same drawing code (meeple.ui.gfx imports whichever exists). Same formats and byte layouts
as extmod/modframebuf.c for what is implemented: RGB565 (stored in CPU order, little-endian),
MONO_VLSB, MONO_HLSB, GS4_HMSB; fill, fill_rect, pixel, and blit with key and palette, where the
source or palette may also be a `(buffer, width, height, format)` tuple (MicroPython 1.26+).
Never imported on the device.
"""
MONO_VLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3


class FrameBuffer:
    def __init__(self, buf, width, height, fmt, stride=None):
        self.buf = buf
        self.width = width
        self.height = height
        self.format = fmt
        stride = width if stride is None else stride
        if fmt == MONO_HLSB:
            stride = (stride + 7) & ~7
        elif fmt == GS4_HMSB:
            stride = (stride + 1) & ~1
        self.stride = stride

    # -- pixels --------------------------------------------------------------------------------
    def _get(self, x, y):
        b = self.buf
        f = self.format
        if f == RGB565:
            i = (y * self.stride + x) * 2
            return b[i] | (b[i + 1] << 8)
        if f == MONO_VLSB:
            return (b[(y >> 3) * self.stride + x] >> (y & 7)) & 1
        if f == MONO_HLSB:
            return (b[(y * self.stride + x) >> 3] >> (7 - (x & 7))) & 1
        if f == GS4_HMSB:
            v = b[(y * self.stride + x) >> 1]
            return (v >> 4) if x % 2 == 0 else (v & 15)
        raise ValueError("softfb: format %d not implemented" % f)

    def _set(self, x, y, c):
        b = self.buf
        if self.format != RGB565:
            raise ValueError("softfb: drawing is implemented for RGB565 targets only")
        i = (y * self.stride + x) * 2
        b[i] = c & 0xFF
        b[i + 1] = (c >> 8) & 0xFF

    def pixel(self, x, y, c=None):
        if 0 <= x < self.width and 0 <= y < self.height:
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)
        return None

    def fill_rect(self, x, y, w, h, c):
        x0 = max(x, 0)
        y0 = max(y, 0)
        x1 = min(x + w, self.width)
        y1 = min(y + h, self.height)
        if x0 >= x1 or y0 >= y1:
            return
        pair = bytes((c & 0xFF, (c >> 8) & 0xFF)) * (x1 - x0)
        for yy in range(y0, y1):
            i = (yy * self.stride + x0) * 2
            self.buf[i:i + len(pair)] = pair

    def fill(self, c):
        self.fill_rect(0, 0, self.width, self.height, c)

    def blit(self, src, x, y, key=-1, palette=None):
        if isinstance(src, tuple):
            src = FrameBuffer(*src)
        if isinstance(palette, tuple):
            palette = FrameBuffer(*palette)
        for sy in range(max(0, -y), min(src.height, self.height - y)):
            for sx in range(max(0, -x), min(src.width, self.width - x)):
                c = src._get(sx, sy)
                if palette is not None:
                    c = palette._get(c, 0)
                if c == key:  # as in modframebuf.c: the key is compared after the palette
                    continue
                self._set(x + sx, y + sy, c)
