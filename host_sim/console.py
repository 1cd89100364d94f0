"""The console on a PC: the real app with the simulator's panel, a folder for flash, a
virtual clock and scripted buttons. Window, terminal and headless front-ends all drive this.

    con = Console("waveshare_lcd_1_14")
    con.keys("A down A")          # physical buttons of that board, through its Input mapping
    con.text()                    # ["Main menu", ...] as drawn
    con.shot("menu.png")

Key scripts: button names (up down left right A B X Y), `hold:B` (held 700 ms: the hold
gesture), `wait:500` (ms pass), `shot:file.png` (screenshot). Names are case-sensitive as
the board labels them; a button the board lacks is an error (tests rely on that).
"""
import os
import shutil
import sys
import tempfile
import weakref

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "firmware"))

from meeple.console.app import App  # noqa: E402
from meeple.storage import Storage  # noqa: E402
from meeple.ui import input as inp  # noqa: E402
from meeple.ui.gfx import Canvas  # noqa: E402

from host_sim import boards  # noqa: E402
from host_sim.panel import Panel  # noqa: E402
from host_sim.png import write_png  # noqa: E402

POLL_MS = 10
TAP_MS = 60
HOLD_MS = 700


class Backlight:
    def __init__(self):
        self.level = None

    def set(self, level):
        self.level = level


def button_bits(board):
    """Physical B_* mask of a profile's BUTTONS ("press" is A)."""
    m = 0
    for name, _gpio in board.BUTTONS:
        m |= 1 << inp.BUTTON_NAMES.index("A" if name == "press" else name)
    return m


def check_shot_path(path):
    """ValueError unless a PNG can be written at path (a file name in an existing folder)."""
    if not path:
        raise ValueError("shot needs a file name, e.g. shot:out.png")
    if os.path.isdir(path):
        raise ValueError("cannot write the screenshot %s: it is a folder" % path)
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise ValueError("cannot write the screenshot %s: no folder %s" % (path, folder))
    existed = os.path.exists(path)
    try:   # the folder may still refuse a file (/proc, read-only): found now, not after the keys
        open(path, "ab").close()
    except OSError as e:
        raise ValueError("cannot write the screenshot %s: the folder %s refused a new file (%s)"
                         % (path, folder, e.strerror or e))
    if not existed:
        os.remove(path)


class Console:
    def __init__(self, board=boards.DEFAULT, root=None, games=None, boot=True):
        self.board = boards.load(board) if isinstance(board, str) else board
        if root is None:
            # a flash of its own, removed with the console (or at exit): nothing can reach it after
            root = tempfile.mkdtemp(prefix="meeple-flash-")
            weakref.finalize(self, shutil.rmtree, root, True)
        self.root = root
        self.panel = Panel(self.board.WIDTH, self.board.HEIGHT)
        self.canvas = Canvas(self.panel, self.board.WIDTH, self.board.HEIGHT)
        self.canvas.on_text = self.panel.on_text
        self.canvas.on_fill = self.panel.on_fill
        self.buttons = button_bits(self.board)
        self.input = inp.Input(self.buttons)
        self.now = 1000
        self.backlight = Backlight()
        self.app = App(self.canvas, self.input, Storage(self.root), self.board,
                       lambda: self.now, games, self.backlight)
        self.events = []  # every event the app received, for tests
        if boot:
            self.app.boot()
            self.app.render()

    # ---- time and buttons -----------------------------------------------------------------------
    def poll(self, held, tapped=0):
        self.input.update(self.now, held, tapped)
        e = self.input.get()
        while e:
            self.events.append(e)
            self.app.handle(e)
            self.app.render()
            e = self.input.get()
        self.app.tick()
        self.app.render()

    def wait(self, ms, held=0):
        end = self.now + ms
        while self.now < end:
            self.now += POLL_MS
            self.poll(held)

    def bit(self, name):
        b = 1 << inp.BUTTON_NAMES.index(name)
        if not self.buttons & b:
            raise ValueError("%s has no %r button (it has: %s)" % (
                self.board.NAME, name, ", ".join(n for n, _ in self.board.BUTTONS)))
        return b

    def bit_or_zero(self, name):
        """The button's bit, or 0 when the board lacks it (interactive front-ends ignore it)."""
        return self.buttons & (1 << inp.BUTTON_NAMES.index(name))

    def tap(self, name):
        b = self.bit(name)
        self.poll(b, b)
        self.wait(TAP_MS, b)
        self.wait(POLL_MS * 3)

    def hold(self, name):
        b = self.bit(name)
        self.poll(b, b)
        self.wait(HOLD_MS, b)
        self.wait(POLL_MS * 3)

    def check_keys(self, script):
        """ValueError naming the first word of a key script this board cannot play (before any
        key is pressed): a button it lacks, hold:/wait:/shot: without a good argument."""
        for tok in script.split():
            word, _, arg = tok.partition(":")
            if word == "wait":
                if not arg.isdigit():
                    raise ValueError("key script: %r: wait needs milliseconds, e.g. wait:500" % tok)
            elif word == "shot":
                check_shot_path(arg)
            elif word == "hold" or not arg:
                name = arg if word == "hold" else word
                if name not in inp.BUTTON_NAMES or not self.buttons & (1 << inp.BUTTON_NAMES.index(name)):
                    raise ValueError("key script: %r: %s has no button %r (it has: %s; and the words "
                                     "hold:B wait:MS shot:FILE)" % (
                                         tok, self.board.NAME, name,
                                         " ".join(n for n in inp.BUTTON_NAMES
                                                  if self.buttons & (1 << inp.BUTTON_NAMES.index(n)))))
            else:
                raise ValueError("key script: %r is not a button or hold:/wait:/shot:" % tok)

    def keys(self, script):
        for tok in script.split():
            if tok.startswith("hold:"):
                self.hold(tok[5:])
            elif tok.startswith("wait:"):
                self.wait(int(tok[5:]))
            elif tok.startswith("shot:"):
                self.shot(tok[5:])
            else:
                self.tap(tok)

    # ---- what is on screen -----------------------------------------------------------------------
    def text(self):
        return self.panel.screen_text()

    def title(self):
        return self.app.screen.title

    def shot(self, path, scale=1):
        write_png(path, self.panel.rgb_rows(), scale)
