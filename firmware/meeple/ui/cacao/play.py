"""Cacao on the console: the game plug-in (meeple.console.host) and its play screen.

The screen is a table view on the left (meeple.ui.cacao.table) and a side panel on the right
(meeple.ui.cacao.panels); what it knows about the position comes from meeple.ui.cacao.model.
Modes, decided from the position after every action (`_enter`):

    WATCH    an AI (or nobody) decides: the last move stays highlighted with its gains; "thinks"
             while a bot's turn is due. d-pad looks around, A overview, B menu.
    PLACE    a human places: the chosen hand tile is drawn at the cursor with the preview
             (spaces filled, sides that fire, every seat's gains). The cursor visits only
             cells where the tile may go: the d-pad snaps to the nearest one that way
             (cacao_model.step_legal; none that way: it stays and the footer says so),
             NEXT/PREV step through them north to south, west to east. ALT turns the tile,
             B picks another hand tile (HAND), A places. Why a tile may not go on some other
             cell: the overview's free cursor (menu > Overview) says it.
    FILL     which display tile goes where (a placement with a real choice): the best option for
             the player is preselected; A confirms place and fill together, B takes it back.
    RESOLVE  a seat orders its harvests and sales: every distinct outcome as one plan, the best
             (most gold, then most cacao) first; A plays the plan.

Hot-seat privacy (the pass screen) is the session's; the hand shown is always the last human's
who decided, never an AI's or another human's.
"""
try:
    from typing import TYPE_CHECKING
except ImportError:  # MicroPython
    TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any
import sys
from array import array

from meeple import ai, forget
from meeple.core import cacao
from meeple.ui.cacao import model as m
from meeple.ui import input as ev
from meeple.ui import theme
from meeple.ui.cacao.panels import SidePanel
from meeple.ui.cacao.table import Overlay, Table
from meeple.ui.gfx import SMALL
from meeple.ui.screen import cell, footer_fit, footer_h, wrap
from meeple.ui.screen import Screen as _Base
from meeple.ui.screen import DialogScreen

from meeple.ui.cacao import GAME, OPTIONS, PLAYERS, RULE_TITLES, SEAT_LETTERS, SEAT_NAMES, TITLE  # noqa: F401

_LEVELS = ("easy", "easy", "normal", "hard")  # seat kind (meeple.console.host AI_EASY..AI_HARD) -> level

WATCH = 0
PLACE = 1
HAND = 2
FILL = 3
RESOLVE = 4
OVER = 5

_DIR = b"\x00\x00\x02\x03\x01"   # input event UP, DOWN, LEFT, RIGHT -> cacao_model direction
NOTES = ("", "no legal cell further up", "no legal cell further down", "no legal cell further left",
         "no legal cell further right")   # by input event; shown in the footer for NOTE_MS
NOTE_MS = 2000
RECAP_TITLE = "Since your turn"   # meeple.ui.cacao.pages.recap's page


def ai_action(state, seat, level):
    """The bot's move for `seat` (level 1 easy, 2 normal, 3 hard); seeded by the turn so a
    replayed game plays the same."""
    return ai.choose(cacao, state, seat, _LEVELS[level], m.turn(state) * 4 + seat)


