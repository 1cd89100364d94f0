"""Cacao's rarely used screens: the game menu with the scoreboard, the log, the rules, the hint
and the end of the game (result, what next, record); the overview (meeple.ui.cacao.overview) and
the log's "where" (meeple.ui.cacao.logplace) are imported from here when they open.

The play screen (meeple.ui.cacao.play) imports this module only when one of them opens and lets
it go again once the table is back on screen, so a game does not hold them (DESIGN.md section 4).
Each function takes the play screen.
"""
try:
    from typing import TYPE_CHECKING
except ImportError:  # MicroPython
    TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

from meeple.core import cacao
from meeple.ui.cacao import model as m
from meeple.ui import input as ev
from meeple.ui import theme
from meeple.ui.cacao.panels import seat_box, seat_line
from meeple.ui.cacao.table import LETTERS
from meeple.ui.gfx import SMALL
from meeple.ui.screen import Screen, body, cell, line_h, text_font, wrap
from meeple.ui.widgets import MenuList, MenuScreen

SEAT_NAMES = cacao.SEAT_NAMES


def pile_text(st, counts):
    """What is still to come from the jungle pile (counts only: the order is hidden)."""
    m.pile_counts(st, counts)
    parts = []
    for t in range(1, 11):
        if counts[t]:
            parts.append("%d%s" % (counts[t], cacao.JUNGLE_NAMES[t]))
    return "Pile %d: %s" % (m.jungle_left(st), " ".join(parts) or "empty")


def overbuild_text(st):
    n = m.overbuild_in(st)
    if n:
        return "Overbuild: after %d more jungle tile%s" % (n, "s" if n > 1 else "")
    return "Overbuild: open, 1 sun per tile"


# ---- figures, gains and temples in words ------------------------------------------------------
def temples(st):
    """Every temple on the table: [(key, [workers around it per seat]), ...]."""
    out = []
    for j in range(m.jungle_n(st)):
        if m.jungle_type(st, j) != 10:
            continue
        key = m.jungle_key(st, j)
        counts = [0] * m.players(st)
        for d in range(4):
            r = m.ref(st, key + m.DK[d])
            if r >= 64:
                top = m.worker_top(st, r - 64)
                counts[top >> 6] += m.top_workers(top, (d + 2) & 3)
        out.append((key, counts))
    return out


def temple_pay(counts):
    """Gold each seat would get from one temple now (C23, C24: 6 to the most workers, split
    on a tie with no second place; else 3 to the second, split)."""
    pay = [0] * len(counts)
    first = max(counts)
    if first == 0:
        return pay
    n_first = counts.count(first)
    if n_first > 1:
        for s in range(len(counts)):
            if counts[s] == first:
                pay[s] = 6 // n_first
        return pay
    second = max([c for c in counts if c != first] or [0])
    n_second = counts.count(second) if second else 0
    for s in range(len(counts)):
        if counts[s] == first:
            pay[s] = 6
        elif second and counts[s] == second:
            pay[s] = 3 // n_second
    return pay


def temple_words(key, counts):
    """One temple in words: where, workers per seat, who leads by how many, and the pay."""
    x, y = m.key_xy(key)
    pay = temple_pay(counts)
    # seat order among equals: MicroPython's sort is not stable, so the key says it
    order = sorted(range(len(counts)), key=lambda s: s - counts[s] * 8)
    parts = ["%s %d" % ("RPWY"[s], counts[s]) for s in order if counts[s]]
    if not parts:
        return "Temple (%d,%d): no workers yet" % (x, y)
    lead = order[0]
    if len(order) > 1 and counts[order[1]] == counts[lead]:
        state = "tie for first"
    else:
        state = "%s leads by %d" % (cacao.SEAT_NAMES[lead], counts[lead] - (counts[order[1]] if len(order) > 1 else 0))
    paid = ", ".join("%s %d" % ("RPWY"[s], pay[s]) for s in order if pay[s])
    return "Temple (%d,%d): workers %s; %s; pays %s gold" % (x, y, ", ".join(parts), state, paid)


