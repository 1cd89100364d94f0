"""The log's "where": the overview's table with the cell a log action names marked
(meeple.ui.cacao.pages LogPage's A). A module of its own, loaded only when a player asks, so
that the log page, open at the end of every game when the heap is fullest, does not carry its
code (test_heap_game)."""
from meeple.ui import input as ev
from meeple.ui.cacao.overview import MIN_CS, OverviewScreen
from meeple.ui.gfx import SMALL
from meeple.ui.screen import body, text_font, wrap


class LogPlace(OverviewScreen):
    """The table with the cell the log's selected action names marked by the cursor, the
    action in words under it; up/down select the action before or after (the cursor follows),
    A/B go back to the log on that action."""

    def font(self):
        return self._font

    def _need(self, c):
        """(lines, font) of the selected action under the table: the reading size (Settings >
        Text) while the table keeps two rows of cells above it, else small."""
        t = self.info()
        room = body(c)[3] - 2 * MIN_CS - 6
        f = text_font()
        n = max(2, len(wrap(t, (c.width - 4) // f.w)))
        if n * (f.h + 2) > room:
            f = SMALL
            n = max(2, len(wrap(t, (c.width - 4) // f.w)))
        return n, f

    def draw_body(self, c):
        self.lines, self._font = self._need(c)     # the table gives the words their room
        OverviewScreen.draw_body(self, c)

    def __init__(self, state, page, keys):
        OverviewScreen.__init__(self, state, page.lkeys[page.sel], "Log: where", keys=keys)
        self.page = page
        self.footer = "A/B back  %s action" % keys
        self._entry = page.sel
        self._font = SMALL

    def info(self):
        pg = self.page
        i = pg.sel
        t = pg.line(i)[1]
        n = pg.count()
        i += 1
        while i < n and pg.text[pg.starts[i]] == 0:   # the action's own wrapped lines
            t += " " + pg.line(i)[1]
            i += 1
        return t

    def update(self, c):
        if self._entry != self.page.sel:
            self._entry = self.page.sel
            if self._need(c) != (self.lines, self._font) and self.app:
                self.app._full = True      # another number of lines: laid out again
                return
            if self._drawn == self.cursor:
                self._said(c)              # the same cell, another action
        OverviewScreen.update(self, c)

    def event(self, e):
        if e in (ev.UP, ev.DOWN, ev.NEXT, ev.PREV, ev.LEFT, ev.RIGHT):
            if self.page.step(-1 if e in (ev.UP, ev.PREV, ev.LEFT) else 1):
                self.cursor = self.page.lkeys[self.page.sel]   # a cell in the box drawn
        elif self.app:
            OverviewScreen.event(self, e)
