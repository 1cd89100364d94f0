"""The widgets an open game needs besides its own screens: a dialog and a toast (the menus'
widgets are in meeple.ui.widgets, which is not held while a game is open: DESIGN.md section 4).
"""
from meeple.ui import input as ev
from meeple.ui import theme
from meeple.ui.gfx import SMALL
from meeple.ui.screen import Screen, body, cell, footer_h, line_h, text_font, wrap


class DialogScreen(Screen):
    """A message; A runs on_ok (default: close), B runs on_back (default: close)."""

    def __init__(self, title, message, on_ok=None, on_back=None, footer="A ok  B back"):
        Screen.__init__(self)
        self.title = title
        self.message = message
        self.on_ok = on_ok
        self.on_back = on_back
        self.footer = footer

    def draw_body(self, c):
        x, y, w, h = body(c)
        c.fill_rect(x, y, w, h, theme.BG)
        c.fill_rect(x + 4, y + 4, w - 8, h - 8, theme.PANEL)
        f = text_font()
        lh = line_h()
        lines = wrap(self.message, (w - 16) // f.w)
        rows = (h - 12) // lh
        if len(lines) > rows and f is not SMALL:   # too long for large text: all of it, small
            f = SMALL
            lh = 10
            lines = wrap(self.message, (w - 16) // f.w)
            rows = (h - 12) // lh
        for i in range(min(rows, len(lines))):
            if lines[i]:
                c.text(lines[i], x + 8, y + 8 + i * lh, theme.FG, theme.PANEL, f)

    def event(self, e):
        if e == ev.OK:
            (self.on_ok or self._close)()
        elif e == ev.BACK:
            (self.on_back or self._close)()

    def _close(self):
        if self.app:
            self.app.pop()


class Toast:
    """A one-line note over the bottom of the body for `ms`; the app repaints the screen when
    it goes."""

    def __init__(self, text, until):
        self.text = text
        self.until = until
        self.shown = False

    def draw(self, c):
        self.shown = True
        f = text_font()
        cols = (c.width - 12) // f.w
        s = self.text[:cols]
        w = len(s) * f.w + 12
        h = f.h + 8
        x = (c.width - w) // 2
        y = c.height - footer_h() - h - 2
        c.frame(x, y, w, h, theme.EDGE)
        cell(c, x + 1, y + 1, w - 2, h - 2, s, theme.FG, theme.PANEL, f, 1)
