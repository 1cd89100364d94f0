"""The screen protocol and the frame every screen shares (title bar, body, footer).

The app keeps a stack of screens and calls, on the top one:

    draw(c)       paint everything (after a push, a pop, or a toast went away)
    event(ev)     one input event (meeple.ui.input); the screen updates its state and marks
                  what changed; it returns nothing
    update(c)     paint only what changed since the last draw/update (a cursor move = two rows)
    tick(now)     time passes (ms); for animations, AI pauses, toasts

Layout: a title bar in the large font, a one-line footer naming what A and B do (UX.md), and
the body between them. `body(c)` gives the body rectangle for the canvas size.
"""
try:
    from typing import TYPE_CHECKING
except ImportError:  # MicroPython
    TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

from meeple.ui import input as ev
from meeple.ui import theme
from meeple.ui.gfx import ARROW_DOWN, ARROW_LEFT, ARROW_RIGHT, ARROW_UP, LARGE, SMALL

HEADER_H = 20   # LARGE (16 px) + 2 px above and below
FOOTER_H = 11   # SMALL (8 px) + 3: the footer in normal text (game screens draw their own)

# The reading font of the console's footers, menus, text pages and dialogs: SMALL, or LARGE
# when Settings > Text is "large" (set_large). One slot, read at draw time by every screen.
_TEXT = [SMALL]


def set_large(on):
    _TEXT[0] = LARGE if on else SMALL


def text_font():
    return _TEXT[0]


def line_h():
    """Height of one line of reading text (the font plus 2 px of leading)."""
    return _TEXT[0].h + 2


def footer_h():
    return _TEXT[0].h + 3


def body(c):
    """(x, y, w, h) of the area between title bar and footer."""
    return 0, HEADER_H, c.width, c.height - HEADER_H - footer_h()


# Footer words for boards without a d-pad (UX.md: the footer names the board's own buttons):
# X moves to the next choice and Y to the previous, A held is ALT and B held is MENU.
_NO_DPAD = (("up/down", "X/Y"), ("<>", "X/Y"), ("left/right", "X/Y"))


def footer_words(text, app):
    """`text` with direction words replaced by the buttons this board has."""
    inp = getattr(app, "input", None) if app is not None else None
    if inp is None or getattr(inp, "dpad", True):
        return text
    for a, b in _NO_DPAD:
        if a in text:
            text = text.replace(a, b)
    return text


def cell(c, x, y, w, h, s, fg, bg, font=SMALL, align=0):
    """Text in a box of its background, each pixel sent once: the gaps around the glyphs are
    filled, the glyph cells carry their own background. align: 0 left (2 px in), 1 centre,
    2 right. Text too long for the box is cut to fit."""
    cols = (w - 4) // font.w
    if len(s) > cols:
        s = s[:cols]
    tw = len(s) * font.w
    if align == 1:
        tx = x + (w - tw) // 2
    elif align == 2:
        tx = x + w - 2 - tw
    else:
        tx = x + 2
    ty = y + (h - font.h) // 2
    own = c.begin(x, y, w, h)   # a small box goes out in one window (gfx.Canvas.begin)
    c.fill_rect(x, y, w, ty - y, bg)
    c.fill_rect(x, ty + font.h, w, y + h - ty - font.h, bg)
    c.fill_rect(x, ty, tx - x, font.h, bg)
    c.text(s, tx, ty, fg, bg, font)
    c.fill_rect(tx + tw, ty, x + w - tx - tw, font.h, bg)
    if own:
        c.end()


