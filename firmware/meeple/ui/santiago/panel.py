"""The Santiago info panel: rows of tiles, seat tags with amounts, a number picker, menus and text,
flowed top to bottom into the panel box (below the board on tall panels, over the board's right
side on 240x135). `Panel` remembers the rows it drew and sends only what differs: a row that
did not move is compared with the one on the panel, text from its first changed character, a tile
or an option only when it changed, so a change sends a few characters, not the panel.

Rows are tuples built by the screen:
    (R_STATUS, text)              round, phase (short layout: the status bar lives here)
    (R_TILES, codes, selected)    revealed tiles, the selected one framed
    (R_SEATS, [(seat, text)])     seat tags with a word or amount, flowed left to right
    (R_PICK, text)                the number picker, large font
    (R_MENU, labels, cursor)      options: side by side when they fit, else one per line
    (R_INFO, text)                the preview line(s) for the choice under the cursor
    (R_TEXT, text)                wrapped text
    (R_HEAD, text)                one line of column heads over R_SEATS rows (spaces kept)
"""
from meeple.ui.santiago import board as B
from meeple.ui import theme
from meeple.ui.gfx import ARROW_LEFT, ARROW_RIGHT, LARGE, SMALL
from meeple.ui.screen import wrap

R_STATUS = 0
R_TILES = 1
R_SEATS = 2
R_PICK = 3
R_MENU = 4
R_INFO = 5
R_TEXT = 6
R_HEAD = 7

_LINE = 10


def _cols(w):
    return (w - 6) // SMALL.w


def _menu_inline(labels, w):
    n = 0
    for s in labels:
        n += len(s) + 3
    return n * SMALL.w <= w - 4


def _height(row, w):
    k = row[0]
    if k == R_TILES:
        return 27
    if k == R_PICK:
        return 20
    if k == R_HEAD:
        return _LINE
    if k == R_SEATS:
        per = 0
        x = 3
        rows = 1
        for _q, s in row[1]:
            iw = 10 + SMALL.w * len(s) + 6
            if x + iw > w and x > 3:
                rows += 1
                x = 3
            x += iw
            per += 1
        return rows * 11 + 1 if per else 0
    if k == R_MENU:
        return _LINE + 2 if _menu_inline(row[1], w) else _LINE * len(row[1]) + 2
    if k == R_STATUS:
        return _LINE * len(wrap(row[1], _cols(w))) + 1
    return _LINE * len(wrap(row[1], _cols(w)))


def draw(c, box, rows):
    """Paint rows into box = (x, y, w, h), all of it (screens shown once: the drought)."""
    Panel(box).draw(c, rows)


def text_diff(c, x, y, old, new, fg, bg, font=SMALL):
    """Turn the text `old` drawn at (x, y) into `new`: only the characters from the first one
    that differs (to the last one that differs when the lengths are equal) are sent."""
    n = len(new)
    m = len(old)
    k = 0
    lim = n if n < m else m
    while k < lim and old[k] == new[k]:
        k += 1
    e = n
    if n == m:
        while e > k and old[e - 1] == new[e - 1]:
            e -= 1
    if k < e:
        c.text(new[k:e], x + k * font.w, y, fg, bg, font)
    if m > n:
        c.fill_rect(x + n * font.w, y, (m - n) * font.w, font.h, bg)


class Panel:
    """The panel box and what was drawn in it (row, top, height) per row."""

    def __init__(self, box):
        self.box = box
        self.drawn = []

    def invalidate(self):
        self.drawn = []

    def draw(self, c, rows):
        x, y, w, h = self.box
        bg = theme.PANEL
        old = self.drawn
        if not old:
            c.fill_rect(x, y, w, 2, bg)
        top = y + 2
        new = []
        for i in range(len(rows)):
            row = rows[i]
            rh = _height(row, w)
            if top + rh > y + h:
                rh = y + h - top
                if rh <= 0:
                    break
            o = old[i] if i < len(old) else None
            if o is None and old and top >= old[-1][1] + old[-1][2]:
                _row(c, x, top, w, rh, row, True)   # below what was drawn: the panel is clean
            elif o is None or o[1] != top or o[2] != rh or (
                    o[0][0] != row[0] and not (o[0][0] in _TEXT and row[0] in _TEXT)):
                _row(c, x, top, w, rh, row)
            elif o[0] != row:
                _row_diff(c, x, top, w, rh, o[0], row)
            new.append((row, top, rh))
            top += rh
        end = old[-1][1] + old[-1][2] if old else y + h
        if top < end:
            c.fill_rect(x, top, w, end - top, bg)
        self.drawn = new


def _seat_spots(items, x, w):
    """(x, y offset) of each seat item of an R_SEATS row."""
    out = []
    xx = x + 3
    yy = 0
    for _q, s in items:
        iw = 10 + SMALL.w * len(s) + 6
        if xx + iw > x + w and xx > x + 3:
            xx = x + 3
            yy += 11
        out.append((xx, yy))
        xx += iw
    return out


def _menu_spots(labels, x, y, w):
    """(x, y) of each option of an R_MENU row."""
    out = []
    if _menu_inline(labels, w):
        xx = x + 2
        for s in labels:
            out.append((xx, y + 1))
            xx += (len(s) + 3) * SMALL.w
    else:
        for i in range(len(labels)):
            out.append((x + 2, y + 1 + _LINE * i))
    return out


