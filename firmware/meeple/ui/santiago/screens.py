"""Screens the Santiago game screen opens over itself: the game menu (hint, log, seats and scores,
rules, save and quit), the drought warning and the end screen with the field-by-field result.

The play screen (meeple.ui.santiago.play) imports this module only when one of them opens and lets
it go again once the board is back on screen, so a game does not hold them (DESIGN.md section 4).
"""
from meeple.ui import input as ev
from meeple.ui.santiago import panel as P
from meeple.ui.santiago import state as S
from meeple.ui import theme
from meeple.ui.gfx import SMALL
from meeple.ui.screen import Screen, cell, footer_h, text_font
from meeple.ui.widgets import MenuScreen, TextScreen


def _names(game):
    from meeple.ui.santiago import play as play_santiago
    return play_santiago


class GameMenu(MenuScreen):
    def __init__(self, game):
        MenuScreen.__init__(self, "Santiago", ["Hint", "Log", "Seats and scores", "Rules",
                                               "Save and quit"], footer="A select  B back")
        self.game = game
        if game.session.can_take_back():   # the console's take-back (meeple.app_game)
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
            app.push(TextScreen("Log", log_text(g)))
        elif i == 2:
            app.push(TextScreen("Seats", seats_text(g)))
        elif i == 3:
            app.push(RulesList())
        elif self.menu.labels[i] == "Take back my move":
            g.session.take_back()
        else:
            g.session.leave()


LOG_LINES = 40


def log_text(g, keep=LOG_LINES):
    """The last `keep` actions in words, newest first, replayed from the game's journal (so the
    log is there after Continue too, and the game holds no list of lines)."""
    j = g.session.journal
    if not j.ok:
        return "The log of this game is not available."
    core = g.session.core
    letters = _names(g).SEAT_LETTERS
    st = j.initial()
    out = []
    group = -1      # round * 8 + phase of the lines since the last mark
    for i in range(len(j)):
        a = j.action(i)
        now = st[S.O_ROUND] * 8 + st[S.O_PHASE]
        if now != group:
            if group >= 0:
                out.append(_mark(group))
            group = now
        out.append(S.action_text(st, j.seat(i), a, letters))
        if len(out) > keep:
            out.pop(0)
        core.apply(st, a)
    if not out:
        return "Nothing played yet."
    out.append(_mark(group))
    out.reverse()   # newest first: what just happened is on top, under its round and phase
    return "\n".join(out)


def _mark(group):
    """The heading over the log lines of one round's phase."""
    return "-- Round %d, %s --" % (group // 8, S.PHASE_NAMES[group % 8])


def _to_move(g):
    from meeple.core import santiago
    return santiago.to_move(g.session.state)


class RulesList(MenuScreen):
    def __init__(self):
        from meeple.ui.santiago import play as play_santiago
        self.pages = play_santiago.RULES
        MenuScreen.__init__(self, "Rules", [t for t, _ in self.pages])

    def choose(self, i):
        self.app.push(TextScreen(self.pages[i][0], self.pages[i][1]))


def seats_text(g):
    """Money (as visible), markers left, extra canal, field sizes and score of every seat."""
    st = g.session.state
    L = _names(g)
    fl = S.fields(st)
    pts = S.field_points(st, fl)
    lines = ["Round %d of %d, overseer %s (%s)" % (
        st[S.O_ROUND], S.rounds(st), L.SEAT_NAMES[st[S.O_OVERSEER]],
        g.overseer_text().split("(")[1][:-1])]
    for q in range(st[S.O_PLAYERS]):
        mon = g.money_text(q)
        sizes = ", ".join([str(v) for v in S.seat_fields(fl, q)]) or "none"
        score = "%d" % (pts[q] + st[S.O_MONEY + q]) if mon != "?" else "%d + money" % pts[q]
        lines.append("%s %s: %s escudos, %d markers left, extra canal %s; fields %s; score %s" % (
            L.SEAT_LETTERS[q], L.SEAT_NAMES[q], mon, st[S.O_SUPPLY + q],
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
        from meeple.ui.santiago import board as B
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
        L = _names(game)
        TextScreen.__init__(self, "Result", "\n".join(result_lines(game.session.state, L.SEAT_LETTERS,
                                                                   L.SEAT_NAMES)))
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