class Screen(_Base):
    title = TITLE

    def __init__(self, session):
        _Base.__init__(self)
        self.session = session
        st = session.state
        self.buf = array("H", bytes(2 * cacao.MAX_ACTIONS))   # no temporary list of 1920 ints
        self.fbuf = array("H", bytes(128))
        self.n = 0
        self.ov = Overlay()
        self.pv = m.Preview()
        self.scratch = bytearray(st)
        self.prev = bytearray(st)
        self.base = array("h", [0] * 16)   # seat figures when the turn began: the last move's gains
        self.spaces = array("H", [0, 0, 0])
        self._fills = []
        self.mode = WATCH
        self.sel = 0
        self.rot = 0
        self.cursor = m.xy_key(1, 0)
        self.place_action = -1
        self.fill_opts = []
        self.fill_i = 0
        self.fill_local = False
        self.plans = []
        self.plan_i = 0
        self.gains = []
        self.why = ""
        self.note = ""              # a short message in the footer until note_until (ms)
        self.note_until = 0
        self.viewer = -1
        self.table: "Any" = None    # laid out on the first draw, when the canvas size is known
        self.panel: "Any" = None
        self._box_rows = 0          # rows of the plan box over the table (RESOLVE)
        self._dirty = True
        self._busy = False          # several actions being played for one choice
        self._pages_loaded = False  # cacao_pages imported by this screen (menus, log, end)
        self._pages_widgets = False  # and meeple.ui.widgets with it
        self._hint_due = False      # the game menu asked for a hint (worked out in tick)
        # per seat, the journal's action number after its last placement: the recap page
        # (built from the journal when the seat's next turn begins) starts there
        n = len(session.journal)
        self.since = [n, n, n, n]
        self.last_seat = -1         # who made the last move, and what it was (WATCH status)
        self.last_verb = ""
        self.lastpv = m.Preview()   # the last placement's fires (the table marks them)
        self._lastmove: "Any" = None   # (seat, key, pattern, rot) of the last placement
        self._snapshot(st)
        for s in range(m.players(st)):
            if session.is_human(s):
                self.viewer = s
                break
        self._enter()

    # ---- figures -------------------------------------------------------------------------------
    def _snapshot(self, st):
        for s in range(m.players(st)):
            self.base[4 * s] = m.gold(st, s)
            self.base[4 * s + 1] = m.cacao_of(st, s)
            self.base[4 * s + 2] = m.sun(st, s)
            self.base[4 * s + 3] = m.water(st, s)

    def _last_gains(self, st=None):
        st = st or self.session.state
        out = []
        for s in range(m.players(st)):
            text = ""
            vals = (m.gold(st, s), m.cacao_of(st, s), m.sun(st, s), m.water(st, s))
            for i in range(4):
                v = vals[i] - self.base[4 * s + i]
                if v:
                    text += "%s%+d%s" % (" " if text else "", v, "gcsw"[i])
            if text:
                out.append((s, text))
        return out

    def _preview_gains(self):
        out = []
        for s in range(m.players(self.session.state)):
            t = self.pv.gains_text(s)
            if t:
                out.append((s, t))
        if not out:
            out.append((-1, "no gains"))
        return out

    # ---- modes ---------------------------------------------------------------------------------
    def _enter(self):
        """Choose the mode for the position: who decides, and what."""
        st = self.session.state
        self._dirty = True
        self.ov.ghost = -1
        self.ov.preview = None
        self.ov.n_legal = 0
        self.fill_local = False
        if m.phase(st) == m.OVER:
            self.mode = OVER
            self.gains = self._last_gains()
            return
        seat = m.to_move(st)
        if not self.session.is_human(seat):
            self.mode = WATCH
            self.ov.cursor = 0
            self.ov.preview = self.lastpv if self._lastmove else None
            self.gains = self._last_gains()
            return
        self.viewer = seat
        self.n = cacao.legal_into(st, self.buf)
        ph = m.phase(st)
        if ph == m.PLACE:
            self.mode = PLACE
            self._show_recap(seat)
            if self.sel >= m.hand_n(st, seat):
                self.sel = 0
            self._cells()
            self._snap()
            self._preview()
        elif ph == m.FILL:
            self.mode = FILL
            self.place_action = -1
            self.fill_opts = [self.buf[i] for i in range(self.n)]
            ns = m.spaces(st, self.spaces)
            w = m.new_worker(st)
            self._fill_default(st, seat, m.worker_key(st, w), m.worker_top(st, w), ns)
        else:
            self.mode = RESOLVE
            self.plans = m.plans(cacao, st, seat)
            self.plan_i = 0
            self.gains = self._plan_gains()

    def _cells(self):
        st = self.session.state
        seat = m.to_move(st)
        pat = m.hand(st, seat, self.sel)
        self.ov.n_legal = m.place_cells(st, self.buf, self.n, pat, self.ov.legal)
        if self.rot >= m.rotations(pat):
            self.rot = 0

    def _snap(self):
        """Keep the cursor if the tile may go there, else take the nearest legal cell."""
        ov = self.ov
        if ov.is_legal(self.cursor) or ov.n_legal == 0:
            return
        best = -1
        bd = 9999
        cx = self.cursor >> 8
        cy = self.cursor & 0xFF
        for i in range(ov.n_legal):
            k = ov.legal[i]
            d = abs((k >> 8) - cx) + abs((k & 0xFF) - cy)
            if d < bd:
                bd = d
                best = k
        self.cursor = best

    def _preview(self):
        """The placement under the cursor: legal? then spaces, default fill, sides, gains."""
        st = self.session.state
        seat = m.to_move(st)
        ov = self.ov
        pat = m.hand(st, seat, self.sel)
        ov.cursor = self.cursor
        ov.ghost = (seat << 4) | (pat << 2) | self.rot
        if self.table:
            self.table.follow(self.cursor, 0)
        a = m.find_place(st, self.buf, self.n, self.cursor, pat, self.rot)
        self.place_action = a
        self._dirty = True
        if a < 0:
            ov.cursor_ok = False
            ov.preview = None
            self.fill_opts = []
            self.why = m.why_not(st, self.cursor, seat)
            self.gains = [(-1, "Not here:"), (-1, self.why)]
            return
        ov.cursor_ok = True
        sc = self.scratch
        sc[:] = st
        jn = m.jungle_n(st)
        cacao.apply(sc, a)
        if m.phase(sc) == m.FILL and m.to_move(sc) == seat:
            k = cacao.legal_into(sc, self.fbuf)
            self.fill_opts = [self.fbuf[i] for i in range(k)]
            ns = m.spaces(sc, self.spaces)
            self._fill_default(sc, seat, self.cursor, (seat << 6) | (pat << 4) | (self.rot << 2), ns)
            return
        self.fill_opts = []
        fills = self._fills
        del fills[:]
        for j in range(jn, m.jungle_n(sc)):
            fills.append((m.jungle_key(sc, j), m.jungle_type(sc, j)))
        self.pv.place(st, seat, self.cursor, pat, self.rot, fills)
        ov.preview = self.pv
        if self.table:
            self.table.show(self.pv)
        self.gains = self._preview_gains()

    def _fill_default(self, st, seat, key, top, ns):
        """Preselect the fill option worth most to the seat, and preview it."""
        best = 0
        bv = -99999
        pat = (top >> 4) & 3
        rot = (top >> 2) & 3
        for i in range(len(self.fill_opts)):   # valued only: the table and the words follow the best
            m.fill_choice(st, self.fill_opts[i], self.spaces, ns, self._fills)
            self.pv.place(self.session.state, seat, key, pat, rot, self._fills)
            v = self.pv.value(st, seat)
            if v > bv:
                bv = v
                best = i
        self.fill_i = best
        if best == len(self.fill_opts) - 1:   # the last one valued: the preview holds it already
            self._fill_shown()
        else:
            self._fill_preview(st, seat, key, top, ns, best)

    def _fill_preview(self, st, seat, key, top, ns, i):
        m.fill_choice(st, self.fill_opts[i], self.spaces, ns, self._fills)
        self.pv.place(self.session.state, seat, key, (top >> 4) & 3, (top >> 2) & 3, self._fills)
        self._fill_shown()

    def _fill_shown(self):
        self.ov.preview = self.pv
        if self.table:
            self.table.show(self.pv)
        self.gains = self._preview_gains()

    def _show_fill(self):
        """Preview fill option fill_i (the spaces come from the scratch copy or the state)."""
        st = self.session.state
        seat = m.to_move(st)
        src = self.scratch if self.fill_local else st
        ns = m.spaces(src, self.spaces)
        if self.fill_local:
            pat = m.hand(st, seat, self.sel)
            top = (seat << 6) | (pat << 4) | (self.rot << 2)
            key = self.cursor
        else:
            w = m.new_worker(st)
            key = m.worker_key(st, w)
            top = m.worker_top(st, w)
        self._fill_preview(src, seat, key, top, ns, self.fill_i)
        self._dirty = True

    def _plan_gains(self):
        if not self.plans:
            return []
        g, c, _ = self.plans[self.plan_i]
        st = self.session.state
        return [(m.to_move(st), "%+dg %dc" % (g, c))]

    # ---- playing -------------------------------------------------------------------------------
    def _play(self, actions):
        """Play one choice (one or more actions of the seat deciding now)."""
        s = self.session
        seat = m.to_move(s.state)
        self._busy = True
        try:
            for a in actions:
                if m.to_move(s.state) != seat or m.phase(s.state) == m.OVER:
                    break
                s.play(a)
        except ValueError as e:
            self._toast(str(e))
        finally:
            self._busy = False
        if m.phase(s.state) != m.OVER:
            self._enter()

    def _toast(self, text):
        if self.app:
            self.app.show_toast(text, 2500)

    def changed(self, seat, action):
        """An action was applied (anyone's, already in the session's journal): the last move's
        figures, highlight and firing sides, the status, where the seat's next recap starts."""
        st = self.session.state
        prev = self.prev
        ov = self.ov
        ph = m.phase(prev)
        if ph == m.PLACE:
            self._snapshot(prev)
            ov.n_last = 0
            ov.last[0] = m.action_cell(prev, action)
            ov.n_last = 1
            self._lastmove = (seat, ov.last[0], (action >> 2) & 3, action & 3)
            self.last_verb = "placed" if action < m.OVERBUILD_BASE else "overbuilt"
            self.since[seat] = len(self.session.journal)
        elif ph == m.FILL:
            self.last_verb = "filled"
        else:
            self.last_verb = "sold" if "sells" in cacao.describe(prev, action) else "harvested"
        self.last_seat = seat
        for j in range(m.jungle_n(prev), m.jungle_n(st)):
            if ov.n_last < 4:
                ov.last[ov.n_last] = m.jungle_key(st, j)
                ov.n_last += 1
        if self._lastmove and ph != m.RESOLVE:
            self._last_fires(prev, st)
        prev[:] = st
        if self.table and ov.n_last and not self._busy and not self.session.is_human(seat):
            self.table.show(self.lastpv)    # show the AI's move and what it filled
        if not self._busy:
            self._enter()

    def _last_fires(self, before, st):
        """The sides the last placement fired (with the tiles it filled: `before` is the
        position before the placement or, when the fill was a choice, before the fill), kept
        in lastpv so the table marks them while others move."""
        seat, key, pat, rot = self._lastmove
        fills = self._fills
        del fills[:]
        for j in range(m.jungle_n(before), m.jungle_n(st)):
            fills.append((m.jungle_key(st, j), m.jungle_type(st, j)))
        self.lastpv.place(before, seat, key, pat, rot, fills)

    def _show_recap(self, viewer):
        """A human's turn begins: the moves since this seat's last placement (the other seats'
        and every gain) on a page of their own, A or B closes it (meeple.ui.cacao.pages)."""
        if self.app and self.session.journal.ok and self.since[viewer] < len(self.session.journal):
            self._pages().recap(self, viewer, self.since[viewer])
            if self.app.screen is self:
                self._drop_pages()      # nothing to recap: the module goes again

    def game_over(self):
        self.mode = OVER
        self.gains = self._last_gains()
        self._dirty = True
        self._result()

    # ---- the rarely used screens (meeple.ui.cacao.pages) ---------------------------------------
    def _pages(self):
        """cacao_pages, imported when one of its screens opens (the bots make room for it: no
        AI seat moves while a page is over the game); `_drop_pages` lets it go."""
        if "meeple.ui.cacao.pages" not in sys.modules:
            self._pages_loaded = True
            # the menus' widgets it imports go with it (a game holds only what is in meeple.ui.screen)
            self._pages_widgets = "meeple.ui.widgets" not in sys.modules
            self.session.forget_bots()
        from meeple.ui.cacao import pages as cacao_pages
        return cacao_pages

    def _drop_pages(self):
        """The table is back on screen: forget cacao_pages (and the pages it imported) if this
        screen imported it."""
        if self._pages_loaded:
            self._pages_loaded = False
            forget("meeple.ui.cacao.pages")
            forget("meeple.ui.cacao.overview")
            forget("meeple.ui.cacao.logplace")
            if self._pages_widgets:
                forget("meeple.ui.widgets")

    def _result(self):
        if self.app:
            self._pages().result(self)

    def _menu(self):
        self._pages().menu(self)

    def _overview(self):
        self._pages().overview(self)

    def want_hint(self):
        """The game menu chose Hint: it is worked out on the next tick, once the menu and its
        module are gone (the bot needs the room)."""
        self._hint_due = True

    def _hint(self):
        self._hint_due = False
        st = self.session.state
        action, reason = ai.hint(cacao, st, m.to_move(st))
        text = "%s\n\n%s" % (cacao.describe(st, action), reason)   # the footer: A use it
        self.app.push(DialogScreen("Hint", text, lambda: self._use_hint(action),
                                   self.session.back_to_menu, "A use it  B back"))

    def _use_hint(self, action):
        self.app.pop()
        self.point_at(action)

    def deciding(self):
        """A human decides now (the game menu offers a hint)."""
        return self.mode in (PLACE, HAND, FILL, RESOLVE)

    def point_at(self, action):
        """Point the screen at a hinted choice (nothing is played until A)."""
        st = self.session.state
        seat = m.to_move(st)
        if self.mode in (PLACE, HAND) and action < m.FILL_BASE:
            pat = (action >> 2) & 3
            for i in range(m.hand_n(st, seat)):
                if m.hand(st, seat, i) == pat:
                    self.sel = i
            self.rot = action & 3
            self.cursor = m.action_cell(st, action)
            self.mode = PLACE
            self._cells()
            self._preview()
        elif self.mode == FILL and action in self.fill_opts:
            self.fill_i = self.fill_opts.index(action)
            self._show_fill()
        elif self.mode == RESOLVE:
            for i in range(len(self.plans)):
                if self.plans[i][2][:1] == (action,):
                    self.plan_i = i
                    break
            self.gains = self._plan_gains()
        self._dirty = True

    def look_at(self, key):
        """The overview's cursor chose a cell where the tile may go: the placement cursor
        goes there."""
        if self.mode in (PLACE, HAND) and self.ov.is_legal(key):
            self.mode = PLACE
            self.cursor = key
            self._preview()

    # ---- events --------------------------------------------------------------------------------
    def event(self, e):
        mode = self.mode
        if self.note:
            self.note = ""
            self._dirty = True
        if e == ev.MENU:
            self._menu()
            return
        if mode == PLACE:
            self._ev_place(e)
        elif mode == HAND:
            self._ev_hand(e)
        elif mode == FILL:
            self._ev_fill(e)
        elif mode == RESOLVE:
            self._ev_resolve(e)
        elif mode == OVER:
            if e == ev.OK or e == ev.BACK:
                self._result()
            elif e == ev.ALT:
                self._overview()
        else:
            if e == ev.OK or e == ev.ALT:
                self._overview()
            elif e == ev.BACK:
                self._menu()
            elif e in (ev.UP, ev.DOWN, ev.LEFT, ev.RIGHT) and self.table:
                k = self.ov.cursor or m.xy_key(0, 0)
                self.ov.cursor = self._step(k, e)
                self.ov.cursor_ok = True
                self.table.follow(self.ov.cursor)
                self._dirty = True

    def _step(self, key, e):
        """The neighbouring cell in direction e, kept within two cells of the table."""
        x0, y0, x1, y1 = m.bounds(self.session.state)
        x = key >> 8
        y = key & 0xFF
        if e == ev.UP and y < y1 + 2:
            y += 1
        elif e == ev.DOWN and y > y0 - 2:
            y -= 1
        elif e == ev.RIGHT and x < x1 + 2:
            x += 1
        elif e == ev.LEFT and x > x0 - 2:
            x -= 1
        return (x << 8) | y

    def _turn(self):
        st = self.session.state
        pat = m.hand(st, m.to_move(st), self.sel)
        if m.rotations(pat) == 1:
            self._toast("1-1-1-1 looks the same every way round")
            return
        self.rot = (self.rot + 1) & 3
        self._preview()

    def _ev_place(self, e):
        ov = self.ov
        if e in (ev.UP, ev.DOWN, ev.LEFT, ev.RIGHT):
            k = m.step_legal(ov.legal, ov.n_legal, self.cursor, _DIR[e])
            if k:
                self.cursor = k
                self._preview()
            else:
                self.note = NOTES[e]
                self.note_until = (self.app.ticks() if self.app else 0) + NOTE_MS
                self._dirty = True
        elif e == ev.NEXT or e == ev.PREV:
            n = ov.n_legal
            if n:
                i = 0
                while i < n and ov.legal[i] != self.cursor:
                    i += 1
                if i == n:
                    i = 0 if e == ev.NEXT else n - 1
                else:
                    i = (i + (1 if e == ev.NEXT else -1)) % n
                self.cursor = ov.legal[i]
                self._preview()
        elif e == ev.ALT:
            self._turn()
        elif e == ev.BACK:
            self.mode = HAND
            self._dirty = True
        elif e == ev.OK:
            if self.place_action < 0:
                self._toast("Not here: " + self.why)
            elif len(self.fill_opts) > 1:
                self.mode = FILL        # choose the fill before anything is played
                self.fill_local = True
                self._show_fill()
            elif self.fill_opts:
                self._play((self.place_action, self.fill_opts[0]))
            else:
                self._play((self.place_action,))

    def _ev_hand(self, e):
        st = self.session.state
        hn = m.hand_n(st, m.to_move(st))
        if e in (ev.LEFT, ev.UP, ev.PREV, ev.RIGHT, ev.DOWN, ev.NEXT):
            step = -1 if e in (ev.LEFT, ev.UP, ev.PREV) else 1
            self.sel = (self.sel + step) % hn
            self._cells()
            self._snap()
            self._preview()
        elif e == ev.ALT:
            self._turn()
        elif e == ev.OK or e == ev.BACK:
            self.mode = PLACE
            self._dirty = True

    def _ev_fill(self, e):
        n = len(self.fill_opts)
        if e in (ev.LEFT, ev.UP, ev.PREV, ev.RIGHT, ev.DOWN, ev.NEXT):
            step = -1 if e in (ev.LEFT, ev.UP, ev.PREV) else 1
            self.fill_i = (self.fill_i + step) % n
            self._show_fill()
        elif e == ev.OK:
            a = self.fill_opts[self.fill_i]
            self._play((self.place_action, a) if self.fill_local else (a,))
        elif e == ev.BACK:
            if self.fill_local:
                self.mode = PLACE
                self.fill_local = False
                self._preview()
            else:
                self._toast("The tile is placed: choose where the jungle tiles go")

    def _ev_resolve(self, e):
        n = len(self.plans)
        if e in (ev.LEFT, ev.UP, ev.PREV, ev.RIGHT, ev.DOWN, ev.NEXT) and n:
            step = -1 if e in (ev.LEFT, ev.UP, ev.PREV) else 1
            self.plan_i = (self.plan_i + step) % n
            self.gains = self._plan_gains()
            self._dirty = True
        elif e == ev.OK and n:
            self._play(self.plans[self.plan_i][2])
        elif e == ev.BACK:
            self._toast("Your workers fired: choose how to sell")

    def tick(self, now):
        if self._hint_due and self.app and self.app.screen is self:
            self._hint()
            return
        if self.note and now >= self.note_until:
            self.note = ""
            self._dirty = True

    # ---- drawing -------------------------------------------------------------------------------
    def _layout(self, c):
        if self.table:
            return
        w = c.width
        h = c.height - footer_h()   # Settings > Text: the footer's font
        cols = (w - 72) // 24
        tw = cols * 24
        self.table = Table(0, 0, tw, h)
        self.panel = SidePanel(tw, 0, w - tw, h)
        st = self.session.state
        self.table.centre(self.cursor if self.mode == PLACE else m.xy_key(0, 0))
        if self.mode == PLACE:
            self.table.follow(self.cursor, 0)
        inp = self.app.input if self.app else None
        dpad = inp is not None and inp.buttons & 15 == 15
        x = inp is not None and inp.buttons & ev.B_X
        self.k_alt = "X" if dpad and x else "hold A"
        self.k_menu = "Y" if dpad and inp is not None and inp.buttons & ev.B_Y else "hold B"
        self.k_next = "<>" if dpad else "X/Y"
        self._footer = ""
        del st

    def toast_area(self):
        """Notes go over the table, never the side panel (scores, hand, display)."""
        t = self.table
        return (t.x, t.w, t.y + t.h) if t else (0, 0, 0)

    def _footer_text(self):
        mode = self.mode
        if self.note:
            return self.note
        if mode == PLACE:
            if self.k_next == "<>":
                return "A place B tile %s turn %s menu" % (self.k_alt, self.k_menu)
            return "A place B tile X/Y move hold A turn"
        if mode == HAND:
            return "A ok %s tile %s turn" % (self.k_next, self.k_alt)
        if mode == FILL:
            return "A fill B back %s other" % self.k_next
        if mode == RESOLVE:
            return "A play plan %s other" % self.k_next
        if mode == OVER:
            return "A result  %s menu" % self.k_menu
        return "A overview B menu"

    def _status(self):
        st = self.session.state
        mode = self.mode
        if mode == OVER:
            return -1, "game over"
        seat = m.to_move(st)
        if mode == WATCH:
            if self.last_seat >= 0:
                return self.last_seat, self.last_verb    # the move on show, until the next
            return seat, "to move"
        if mode == FILL:
            return seat, "fill %d/%d" % (self.fill_i + 1, len(self.fill_opts))
        if mode == RESOLVE:
            return seat, "sell %d/%d" % (self.plan_i + 1, len(self.plans))
        if mode == HAND:
            return seat, "pick tile"
        if m.overbuild_in(st) == 0:
            return seat, "place/OB"
        return seat, "places"

    def draw(self, c):
        self._drop_pages()
        self._layout(c)
        self._footer = ""
        self._box_rows = 0
        self.table.draw(c, self.session.state, self.ov)
        self.panel.invalidate()
        self._dirty = True
        self.update(c)

    def update(self, c):
        if not self._dirty or self.table is None:
            return
        self._dirty = False
        st = self.session.state
        lines = self._plan_lines() if self.mode == RESOLVE and self.plans else []
        box = len(lines)
        if box != self._box_rows:
            if self._box_rows:
                self.table.draw(c, st, self.ov)   # the plan box leaves: repaint what it covered
            self._box_rows = box
        self.table.update(c, st, self.ov)
        if box:
            self._plan_box(c, lines)
        seat, status = self._status()
        viewer = self.viewer if self.mode != WATCH or self.session.humans() else -1
        self.panel.update(c, st, seat, status, viewer, self.sel if self.mode in (PLACE, HAND) else -1,
                          self.rot, self.mode == HAND, self.gains, self.mode != WATCH and self.mode != OVER)
        f = self._footer_text()
        if f != self._footer:
            self._footer = f
            fh = footer_h()
            t, font = footer_fit(f, c.width)
            cell(c, 0, c.height - fh, c.width, fh, t, theme.DIM, theme.BG, font)

    def _plan_lines(self):
        """The plan box's rows: (plan index, text) with each plan in words and its outcome
        (plans differ in gold or cacao, so no two read the same), wrapped to the table width;
        whole plans only, the chosen one and its neighbours in at most half the table."""
        t = self.table
        st = self.session.state
        cols = (t.w - 2 - 4) // SMALL.w - 1
        out = []
        for i in range(len(self.plans)):
            g, cc, path = self.plans[i]
            text = "%s: %+d gold, %d cacao left" % (m.plan_words(cacao, st, path), g, cc)
            for ln in wrap(text, cols):
                out.append((i, ln))
        most = max(2, (t.h // 2 - 12) // 10)
        # whole plans only: the chosen one, then the ones after it and before it as room allows
        lo = 0
        while out[lo][0] != self.plan_i:
            lo += 1
        hi = lo
        while hi < len(out) and out[hi][0] == self.plan_i:
            hi += 1
        while True:
            grew = False
            if hi < len(out):
                n = hi
                while n < len(out) and out[n][0] == out[hi][0]:
                    n += 1
                if n - lo <= most:
                    hi = n
                    grew = True
            if lo > 0:
                n = lo - 1
                while n > 0 and out[n - 1][0] == out[lo - 1][0]:
                    n -= 1
                if hi - n <= most:
                    lo = n
                    grew = True
            if not grew:
                break
        return out[lo:hi]

    def _plan_box(self, c, lines):
        """The plans over the bottom of the table: the chosen one highlighted."""
        t = self.table
        st = self.session.state
        h = 12 + len(lines) * 10
        y = t.y + t.h - h
        c.frame(t.x, y, t.w, h, theme.EDGE)
        cell(c, t.x + 1, y + 1, t.w - 2, 10, "%s: how to sell" % SEAT_NAMES[m.to_move(st)],
             theme.ACCENT, theme.PANEL, SMALL)
        prev = -1
        for r in range(len(lines)):
            i, text = lines[r]
            sel = i == self.plan_i
            mark = ("\x7f" if sel else " ") if i != prev else " "
            prev = i
            fg = theme.SEL_FG if sel else theme.FG
            bg = theme.SEL_BG if sel else theme.PANEL
            cell(c, t.x + 1, y + 11 + r * 10, t.w - 2, 10, mark + text, fg, bg, SMALL)


def __getattr__(name):
    """RULES (the help pages) from meeple.ui.cacao.rules, imported for the caller and forgotten
    again: the texts are held only while a rules page shows them."""
    if name != "RULES":
        raise AttributeError(name)
    from meeple.ui.cacao import rules
    pages = rules.RULES
    forget("meeple.ui.cacao.rules")
    return pages
