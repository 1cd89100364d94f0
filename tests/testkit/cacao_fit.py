"""Every string Cacao's screens draw, measured against its box: `cell` (meeple.ui.screen) cuts
text too long for its box, so while a FitCheck is active every call from a meeple.ui.cacao
module is measured first and each string that would be cut is kept (with its box width and the
module) in `cuts`. The screens' text all goes through `cell`; the tests play whole games with it on."""
import sys

from meeple.ui import screen

MODULES = ("meeple.ui.cacao.play", "meeple.ui.cacao.panels", "meeple.ui.cacao.pages",
           "meeple.ui.cacao.table")


class FitCheck:
    def __init__(self):
        self.cuts = []       # (module, text, box width, characters that fit)
        self.seen = 0        # strings measured
        self.strings = set()  # every string measured
        self._orig = screen.cell
        self._hook = self.cell   # one bound method, so __exit__ finds it by identity

    def cell(self, c, x, y, w, h, s, fg, bg, font=screen.SMALL, align=0):
        mod = sys._getframe(1).f_globals.get("__name__", "")
        if mod.startswith("meeple.ui.cacao"):
            self.seen += 1
            self.strings.add(s)
            cols = (w - 4) // font.w
            if len(s) > cols:
                self.cuts.append((mod, s, w, cols))
        self._orig(c, x, y, w, h, s, fg, bg, font, align)

    def __enter__(self):
        screen.cell = self._hook
        for name in MODULES:
            mod = sys.modules.get(name)
            if mod is not None and getattr(mod, "cell", None) is self._orig:
                mod.cell = self._hook
        return self

    def __exit__(self, *exc):
        screen.cell = self._orig
        for name in MODULES:
            mod = sys.modules.get(name)
            if mod is not None and getattr(mod, "cell", None) is self._hook:
                mod.cell = self._orig
        return False
