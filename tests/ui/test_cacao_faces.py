"""Every Cacao tile face the table can draw, measured glyph by glyph.

Each face (every seat, pattern, rotation, overbuilt or not, placed or being placed, and the
jungle tiles) is drawn by the table's own cell painter on a 24 x 24 panel while the canvas
records each glyph (text and bitmap calls) and each small mark (a filled rectangle clear of the
tile's 2-px edge band: the overbuilt square). A glyph's box is its ink: the pixels of its
rectangle that differ from the background it was drawn on, read back from the panel after the
whole face is painted. Two boxes of one face must keep a pixel of tile between them (they never
overlap or touch); the overlays drawn in the edge band (cursor, firing sides, last-move corners)
may touch the marks, never cover them.

The table's cells are 24 px on every board, so the physical height of a glyph depends on the
panel: a worker face's glyphs and a jungle tile's number must be at least MIN_MM tall on each
of the six boards. The font's
digits are 7 px, 0.68 mm on the 1.3" panel (issue 27); 9 px is the most a 24 px face holds with a
letter and four side digits apart, 0.88 mm there.
"""
import math

import pytest

from host_sim import boards
from host_sim.panel import Panel
from meeple.ui import gfx
from meeple.ui.cacao import model as m
from meeple.ui.cacao import table as T

# panel diagonals in inches (the boards' names and vendors' pages)
DIAGONAL_IN = {
    "pimoroni_display_pack": 1.14,
    "pimoroni_display_pack_2": 2.0,
    "pimoroni_picosystem": 1.54,
    "waveshare_lcd_1_14": 1.14,
    "waveshare_lcd_1_3": 1.3,
    "waveshare_lcd_2": 2.0,
}
MIN_MM = 0.85
EDGE = 2            # the band along the tile's border that overlays live in


def mm_per_px(board):
    b = boards.load(board)
    return DIAGONAL_IN[board] * 25.4 / math.hypot(b.WIDTH, b.HEIGHT)


class Recording(gfx.Canvas):
    """A canvas that keeps, for each glyph and mark, its rectangle and the colours it was drawn in."""

    def __init__(self, panel):
        gfx.Canvas.__init__(self, panel, T.CS, T.CS)
        self.glyphs = []     # (x, y, w, h, bg, fg): fg None for a bitmap
        self.marks = []      # (x, y, w, h)
        self.overlays = []   # (x, y, w, h)

    @staticmethod
    def _frame(x, y, w, h):
        """A side of the tile's 1-px outline."""
        return (w == 1 and (x == 0 or x == T.CS - 1)) or (h == 1 and (y == 0 or y == T.CS - 1))

    def text(self, s, x, y, fg, bg, font=gfx.SMALL):
        for i in range(len(s)):
            self.glyphs.append((x + i * font.w, y, font.w, font.h, bg, fg))
        return gfx.Canvas.text(self, s, x, y, fg, bg, font)

    def bitmap(self, data, w, h, x, y, colors, scale=1):
        self.glyphs.append((x, y, w * scale, h * scale, colors[0], None))
        gfx.Canvas.bitmap(self, data, w, h, x, y, colors, scale)

    def fill_rect(self, x, y, w, h, color):
        inside = (x >= EDGE and y >= EDGE and x + w <= T.CS - EDGE and y + h <= T.CS - EDGE)
        if inside and w < T.CS - 2 * EDGE and h < T.CS - 2 * EDGE:
            self.marks.append((x, y, w, h))
        elif not (w >= T.CS - 2 and h >= T.CS - 2) and not self._frame(x, y, w, h):
            self.overlays.append((x, y, w, h))   # not the tile's background or its frame
        gfx.Canvas.fill_rect(self, x, y, w, h, color)


def pixel(panel, x, y):
    o = (y * panel.width + x) * 2
    return panel.pixels[o] << 8 | panel.pixels[o + 1]


def ink_box(panel, x, y, w, h, bg, fg):
    """The box of the pixels in the rectangle that are not bg (text: that are fg)."""
    xs = []
    ys = []
    for yy in range(y, y + h):
        for xx in range(x, x + w):
            p = pixel(panel, xx, yy)
            if p == fg if fg is not None else p != bg:
                xs.append(xx)
                ys.append(yy)
    if not xs:
        return None
    return (min(xs), min(ys), max(xs) + 1, max(ys) + 1)    # x0, y0, x1, y1 (exclusive)


def apart(a, b):
    """A pixel of space between the boxes (neither overlap nor touch)."""
    return a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1]


def overlap(a, b):
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def face(s):
    """Paint the cell with signature s; return (glyph boxes, mark boxes, overlay boxes)."""
    panel = Panel(T.CS, T.CS)
    c = Recording(panel)
    c.on_fill = panel.on_fill
    c.on_text = panel.on_text
    tbl = T.Table(0, 0, T.CS, T.CS)
    tbl._cell(c, 0, 0, s)
    assert c.clipped == 0
    glyphs = [b for b in (ink_box(panel, *g) for g in c.glyphs) if b]
    marks = []
    for x, y, w, h in c.marks:             # a mark drawn inside another is part of it
        r = (x, y, x + w, y + h)
        if not any(o[0] <= r[0] and o[1] <= r[1] and r[2] <= o[2] and r[3] <= o[3] for o in marks):
            marks.append(r)
    overlays = [(x, y, x + w, y + h) for x, y, w, h in c.overlays]
    return glyphs, marks, overlays