def figures(st, s, out, o=0):
    """A seat's gold, cacao, sun and water field into out[o:o + 4]."""
    out[o] = m.gold(st, s)
    out[o + 1] = m.cacao_of(st, s)
    out[o + 2] = m.sun(st, s)
    out[o + 3] = m.water(st, s)


CHANGE_WORDS = ("gold", "cacao", "sun", "water")


def change_words(before, o, st, s):
    """What seat s gained (or paid) since `before[o:o + 4]` (figures()), in words:
    '+3 gold, -2 cacao, +1 water'; '' when nothing changed."""
    now = (m.gold(st, s), m.cacao_of(st, s), m.sun(st, s), m.water(st, s))
    out = ""
    for i in range(4):
        v = now[i] - before[o + i]
        if v:
            out += "%s%+d %s" % (", " if out else "", v, CHANGE_WORDS[i])
    return out



# ---- pages of seat-coloured rows ---------------------------------------------------------------
class RowsScreen(Screen):
    """Scrolling text whose lines may start with a seat box: the log and the end screen.
    rows: (seat or -1, text) pairs, any iterable (read once, on the first draw: the log hands in
    a generator, so the game's lines are never all held as separate strings); they are kept
    wrapped in one byte buffer. Up/down a line, left/right (next/prev) a page."""

    footer = "B back  up/down scroll"

    def __init__(self, title, rows, at_end=False, keys=None):
        Screen.__init__(self)
        self.title = title
        self.rows: "Any" = rows
        self.text = bytearray()   # per line: seat + 1 (0 = none), then the line's characters
        self.starts: "Any" = None  # where each line starts in text
        self.top = 0
        self.at_end = at_end
        self.n = 1
        self._drawn = -1
        # keys: an array the rows fill as they are read, one table key per row (the place it
        # names, 0 = none); with it the page has a selected entry (a row with a place and the
        # rows under it up to the next such row), drawn highlighted
        self.keys: "Any" = keys
        self.lkeys: "Any" = None  # the key of each wrapped line
        self.sel = -1             # the selected entry's first line (-1: no selection)
        self._sel = -1

    def count(self):
        return len(self.starts) if self.starts is not None else 0

    def line(self, i):
        """Wrapped line i as (seat or -1, text)."""
        a = self.starts[i]
        b = self.starts[i + 1] if i + 1 < len(self.starts) else len(self.text)
        return self.text[a] - 1, str(self.text[a + 1:b], "utf-8")

    def _wrap(self, cols):
        from array import array
        starts = array("H")   # text offsets: a log stays far below 64 KB
        text = self.text
        keys = self.keys
        lk = array("H") if keys is not None else None
        r = 0
        for seat, t in self.rows:
            first = True
            for ln in wrap(t, cols):
                starts.append(len(text))
                text.append(seat + 1 if first and seat >= 0 else 0)
                text.extend(ln.encode())
                first = False
                if lk is not None and keys is not None:
                    lk.append(keys[r])
            r += 1
        self.rows = None
        self.keys = None
        self.lkeys = lk
        self.starts = starts

    def entry(self, i):
        """True if wrapped line i starts an entry (the first line of a row with a place)."""
        lk = self.lkeys
        return lk is not None and lk[i] != 0 and self.text[self.starts[i]] != 0

    def entry_end(self, i):
        """The line after the entry that starts at line i."""
        n = self.count()
        i += 1
        while i < n and not self.entry(i):
            i += 1
        return i

    def step(self, d):
        """Select the entry before (d = -1) or after (d = 1) the selected one, scrolled into
        view; False when there is none."""
        i = self.sel + d
        while 0 <= i < self.count() and not self.entry(i):
            i += d
        if not 0 <= i < self.count():
            return False
        self.sel = i
        end = self.entry_end(i)
        if i < self.top:
            self.top = i
        elif end > self.top + self.n:
            self.top = max(0, min(i, end - self.n))
        return True

    def draw_body(self, c):
        x, y, w, h = body(c)
        if self.starts is None:
            self._wrap((w - 24) // text_font().w)
        self.n = max(1, (h - 4) // line_h())
        if self.at_end:
            self.top = max(0, self.count() - self.n)
            self.at_end = False
            if self.lkeys is not None and self.sel < 0:
                self.sel = self.count()
                if not self.step(-1):   # the newest entry, in view with the end
                    self.sel = -1
                self.top = max(0, self.count() - self.n)
        c.fill_rect(x, y, w, 2, theme.BG)
        self._drawn = -1
        self.update(c)

    def update(self, c):
        if self._drawn == self.top and self._sel == self.sel:
            return
        x, y, w, h = body(c)
        total = self.count()
        lh = line_h()   # Settings > Text
        f = text_font()
        s0 = self.sel
        s1 = self.entry_end(s0) if s0 >= 0 else -1
        for r in range(self.n):
            i = self.top + r
            yy = y + 2 + r * lh
            if i < total:
                seat, text = self.line(i)
                if seat >= 0:
                    seat_box(c, x + 2, yy, seat, lh)
                else:
                    c.fill_rect(x + 2, yy, 10, lh, theme.BG)
                c.fill_rect(x, yy, 2, lh, theme.BG)
                if s0 <= i < s1:   # the selected entry
                    cell(c, x + 12, yy, w - 20, lh, text, theme.SEL_FG, theme.SEL_BG, f)
                else:
                    cell(c, x + 12, yy, w - 20, lh, text, theme.FG, theme.BG, f)
            else:
                c.fill_rect(x, yy, w - 8, lh, theme.BG)
        c.fill_rect(x, y + 2 + self.n * lh, w - 8, h - 2 - self.n * lh, theme.BG)
        total = max(total, 1)
        c.fill_rect(x + w - 8, y + 2, 8, h - 2, theme.BG)
        if total > self.n:
            bh = max(4, (h - 2) * self.n // total)
            by = y + 2 + (h - 2 - bh) * self.top // (total - self.n)
            c.fill_rect(x + w - 5, by, 3, bh, theme.DIM)
        self._drawn = self.top
        self._sel = self.sel

    def event(self, e):
        last = max(0, self.count() - self.n)
        if self.sel >= 0 and e in (ev.UP, ev.PREV, ev.DOWN, ev.NEXT):
            self.step(-1 if e == ev.UP or e == ev.PREV else 1)
        elif e == ev.UP or e == ev.PREV:
            self.top = max(0, self.top - 1)
        elif e == ev.DOWN or e == ev.NEXT:
            self.top = min(last, self.top + 1)
        elif e == ev.LEFT or e == ev.RIGHT:
            self.top = max(0, self.top - self.n) if e == ev.LEFT else min(last, self.top + self.n)
            if self.sel >= 0 and not self.top <= self.sel < self.top + self.n:
                i = self.top   # the selection comes along: the entry of the page's first line
                while i > 0 and not self.entry(i):
                    i -= 1
                if self.entry(i):
                    self.sel = i
        elif e == ev.BACK:
            self.back()
        elif e == ev.OK:
            self.ok()

    def back(self):
        if self.app:
            self.app.pop()

    def ok(self):
        self.back()


class EndScreen(RowsScreen):
    """The result line by line; A opens what next (play again, save record, log, menu), B the
    final table (B there comes back here)."""

    footer = "A next  B final table"

    def __init__(self, rows, on_next, on_table):
        RowsScreen.__init__(self, "Game over", rows)
        self.on_next = on_next
        self.on_table = on_table

    def back(self):
        self.on_table()

    def ok(self):
        self.on_next()


def result_rows(core, st):
    """The end screen's lines: places with the breakdown, then the tie-break when it decided."""
    n = m.players(st)
    sc = core.scores(st)
    places = core.ranking(st)
    order = sorted(range(n), key=lambda s: (places[s], s))
    rows = []
    for s in order:
        play, tg, sun, water = core.score_parts(st, s)
        rows.append((s, "%d. %s %d gold" % (places[s], SEAT_NAMES[s], sc[s])))
        rows.append((-1, "  %d from play, %d temples, %d sun tokens, water %d of 8: %+d" % (
            play, tg, sun, m.water(st, s), water)))
    rows.extend(temple_rows(st))
    for s in order:
        for t in order:
            if t > s and sc[s] == sc[t]:
                cs, ct = m.cacao_of(st, s), m.cacao_of(st, t)
                if cs != ct:
                    rows.append((-1, "Tie on %d gold between %s and %s: more cacao wins (%d to %d)."
                                 % (sc[s], SEAT_NAMES[s], SEAT_NAMES[t], max(cs, ct), min(cs, ct))))
                else:
                    rows.append((-1, "%s and %s share the place: same gold and cacao (%d)."
                                 % (SEAT_NAMES[s], SEAT_NAMES[t], cs)))
    return rows


# ---- the game menu: scoreboard and actions -----------------------------------------------------
def table_text(st):
    """The display, the pile counter and the overbuild rule in words."""
    disp = " ".join(cacao.JUNGLE_NAMES[m.display(st, i)] for i in range(2) if m.display(st, i))
    return "Display: %s. %s. %s." % (disp or "empty", pile_text(st, bytearray(11)),
                                     overbuild_text(st))


class GameMenu(Screen):
    """Every seat's figures, the display, the pile counter and the overbuild rule at the top;
    the menu under them (hint, log, overview, rules, leave). In large text (Settings > Text)
    the menu has the screen and the figures are its "Scores" page."""

    footer = "A select  B back"

    def __init__(self, state, items, actions, title):
        Screen.__init__(self)
        self.state = state
        self.title = title
        self.menu = MenuList(items, None, 0, text_font())
        self.actions = actions

    def draw_body(self, c):
        st = self.state
        x, y, w, h = body(c)
        c.fill_rect(x, y, w, 2, theme.BG)
        yy = y + 2
        if self.menu.font is SMALL:
            for s in range(m.players(st)):
                seat_box(c, x + 2, yy, s)
                c.fill_rect(x, yy, 2, 10, theme.BG)
                cell(c, x + 12, yy, w - 12, 10, seat_line(st, s), theme.FG, theme.BG, SMALL)
                yy += 10
            for text in wrap(table_text(st), (w - 4) // SMALL.w):
                cell(c, x, yy, w, 10, text, theme.DIM, theme.BG, SMALL)
                yy += 10
            c.fill_rect(x, yy, w, 2, theme.ACCENT)
            yy += 3
        self.menu.place(x, yy, w, y + h - yy)
        self.menu.draw(c)

    def update(self, c):
        self.menu.update(c)

    def event(self, e):
        if self.menu.handle(e):
            return
        if e == ev.OK:
            self.actions[self.menu.cursor]()
        elif e == ev.BACK and self.app:
            self.app.pop()


class Choices(MenuScreen):
    """A menu whose rows run callbacks."""

    def __init__(self, title, labels, actions):
        MenuScreen.__init__(self, title, list(labels))
        self.actions = actions

    def choose(self, i):
        self.actions[i]()


# ---- what the play screen opens ----------------------------------------------------------------
def result(scr):
    """The end screen (A/B: what next)."""
    scr.app.push(EndScreen(result_rows(cacao, scr.session.state), lambda: _what_next(scr),
                           lambda: final_table(scr)))


def _what_next(scr):
    app = scr.app
    s = scr.session
    app.pop()
    app.push(Choices("What next?", ("Play again", "Save record", "Log", "Main menu"),
                     (s.play_again, lambda: _save_record(scr), lambda: log(scr), s.leave)))


def final_table(scr):
    """The whole final table, its free cursor saying what is on each cell."""
    from meeple.ui.cacao.overview import OverviewScreen
    scr.app.push(OverviewScreen(scr.session.state, 0, "Final table", keys=scr.k_next))


def temple_rows(st):
    rows = [(-1, temple_words(k, counts)) for k, counts in temples(st)]
    return rows or [(-1, "No temple on the table yet.")]


def temple_page(scr):
    """Who leads each temple and by how many, and what it would pay now."""
    scr.app.push(RowsScreen("Temples", temple_rows(scr.session.state)))


def _save_record(scr):
    app = scr.app
    j = scr.session.journal
    if not j.ok:
        app.message("Record", "This game's moves were not all kept (it was continued "
                    "after the journal was lost), so there is no record to save.")
        return
    try:
        path = j.save_record()
    except OSError as e:
        app.message("Record", "The record could not be written: %s" % e)
        return
    app.message("Record saved", "%s\n\nCopy it to a computer with make pull-records "
                "PORT=... and replay it with tools/replay." % path.split("/")[-1])


def log(scr):
    """Every action in words, each followed by what every seat gained or paid by it (automatic
    harvests, gold, water and sun included), worked out from the journal as the page is built.
    Up/down select an action; A shows the table with the cell it names marked (LogPlace)."""
    j = scr.session.journal
    if not j.ok:
        scr.app.push(RowsScreen("Log", [(-1, "The log is not available: this game was continued "
                                              "without its journal.")]))
        return
    scr.app.push(LogPage(scr, j))


def log_rows(j):
    """(seat, text) per action of journal j, then one row per seat whose figures it changed."""
    return log_rows_from(j, 0)


class LogPage(RowsScreen):
    """The log with a selected action (highlighted with the gains under it); A: LogPlace."""

    footer = "A where  B back  up/down line"

    def __init__(self, scr, j):
        from array import array
        keys = array("H")
        RowsScreen.__init__(self, "Log", log_rows_from(j, 0, keys), True, keys)
        self.scr = scr

    def ok(self):
        scr = self.scr
        if self.sel >= 0 and self.app:
            from meeple.ui.cacao.logplace import LogPlace   # its code in the heap only when asked for
            self.app.push(LogPlace(scr.session.state, self, scr.k_next))


def place_key(info):
    """The table key of the cell an action names (action_info): the tile placed or overbuilt,
    the first space filled, the jungle tile that paid."""
    if info["kind"] == "fill":
        sp = info["spaces"]
        return m.xy_key(sp[0]["x"], sp[0]["y"]) if sp else 0
    return m.xy_key(info["x"], info["y"])


def _by(st, x, y):
    """The jungle tiles next to cell (x, y) in words: where a worker tile went, by what it
    touches (the table never shows coordinates)."""
    key = m.xy_key(x, y)
    kinds = []
    for d in range(4):
        r = m.ref(st, key + m.DK[d])
        if 0 <= r < 64:
            w = m.KIND_WORDS[m.jungle_type(st, r)]
            if w not in kinds:
                kinds.append(w)
    return " by " + ", ".join(kinds) if kinds else ""


def action_words(st, a):
    """One log line in the table's words (cacao.describe names cells by coordinates and sides
    by codes, for records): what was placed by what, which tile paid how much."""
    info = cacao.action_info(st, a)
    name = SEAT_NAMES[info["seat"]]
    kind = info["kind"]
    if kind == "place":
        return "%s places a %s worker tile%s" % (name, info["pattern"], _by(st, info["x"], info["y"]))
    if kind == "overbuild":
        return "%s pays 1 sun to overbuild a tile with a %s%s" % (
            name, info["pattern"], _by(st, info["x"], info["y"]))
    if kind == "fill":
        got = []
        for sp in info["spaces"]:
            t = sp["tile"]
            got.append("a tile from the pile" if t == "pile" else
                       m.KIND_WORDS[cacao.JUNGLE_NAMES.index(t)] if t else "one space left empty")
        return "%s fills in: %s" % (name, ", ".join(got))
    where = m.KIND_WORDS[cacao.JUNGLE_NAMES.index(info["tile"])]
    if "harvest" in info:
        lost = info["harvest"] - info["kept"]
        return "%s harvests %d cacao at %s%s" % (
            name, info["harvest"], where, " (%d lost, storage full)" % lost if lost else "")
    if info["sell"] == 0:
        return "%s sells nothing at %s" % (name, where)
    return "%s sells %d cacao at %s for %d gold" % (name, info["sell"], where, info["gold"])


def log_rows_from(j, start, keys=None):
    """log_rows for the actions from number `start` on (the position is replayed up to it);
    `keys` (an array) gets each row's place key (place_key) before the row is handed out."""
    st = j.initial()
    before = [0] * 16
    for i in range(len(j)):
        a = j.action(i)
        if i < start:
            cacao.apply(st, a)
            continue
        n = m.players(st)
        for s in range(n):
            figures(st, s, before, 4 * s)
        k = 0
        if keys is not None:
            k = place_key(cacao.action_info(st, a))
            keys.append(k)
        yield j.seat(i), action_words(st, a)
        cacao.apply(st, a)
        for s in range(n):
            words = change_words(before, 4 * s, st, s)
            if words:
                if keys is not None:
                    keys.append(0)   # part of the action's entry
                yield s, "  " + words


def recap(scr, viewer, start):
    """The moves since `viewer` last placed (journal action `start` on), every seat's gains
    with them, on a page of their own; nothing when no other seat placed a tile since."""
    j = scr.session.journal
    st = j.initial()
    others = False
    for i in range(len(j)):
        a = j.action(i)
        if i >= start and j.seat(i) != viewer and m.phase(st) == m.PLACE:
            others = True
            break
        cacao.apply(st, a)
    if not others:
        return
    page = RowsScreen("Since your turn", log_rows_from(j, start))    # play.RECAP_TITLE
    page.footer = "A/B close  up/down scroll"
    app = scr.app
    stack = app.stack
    i = stack.index(scr) + 1
    if i < len(stack) and stack[i].title == page.title:
        del stack[i]        # an unread recap (no key pressed since): the new one replaces it
    if i == len(stack):
        app.push(page)
    else:                   # under what is already over the game (the pass screen stays first)
        page.app = app
        stack.insert(i, page)


def menu(scr):
    """The game menu: scoreboard, then hint (when deciding), log, overview, rules, leave."""
    st = scr.session.state
    items = ["Log", "Overview", "Temples", "Rules", "Leave game"]
    acts = [lambda: log(scr), lambda: overview(scr), lambda: temple_page(scr), lambda: _rules(scr),
            scr.session.leave]
    if text_font() is not SMALL:   # large text: the scoreboard is a page of its own
        items.insert(0, "Scores")
        acts.insert(0, lambda: scr.app.push(RowsScreen("Scores", [
            (s, seat_line(st, s)) for s in range(m.players(st))] + [(-1, table_text(st))])))
    if scr.session.can_take_back():   # the console's take-back (meeple.console.host)
        items.insert(-1, "Take back my move")
        acts.insert(-1, scr.session.take_back)
    if scr.deciding():
        items.insert(0, "Hint")
        acts.insert(0, lambda: _hint(scr))
    a = m.active(st)
    title = "%s %s turn %d" % (LETTERS[a], SEAT_NAMES[a], m.turn(st) + 1)
    if m.to_move(st) < 0:
        title = "Game over"
    scr.app.push(GameMenu(st, items, acts, title))


def overview(scr):
    """The overview with its free cursor; while a human places (play_cacao PLACE or HAND) it
    starts on the placement cursor and says why the chosen tile may not go on a cell."""
    from meeple.ui.cacao.overview import OverviewScreen
    placing = scr.mode in (1, 2)   # play_cacao.PLACE, HAND
    scr.app.push(OverviewScreen(scr.session.state, scr.cursor if placing else scr.ov.cursor,
                                scr=scr if placing else None, keys=scr.k_next))


def _rules(scr):
    rules = scr.session.plugin.RULES
    scr.app.push(Choices("Cacao rules", [t for t, _ in rules],
                         [_rule_page(scr.app, t, text) for t, text in rules]))


def _rule_page(app, title, text):
    if title == "Symbols":      # drawn beside the pictures (meeple.ui.cacao.legend)
        return lambda: app.push(symbols(title, text))
    return lambda: app.push(RowsScreen(title, [(-1, text)]))


def symbols(title, text):
    """The symbol page; its module is forgotten at once (the page holds what it needs)."""
    from meeple import forget
    from meeple.ui.cacao import legend
    forget("meeple.ui.cacao.legend")
    return legend.SymbolsScreen(title, text)


def _hint(scr):
    scr.app.pop()       # the menu goes; the play screen works the hint out on its next tick
    scr.want_hint()
