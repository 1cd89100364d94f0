"""Screens the Santiago game screen opens over itself: the game menu (hint, log, seats and scores,
rules, save and quit), the drought warning and the end screen with the field-by-field result.

The play screen (meeple.ui.santiago.play) imports this module only when one of them opens and lets
it go again once the board is back on screen, so a game does not hold them (DESIGN.md section 4).
"""
try:
    from typing import TYPE_CHECKING
except ImportError:  # MicroPython
    TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

from meeple.ui import input as ev
from meeple.ui.santiago import SEAT_LETTERS, SEAT_NAMES
from meeple.ui.santiago import board as B
from meeple.ui.santiago import panel as P
from meeple.ui.santiago import state as S
from meeple.ui import theme
from meeple.ui.gfx import ARROW_RIGHT, SMALL
from meeple.ui.screen import Screen, cell, footer_fit, footer_h, footer_words, text_font
from meeple.ui.widgets import MenuScreen, TextScreen


class GameMenu(MenuScreen):
    def __init__(self, game):
        MenuScreen.__init__(self, "Santiago", ["Hint", "Log", "Seats and scores", "Rules",
                                               "Save and quit"], footer="A select  B back")
        self.game = game
        if game.session.can_take_back():   # the console's take-back (meeple.console.host)
            self.menu.labels.insert(4, "Take back my move")

    def choose(self, i):
        g = self.game
        app = self.app
        if i == 0:
            if g.over or not g.session.is_human(_to_move(g)):
                app.message("Hint", "A hint is for a human seat deciding now.")
                return
            g.want_hint()   # worked out once the menu is gone: the bot needs the room
            app.pop()
        elif i == 1:
            app.push(LogScreen(g))
        elif i == 2:
            app.push(TextScreen("Seats", seats_text(g)))
        elif i == 3:
            app.push(RulesList(g))
        elif self.menu.labels[i] == "Take back my move":
            g.session.take_back()
        else:
            g.session.leave()


LOG_LINES = 40


def log_lines(g, keep=LOG_LINES, where=None):
    """The last `keep` actions in words, newest first, each under its round and phase, replayed
    from the game's journal (so the log is there after Continue too, and the game holds no list
    of lines); `where` (a list) gets each line's place as santiago_state.action_place gives it
    (-1 for a heading). [] when the journal is lost."""
    j = g.session.journal
    if not j.ok:
        return []
    core = g.session.core
    letters = SEAT_LETTERS
    st = j.initial()
    out = []
    at = where if where is not None else []
    group = -1      # round * 8 + phase of the lines since the last mark
    for i in range(len(j)):
        a = j.action(i)
        now = st[S.O_ROUND] * 8 + st[S.O_PHASE]
        if now != group:
            if group >= 0:
                out.append(_mark(group))
                at.append(-1)
            group = now
        out.append(S.action_text(st, j.seat(i), a, letters))
        at.append(S.action_place(st, a))
        if len(out) > keep:
            out.pop(0)
            at.pop(0)
        core.apply(st, a)
    if out:
        out.append(_mark(group))
        at.append(-1)
    out.reverse()   # newest first: what just happened is on top, under its round and phase
    at.reverse()
    return out


def log_text(g, keep=LOG_LINES):
    """log_lines as one text (records and tests)."""
    j = g.session.journal
    if not j.ok:
        return "The log of this game is not available."
    return "\n".join(log_lines(g, keep)) or "Nothing played yet."


