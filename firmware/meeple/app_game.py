"""Games as plug-ins, and the game session: seats, AI turns, auto-save, hot-seat privacy.

A game plug-in is a module meeple.ui.play_<game> for each name in PLUGINS. A plug-in that is
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
    session.leave()        # back to the main menu; the game stays saved for Continue
    session.state, session.core, session.seats (kinds: HUMAN, AI_EASY, AI_NORMAL, AI_HARD),
    session.is_human(seat), session.waiting_for_ai()
"""
import gc

from meeple.ui.widgets import DialogScreen

HUMAN = 0
AI_EASY = 1
AI_NORMAL = 2
AI_HARD = 3
SEAT_KINDS = ("Human", "AI easy", "AI normal", "AI hard")

PLUGINS = ("cacao", "santiago")


def installed():
    """Plug-in modules present in this firmware, in PLUGINS order."""
    out = []
    for g in PLUGINS:
        name = "meeple.ui.play_" + g
        try:
            mod = __import__(name, None, None, ("GAME",))
        except ImportError as e:
            if "play_" + g in str(e):
                continue  # not in this firmware: not listed
            raise  # the plug-in exists but is broken: say so loudly
        out.append(mod)
    return out


def title_of(app, game_id):
    for g in app.games:
        if g.GAME == game_id:
            return g.TITLE
    return game_id


def _core(game_id):
    mod = __import__("meeple.core." + game_id, None, None, ("new_game",))
    return mod


def start(app, plugin, players, seats, options):
    """Start a new game from the set-up screen and show it."""
    seed = (app.ticks() * 7919 + gc.mem_free() if hasattr(gc, "mem_free") else app.ticks()) & 0x3FFFFFFF
    core = _core(plugin.GAME)
    state = core.new_game(players, seed, **options)
    meta = {"game": plugin.GAME, "seats": list(seats), "seed": seed, "options": options}
    app.storage.start_game(meta, plugin.GAME, state)
    _open(app, plugin, meta, state)


def resume(app):
    """Continue the auto-saved game; a save that cannot be loaded is explained instead."""
    meta, state = app.storage.load_game()
    if meta is None:
        app.home()
        app.message("Continue", state or "There is no saved game.")
        return
    for plugin in app.games:
        if plugin.GAME == meta["game"]:
            _open(app, plugin, meta, state)
            return
    app.message("Continue", "The saved game is %s, which this firmware cannot play." % meta["game"])


def _open(app, plugin, meta, state):
    app.home()
    session = GameSession(app, plugin, meta, state)
    app.session = session
    session.screen = plugin.Screen(session)
    app.push(session.screen)
    session.next_turn()


class GameSession:
    def __init__(self, app, plugin, meta, state):
        self.app = app
        self.plugin = plugin
        self.meta = meta
        self.state = state
        self.core = _core(plugin.GAME)
        self.seats = meta["seats"]
        self.screen = None
        self._ai_due = -1
        self._shown_seat = -1   # the human whose view is on screen (privacy)

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
        core.apply(self.state, action)
        self.app.storage.save_state(self.meta, self.plugin.GAME, self.state)
        if self.screen:
            self.screen.changed(seat, action)
        self.next_turn()

    def next_turn(self):
        core = self.core
        if core.is_over(self.state):
            self._record_result()
            self.app.storage.end_game()
            if self.screen:
                self.screen.game_over()
            return
        seat = core.to_move(self.state)
        if not self.is_human(seat):
            self._ai_due = self.app.ticks() + self.app.settings["ai_pause"] * 100
            return
        self._ai_due = -1
        if (self.app.settings["privacy"] and self.humans() >= 2 and seat != self._shown_seat):
            p = self.plugin
            name = "%s %s" % (p.SEAT_LETTERS[seat], p.SEAT_NAMES[seat])
            # hot-seat privacy: nobody else's hand may show before this player holds the console
            self.app.push(DialogScreen("Pass the console", "Pass the console to %s.\n\n"
                                     "%s: press A when only you can see the screen." % (name, name),
                                     self.app.pop, None, "A I am " + p.SEAT_NAMES[seat]))
        self._shown_seat = seat

    def tick(self, now):
        if self._ai_due >= 0 and now >= self._ai_due and self.app.screen is self.screen:
            seat = self.core.to_move(self.state)
            self._ai_due = -1
            level = self.seats[seat]
            self.play(self.plugin.ai_action(self.core.observe(self.state, seat), seat, level))
            gc.collect()

    def leave(self):
        self.app.home()

    def _record_result(self):
        """Statistics: games played; won when a human seat places first; best human score."""
        core = self.core
        gid = self.plugin.GAME
        stats = self.app.stats
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