def wrap(text, cols):
    """Lines of at most `cols` characters, broken at spaces; "\\n" forces a break."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > cols:  # a word longer than a line is split
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:cols])
                word = word[cols:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= cols:
                line = line + " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def fit_footer(text, cols):
    """A footer in `cols` characters (large text): single spaces, arrows for direction words,
    then whole "key verb" pairs off the end (the first ones name what the player needs most;
    the Buttons page has them all). "" when even the first pair does not fit: the text is not
    key hints (a note, a consequence) and `footer_fit` shows it whole in the small font."""
    if len(text) <= cols:
        return text
    while "  " in text:
        text = text.replace("  ", " ")
    text = text.replace("up/down", ARROW_UP + ARROW_DOWN).replace("<>", ARROW_LEFT + ARROW_RIGHT)
    words = text.split(" ")
    while len(" ".join(words)) > cols:
        i = len(words) - 1   # the last word that starts a pair: a key, or "hold" before one
        while i > 0 and not (words[i] == "hold" or (words[i - 1] != "hold" and not [
                ch for ch in words[i] if ch not in "ABXY/" + ARROW_LEFT + ARROW_RIGHT + ARROW_UP
                + ARROW_DOWN])):
            i -= 1
        if i == 0:
            return ""
        words = words[:i]
    return " ".join(words)


def footer_fit(text, w):
    """(text, font) of a footer `w` px wide: the reading font with the pairs that fit, or the
    whole text in the small font when it is not key hints and does not fit large."""
    f = _TEXT[0]
    t = fit_footer(text, (w - 4) // f.w)
    if not t:
        f = SMALL
        t = text
    return t, f


class Screen:
    title = ""
    footer = "A select  B back"

    def __init__(self):
        self.app: "Any" = None  # the meeple.console.app.App, set by App.push

    def draw(self, c):
        cell(c, 0, 0, c.width, HEADER_H, self.title, theme.BAR_FG, theme.BAR, LARGE)
        self.draw_footer(c)
        self.draw_body(c)

    def draw_footer(self, c):
        fh = footer_h()
        t, f = footer_fit(footer_words(self.footer, self.app), c.width)
        cell(c, 0, c.height - fh, c.width, fh, t, theme.DIM, theme.BG, f)

    def draw_body(self, c):
        x, y, w, h = body(c)
        c.fill_rect(x, y, w, h, theme.BG)

    def event(self, e):
        pass

    def update(self, c):
        pass

    def tick(self, now):
        pass


# ---- what an open game needs of the widgets: a dialog and a toast ------------------------------
# (here rather than in meeple.ui.widgets, which holds the menus' widgets and is let go while a
# game is open, and rather than in a module of their own, which the idle menus would pay for)

class DialogScreen(Screen):
    """A message; A runs on_ok (default: close), B runs on_back (default: close). A message
    longer than the panel scrolls with up/down (X/Y), in the reading font of either size."""

    def __init__(self, title, message, on_ok=None, on_back=None, footer="A ok  B back"):
        Screen.__init__(self)
        self.title = title
        self.message = message
        self.on_ok = on_ok
        self.on_back = on_back
        self.footer = footer
        self.top = 0
        self.rows = 0       # lines it scrolls by (0: the whole message shows)
        self._drawn = 0

    def draw_body(self, c):
        x, y, w, h = body(c)
        c.fill_rect(x, y, w, h, theme.BG)
        c.fill_rect(x + 4, y + 4, w - 8, h - 8, theme.PANEL)
        f = text_font()
        lh = line_h()
        lines = wrap(self.message, (w - 16) // f.w)
        rows = (h - 12) // lh
        self.rows = max(0, len(lines) - rows)
        top = self.top = min(self.top, self.rows)
        for i in range(min(rows, len(lines) - top)):
            if lines[top + i]:
                c.text(lines[top + i], x + 8, y + 8 + i * lh, theme.FG, theme.PANEL, f)
        if self.rows:   # a scroll bar: where the lines shown are in the message
            bh = max(4, (h - 12) * rows // len(lines))
            c.fill_rect(x + w - 7, y + 6 + (h - 12 - bh) * top // self.rows, 3, bh, theme.DIM)
        self._drawn = top

    def update(self, c):
        if self._drawn != self.top:
            self.draw_body(c)

    def event(self, e):
        if e == ev.OK:
            (self.on_ok or self._close)()
        elif e == ev.BACK:
            (self.on_back or self._close)()
        elif e == ev.UP or e == ev.PREV:
            self.top = max(0, self.top - 1)
        elif e == ev.DOWN or e == ev.NEXT:
            self.top = min(self.rows, self.top + 1)

    def _close(self):
        if self.app:
            self.app.pop()


class Toast:
    """A note over the bottom of the body for `ms`; the app repaints the screen when it goes.
    A screen whose side shows what it exists to show (Cacao's scores) gives the part the note
    may cover: toast_area() -> (x, w, bottom); the note wraps to fit it."""

    def __init__(self, text, until):
        self.text = text
        self.until = until
        self.shown = False
        self.rect = (0, 0, 0, 0)     # where it was drawn: x, y, w, h

    def draw(self, c, ax=0, aw=0, bottom=0):
        self.shown = True
        f = text_font()
        aw = aw or c.width
        bottom = bottom or c.height - footer_h()
        lines = wrap(self.text, (aw - 12) // f.w)
        w = 0
        for s in lines:
            w = max(w, len(s) * f.w + 12)
        lh = f.h + 2
        h = len(lines) * lh + 6
        x = ax + (aw - w) // 2
        y = bottom - h - 2
        self.rect = (x, y, w, h)
        c.frame(x, y, w, h, theme.EDGE)
        c.fill_rect(x + 1, y + 1, w - 2, 2, theme.PANEL)
        for i in range(len(lines)):
            cell(c, x + 1, y + 3 + i * lh, w - 2, lh, lines[i], theme.FG, theme.PANEL, f, 1)
        c.fill_rect(x + 1, y + h - 3, w - 2, 2, theme.PANEL)
