"""Games as plug-ins, and the game session: seats, AI turns, auto-save, hot-seat privacy.

A game plug-in is a module meeple.ui.<game>.play (its screens live together in the package
meeple.ui.<game>) for each name in PLUGINS. A plug-in that is
not in the firmware is simply not listed (`installed()`). What a plug-in module gives the app:

    GAME = "cacao"                   # the rules core meeple.core.<GAME> and the savefile game id
    TITLE = "Cacao"
    PLAYERS = (2, 4)                 # fewest and most players
    SEAT_NAMES = ("Red", ...)        # one per seat, and SEAT_LETTERS = ("R", ...): the letter is
                                     # drawn with the seat colour (meeple.ui.theme.SEAT_COLORS)
    OPTIONS = (("start_seat", "Start player", (None, 0, 1), ("Random", "1", "2")), ...)
                                     # (keyword for core.new_game, label, values, value labels)
    RULES = (("Overview", "text..."), ...)  # help pages: (title, text with \\n)
    def ai_action(state, seat, level) -> int   # level 1 easy, 2 normal, 3 hard
    class Screen(meeple.ui.screen.Screen):
        def __init__(self, session)  # draws session.state; reads seats from the session
        def changed(self, seat, action)  # an action was applied (by anyone): redraw what moved
        def game_over(self)              # the game ended: show the result (UX.md end screen)
        # plus draw / update / event / tick like every screen (meeple.ui.screen)

The screen receives the button events (meeple.ui.input: UP DOWN LEFT RIGHT, NEXT PREV on
boards without a d-pad, OK BACK ALT MENU) and never changes the state itself; it calls back:

    session.play(action)   # apply a human's action: ValueError (reason for the player) if
                           # illegal; otherwise it is auto-saved, changed() is called, AI seats
                           # then move by themselves after the AI pause
    session.leave()        # back to the main menu after a confirmation; the game stays saved
                           # (a finished game is removed then: it stayed for its record)
    session.can_take_back(), session.take_back()   # "Take back my move" (game menu)
    session.back_to_menu() # B on a page opened from the game menu (hint): the menu again
    session.play_again()   # a new game with the same seats and options (end screen)
    session.state, session.core, session.seats (kinds: HUMAN, AI_EASY, AI_NORMAL, AI_HARD),
    session.is_human(seat), session.waiting_for_ai()
    session.journal        # the game's moves (meeple.storage.journal): log, record (`save_record()`)
    session.forget_bots()  # before a large screen over the game: the bots' memory is let go

Memory (DESIGN.md section 4): a plug-in's modules are loaded only while its game is open. At
boot `installed()` imports each plug-in once, keeps what the menus need (`Plugin`) and forgets
the modules again; opening a game imports its plug-in, leaving it (`close`) forgets every module
imported since, so the menus never hold a game and a game never holds the menus or other games.
"""
import gc
import sys

from meeple import forget, loaded, unload
from meeple.ui import theme

HUMAN = 0
AI_EASY = 1
AI_NORMAL = 2
AI_HARD = 3
SEAT_KINDS = ("Human", "AI easy", "AI normal", "AI hard")

PLUGINS = ("cacao", "santiago")


class Plugin:
    """What the menus need of a plug-in (its names, players, options, the titles of its rules
    pages), without holding its modules; `load` imports the plug-in when its game opens,
    `rules` when a rules page opens."""

    def __init__(self, mod, module=None):
        self.module = module or mod.__name__
        self.GAME = mod.GAME
        self.TITLE = mod.TITLE
        self.PLAYERS = mod.PLAYERS
        self.SEAT_NAMES = mod.SEAT_NAMES
        self.SEAT_LETTERS = mod.SEAT_LETTERS
        self.OPTIONS = mod.OPTIONS
        self.RULE_TITLES = mod.RULE_TITLES   # the texts stay in the play module