def _option(c, xy, label, sel, cols, bg):
    s = ((ARROW_RIGHT if sel else " ") + label + " ")[:cols]
    c.text(s, xy[0], xy[1], theme.SEL_FG if sel else theme.FG, theme.SEL_BG if sel else bg, SMALL)


def _row_diff(c, x, y, w, h, old, row):
    """Repaint a row of the same kind at the same place: only what differs from `old`."""
    bg = theme.PANEL
    k = row[0]
    if k == R_TILES:
        a = old[1]
        b = row[1]
        for i in range(len(b)):
            if i >= len(a) or a[i] != b[i] or (i == old[2]) != (i == row[2]):
                B.tile_box(c, x + 3 + 20 * i, y + 1, b[i], i == row[2], bg)
        if len(a) > len(b):
            c.fill_rect(x + 3 + 20 * len(b), y + 1, 20 * (len(a) - len(b)), 24, bg)
        return
    if k == R_PICK:
        a = _pick_text(old[1], w)
        b = _pick_text(row[1], w)
        ax = x + (w - LARGE.width(a)) // 2
        bx = x + (w - LARGE.width(b)) // 2
        if ax == bx:
            text_diff(c, bx, y + 2, a, b, theme.ACCENT, bg, LARGE)
            return
        c.text(b, bx, y + 2, theme.ACCENT, bg, LARGE)
        bw = LARGE.width(b)
        aw = LARGE.width(a)
        if ax < bx:
            c.fill_rect(ax, y + 2, bx - ax, LARGE.h, bg)
        if ax + aw > bx + bw:
            c.fill_rect(bx + bw, y + 2, ax + aw - bx - bw, LARGE.h, bg)
        return
    if k == R_SEATS:
        a = _seat_spots(old[1], x, w)
        b = _seat_spots(row[1], x, w)
        same = len(a) == len(b)
        if same:
            for i in range(len(b)):
                if a[i] != b[i] or old[1][i][0] != row[1][i][0]:
                    same = False
                    break
        if not same:
            _row(c, x, y, w, h, row)
            return
        for i in range(len(b)):
            xx, yy = b[i]
            text_diff(c, xx + 10, y + yy + 1, old[1][i][1], row[1][i][1], theme.FG, bg)
        return
    if k == R_HEAD:
        _row(c, x, y, w, h, row)
        return
    if k == R_MENU:
        if old[1] != row[1]:
            _row(c, x, y, w, h, row)
            return
        spots = _menu_spots(row[1], x, y, w)
        cols = _cols(w)
        for i in (old[2], row[2]):
            _option(c, spots[i], row[1][i], i == row[2], cols, bg)
        return
    # text rows: line by line, from the first changed character (all of it in another colour)
    cols = _cols(w)
    a = wrap(old[1], cols)
    b = wrap(row[1], cols)
    n = len(a) if len(a) > len(b) else len(b)
    for i in range(n):
        if _LINE * i + 8 > h:
            break
        t = a[i] if i < len(a) else ""
        if old[0] != k:
            t = "\0" * len(t)
        text_diff(c, x + 3, y + _LINE * i, t, b[i] if i < len(b) else "", _fg(k), bg)


_TEXT = (R_STATUS, R_INFO, R_TEXT)


def _fg(k):
    return theme.ACCENT if k == R_INFO else (theme.BAR_FG if k == R_STATUS else theme.FG)


def _pick_text(v, w):
    s = ARROW_LEFT + " " + v + " " + ARROW_RIGHT
    if LARGE.width(s) > w - 4:
        s = v
    return s


def _row(c, x, y, w, h, row, clean=False):
    """Paint a row; clean: its box is plain panel already (text rows send their glyphs only)."""
    bg = theme.PANEL
    k = row[0]
    if not (clean and k in _TEXT):
        c.fill_rect(x, y, w, h, bg)
    if k == R_TILES:
        codes = row[1]
        for i in range(len(codes)):
            B.tile_box(c, x + 3 + 20 * i, y + 1, codes[i], i == row[2], bg)
    elif k == R_PICK:
        s = _pick_text(row[1], w)
        c.text(s, x + (w - LARGE.width(s)) // 2, y + 2, theme.ACCENT, bg, LARGE)
    elif k == R_SEATS:
        xx = x + 3
        yy = y
        for q, s in row[1]:
            iw = 10 + SMALL.w * len(s) + 6
            if xx + iw > x + w and xx > x + 3:
                xx = x + 3
                yy += 11
            B.seat_tag(c, xx, yy, q)
            c.text(s, xx + 10, yy + 1, theme.FG, bg, SMALL)
            xx += iw
    elif k == R_HEAD:   # lined up with the text of the seat rows below it
        c.text(row[1][:(w - 16) // SMALL.w], x + 13, y + 1, theme.DIM, bg, SMALL)
    elif k == R_MENU:
        labels = row[1]
        spots = _menu_spots(labels, x, y, w)
        cols = _cols(w)
        for i in range(len(labels)):
            _option(c, spots[i], labels[i], i == row[2], cols, bg)
    else:
        fg = _fg(k)
        lines = wrap(row[1], _cols(w))
        for i in range(len(lines)):
            if y + _LINE * i + 8 <= y + h and lines[i]:
                c.text(lines[i], x + 3, y + _LINE * i, fg, bg, SMALL)
