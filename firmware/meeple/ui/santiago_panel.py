"""The Santiago info panel: rows of tiles, seat tags with amounts, a number picker, menus and text,
flowed top to bottom into the panel box (below the board on tall panels, over the board's right
side on 240x135). A row can be redrawn alone (the picker when the amount changes, the preview
line when the cursor moves), so a change sends one row, not the panel.

Rows are tuples built by the screen:
    (R_STATUS, text)              round, phase (short layout: the status bar lives here)
    (R_TILES, codes, selected)    revealed tiles, the selected one framed
    (R_SEATS, [(seat, text)])     seat tags with a word or amount, flowed left to right
    (R_PICK, text)                the number picker, large font
    (R_MENU, labels, cursor)      options: side by side when they fit, else one per line
    (R_INFO, text)                the preview line(s) for the choice under the cursor
    (R_TEXT, text)                wrapped text
"""
from meeple.ui import santiago_board as B
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


def draw(c, box, rows, only=-1):
    """Paint rows into box = (x, y, w, h); with only >= 0 repaint just the rows of that kind."""
    x, y, w, h = box
    bg = theme.PANEL
    top = y + 2
    if only < 0:
        c.fill_rect(x, y, w, 2, bg)
    for row in rows:
        rh = _height(row, w)
        if top + rh > y + h:
            rh = y + h - top
            if rh <= 0:
                break
        if only < 0 or row[0] == only:
            _row(c, x, top, w, rh, row)
        top += rh
    if only < 0 and top < y + h:
        c.fill_rect(x, top, w, y + h - top, bg)


def _row(c, x, y, w, h, row):
    bg = theme.PANEL
    k = row[0]
    c.fill_rect(x, y, w, h, bg)
    if k == R_TILES:
        codes = row[1]
        for i in range(len(codes)):
            B.tile_box(c, x + 3 + 20 * i, y + 1, codes[i], i == row[2], bg)
    elif k == R_PICK:
        s = ARROW_LEFT + " " + row[1] + " " + ARROW_RIGHT
        tw = LARGE.width(s)
        if tw > w - 4:
            s = row[1]
            tw = LARGE.width(s)
        c.text(s, x + (w - tw) // 2, y + 2, theme.ACCENT, bg, LARGE)
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
    elif k == R_MENU:
        labels = row[1]
        if _menu_inline(labels, w):
            xx = x + 2
            for i in range(len(labels)):
                sel = i == row[2]
                s = (ARROW_RIGHT if sel else " ") + labels[i] + " "
                xx += c.text(s, xx, y + 1, theme.SEL_FG if sel else theme.FG,
                             theme.SEL_BG if sel else bg, SMALL) + SMALL.w
        else:
            cols = _cols(w)
            for i in range(len(labels)):
                sel = i == row[2]
                s = ((ARROW_RIGHT if sel else " ") + labels[i])[:cols]
                c.text(s, x + 2, y + 1 + _LINE * i, theme.SEL_FG if sel else theme.FG,
                       theme.SEL_BG if sel else bg, SMALL)
    else:
        fg = theme.ACCENT if k == R_INFO else (theme.BAR_FG if k == R_STATUS else theme.FG)
        lines = wrap(row[1], _cols(w))
        for i in range(len(lines)):
            if y + _LINE * i + 8 <= y + h and lines[i]:
                c.text(lines[i], x + 3, y + _LINE * i, fg, bg, SMALL)
