"""Santiago on the console (meeple.console.host plug-in): 3-5 seats, humans and AI, hot-seat.

One screen for the whole game; what it asks depends on the phase of the seat to move:

    auction     number picker over the legal bids only (Pass first), the revealed tiles, the bids
                so far in order and the overseer rule on the panel
    placement   pick a revealed tile, then a plot (the cursor visits empty plots only); the field
                it joins is outlined and the markers it gets are named before A
    bribe       Propose / Support / Pass, then a segment on the board, then the offer (picker);
                the two core actions (segment, amount) are played together, so B can still undo
    overseer    Accept a proposal / Build elsewhere (price shown) / Build for 1 / No canal
    extra canal Build extra canal / Pass, then a segment
    recap       before a human decides again: what the other seats did since (newest first); up /
                down select a line and the board marks where it happened (yellow frame or lane), A
                goes on; while the bots move, the panel lists the same lines under whose turn it
                is and the board marks the last move's place

Words, not coordinates: plots and canals are named by what is next to them on the board ("the
canal between W's potatoes and the spring" is "the canal by the spring"; "plants bean x1 next to
N's beans"); on the cursor's plot the crop being placed is drawn.

Buttons: d-pad (or X / Y) moves through the legal choices; on the board left/right go through
them in reading order and up/down jump to the nearest row; A confirms, B goes back a step,
X (hold A) switches the panel (decision / seats / hidden on 240x135), Y (hold B) opens the game
menu (hint, log, seats and scores, rules, save and quit).

The board drawing is meeple.ui.santiago.board, the panel santiago.panel, what is read from the
state santiago.state. The menu, hint, log, seats, drought and end screens (santiago_screens) are
imported when one opens and forgotten once the board is back on screen; the bots make room for
them (no AI seat moves while one is up), and a hint is worked out once the menu is gone
(DESIGN.md section 4).
"""
import sys

try:
    from typing import TYPE_CHECKING
except ImportError:  # MicroPython
    TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

from meeple import forget
from meeple.core import santiago as core
from meeple.ui import input as ev
from meeple.ui.santiago import board as B
from meeple.ui.santiago import panel as P
from meeple.ui.santiago import state as S
from meeple.ui import theme
from meeple.ui.gfx import ARROW_RIGHT, SMALL
from meeple.ui.screen import Screen as _Screen, cell, footer_fit, footer_h

from meeple.ui.santiago import GAME, OPTIONS, PLAYERS, RULE_TITLES, SEAT_LETTERS, SEAT_NAMES, TITLE  # noqa: F401



def _why(why, what):
    """The bot's reason without its own wording of the move (that names coordinates; the
    hint says the move in the screen's words above it)."""
    what = what[what.find(" ", 5) + 1:] if what.startswith("seat ") else what
    k = why.find(what)
    if k < 0:
        return why
    rest = (why[:k] + why[k + len(what):]).strip()
    while rest and rest[0] in ":,; ":
        rest = rest[1:]
    while rest and rest[-1] in ":,; ":
        rest = rest[:-1]
    return rest or why


def ai_action(state, seat, level):
    from meeple import ai
    return ai.choose(core, state, seat, ai.LEVELS[level - 1], state[S.O_ROUND] * 16 + seat)


# modes: what the human to move is choosing
M_WAIT = 0
M_BID = 1
M_TILE = 2
M_PLOT = 3
M_MENU = 4
M_SEG = 5
M_AMOUNT = 6
M_OVER = 7
M_RECAP = 8     # what the others did since this seat's last decision; A goes on
# the seats page's column heads (240x135: the symbols are on the "Screen" rules page)
SEAT_HEAD = "%5s %7s %5s %-8s %5s" % ("money", "markers", "canal", "fields", "score")
SEAT_HEAD_SHORT = "%3s %2s %s %4s" % ("$", "mk", "C", "pts")

RECAP_KEEP = 10  # lines kept for the recap (the newest)

# dirty parts
D_ALL = 1
D_BOARD = 2
D_PANEL = 4
D_PICK = 8
D_MENU = 16
D_INFO = 32
D_FOOT = 64
D_STATUS = 128

# panel pages
PG_DECIDE = 0
PG_SEATS = 1
PG_HIDDEN = 2

# menu option keys
O_PROPOSE = 1
O_SUPPORT = 2
O_PASS = 3
O_ACCEPT = 4
O_BUILD = 5
O_NONE = 6
O_EXTRA = 7


