"""Text pixels in native code, for the device only (meeple.ui.gfx draws text through this when
it imports, else through framebuf.blit, which gives the same pixels).

On the Pico, framebuf's palette blit costs about 1.3 us a pixel and gathering the glyph
columns in Python as much again: 5 ms for ten large letters; this viper function writes the
RGB565 pixels straight from the font's MONO_VLSB columns in about half of that, SPI included.
It is frozen into the release firmware only (tools/release/firmware.py: mpy-cross compiles it to
Thumb code for the chip, which runs from flash and costs the heap nothing); `make flash` leaves
it out (tools.board.build FROZEN_ONLY: a native .mpy loads into the heap), and CPython and WebAssembly
cannot run it, so there gfx draws the same pixels through framebuf.
"""
import micropython  # ImportError on CPython: gfx falls back


@micropython.viper
def draw(dst, stride: int, dx: int, dy: int, s, skip: int, n: int, data, fw: int, pages: int,
         fg: int, bg: int):
    """Characters skip..skip+n-1 of str `s` into the RGB565 buffer `dst` (`stride` pixels a
    row) from pixel (dx, dy): each glyph cell fw x 8*pages, ink fg, background bg (both
    already in the panel's byte order). Characters outside the font show as '?' (as in gfx)."""
    d = ptr16(dst)  # type: ignore[name-defined]  # noqa: F821  viper built-ins
    f = ptr8(data)  # type: ignore[name-defined]  # noqa: F821
    b = ptr8(s)     # type: ignore[name-defined]  # noqa: F821  the str's UTF-8 bytes
    gb = fw * pages
    i = 0           # byte index in s
    for j in range(skip + n):
        c = int(b[i])
        i += 1
        if c >= 0xE0:            # 3- and 4-byte UTF-8: never in the font
            i += 2 if c < 0xF0 else 3
            c = 0
        elif c >= 0x80:          # 2-byte UTF-8 (the font's symbols 0x80-0x84)
            c = ((c & 0x1F) << 6) | (int(b[i]) & 0x3F)
            i += 1
        if j < skip:
            continue
        g = c - 32               # fontdata.FIRST
        if g < 0 or g >= 101:    # fontdata.COUNT
            g = 31               # '?'
        src = g * gb
        x0 = dx + (j - skip) * fw
        for p in range(pages):
            row = (dy + p * 8) * stride + x0
            for col in range(fw):
                bits = int(f[src + p * fw + col])
                o = row + col
                for r in range(8):
                    if bits & 1:
                        d[o] = fg
                    else:
                        d[o] = bg
                    bits >>= 1
                    o += stride