def worker_faces():
    """(name, signature, is a worker face) for every face the table draws."""
    out = []
    for seat in range(4):
        for pat in range(4):
            for rot in range(4):
                for over in (0, 1):
                    top = seat << 6 | pat << 4 | rot << 2 | over
                    out.append(("seat%d pat%d rot%d%s" % (seat, pat, rot, " over" if over else ""), 256 | top))
                out.append(("ghost seat%d pat%d rot%d" % (seat, pat, rot), 512 | seat << 4 | pat << 2 | rot))
    return out


def jungle_faces():
    out = [("jungle %s" % m.cacao.JUNGLE_NAMES[t], t) for t in range(1, 11)]
    out += [("fill %s" % m.cacao.JUNGLE_NAMES[t], 32 | t) for t in range(1, 11)]
    return out


# none; firing sides, last move and the cursor (where the tile may go, where it may not)
OVERLAYS = (0, 15 << 10 | 1 << 16 | 1 << 14, 15 << 10 | 1 << 15)
JUNGLE_OVERLAYS = (0, 1 << 16)    # a jungle tile shows only the last-move corners


def check_apart(name, glyphs, marks, overlays):
    boxes = glyphs + marks
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            assert apart(boxes[i], boxes[j]), "%s: marks %r and %r touch" % (name, boxes[i], boxes[j])
    for o in overlays:
        for b in boxes:
            assert not overlap(o, b), "%s: overlay %r covers mark %r" % (name, o, b)


def test_the_faces_marks_keep_apart():
    n = 0
    for name, s in worker_faces() + jungle_faces():
        glyphs, marks, _ = face(s)
        for extra in (OVERLAYS if s & 768 else JUNGLE_OVERLAYS):   # ink read without overlays on it
            check_apart(name, glyphs, marks, face(s | extra)[2])
            n += 1
    assert n == 4 * 4 * 4 * 3 * 3 + 20 * 2


def test_a_worker_face_shows_its_letter_and_one_digit_per_manned_side():
    for name, s in worker_faces():
        glyphs, marks, _ = face(s)
        if s & 512:
            g = s & 63
            pat, rot = (g >> 2) & 3, g & 3
        else:
            top = s & 255
            pat, rot = (top >> 4) & 3, (top >> 2) & 3
        manned = sum(1 for d in range(4) if m.workers(pat, rot, d))
        assert len(glyphs) == 1 + manned, name
        assert len(marks) == (1 if s & 256 and s & 1 else 0), name


# Two digits side by side on one line read as one number ("1 3" as 13) unless the gap between
# their ink is at least a digit wide (5 px; digits of a number are 1-2 px apart): at the
# corner where two sides meet (the left digit sits below the letter, beside the bottom one).
SAME_LINE = T.GLYPH_H // 2       # rows shared by two glyphs that are on one line
NUMBER_GAP = T.GLYPH_W - 1       # the ink of a digit is 5 px wide


def test_digits_at_a_corner_do_not_read_as_one_number():
    checked = 0
    for name, s in worker_faces():
        glyphs, _, _ = face(s)
        digits = glyphs[1:]          # the seat letter is drawn first
        for i in range(len(digits)):
            for j in range(i + 1, len(digits)):
                a, b = sorted((digits[i], digits[j]))
                rows = min(a[3], b[3]) - max(a[1], b[1])
                if rows > SAME_LINE:
                    gap = b[0] - a[2]
                    assert gap >= NUMBER_GAP, "%s: digits %r and %r on one line, %d px apart" % (
                        name, a, b, gap)
                    checked += 1
    assert checked >= 4 * 4 * 2       # every seat's faces with a left and a bottom digit


def test_the_corner_check_catches_digits_that_read_as_one():
    left, bottom = (2, 12, 7, 21), (11, 13, 14, 22)   # a left 3 and a bottom 1 before this check
    rows = min(left[3], bottom[3]) - max(left[1], bottom[1])
    assert rows > SAME_LINE and bottom[0] - left[2] < NUMBER_GAP


@pytest.mark.parametrize("board", boards.BOARDS)
def test_worker_face_glyphs_are_readable_at_the_panels_size(board):
    min_px = math.ceil(MIN_MM / mm_per_px(board))
    for name, s in worker_faces():
        glyphs, _, _ = face(s)
        for g in glyphs:
            h = g[3] - g[1]
            assert h >= min_px, "%s on %s: a glyph %d px = %.2f mm tall, under %.2f mm" % (
                name, board, h, h * mm_per_px(board), MIN_MM)


@pytest.mark.parametrize("board", boards.BOARDS)
def test_jungle_tile_numbers_are_as_readable_as_the_worker_digits(board):
    """A plantation's, market's or gold mine's number (beside its icon on the 24 px tile, on the
    table, in the display and on the Symbols page) is as tall as the worker tiles' digits."""
    min_px = math.ceil(MIN_MM / mm_per_px(board))
    n = 0
    for name, s in jungle_faces():
        glyphs, _, _ = face(s)
        if m.cacao.JUNGLE_NAMES[s & 31] in ("W", "S", "T"):   # a picture alone
            assert len(glyphs) == 1, name
            continue
        assert len(glyphs) == 2, name        # the icon, then its number
        h = glyphs[1][3] - glyphs[1][1]
        assert h >= min_px, "%s on %s: its number %d px = %.2f mm tall, under %.2f mm" % (
            name, board, h, h * mm_per_px(board), MIN_MM)
        n += 1
    assert n == 14


def test_every_board_has_a_diagonal():
    assert sorted(DIAGONAL_IN) == sorted(boards.BOARDS)
