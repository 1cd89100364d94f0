"""Widgets the screens are built from: a menu list, a number picker, a dialog, scrolling text
and a toast. Each redraws only what an event changed.
"""
from meeple.ui import input as ev
from meeple.ui import theme
from meeple.ui.gfx import ARROW_DOWN, ARROW_LEFT, ARROW_RIGHT, ARROW_UP, LARGE, SMALL
from meeple.ui.screen import DialogScreen, Toast  # noqa: F401 (a game needs them: in screen)
from meeple.ui.screen import Screen, body, cell, footer_h, line_h, text_font, wrap

# Rows that lose something (a game left, a move taken back): a cursor never wraps onto them
# from the other end of a list, so one press too many cannot land there (UX: menus forgive).
DESTRUCTIVE = ("Leave game", "Save and quit", "Take back my move")


class MenuList:
    """A vertical list of rows "label ... value" with a cursor; scrolls when longer than its
    box. The selected row is highlighted and marked with an arrow (not by colour alone)."""

    def __init__(self, labels, values=None, cursor=0, font=LARGE):
        self.labels = labels
        self.values = values      # None or a list of strings shown right-aligned
        self.cursor = cursor
        self.font = font
        self.top = 0
        self.box = (0, 0, 0, 0)
        self._drawn_cursor = -1
        self._drawn_top = -1
        self._dirty_rows = []     # rows whose text changed (a value was cycled)

    def place(self, x, y, w, h):
        self.box = (x, y, w, h)

    def rows_visible(self):
        return max(1, self.box[3] // (self.font.h + 3))

    def _scroll(self):
        n = self.rows_visible()
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + n:
            self.top = self.cursor - n + 1

    def move(self, step):
        n = len(self.labels)
        if n:
            to = self.cursor + step
            if (to < 0 or to >= n) and self.labels[to % n] in DESTRUCTIVE:
                to = 0 if to < 0 else n - 1    # stop at the end rather than wrap onto it
            self.cursor = to % n
            self._scroll()

    def handle(self, e):
        """Cursor events; True when consumed."""
        if e == ev.UP or e == ev.PREV:
            self.move(-1)
        elif e == ev.DOWN or e == ev.NEXT:
            self.move(1)
        elif e == ev.LEFT:  # page up / down: long lists on small panels
            self.move(-min(self.cursor, self.rows_visible()) if self.cursor else -1)
        elif e == ev.RIGHT:
            left = len(self.labels) - 1 - self.cursor
            self.move(min(left, self.rows_visible()) if left else 1)
        else:
            return False
        return True

    def set_value(self, i, text):
        if self.values is not None and self.values[i] != text:
            self.values[i] = text
            self._dirty_rows.append(i)

    def _row(self, c, i, full):
        """Row i: "arrow label" on the left, the value on the right. The highlight covers the
        text cells only, so a cursor move resends two labels, not two full-width rows; the
        gaps around them (always background) are painted only when `full`."""
        x, y, w, h = self.box
        f = self.font
        rh = f.h + 3
        ry = y + (i - self.top) * rh
        ty = ry + 2
        sel = i == self.cursor
        val = self.values[i] if self.values is not None else ""
        label = (ARROW_RIGHT if sel else " ") + self.labels[i] + " "
        vf = f
        if (len(label) + len(val)) * f.w > w - 12 and f is not SMALL:
            vf = SMALL      # a long row keeps its label whole: the value goes small
        room = (w - 12 - vf.width(val)) // f.w
        if len(label) > room:
            label = label[:room - 1] + " "   # a gap always parts label and value
        lw = c.text(label, x + 2, ty, theme.SEL_FG if sel else theme.FG,
                    theme.SEL_BG if sel else theme.BG, f)
        vw = vf.width(val)
        vx = x + w - 10 - vw
        vy = ty + (f.h - vf.h) // 2
        if val:
            c.text(val, vx, vy, theme.SEL_FG if sel else theme.ACCENT,
                   theme.SEL_BG if sel else theme.BG, vf)
        if full:
            gx = x + w - 8
            c.fill_rect(x, ry, w - 8, 2, theme.BG)
            c.fill_rect(x, ty + f.h, w - 8, rh - 2 - f.h, theme.BG)
            c.fill_rect(x, ty, 2, f.h, theme.BG)
            c.fill_rect(x + 2 + lw, ty, vx - x - 2 - lw, f.h, theme.BG)
            c.fill_rect(vx + vw, ty, gx - vx - vw, f.h, theme.BG)
            if val and vf.h < f.h:       # above and below a small value
                c.fill_rect(vx, ty, vw, vy - ty, theme.BG)
                c.fill_rect(vx, vy + vf.h, vw, ty + f.h - vy - vf.h, theme.BG)
            # scroll marks in the 8 px gutter: more rows above / below
            mark = " "
            if i == self.top and self.top > 0:
                mark = ARROW_UP
            elif i == self.top + self.rows_visible() - 1 and i < len(self.labels) - 1:
                mark = ARROW_DOWN
            c.fill_rect(gx, ry, 8, rh, theme.BG)
            if mark != " ":   # (a cell of 8 px has room for no character: drawn directly)
                c.text(mark, gx + 1, ry + (rh - SMALL.h) // 2, theme.DIM, theme.BG, SMALL)

    def draw(self, c):
        x, y, w, h = self.box
        n = self.rows_visible()
        shown = min(n, len(self.labels) - self.top)
        for i in range(self.top, self.top + shown):
            self._row(c, i, True)
        used = shown * (self.font.h + 3)
        c.fill_rect(x, y + used, w, h - used, theme.BG)
        self._drawn_cursor = self.cursor
        self._drawn_top = self.top
        self._dirty_rows = []

    def update(self, c):
        if self._drawn_top != self.top:
            self.draw(c)
            return
        changed = self._dirty_rows   # a value changed width: gaps too
        moved = ()
        if self._drawn_cursor != self.cursor:
            moved = (self._drawn_cursor, self.cursor)
        for i in changed + [j for j in moved if j not in changed]:
            if self.top <= i < self.top + self.rows_visible() and i < len(self.labels):
                self._row(c, i, i in changed)
        self._drawn_cursor = self.cursor
        self._dirty_rows = []


class MenuScreen(Screen):
    """A titled MenuList; choose(i) is called on A, back() on B (default: pop)."""

    def __init__(self, title, labels, values=None, cursor=0, footer="A select  B back"):
        Screen.__init__(self)
        self.title = title
        self.footer = footer
        self.menu = MenuList(labels, values, cursor)

    def draw_body(self, c):
        x, y, w, h = body(c)
        self.menu.place(x, y + 2, w, h - 2)
        c.fill_rect(x, y, w, 2, theme.BG)
        self.menu.draw(c)

    def event(self, e):
        if self.menu.handle(e):
            return
        if e == ev.OK and self.menu.labels:
            self.choose(self.menu.cursor)
        elif e == ev.BACK:
            self.back()

    def update(self, c):
        self.menu.update(c)

    def toast_area(self):
        """A note (Settings' "Saved", Records' "Deleted") never lies over a row: under the last
        one, over the footer if need be, or over the title bar when the rows fill the body."""
        app = self.app
        m = self.menu
        t = app.toast
        f = text_font()
        cw = app.canvas.width
        ch = app.canvas.height
        need = len(wrap(t.text if t else "", (cw - 12) // f.w)) * (f.h + 2) + 8   # Toast.draw
        end = m.box[1] + min(m.rows_visible(), len(m.labels) - m.top) * (m.font.h + 3)
        if ch - end >= need:
            return (0, cw, ch)
        return (0, cw, need)

    def choose(self, i):
        pass

    def back(self):
        if self.app:
            self.app.pop()


class PickerScreen(Screen):
    """Choose one of `choices` (legal values only) with left/right (or up/down, next/prev);
    `labels` shows them; on_done(value) on A, B cancels."""

    footer = "A ok  B back  <> change"

    def __init__(self, title, prompt, choices, labels, index, on_done):
        Screen.__init__(self)
        self.title = title
        self.prompt = prompt
        self.choices = choices
        self.labels = labels
        self.index = index
        self.on_done = on_done
        self._drawn = -1

    def draw_body(self, c):
        x, y, w, h = body(c)
        c.fill_rect(x, y, w, 6, theme.BG)
        lh = line_h() + 2
        cell(c, x, y + 6, w, lh, self.prompt, theme.FG, theme.BG, text_font(), 1)
        c.fill_rect(x, y + 6 + lh, w, h - 6 - lh, theme.BG)
        self._drawn = -1
        self.update(c)

    def _value_box(self, c):
        x, y, w, h = body(c)
        t = 6 + line_h() + 2
        return x + 8, y + t + (h - t - 24) // 2, w - 16, 24

    def update(self, c):
        if self._drawn == self.index:
            return
        x, y, w, h = self._value_box(c)
        left = ARROW_LEFT if self.index > 0 else " "
        right = ARROW_RIGHT if self.index < len(self.choices) - 1 else " "
        cell(c, x, y, w, h, left + " " + self.labels[self.index] + " " + right,
             theme.ACCENT, theme.PANEL, LARGE, 1)
        self._drawn = self.index

    def event(self, e):
        if e in (ev.LEFT, ev.DOWN, ev.PREV):
            if self.index > 0:
                self.index -= 1
        elif e in (ev.RIGHT, ev.UP, ev.NEXT):
            if self.index < len(self.choices) - 1:
                self.index += 1
        elif e == ev.OK:
            self.on_done(self.choices[self.index])
        elif e == ev.BACK and self.app:
            self.app.pop()


class TextScreen(Screen):
    """Scrolling text (help pages): up/down a line, left/right (next/prev) a page."""

    footer = "B back  up/down scroll"

    def __init__(self, title, text):
        Screen.__init__(self)
        self.title = title
        self.text = text
        self.lines = []
        self.top = 0
        self._drawn_top = -1
        self.rows = 1

    def draw_body(self, c):
        x, y, w, h = body(c)
        self.lines = wrap(self.text, (w - 12) // text_font().w)
        self.rows = max(1, (h - 4) // line_h())
        c.fill_rect(x, y, w, 2, theme.BG)
        self._drawn_top = -1
        self.update(c)

    def update(self, c):
        if self._drawn_top == self.top:
            return
        x, y, w, h = body(c)
        f = text_font()
        lh = line_h()
        for r in range(self.rows):
            i = self.top + r
            cell(c, x, y + 2 + r * lh, w - 8, lh, self.lines[i] if i < len(self.lines) else "",
                 theme.FG, theme.BG, f)
        c.fill_rect(x, y + 2 + self.rows * lh, w - 8, h - 2 - self.rows * lh, theme.BG)
        # scroll bar in the right gutter: where the visible part is in the whole text
        n = max(len(self.lines), 1)
        c.fill_rect(x + w - 8, y + 2, 8, h - 2, theme.BG)
        if n > self.rows:
            bh = max(4, (h - 2) * self.rows // n)
            by = y + 2 + (h - 2 - bh) * self.top // (n - self.rows)
            c.fill_rect(x + w - 5, by, 3, bh, theme.DIM)
        self._drawn_top = self.top

    def event(self, e):
        last = max(0, len(self.lines) - self.rows)
        if e == ev.UP:
            self.top = max(0, self.top - 1)
        elif e == ev.DOWN:
            self.top = min(last, self.top + 1)
        elif e in (ev.LEFT, ev.PREV):
            self.top = max(0, self.top - self.rows)
        elif e in (ev.RIGHT, ev.NEXT, ev.OK):
            self.top = min(last, self.top + self.rows)
        elif e == ev.BACK and self.app:
            self.app.pop()