def rules(plugin):
    """The plug-in's help pages ((title, text), ...); a `Plugin` imports its module for them and
    forgets it again."""
    if not isinstance(plugin, Plugin):
        return plugin.RULES
    keep = loaded()
    pages = load(plugin).RULES
    unload(keep)
    return pages


def rule_titles(plugin):
    if isinstance(plugin, Plugin):
        return plugin.RULE_TITLES
    return tuple(t for t, _ in plugin.RULES)


def installed():
    """The plug-ins present in this firmware (as `Plugin`s), in PLUGINS order."""
    out = []
    for g in PLUGINS:
        name = "meeple.ui." + g + ".play"
        keep = loaded()
        try:
            # the package says what the menus need; its screens (play) are imported when the
            # game opens: a module loaded from .mpy interns its names for good, and at boot the
            # screens' names would cost the menus a larger string pool (measured: 9 KB)
            mod = __import__("meeple.ui." + g, None, None, ("GAME",))
            if not hasattr(mod, "GAME"):
                raise ImportError("no module named '%s'" % name)
        except ImportError as e:
            unload(keep)
            msg = str(e)
            if ("'meeple.ui.%s'" % g) in msg or ("'%s'" % name) in msg:
                continue  # not in this firmware: not listed
            raise  # the plug-in exists but is broken: say so loudly
        out.append(Plugin(mod, name))
        mod = None
        unload(keep)
        gc.collect()
    return out


def load(plugin):
    """The plug-in module (a `Plugin` is imported; a module or stand-in is used as it is)."""
    if isinstance(plugin, Plugin):
        return __import__(plugin.module, None, None, ("GAME",))
    return plugin


def _session():
    from meeple.console import session
    return session


def _session_done():
    """meeple.console.session (and meeple.storage.takeback) are let go after each use: the game screen
    needs the room more (a question on screen keeps what it uses until it goes)."""
    forget("meeple.console.session")
    forget("meeple.storage.takeback")


def title_of(app, game_id):
    for g in app.games:
        if g.GAME == game_id:
            return g.TITLE
    return game_id


def _core(game_id):
    mod = __import__("meeple.core." + game_id, None, None, ("new_game",))
    return mod


def _listed(app, plugin):
    """The app's own entry for the plug-in's game (a game's screen may hand in its module)."""
    for g in app.games:
        if g.GAME == plugin.GAME:
            return g
    return plugin


def start(app, plugin, players, seats, options, guide_seed=-1):
    """Start a new game from the set-up screen (or a game's "play again") and show it.
    guide_seed >= 0: the guided first round (Rules), dealt from that seed every time."""
    plugin = _listed(app, plugin)
    gid = plugin.GAME
    app.close()     # the menus or the finished game go first: their memory is needed now
    keep = loaded()
    seed = (app.ticks() * 7919 + gc.mem_free() if hasattr(gc, "mem_free") else app.ticks()) & 0x3FFFFFFF
    # a board profile may fix it (tools.pico.session: the Pico and host_sim must deal alike)
    seed = getattr(app.board, "TEST_SEED", seed) if guide_seed < 0 else guide_seed
    core = _core(gid)
    state = core.new_game(players, seed, **options)
    meta = {"game": gid, "seats": list(seats), "seed": seed, "options": options}
    app.storage.start_game(meta, gid, state)
    _open(app, plugin, meta, state, keep, True)
    if guide_seed >= 0 and app.session is not None:
        # imported after `keep`: forgotten at hand-over (or with the game), a normal game
        # never holds it
        from meeple.ui.guide import Guide
        app.session.guide = Guide(app.session)


def resume(app):
    """Continue the auto-saved game; a save that cannot be loaded is explained instead."""
    app.close()
    keep = loaded()
    meta, state = app.storage.load_game()
    if meta is not None:
        for plugin in app.games:
            if plugin.GAME == meta["game"]:
                _open(app, plugin, meta, state, keep, False)
                return
        state = "The saved game is %s, which this firmware cannot play." % meta["game"]
    unload(keep)
    app.home()
    app.message("Continue", state or "There is no saved game.")


