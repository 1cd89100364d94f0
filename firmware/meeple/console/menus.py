"""The console's menus: title, main menu, new game set-up, statistics, settings, rules, about."""
import gc

from meeple.console import VERSION, host
from meeple.ui import input as ev
from meeple.ui import sprites, theme
from meeple.ui.gfx import LARGE, SMALL
from meeple.ui.screen import Screen, cell
from meeple.ui.widgets import MenuScreen, PickerScreen, TextScreen


class TitleScreen(Screen):
    title = "meeple"
    footer = "A start"

    def draw(self, c):
        w = c.width
        h = c.height
        c.fill(theme.BG)
        big = 3 if h >= 200 else 2   # icon scale: 36 px on the tall panels, 24 on 240x135
        y = h // 2 - 34 - 6 * big
        cell(c, 0, y, w, 20, "MEEPLE", theme.ACCENT, theme.BG, LARGE, 1)
        cell(c, 0, y + 22, w, 10, "pocket board games", theme.DIM, theme.BG, SMALL, 1)
        names = ("cacao", "sun", "water", "coin", "meeple")
        step = 12 * big + 6
        x = (w - step * len(names) + 6) // 2
        for i in range(len(names)):
            sprites.icon(c, names[i], x + i * step, y + 40, theme.BG, big,
                         theme.SEAT_COLORS[0] if names[i] == "meeple" else 0)
        cell(c, 0, h - 22, w, 10, "press A", theme.FG, theme.BG, SMALL, 1)

    def event(self, e):
        if e == ev.OK and self.app:
            self.app.home()


class MainMenu(MenuScreen):
    def __init__(self):
        MenuScreen.__init__(self, "Main menu", [], footer="A select")
        self.actions = []

    def draw(self, c):
        from meeple import forget   # (imported where used: the idle menu's globals stay few)
        forget("meeple.console.settings")   # back from Settings or Rules: let it go
        forget("meeple.console.records")
        labels = []
        actions = []
        if self.app and self.app.storage.has_game():
            labels.append("Continue")   # first: after a power cut this is what is wanted
            actions.append(self.resume)
        for label, act in (("New game", self.new_game), ("Statistics", self.statistics),
                           ("Settings", self.open_settings), ("Rules", self.rules),
                           ("About", self.about)):
            labels.append(label)
            actions.append(act)
        if labels != self.menu.labels:
            self.menu = type(self.menu)(labels)
        self.actions = actions
        MenuScreen.draw(self, c)

    def choose(self, i):
        self.actions[i]()

    def back(self):
        pass  # the main menu is the bottom of the stack

    def resume(self):
        host.resume(self.app)

    def new_game(self):
        app = self.app
        if not app.games:
            app.message("New game", "No game is installed in this firmware yet.")
            return
        app.push(GameChoice())

    def statistics(self):
        app = self.app
        lines = []
        ids = [g.GAME for g in app.games]
        for k in sorted(app.stats):  # sorted: dict order differs on MicroPython
            if k not in ids:
                ids.append(k)
        for gid in ids:
            s = app.stats.get(gid)
            if isinstance(s, list) and len(s) == 3:
                lines.append("%s: played %d, won %d, best score %d" % (
                    host.title_of(app, gid), s[0], s[1], s[2]))
        app.push(TextScreen("Statistics", "\n".join(lines) if lines else "No games played yet."))

    def open_settings(self):
        from meeple.console.settings import SettingsScreen
        self.app.push(SettingsScreen())

    def rules(self):
        from meeple.console.settings import RulesMenu
        self.app.push(RulesMenu())

    def about(self):
        app = self.app
        gc.collect()
        games = ", ".join(g.TITLE for g in app.games) or "none yet"
        free = mem_free()
        text = ("meeple %s\nBoard: %s\nPanel: %d x %d\nGames: %s\nFree memory: %s\n"
                "SPI bytes sent: %d" % (
                    VERSION, app.board.NAME, app.canvas.width, app.canvas.height, games,
                    "%d bytes" % free if free >= 0 else "not measured in the simulator",
                    getattr(app.canvas.display, "bytes_sent", 0)))
        app.push(TextScreen("About", text))


def mem_free():
    f = getattr(gc, "mem_free", None)
    return f() if f else -1  # CPython has no heap figure


class GameChoice(MenuScreen):
    def __init__(self):
        MenuScreen.__init__(self, "New game", [])

    def draw(self, c):
        self.menu.labels = [g.TITLE for g in self.app.games] if self.app else []
        MenuScreen.draw(self, c)

    def choose(self, i):
        self.app.push(SetupScreen(self.app.games[i]))


class SetupScreen(MenuScreen):
    """Players, each seat (human or AI level), the game's options, then Start."""

    def __init__(self, plugin):
        MenuScreen.__init__(self, plugin.TITLE, [], [])
        self.plugin = plugin
        self.players = plugin.PLAYERS[0]
        self.seats = [0] + [2] * (plugin.PLAYERS[1] - 1)   # you, then AI normal
        self.options = [0] * len(plugin.OPTIONS)             # index into each option's values
        self._rebuild()

    def _rebuild(self):
        p = self.plugin
        labels = ["Players"]
        values = [str(self.players)]
        for s in range(self.players):
            labels.append("%s %s" % (p.SEAT_LETTERS[s], p.SEAT_NAMES[s]))
            values.append(host.SEAT_KINDS[self.seats[s]])
        for i in range(len(p.OPTIONS)):
            labels.append(p.OPTIONS[i][1])
            values.append(p.OPTIONS[i][3][self.options[i]])
        labels.append("Start game")
        values.append("")
        cursor = min(self.menu.cursor, len(labels) - 1)
        self.menu = type(self.menu)(labels, values, cursor)

    def choose(self, i):
        p = self.plugin
        app = self.app
        if i == 0:
            n = tuple(range(p.PLAYERS[0], p.PLAYERS[1] + 1))
            app.push(PickerScreen("Players", "How many players?", n, [str(v) for v in n],
                                  n.index(self.players), self._set_players))
        elif i <= self.players:
            s = i - 1
            app.push(PickerScreen("Seat %s" % p.SEAT_LETTERS[s], p.SEAT_NAMES[s] + " is played by",
                                  (0, 1, 2, 3), host.SEAT_KINDS, self.seats[s],
                                  lambda v: self._set_seat(s, v)))
        elif i < len(self.menu.labels) - 1:
            o = i - 1 - self.players
            opt = p.OPTIONS[o]
            app.push(PickerScreen(opt[1], opt[1], tuple(range(len(opt[2]))), opt[3],
                                  self.options[o], lambda v: self._set_option(o, v)))
        else:
            opts = {}
            for o in range(len(p.OPTIONS)):
                opts[p.OPTIONS[o][0]] = p.OPTIONS[o][2][self.options[o]]
            go = lambda: host.start(app, p, self.players, self.seats[:self.players], opts)
            # starting over loses a saved game still in play: ask first (a finished one is
            # only its end screen, kept until it is left)
            if app.storage.has_game() and not app.storage.game_over():
                from meeple.console.session import ConfirmScreen
                app.push(ConfirmScreen("New game", "This replaces the saved game: Continue "
                                       "will not find it again.", "start", go))
            else:
                go()

    def _set_players(self, v):
        self.players = v
        self._done()

    def _set_seat(self, s, v):
        self.seats[s] = v
        self._done()

    def _set_option(self, o, v):
        self.options[o] = v
        self._done()

    def _done(self):
        self._rebuild()
        self.app.pop()