class Screen(_Screen):
    def __init__(self, session):
        _Screen.__init__(self)
        self.session = session
        self.title = TITLE
        st = session.state
        self.lay: "Any" = None      # santiago_board.Layout, made at the first draw
        self.board: "Any" = None    # santiago_board.Board
        self.panel: "Any" = None    # santiago_panel.Panel
        self._foot = None       # the footer and status texts on the panel (None: repaint all)
        self._status = None
        self.acts = [0] * core.MAX_ACTIONS
        self.nacts = 0
        self.mode = M_WAIT
        self.ch = []            # choices of the mode (values, plots or segments)
        self.cur = 0
        self.tiles = []         # distinct tile codes on offer (M_TILE)
        self.tcur = 0
        self.opts = []          # (key, label) in menu modes
        self.ocur = 0
        self.seg_kind = 0       # K_* of the segment being chosen
        self.seg = -1           # segment chosen before the offer
        self.fixed_seg = False  # the core already holds the segment (resumed mid-offer)
        self.page = PG_DECIDE
        self.last = ""          # the last action, in words (the log is read from the journal)
        self.last_at = -1       # where it happened: a plot, 64 + a segment, or -1 (marked)
        self.recent = []        # the others' actions since a human's last decision, in words
        self.where = []         # the place of each recent line (as last_at)
        self.rcur = 0           # the recap line selected, 0 = the newest (its place is marked)
        self._pages_loaded = False  # santiago_screens imported by this screen
        self._pages_widgets = False  # and meeple.ui.widgets with it
        self._hint_due = False  # the game menu asked for a hint (worked out in tick)
        self.snap = bytearray(st)       # the state before the next action
        self.before = bytearray(len(st))  # scratch: drought preview
        self.dmarks = bytearray(S.NPLOT)
        self.fmark = bytearray(S.NPLOT)
        self.over = False
        self.drought_up = False
        self.dirty = D_ALL
        self._panel_on = False  # the panel is on the panel (240x135: it covers the board)
        self.viewer = self._first_human()
        self._enter()

    # ---- plug-in protocol ------------------------------------------------------------------------
    def changed(self, seat, action):
        st = self.session.state
        txt = S.action_text(self.snap, seat, action, SEAT_LETTERS)
        self.last = txt
        self.last_at = S.action_place(self.snap, action)
        ended = self.snap[S.O_ROUND] != st[S.O_ROUND] or (
            st[S.O_PHASE] == S.OVER and self.snap[S.O_PHASE] != S.OVER)
        rec = self.recent
        at = self.where
        if self.session.is_human(seat):
            del rec[:]      # a human decided: the recap starts again
            del at[:]
        else:
            rec.append(txt)
            at.append(self.last_at)
        if ended:
            lose, dry = self._show_drought()
            if lose or dry:
                rec.append("Drought: %d plot%s lost a marker, %d turned to desert" % (
                    lose, "" if lose == 1 else "s", dry))
                at.append(-1)
            if st[S.O_PHASE] != S.OVER:
                rec.append("Round %d begins: +3 escudos each" % st[S.O_ROUND])
                at.append(-1)
        if len(rec) > RECAP_KEEP:
            del rec[:len(rec) - RECAP_KEEP]
            del at[:len(at) - RECAP_KEEP]
        self.rcur = 0
        self.snap[:] = st
        self._enter()
        self.dirty |= D_BOARD | D_PANEL | D_FOOT | D_STATUS

    def game_over(self):
        self.over = True
        self.mode = M_OVER
        self.dirty |= D_PANEL | D_FOOT | D_STATUS
        if not self.drought_up:
            self.show_end()

    def show_end(self):
        self.app.push(self.pages().EndScreen(self))

    # ---- the screens over the game (meeple.ui.santiago.screens) ---------------------------------
    def pages(self):
        """santiago_screens, imported when one of its screens opens (the bots make room for it:
        no AI seat moves while a page is over the game); `_drop_pages` lets it go."""
        if "meeple.ui.santiago.screens" not in sys.modules:
            self._pages_loaded = True
            # the menus' widgets it imports go with it (a game holds only what is in meeple.ui.screen)
            self._pages_widgets = "meeple.ui.widgets" not in sys.modules
            self.session.forget_bots()
        from meeple.ui.santiago import screens as santiago_screens
        return santiago_screens

    def _drop_pages(self):
        """The board is back on screen: forget santiago_screens if this screen imported it."""
        if self._pages_loaded:
            self._pages_loaded = False
            forget("meeple.ui.santiago.screens")
            if self._pages_widgets:
                forget("meeple.ui.widgets")

    def want_hint(self):
        """The game menu chose Hint: worked out on the next tick, once the menu and its module
        are gone (the bot needs the room)."""
        self._hint_due = True

    def tick(self, now):
        if self._hint_due and self.app and self.app.screen is self:
            self._hint_due = False
            st = self.session.state
            seat = core.to_move(st)
            if self.mode == M_RECAP:   # a hint asked for over the recap: the decision comes first
                del self.recent[:]
                del self.where[:]
                self._enter()
                self.dirty |= D_PANEL | D_BOARD | D_FOOT
            if self.mode in (M_WAIT, M_OVER):
                return
            from meeple import ai
            from meeple.ui.screen import DialogScreen
            a, why = ai.hint(core, st, seat)
            self.app.push(DialogScreen("Hint", "%s\n\n%s" % (S.action_text(st, seat, a, SEAT_LETTERS),
                                                               _why(why, core.describe(st, a))),
                                       None, self.session.back_to_menu, "A ok  B back"))

    def _show_drought(self):
        st = self.session.state
        b = self.before
        b[:] = self.snap
        for s in range(S.NSEG):  # the canals built this round are in place before the drought
            b[S.O_CANAL + s] = st[S.O_CANAL + s]
        lose, dry = S.drought_marks(b, st, self.dmarks)
        if lose or dry:
            self.drought_up = True
            self.app.push(self.pages().DroughtScreen(self, lose, dry, st[S.O_PHASE] == S.OVER))
        return lose, dry

    def drought_done(self):
        self.drought_up = False
        if self.over:
            self.show_end()

    def _first_human(self):
        s = self.session
        for q in range(len(s.seats)):
            if s.is_human(q):
                return q
        return -1

    # ---- entering a decision ------------------------------------------------------------------
    def _enter(self):
        """Set the mode for the seat to move now."""
        st = self.session.state
        self.ch = []
        self.cur = 0
        self.opts = []
        self.ocur = 0
        self.fixed_seg = False
        if core.is_over(st):
            self.mode = M_OVER
            self._marks()
            return
        seat = core.to_move(st)
        if not self.session.is_human(seat):
            self.mode = M_WAIT
            self._marks()
            return
        self.viewer = seat
        if self.recent:
            self.mode = M_RECAP
            self._marks()
            return
        self.nacts = core.legal_into(st, self.acts)
        ph = st[S.O_PHASE]
        if ph == S.AUCTION:
            self.mode = M_BID
            self.ch = [0] + S.payloads(self.acts, self.nacts, S.K_AMOUNT)
        elif ph == S.PLACEMENT:
            codes = []
            for a in S.payloads(self.acts, self.nacts, S.K_PLACE):
                if a // 48 not in codes:
                    codes.append(a // 48)
            self.tiles = [t for t in S.revealed(st) if t in codes]
            tl = []
            for t in self.tiles:  # distinct, in stack order
                if t not in tl:
                    tl.append(t)
            self.tiles = tl
            self.tcur = 0
            if len(self.tiles) == 1:
                self._to_plots()
            else:
                self.mode = M_TILE
        elif ph == S.BRIBE and st[S.O_PEND]:
            self.seg = st[S.O_PEND_SEG]
            self.seg_kind = S.K_PROPOSE if st[S.O_PEND] == 1 else S.K_SUPPORT
            self.fixed_seg = True
            self._to_amount()
        else:
            self._options()
        self._marks()

    def _options(self):
        st = self.session.state
        kinds = S.legal_kinds(self.acts, self.nacts)
        ph = st[S.O_PHASE]
        o = []
        if ph == S.BRIBE:
            if kinds & (1 << S.K_PROPOSE):
                o.append((O_PROPOSE, "Propose"))
            if kinds & (1 << S.K_SUPPORT):
                o.append((O_SUPPORT, "Support"))
            o.append((O_PASS, "Pass"))
        elif ph == S.OVERSEER:
            if kinds & (1 << S.K_ACCEPT):
                o.append((O_ACCEPT, "Accept"))
                cost = S.max_total(st) + 1
                o.append((O_BUILD, ("Build for %d" if kinds & (1 << S.K_BUILD) else "Build for %d!") % cost))
            else:
                if kinds & (1 << S.K_BUILD):
                    o.append((O_BUILD, "Build for 1"))
                o.append((O_NONE, "No canal"))
        else:
            o.append((O_EXTRA, "Extra canal"))
            o.append((O_PASS, "Pass"))
        self.opts = o
        self.ocur = 0
        self.mode = M_MENU

    def _to_plots(self):
        t = self.tiles[self.tcur]
        plots = [a % 48 for a in S.payloads(self.acts, self.nacts, S.K_PLACE) if a // 48 == t]
        self.ch = S.sort_reading(plots, S.plot_pos)
        self.cur = 0
        self.mode = M_PLOT

    def _to_segments(self, kind):
        segs = S.payloads(self.acts, self.nacts, kind)
        self.seg_kind = kind
        self.ch = S.sort_reading(segs, S.seg_pos)
        self.cur = 0
        self.mode = M_SEG

    def _to_amount(self):
        st = self.session.state
        money = st[S.O_MONEY + core.to_move(st)]
        self.ch = list(range(1, money + 1))
        self.cur = 0
        self.mode = M_AMOUNT

    # ---- board marks -----------------------------------------------------------------------------
    def _marks(self):
        bd = self.board
        if bd is None:
            return
        bd.clear_marks()
        st = self.session.state
        if self.mode == M_PLOT and self.ch:
            p = self.ch[self.cur]
            t = self.tiles[self.tcur]
            S.field(st, p, t >> 1, self.fmark)
            for q in range(S.NPLOT):
                if self.fmark[q]:
                    bd.marks[q] = B.F_FIELD
            if S.leftover(st):  # only some empty plots may take the leftover tile
                for q in self.ch:
                    bd.marks[q] |= B.F_CHOICE
            bd.marks[p] = B.F_CURSOR | B.F_GHOST   # the crop being placed, on the plot
            bd.ghost = t >> 1
        elif self.mode == M_SEG and self.ch:
            for s in self.ch:
                bd.lane_marks[s] = B.L_CHOICE
            bd.lane_marks[self.ch[self.cur]] = B.L_CURSOR
        elif self.mode == M_AMOUNT:
            bd.lane_marks[self.seg] = B.L_CURSOR
        elif self.mode in (M_RECAP, M_WAIT):   # where the selected recap line / the last move was
            at = self.where[len(self.where) - 1 - self.rcur] if self.mode == M_RECAP else self.last_at
            if at >= 64:
                bd.lane_marks[at - 64] = B.L_CURSOR
            elif at >= 0:
                bd.marks[at] = B.F_CURSOR
        # free segments dashed only when a canal may be built now
        bd.show_free = st[S.O_PHASE] in (S.BRIBE, S.OVERSEER, S.EXTRA)

    # ---- drawing -----------------------------------------------------------------------------
    def _layout(self, c):
        if self.lay is None or self.lay.w != c.width:
            self.lay = B.Layout(c.width, c.height, footer_h())
            self.board = B.Board(self.lay)
            self.panel = P.Panel(self.lay.panel)
            self._marks()

    def panel_shown(self):
        lay = self.lay
        if lay is None or not lay.short:
            return True
        if self.page == PG_HIDDEN:
            return False
        # on 240x135 the panel slides away while the cursor is on the board, and while others
        # place their tiles (the board is what changes then)
        if self.page == PG_SEATS:
            return True
        if self.mode == M_WAIT:
            return self.session.state[S.O_PHASE] != S.PLACEMENT
        return self.mode not in (M_PLOT, M_SEG)

    def draw(self, c):
        self._drop_pages()
        self._layout(c)
        lay = self.lay
        c.fill(theme.BG)
        self.board.hide_x = 9999
        self.board.draw(c, self.session.state)
        self.panel.invalidate()  # the fill above wiped it: every row is sent again
        self._panel_on = False
        self._foot = None
        self._status = None
        self.dirty = D_PANEL | D_FOOT | D_STATUS
        self._paint(c)

    def update(self, c):
        if self.dirty & D_ALL or self.lay is None:
            self.draw(c)
            return
        if self.dirty:
            self._paint(c)

    def _paint(self, c):
        """Send what changed: board plots and lanes (santiago_board), panel rows and characters
        (santiago_panel.Panel), status and footer characters."""
        d = self.dirty
        self.dirty = 0
        st = self.session.state
        lay = self.lay
        bd = self.board
        shown = self.panel_shown()
        if lay.short and not shown and self._panel_on:
            bd.invalidate()  # the panel was over the board: repaint what it covered
            x, y, w, h = lay.panel
            c.fill_rect(x - 1, y, w + 1, h, theme.BG)
        if lay.short and shown and not self._panel_on:
            self.panel.invalidate()  # slides in over the board
            c.fill_rect(lay.panel[0] - 1, 0, 1, lay.panel[3], theme.EDGE)
        self._panel_on = shown
        # on 240x135 what lies under the panel is not drawn while it is there
        bd.hide_x = lay.panel[0] - 1 if lay.short and shown else 9999
        bd.sync(c, st)
        if shown and d & (D_PANEL | D_PICK | D_MENU | D_INFO | D_STATUS):
            self.panel.draw(c, self.panel_rows())
        if d & D_STATUS and not lay.short:
            self._status_bar(c)
        if d & (D_FOOT | D_INFO):
            t, f = footer_fit(self.footer_text(), lay.w)
            t = t[:(lay.w - 4) // f.w]
            fh = footer_h()
            if self._foot is None or self._foot[1] is not f:
                cell(c, 0, lay.h - fh, lay.w, fh, t, theme.DIM, theme.BG, f)
            else:
                P.text_diff(c, 2, lay.h - fh + (fh - f.h) // 2, self._foot[0], t,
                            theme.DIM, theme.BG, f)
            self._foot = (t, f)

    def _status_bar(self, c):
        """Round, phase and overseer on the left, the last action on the right as far as it
        fits; only changed characters are sent."""
        lay = self.lay
        s = self.status_text()
        cols = (lay.w - 4) // SMALL.w
        room = cols - len(s) - 2
        n = len(self.last)   # whole, or not at all (MicroPython's str has no rjust)
        t = " " * (room - n) + self.last if room >= n else ""
        old = self._status
        ty = (lay.status_h - SMALL.h) // 2
        if old is None or old[0] != s:
            cell(c, 0, 0, lay.w, lay.status_h, s, theme.BAR_FG, theme.BAR, SMALL)
            old = (s, "")
        if t or old[1]:
            P.text_diff(c, 2 + (len(s) + 2) * SMALL.w, ty, old[1], t, theme.ACCENT, theme.BAR)
        self._status = (s, t)

    # ---- words ----------------------------------------------------------------------------------
    def status_text(self, two_lines=False):
        st = self.session.state
        ph = st[S.O_PHASE]
        ov = st[S.O_OVERSEER]
        if ph == S.OVER:
            return "Game over"
        if two_lines:   # 240x135: the overseer named while the bribes go to him
            return "Round %d of %d\n%s%s" % (st[S.O_ROUND], S.rounds(st), S.PHASE_NAMES[ph],
                                             "\n%s overseer" % SEAT_LETTERS[ov] if ph == S.BRIBE else "")
        return "Round %d/%d  %s  %s overseer" % (st[S.O_ROUND], S.rounds(st), S.PHASE_NAMES[ph],
                                                 SEAT_LETTERS[ov])

    def toast_area(self):
        """Notes go over the board, never over the panel (the tiles, bids, proposals and what
        the choice under the cursor does): on 240x135 left of the panel while it is in."""
        lay = self.lay
        if lay is None:
            return (0, 0, 0)
        w = lay.bw
        if lay.short and self.panel_shown():
            w = min(w, lay.panel[0] - 1 - lay.x0)
        return (lay.x0, w, lay.y0 + lay.bh)

    def keys(self):
        """The words for "previous / next" on this board: the d-pad, or X / Y without one."""
        inp = self.app.input if self.app else None
        if inp is not None and inp.buttons & 15 != 15:
            return "X/Y"
        return "<>"

    def footer_text(self):
        m = self.mode
        st = self.session.state
        k = self.keys()
        if m == M_WAIT:
            q = core.to_move(st)
            who = SEAT_LETTERS[q] + " " + SEAT_NAMES[q]
            if self.lay and self.lay.short and self.last:
                return self.last.split(":")[0]   # what and where (the field's count is on the log)
            return "%s is thinking" % who
        if m == M_OVER:
            return "A results"
        if m == M_RECAP:
            return "A your turn  %s where" % ("X/Y" if k == "X/Y" else "up/down")
        if m == M_BID:
            return "A %s  %s amount" % ("pass" if self.ch[self.cur] == 0 else "bid", k)
        if m == M_TILE:
            return "A take tile  %s other tile" % k
        if m == M_PLOT:
            if self.lay and self.lay.short:
                return "A plant " + self.info_text(True)
            return "A place here  B other tile"
        if m == M_MENU:
            return "A choose  %s option" % k
        if m == M_SEG:
            if self.lay and self.lay.short:
                return "A ok " + self.info_text(True)
            return "A choose this canal  B back"
        return ("A offer  B back  %s amount" if not self.fixed_seg else "A offer  %s amount") % k

    def info_text(self, short=False):
        """The consequence of the choice under the cursor, in words."""
        st = self.session.state
        m = self.mode
        seat = core.to_move(st)
        if m == M_PLOT:
            p = self.ch[self.cur]
            t = self.tiles[self.tcur]
            size = S.field(st, p, t >> 1, self.fmark)
            mk = S.placing_markers(st, seat, t)
            if short:
                return "%s: field %d, %d marker%s" % (S.tile_text(t), size, mk, "" if mk == 1 else "s")
            s = "%s here: field of %d, %d marker%s" % (S.tile_text(t), size, mk, "" if mk == 1 else "s")
            if S.leftover(st):
                s += " (leftover tile: nobody's)"
            elif S.passed(st, seat):
                s += " (you passed: one fewer)"
            return s
        if m == M_SEG or m == M_AMOUNT:
            s = self.ch[self.cur] if m == M_SEG else self.seg
            tmp = bytearray(4)
            k = S.seg_plots(s, tmp)
            mine = 0
            for i in range(k):
                if S.owner(st, tmp[i]) == seat:
                    mine += 1
            tot = S.total(st, s)
            txt = "waters %d plots, %d yours" % (k, mine)
            if m == M_AMOUNT:
                v = self.ch[self.cur]
                if self.seg_kind == S.K_SUPPORT:
                    q = S.proposer(st, s)
                    return "%s; %s's canal: %d + your %d = %d" % (
                        txt, SEAT_LETTERS[q] if q >= 0 else "?", tot, v, tot + v)
                return "%s; your offer %d is the total" % (txt, v)
            if self.seg_kind == S.K_ACCEPT:
                txt += "; you get %d" % tot
            elif self.seg_kind == S.K_BUILD:
                txt += "; costs %d" % (S.max_total(st) + 1 if S.proposals(st) else 1)
            elif tot:
                txt += "; offers %d" % tot
            return txt
        if m == M_BID:   # one line under the picker: the panel has no room for more
            if self.lay is not None and self.lay.short:
                return "Overseer: first to pass"
            return "Overseer: first to pass, or lowest bid"
        if m == M_MENU and self.opts:
            k = self.opts[self.ocur][0]
            if k == O_BUILD and S.proposals(st):
                cost = S.max_total(st) + 1
                if S.legal_kinds(self.acts, self.nacts) & (1 << S.K_BUILD):
                    return "build on a free segment: you pay %d to the bank" % cost
                return "build elsewhere costs %d: you have %d" % (cost, st[S.O_MONEY + seat])
            if k == O_ACCEPT:
                return "take a proposal: its backers pay you"
            if k == O_BUILD:
                return "build on a free segment for 1 escudo"
            if k == O_NONE:
                return "no canal this round"
            if k == O_EXTRA:
                return "your one extra canal, free"
            if k == O_PROPOSE:
                return "offer for your canal on a free segment"
            if k == O_SUPPORT:
                return "add an offer to a proposal"
            return "no offer this round"
        return ""

    def money_text(self, q):
        st = self.session.state
        if S.money_open(st) or q == self.viewer or self.viewer < 0:
            return "%d" % st[S.O_MONEY + q]
        return "?"

    def overseer_text(self):
        """Who is overseer and why (after the auction: first to pass, or the lowest bid)."""
        st = self.session.state
        ov = st[S.O_OVERSEER]
        if st[S.O_PHASE] == S.AUCTION:
            return "%s overseer (last round)" % SEAT_LETTERS[ov]
        why = "first to pass" if st[S.O_BID + ov] == 0 else "lowest bid"
        return "%s overseer (%s)" % (SEAT_LETTERS[ov], why)

    def panel_rows(self):
        st = self.session.state
        rows = []
        lay = self.lay
        short = lay is not None and lay.short
        if short:
            rows.append((P.R_STATUS, self.status_text(True)))
        if self.page == PG_SEATS or self.mode == M_OVER:
            return rows + self.seat_rows()
        ph = st[S.O_PHASE]
        m = self.mode
        if m == M_RECAP:
            rows.append((P.R_TEXT, "Since your turn:" if short else
                         "Since your last turn (newest first):"))
            self._recent_rows(rows)
            return rows
        if ph == S.AUCTION or ph == S.PLACEMENT:
            sel = -1
            rev = S.revealed(st)
            if m == M_TILE or m == M_PLOT:
                sel = rev.index(self.tiles[self.tcur])
            rows.append((P.R_TILES, rev, sel))
        if ph == S.AUCTION:
            items = [(q, ("bid %d" if short else "bid %d ") % b if b else "pass") for q, b in S.bids_made(st)]
            rows.append((P.R_SEATS, items) if items else (P.R_TEXT, "No bids yet"))
        elif ph == S.PLACEMENT:
            order = [st[S.O_ORDER + i] for i in range(st[S.O_PLAYERS])]
            items = []
            for i in range(len(order)):
                q = order[i]
                b = st[S.O_BID + q]
                items.append((q, ("bid %d" % b if b else "pass") + ("*" if i == st[S.O_IDX] else " ")))
            rows.append((P.R_SEATS, items))
        elif ph == S.BRIBE or ph == S.OVERSEER:
            if not short:
                rows.append((P.R_TEXT, self.overseer_text()))
            props = S.proposals(st)
            if not props:
                rows.append((P.R_TEXT, "No proposal yet"))
            for s in props:   # "[W] proposes a canal, offers 3  [G] adds 2, 5 in all"
                items = []        # (the board shows the proposer's letter on its lane)
                for q, a in S.backers(st, s):
                    items.append((q, "adds %d" % a if items else
                                  ("offers %d" if short else "proposes a canal, offers %d") % a))
                n = len(items) - 1
                if n:   # the total when others back it too
                    items[n] = (items[n][0], items[n][1] + (" = %d" if short else ", %d in all")
                                % S.total(st, s))
                rows.append((P.R_SEATS, items))
        if m == M_BID:
            v = self.ch[self.cur]
            rows.append((P.R_PICK, "Pass" if v == 0 else "Bid %d" % v))
            rows.append((P.R_INFO, self.info_text()))
        elif m == M_AMOUNT:
            rows.append((P.R_PICK, "Offer %d" % self.ch[self.cur]))
            rows.append((P.R_INFO, self.info_text()))
        elif m == M_MENU:
            rows.append((P.R_MENU, [o[1] for o in self.opts], self.ocur))
            rows.append((P.R_INFO, self.info_text()))
        elif m == M_TILE:
            t = self.tiles[self.tcur]
            mk = S.placing_markers(st, core.to_move(st), t)
            rows.append((P.R_INFO, "%s: you put %d marker%s" % (S.tile_text(t), mk, "" if mk == 1 else "s")))
        elif m == M_PLOT or m == M_SEG:
            rows.append((P.R_INFO, self.info_text()))
        elif m == M_WAIT:   # who decides now, then what happened since the last human turn
            q = core.to_move(st)
            verb = ("bid", "place a tile", "make an offer", "build the canal", "use the extra canal",
                    "")[ph]
            rows.append((P.R_TEXT, "%s %s to %s" % (SEAT_LETTERS[q], SEAT_NAMES[q], verb)))
            self._recent_rows(rows)
        return rows

    def _recent_rows(self, rows):
        n = len(self.recent)
        if self.mode != M_RECAP:
            for i in range(n - 1, -1, -1):
                rows.append((P.R_INFO, self.recent[i]))
            return
        # from the selected line (its place marked, behind an arrow) on: it is never below the
        # panel's end
        sel = n - 1 - self.rcur
        rows.append((P.R_INFO, ARROW_RIGHT + self.recent[sel]))
        for i in range(sel - 1, -1, -1):
            rows.append((P.R_INFO, self.recent[i]))

    def seat_rows(self):
        """Per seat: money (as visible), markers left, extra canal unused, field sizes, score
        now (fields x markers + money), under a header; the tile removed at setup below."""
        st = self.session.state
        n = st[S.O_PLAYERS]
        fl = S.fields(st)
        pts = S.field_points(st, fl)
        short = self.lay is not None and self.lay.short
        rows: "list[Any]" = [(P.R_HEAD, SEAT_HEAD_SHORT if short else SEAT_HEAD)]
        for q in range(n):
            sizes = ",".join([str(v) for v in S.seat_fields(fl, q)]) or "-"
            mon = self.money_text(q)
            score = "%d" % (pts[q] + st[S.O_MONEY + q]) if mon != "?" else "%d+?" % pts[q]
            if short:
                t = "%3s %2d %s %4s" % (mon, st[S.O_SUPPLY + q], "C" if st[S.O_EXTRA + q] else "-",
                                        score)
            else:
                t = "%5s %7d %5s %-8s %5s" % (mon, st[S.O_SUPPLY + q],
                                            "yes" if st[S.O_EXTRA + q] else "used", sizes[:8], score)
            rows.append((P.R_SEATS, [(q, t)]))
        r = st[S.O_REMOVED]
        if r != S.NONE:
            rows.append((P.R_TEXT, "Removed at setup: %s" % S.tile_text(r)))
        return rows

    # ---- input ----------------------------------------------------------------------------------
    def event(self, e):
        if e == ev.MENU:
            self.app.push(self.pages().GameMenu(self))
            return
        if e == ev.ALT:
            last = PG_HIDDEN if self.lay is not None and self.lay.short else PG_SEATS
            self.page = self.page + 1 if self.page < last else PG_DECIDE
            self.dirty |= D_PANEL
            return
        m = self.mode
        if m == M_OVER:
            if e == ev.OK:
                self.show_end()
            return
        if m == M_WAIT:
            return
        if m == M_RECAP:
            if e == ev.OK or e == ev.BACK:
                del self.recent[:]
                del self.where[:]
                self._enter()
                self.dirty |= D_PANEL | D_BOARD | D_FOOT
            elif e in (ev.UP, ev.DOWN, ev.LEFT, ev.RIGHT, ev.NEXT, ev.PREV):
                # newest first on the panel: down / next selects an older line
                step = 1 if e in (ev.DOWN, ev.RIGHT, ev.NEXT) else -1
                self.rcur = (self.rcur + step) % len(self.recent)
                self._marks()
                self.dirty |= D_PANEL | D_BOARD
            return
        fwd = e in (ev.RIGHT, ev.NEXT)
        back = e in (ev.LEFT, ev.PREV)
        if m in (M_BID, M_AMOUNT):
            if fwd or e == ev.UP:
                self._move(1, D_PICK | D_FOOT | D_INFO)
            elif back or e == ev.DOWN:
                self._move(-1, D_PICK | D_FOOT | D_INFO)
            elif e == ev.OK:
                self._confirm()
            elif e == ev.BACK and m == M_AMOUNT and not self.fixed_seg:
                self._to_segments(self.seg_kind)
                self.cur = self.ch.index(self.seg) if self.seg in self.ch else 0
                self._marks()
                self.dirty |= D_PANEL | D_BOARD | D_FOOT
            return
        if m == M_TILE:
            if fwd or e == ev.DOWN:
                self.tcur = (self.tcur + 1) % len(self.tiles)
                self.dirty |= D_PANEL
            elif back or e == ev.UP:
                self.tcur = (self.tcur - 1) % len(self.tiles)
                self.dirty |= D_PANEL
            elif e == ev.OK:
                self._to_plots()
                self._marks()
                self.dirty |= D_PANEL | D_BOARD | D_FOOT
            return
        if m == M_MENU:
            if fwd or e == ev.DOWN:
                self.ocur = (self.ocur + 1) % len(self.opts)
                self.dirty |= D_MENU | D_INFO
            elif back or e == ev.UP:
                self.ocur = (self.ocur - 1) % len(self.opts)
                self.dirty |= D_MENU | D_INFO
            elif e == ev.OK:
                self._option()
            return
        # board cursor: M_PLOT, M_SEG
        pos = S.plot_pos if m == M_PLOT else S.seg_pos
        n = len(self.ch)
        if fwd:
            self._jump((self.cur + 1) % n)
        elif back:
            self._jump((self.cur - 1) % n)
        elif e == ev.UP or e == ev.DOWN:
            self._jump(S.step_vertical(self.ch, self.cur, pos, e == ev.DOWN))
        elif e == ev.OK:
            self._confirm()
        elif e == ev.BACK:
            if m == M_PLOT:
                if len(self.tiles) > 1:
                    self.mode = M_TILE
            else:
                self._options()
            self._marks()
            self.dirty |= D_PANEL | D_BOARD | D_FOOT

    def _move(self, step, parts):
        k = self.cur + step
        if 0 <= k < len(self.ch):
            self.cur = k
            self.dirty |= parts

    def _jump(self, k):
        if k != self.cur:
            self.cur = k
            self._marks()
            self.dirty |= D_BOARD | D_INFO

    def _option(self):
        st = self.session.state
        k = self.opts[self.ocur][0]
        kinds = S.legal_kinds(self.acts, self.nacts)
        if k == O_PASS or k == O_NONE:
            self._play(core.PASS)
        elif k == O_BUILD and not kinds & (1 << S.K_BUILD):
            self.app.show_toast("Costs %d: you have %d" % (
                S.max_total(st) + 1, st[S.O_MONEY + core.to_move(st)]))
        else:
            kind = {O_PROPOSE: S.K_PROPOSE, O_SUPPORT: S.K_SUPPORT, O_ACCEPT: S.K_ACCEPT,
                    O_BUILD: S.K_BUILD, O_EXTRA: S.K_EXTRA}[k]
            self._to_segments(kind)
            self._marks()
            self.dirty |= D_PANEL | D_BOARD | D_FOOT

    def _confirm(self):
        m = self.mode
        v = self.ch[self.cur]
        if m == M_BID:
            self._play(core.bid(v))
        elif m == M_PLOT:
            self._play(0x2000 | (self.tiles[self.tcur] * 48 + v))
        elif m == M_SEG:
            if self.seg_kind in (S.K_PROPOSE, S.K_SUPPORT):
                self.seg = v
                self._to_amount()
                self._marks()
                self.dirty |= D_PANEL | D_BOARD | D_FOOT
            else:
                self._play((self.seg_kind << 12) | v)
        elif m == M_AMOUNT:
            if not self.fixed_seg:
                self._play((self.seg_kind << 12) | self.seg)
            self._play(core.bid(v))

    def _play(self, action):
        try:
            self.session.play(action)
        except ValueError as e:  # the screen offers legal choices only; say why if not
            self.app.show_toast(str(e))


def __getattr__(name):
    """RULES (the help pages) from meeple.ui.santiago.rules, imported for the caller and forgotten
    again: the texts are held only while a rules page shows them."""
    if name != "RULES":
        raise AttributeError(name)
    from meeple.ui.santiago import rules
    pages = rules.RULES
    forget("meeple.ui.santiago.rules")
    return pages