class LogScreen(Screen):
    """The log over the board: the panel lists the lines from the selected one (behind an
    arrow) on, newest first, and the board marks the place the selected line names (a plot's
    yellow frame, a canal's yellow lane), as the recap does; up/down select a line, B goes
    back. On 240x135, where the panel covers the board's right side, it moves over the left
    side while the selected line's place lies under it."""

    footer = "B back  up/down line"

    def __init__(self, game):
        Screen.__init__(self)
        self.game = game
        self.title = "Log"
        self.where = []
        self.lines = log_lines(game, LOG_LINES, self.where)
        self.cur = 1 if len(self.lines) > 1 else 0   # the newest action (0 is its heading)
        self.panel: "Any" = None
        self.box = None      # where the panel is drawn
        self._dirty = False

    def selected(self):
        """(text, place) of the selected line ('' and -1 with no line)."""
        if not self.lines:
            return "", -1
        return self.lines[self.cur], self.where[self.cur]

    def panel_box(self):
        """The game's panel box, or on 240x135 its mirror on the left while the selected
        line's place lies under it."""
        lay = self.game.lay
        box = lay.panel
        at = self.selected()[1]
        if not lay.short or at < 0:
            return box
        if at >= 64:
            x, _y, w, _h = lay.seg_rect(at - 64)
        else:
            x, w = lay.plot_xy(at)[0], lay.pw
        if x + w > box[0] - 1:
            return (0, box[1], box[2], box[3])
        return box

    def rows(self):
        if not self.lines:
            j = self.game.session.journal
            return [(P.R_TEXT, "Nothing played yet." if j.ok else
                     "The log of this game is not available.")]
        rows = [(P.R_INFO, ARROW_RIGHT + self.lines[self.cur])]
        for i in range(self.cur + 1, min(len(self.lines), self.cur + 12)):
            rows.append((P.R_INFO, self.lines[i]))
        return rows

    def draw(self, c):
        g = self.game
        g._layout(c)
        lay = g.lay
        c.fill(theme.BG)
        self.box = None
        g.board.invalidate()
        if not lay.short:
            cell(c, 0, 0, lay.w, lay.status_h, "Log (newest first)", theme.BAR_FG, theme.BAR,
                 SMALL)
        t, f = footer_fit(footer_words(self.footer if len(self.lines) > 1 else "B back",
                                       self.app), lay.w)
        fh = footer_h()
        cell(c, 0, lay.h - fh, lay.w, fh, t, theme.DIM, theme.BG, f)
        self._paint(c)

    def _marks(self):
        bd = self.game.board
        bd.clear_marks()
        bd.show_free = False
        at = self.selected()[1]
        if at >= 64:
            bd.lane_marks[at - 64] = B.L_CURSOR
        elif at >= 0:
            bd.marks[at] = B.F_CURSOR

    def _paint(self, c):
        g = self.game
        lay = g.lay
        bd = g.board
        box = self.panel_box()
        moved = box != self.box
        if moved:
            if self.box is not None:   # 240x135: the panel changes sides
                x, y, w, h = self.box   # with its edge line
                c.fill_rect(x - 1 if x else 0, y, w + 1, h, theme.BG)
                bd.invalidate()
            self.box = box
            self.panel = P.Panel(box)
        left = box[0] == 0
        bd.hide_x = box[0] - 1 if lay.short and not left else 9999
        self._marks()
        bd.sync(c, g.session.state)
        if left and bd.drawn_items:
            self.panel.invalidate()    # the board was drawn under it
        if lay.short:
            c.fill_rect(box[2] if left else box[0] - 1, 0, 1, box[3], theme.EDGE)
        self.panel.draw(c, self.rows())

    def update(self, c):
        if self._dirty:
            self._dirty = False
            self._paint(c)

    def event(self, e):
        n = len(self.lines)
        if e == ev.BACK:
            g = self.game
            g.board.invalidate()
            g._marks()
            self.app.pop()
        elif n > 1 and e in (ev.UP, ev.DOWN, ev.LEFT, ev.RIGHT, ev.NEXT, ev.PREV):
            step = 1 if e in (ev.DOWN, ev.RIGHT, ev.NEXT) else -1   # down: an older line
            i = self.cur
            for _ in range(n):
                i = (i + step) % n
                if not self.lines[i].startswith("--"):
                    break
            self.cur = i
            self._dirty = True


