"""Sprites for every Cacao and Santiago tile and token, composed from 12x12 icons.

The icons are 4-bit data in meeple.ui.spritedata (constants: in flash when frozen) indexing one
16-colour PALETTE; tiles are drawn as a coloured square, an icon and a label, so a tile's kind
is told by its picture and text, not by colour. Seat pieces carry the seat's letter.

    sprites.jungle_tile(c, x, y, 24, "M3")
    sprites.worker_tile(c, x, y, 24, seat=1, letter="P", workers=(2, 1, 0, 1))
    sprites.token(c, "cacao", x, y, bg)
    sprites.plot(c, x, y, 24, "chili", symbols=2)
    sprites.marker(c, x, y, seat=0, letter="W", bg=bg)
"""
from meeple.ui import spritedata, theme
from meeple.ui.gfx import SMALL, rgb

# palette index -> colour; order matches host_sim/assets.py ICON_CHARS ".kwbdyoucgGrsetp"
PALETTE = (0, rgb(20, 16, 12), rgb(245, 245, 240), rgb(150, 90, 40), rgb(90, 50, 20),
           rgb(250, 200, 40), rgb(190, 130, 20), rgb(40, 110, 220), rgb(150, 210, 250),
           rgb(80, 180, 60), rgb(30, 110, 40), rgb(220, 40, 30), rgb(250, 150, 30),
           rgb(150, 150, 150), rgb(225, 195, 130), rgb(130, 70, 160))
_WHITE_INDEX = 2

_data = memoryview(spritedata.DATA)
_pal = [0] * 16  # the palette handed to Canvas.bitmap, bg and seat colour filled in per call
for _i in range(16):
    _pal[_i] = PALETTE[_i]


def icon(c, name, x, y, bg, scale=1, seat_color=0):
    """Draw icon `name` (spritedata.NAMES) at scale 1-3; clear pixels take bg; with
    seat_color the icon's white parts take that colour (markers)."""
    i = spritedata.NAMES.index(name)
    _pal[0] = bg
    _pal[_WHITE_INDEX] = seat_color or PALETTE[_WHITE_INDEX]
    o = i * spritedata.ICON_BYTES
    c.bitmap(_data[o:o + spritedata.ICON_BYTES], spritedata.ICON_W, spritedata.ICON_H, x, y,
             _pal, scale)


def _boxed(c, x, y, size, bg, edge, name, label, fg):
    """A square tile: border, background, centred icon (bigger on big tiles), label under it."""
    c.frame(x, y, size, size, edge)
    c.fill_rect(x + 1, y + 1, size - 2, size - 2, bg)
    scale = 2 if size >= 36 else 1
    isz = 12 * scale
    lh = 9 if label else 0
    iy = y + (size - isz - lh) // 2
    icon(c, name, x + (size - isz) // 2, iy, bg, scale)
    if label:
        w = SMALL.width(label)
        c.text(label, x + (size - w) // 2, iy + isz + 1, fg, bg, SMALL)


# ---- Cacao ---------------------------------------------------------------------------------
# jungle type -> (icon, label, background); labels carry the number printed on the tile
JUNGLE = {
    "P1": ("cacao", "1", rgb(60, 120, 50)), "P2": ("cacao", "2", rgb(60, 120, 50)),
    "M2": ("market", "2", rgb(200, 170, 110)), "M3": ("market", "3", rgb(200, 170, 110)),
    "M4": ("market", "4", rgb(200, 170, 110)),
    "G1": ("gold", "1", rgb(110, 90, 70)), "G2": ("gold", "2", rgb(110, 90, 70)),
    "W": ("water", "", rgb(170, 210, 230)), "S": ("sun", "", rgb(250, 230, 170)),
    "T": ("temple", "", rgb(120, 160, 110)),
}


def jungle_tile(c, x, y, size, kind):
    """A Cacao jungle tile: P1 P2 (plantation), M2-M4 (market), G1 G2 (gold mine), W (water),
    S (sun-worshipping site), T (temple). size >= 24."""
    name, label, bg = JUNGLE[kind]
    # (Cacao's 24 px tiles with a number: meeple.ui.cacao.table.jungle_tile, its 9-px digits)
    _boxed(c, x, y, size, bg, theme.BLACK, name, label, theme.BLACK)


def worker_tile(c, x, y, size, seat, letter, workers):
    """A Cacao worker tile in the seat's colour with its letter in the middle and, on each side
    (N, E, S, W), one pip per worker standing there."""
    col = theme.SEAT_COLORS[seat]
    ink = theme.SEAT_INK[seat]
    c.frame(x, y, size, size, theme.BLACK)
    c.fill_rect(x + 1, y + 1, size - 2, size - 2, col)
    c.text(letter, x + (size - SMALL.w) // 2 + 1, y + (size - SMALL.h) // 2, ink, col, SMALL)
    pip = 3 if size < 36 else 4
    for d in range(4):
        n = workers[d]
        span = n * pip + (n - 1) * 2
        for k in range(n):
            off = (size - span) // 2 + k * (pip + 2)
            if d == 0:
                c.fill_rect(x + off, y + 2, pip, pip, ink)
            elif d == 1:
                c.fill_rect(x + size - 2 - pip, y + off, pip, pip, ink)
            elif d == 2:
                c.fill_rect(x + off, y + size - 2 - pip, pip, pip, ink)
            else:
                c.fill_rect(x + 2, y + off, pip, pip, ink)


TOKENS = {"cacao": "cacao", "sun": "sun", "water": "water", "gold": "coin"}


def token(c, kind, x, y, bg, scale=1):
    """A Cacao token: cacao fruit, sun, water, gold (12 px, or 24 at scale 2)."""
    icon(c, TOKENS[kind], x, y, bg, scale)


# ---- Santiago ------------------------------------------------------------------------------
CROPS = ("potato", "bean", "chili", "banana", "sugar")
_CROP_BG = rgb(120, 170, 80)
_DESERT_BG = rgb(225, 195, 130)
CANAL = rgb(40, 110, 220)


def plot(c, x, y, size, crop, symbols=1, desert=False):
    """A Santiago plantation plot: crop picture with its symbol count (1 or 2), or desert."""
    if desert:
        _boxed(c, x, y, size, _DESERT_BG, theme.BLACK, "desert", "", theme.BLACK)
    else:
        _boxed(c, x, y, size, _CROP_BG, theme.BLACK, crop, "x%d" % symbols, theme.BLACK)


def marker(c, x, y, seat, letter, bg, scale=1):
    """A Santiago worker marker: the meeple in the seat colour, the seat letter beside it."""
    icon(c, "meeple", x, y, bg, scale, theme.SEAT_COLORS[seat])
    c.text(letter, x + 12 * scale + 1, y + 12 * scale - SMALL.h, theme.FG, bg, SMALL)


def spring(c, x, y, bg, scale=1):
    icon(c, "spring", x, y, bg, scale)


def canal(c, x, y, length, vertical, width=3):
    """An irrigation canal segment along a plot edge."""
    if vertical:
        c.fill_rect(x, y, width, length, CANAL)
    else:
        c.fill_rect(x, y, length, width, CANAL)