def _open(app, plugin, meta, state, keep, new):
    """Show a game (app.close() has run, `keep` was taken after it): its plug-in is imported
    now, and every module imported since `keep` is forgotten when the game is closed."""
    mod = load(plugin)
    session = GameSession(app, mod, meta, state)
    session.keep = keep
    if new:
        session.journal.start()
    else:
        session.journal.resume(state)
        session._before = session.journal._before   # kept by the replay that checked the save
        session.journal._before = None
    app.session = session
    session.screen = mod.Screen(session)
    app.push(session.screen)
    session.next_turn()


class _Pressed(Exception):
    """A button was pressed while a bot thought: the decision is dropped (and made again, the
    same, once the screen is back) so the press is handled at once."""


MARK_MS = 150  # the thinking mark moves this often (UX: something moves at least every 300 ms)


class GameSession:
    def __init__(self, app, plugin, meta, state):
        from meeple.storage.journal import Journal
        self.app = app
        self.plugin = plugin
        self.meta = meta
        self.state = state
        self.core = _core(plugin.GAME)
        self.seats = meta["seats"]
        self.screen = None
        self.journal = Journal(app.storage, meta, self.core)
        self.keep = None        # modules loaded before the game (`close` forgets the others)
        self._ai_due = -1
        self._shown_seat = -1   # the human whose view is on screen (privacy)
        self._mark = [0, 0, 0]  # thinking mark: step, ticks of the last move, drawn
        # (journal length, position) before the last human decision: the game menu's take-back
        # check compares with it instead of replaying the journal (seconds late in a game)
        self._before = None
        self._offer = (-1, False)   # (journal length * 4 + setting, offered): asked once a move
        self.guide = None       # meeple.ui.guide.Guide during a guided first round

    def is_human(self, seat):
        return self.seats[seat] == HUMAN

    def humans(self):
        n = 0
        for k in self.seats:
            if k == HUMAN:
                n += 1
        return n

    def waiting_for_ai(self):
        return self._ai_due >= 0

    def play(self, action):
        """Apply an action for the seat to move; ValueError (with the reason) if illegal."""
        core = self.core
        seat = core.to_move(self.state)
        if self.seats[seat] == HUMAN:
            self._before = (len(self.journal), bytes(self.state))
        core.apply(self.state, action)
        self.app.storage.save_state(self.meta, self.plugin.GAME, self.state)
        self.journal.add(seat, action)   # after the save: Continue replays the journal to it
        if self.screen:
            self.screen.changed(seat, action)
        self.next_turn()

    def next_turn(self):
        core = self.core
        if core.is_over(self.state):
            self.forget_bots()
            self._record_result()
            # the finished game stays saved until the player leaves it (session.leave):
            # after a power cut Continue shows its end screen again, its record still to save
            if self.screen:
                self.screen.game_over()
            return
        seat = core.to_move(self.state)
        if not self.is_human(seat):
            self._ai_due = self.app.ticks() + self.app.settings["ai_pause"] * 100
            return
        self._ai_due = -1
        if (self.app.settings["privacy"] and self.humans() >= 2 and seat != self._shown_seat):
            # hot-seat privacy: nobody else's hand may show before this player holds the console
            self.app.push(_session().PassScreen(self.plugin, seat))
            _session_done()
        self._shown_seat = seat

    def tick(self, now):
        if self.guide is not None:
            self.guide.tick()
        if self._ai_due >= 0 and now >= self._ai_due and self.app.screen is self.screen:
            seat = self.core.to_move(self.state)
            self._ai_due = -1
            level = self.seats[seat]
            from meeple.ai import search  # the bot thinks in slices: _thinking runs between them
            self._mark[1] = now
            self._mark[2] = 0
            search.set_hook(self._thinking, 8)
            try:
                action = self.plugin.ai_action(self.core.observe(self.state, seat), seat, level)
            except _Pressed:
                self._ai_due = now  # thought again once the press is handled and this screen is back
                return
            finally:
                search.set_hook(None)
                if self._mark[2]:
                    self.app._full = True  # repaint over the thinking mark
            self.play(action)
            gc.collect()

    def _thinking(self):
        """Between slices of a bot's thinking: move the mark in the bottom-right corner, and
        give the buttons their turn (a press abandons the decision, see _Pressed)."""
        app = self.app
        now = app.ticks()
        if now - self._mark[1] < MARK_MS:
            return
        self._mark[1] = now
        step = self._mark[0] = (self._mark[0] + 1) & 3
        self._mark[2] = 1
        c = app.canvas
        x = c.width - 20
        y = c.height - 5
        for i in range(4):
            c.fill_rect(x + 5 * i, y, 3, 3, theme.ACCENT if i == step else theme.BG)
        poll = getattr(app, "poll", None)
        if poll:
            held, tapped = poll()
            app.input.update(now, held, tapped)
            if app.input._qn:
                raise _Pressed()

    # what only an open game needs is in meeple.console.session (imported when first used, forgotten
    # with the game's modules): the idle menus do not hold it
    def leave(self):
        """Back to the main menu; while the game is on, after a confirmation."""
        _session().leave(self)
        _session_done()

    def back_to_menu(self):
        """B on a page opened from the game menu (a hint): the game menu again."""
        _session().back_to_menu(self)
        _session_done()

    def can_take_back(self):
        """The game menu offers "Take back my move" (meeple.storage.takeback decides); the modules it
        takes are let go again, the game needs the room more."""
        n = len(self.journal) * 4 + self.app.settings.get("takeback", 1)
        if self._offer[0] != n:
            self._offer = (n, _session().point(self) >= 0)
            _session_done()
        return self._offer[1]

    def take_back(self):
        """Ask, then rewind to before the last human decision."""
        _session().take_back(self)
        _session_done()

    def rewind(self):
        """Take back without asking (after the question)."""
        _session().rewind(self)
        _session_done()

    def restart_turn(self):
        """The position was replaced (a take-back): no AI move is due, and in hot-seat the
        pass screen comes before any hand shows."""
        self._ai_due = -1
        self._shown_seat = -1

    def play_again(self):
        """A new game with the same game, seats and options (the end screen's "Play again")."""
        m = self.meta
        start(self.app, self.plugin, len(m["seats"]), list(m["seats"]), dict(m["options"]))

    def forget_bots(self):
        """No seat decides for a while (the game is over, or a menu is over the game: AI seats
        wait for the game screen): the bots' modules and their scratch buffers go, which leaves
        room for the end and menu screens; the next AI move imports its bot again."""
        if self.keep is not None:
            for name in list(sys.modules):
                if name.startswith("meeple.ai.") and name not in self.keep:
                    forget(name)

    def close(self):
        """The game goes (app.close): forget the modules it imported."""
        self.screen = None
        if self.keep is not None:
            unload(self.keep)
            self.keep = None

    def _record_result(self):
        """Statistics: games played; won when a human seat places first; best human score.
        stats.json also names the last game counted ("last": [gen, seed]): a power cut after
        it is written but before the game is removed must not count the game again on
        Continue."""
        core = self.core
        gid = self.plugin.GAME
        stats = self.app.stats
        tag = [self.meta.get("gen", 0), self.meta.get("seed", 0)]
        if stats.get("last") == tag:
            return
        stats["last"] = tag
        rec = stats.get(gid)
        if not (isinstance(rec, list) and len(rec) == 3):
            rec = [0, 0, 0]
        scores = core.scores(self.state)
        places = core.ranking(self.state)  # place of each seat, 1 = winner (shared on a tie)
        rec[0] += 1
        won = False
        for s in range(len(self.seats)):
            if self.is_human(s):
                won = won or places[s] == 1
                if scores[s] > rec[2]:
                    rec[2] = scores[s]
        if won:
            rec[1] += 1
        stats[gid] = rec
        self.app.storage.save_json("stats.json", stats)