def _mark(group):
    """The heading over the log lines of one round's phase."""
    return "-- Round %d, %s --" % (group // 8, S.PHASE_NAMES[group % 8])


def _to_move(g):
    from meeple.core import santiago
    return santiago.to_move(g.session.state)


class RulesList(MenuScreen):
    def __init__(self, game):
        self.pages = game.session.plugin.RULES   # the play module's: read in while this page is open
        MenuScreen.__init__(self, "Rules", [t for t, _ in self.pages])

    def choose(self, i):
        self.app.push(TextScreen(self.pages[i][0], self.pages[i][1]))


def seats_text(g):
    """Money (as visible), markers left, extra canal, field sizes and score of every seat."""
    st = g.session.state
    fl = S.fields(st)
    pts = S.field_points(st, fl)
    lines = ["Round %d of %d, overseer %s (%s)" % (
        st[S.O_ROUND], S.rounds(st), SEAT_NAMES[st[S.O_OVERSEER]],
        g.overseer_text().split("(")[1][:-1])]
    for q in range(st[S.O_PLAYERS]):
        mon = g.money_text(q)
        sizes = ", ".join([str(v) for v in S.seat_fields(fl, q)]) or "none"
        score = "%d" % (pts[q] + st[S.O_MONEY + q]) if mon != "?" else "%d + money" % pts[q]
        lines.append("%s %s: %s escudos, %d markers left, extra canal %s; fields %s; score %s" % (
            SEAT_LETTERS[q], SEAT_NAMES[q], mon, st[S.O_SUPPLY + q],
            "unused" if st[S.O_EXTRA + q] else "used", sizes, score))
    if st[S.O_REMOVED] != S.NONE:
        lines.append("Removed at setup: %s" % S.tile_text(st[S.O_REMOVED]))
    lines.append("Income: 3 escudos each at the end of every round.")
    return "\n".join(lines)


class DroughtScreen(Screen):
    """The board just before the drought: plots about to lose a marker (-1, orange frame) and
    to turn to desert (X, red frame). A continues (on its own after a while with no human)."""

    def __init__(self, game, lose, dry, final):
        Screen.__init__(self)
        self.game = game
        self.title = "Final drought" if final else "Drought"
        self.text = "%s: %d plot%s lose a marker, %d turn to desert" % (
            self.title, lose, "" if lose == 1 else "s", dry)
        self.footer = "A continue"
        self.short = "A ok  -1 marker: %d  X desert: %d" % (lose, dry)
        self.until = -1

    def draw(self, c):
        g = self.game
        g._layout(c)
        bd = g.board
        lay = g.lay
        c.fill(theme.BG)
        bd.clear_marks()
        bd.show_free = False
        bd.hide_x = 9999   # the whole board: the game's panel may have hidden its right side
        for p in range(S.NPLOT):
            m = g.dmarks[p]
            bd.marks[p] = B.F_DRY if m == S.DRY else (B.F_LOSE if m == S.LOSE else 0)
        bd.draw(c, g.before)
        fh = footer_h()
        f = text_font()
        if lay.short:  # the whole board stays in view: the count goes into the footer
            if len(self.short) * f.w > lay.w - 4:
                f = SMALL   # the counts whole rather than cut
            cell(c, 0, lay.h - fh, lay.w, fh, self.short, theme.ACCENT, theme.BG, f)
        else:
            P.draw(c, lay.panel, [(P.R_TEXT, self.text), (P.R_TEXT, "-1: loses a marker  "
                                                                     "X: turns to desert")])
            cell(c, 0, lay.h - fh, lay.w, fh, self.footer, theme.DIM, theme.BG, f)
            cell(c, 0, 0, lay.w, lay.status_h, self.title, theme.BAR_FG, theme.BAR, SMALL)
        if g.session.humans() == 0 and self.app:
            self.until = self.app.ticks() + 2 * self.app.settings["ai_pause"] * 100

    def tick(self, now):
        if self.until >= 0 and now >= self.until:
            self._close()

    def event(self, e):
        if e == ev.OK:
            self._close()

    def _close(self):
        g = self.game
        g.board.invalidate()
        g._marks()
        self.app.pop()
        g.drought_done()


def result_lines(st, letters, names):
    """The end result explained: fields one by one, then money, then totals and places."""
    from meeple.core import santiago
    n = st[S.O_PLAYERS]
    fl = S.fields(st)
    out = ["Fields (size x markers):"]
    for crop, size, per in fl:
        parts = []
        for q in range(n):
            if per[q]:
                parts.append("%s %dx%d=%d" % (letters[q], size, per[q], size * per[q]))
        if parts:
            out.append("%s %d: %s" % (S.CROP_NAMES[crop], size, ", ".join(parts)))
    pts = S.field_points(st, fl)
    out.append("Money: " + ", ".join(["%s %d" % (letters[q], st[S.O_MONEY + q]) for q in range(n)]))
    sc = santiago.scores(st)
    rk = santiago.ranking(st)
    out.append("Total (fields + money):")
    order = sorted(range(n), key=lambda q: rk[q] * 8 + q)   # seat order on a tie (sort not stable)
    for q in order:
        out.append("%d. %s %s %d = %d + %d" % (rk[q], letters[q], names[q], sc[q], pts[q],
                                              st[S.O_MONEY + q]))
    return out


class EndScreen(TextScreen):
    """The result line by line; A then offers play again, save the record, main menu."""

    def __init__(self, game):
        TextScreen.__init__(self, "Result", "\n".join(result_lines(game.session.state, SEAT_LETTERS,
                                                                   SEAT_NAMES)))
        self.game = game
        self.footer = "A next  up/down scroll"

    def event(self, e):
        if e == ev.OK:
            self.app.push(EndMenu(self.game))
        elif e != ev.BACK:
            TextScreen.event(self, e)


class EndMenu(MenuScreen):
    def __init__(self, game):
        self.game = game
        labels = ["Play again", "Main menu"]
        j = getattr(game.session, "journal", None)
        if j is not None and getattr(j, "ok", False):
            labels.insert(1, "Save record")
        MenuScreen.__init__(self, "Game over", labels)

    def choose(self, i):
        label = self.menu.labels[i]
        s = self.game.session
        app = self.app
        if label == "Play again":
            s.play_again()
        elif label == "Save record":
            try:
                path = s.journal.save_record()
            except OSError as e:
                app.message("Record", "The record could not be saved: %s" % e)
                return
            app.message("Record", "Saved as %s" % path)
        else:
            s.leave()
