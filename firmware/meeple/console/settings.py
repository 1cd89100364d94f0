"""Settings and the help pages (buttons, each game's rules), opened from the main menu now and
then: imported when opened and forgotten when the main menu is shown again, so the idle menu does
not hold them (DESIGN.md section 4)."""
from meeple import loaded, unload
from meeple.console import host
from meeple.ui import input as ev
from meeple.ui.widgets import MenuScreen, PickerScreen, TextScreen


TEXT_SIZES = ("Normal", "Large")
TAKEBACKS = ("Off", "On", "Always")   # Always: even past a tile drawn or a stack revealed


class SettingsScreen(MenuScreen):
    FOOTER = "A change  B back"

    def __init__(self):
        MenuScreen.__init__(self, "Settings", ["Brightness", "AI pause", "Privacy", "Text",
                                               "Take-backs", "Records"],
                            ["", "", "", "", "", ""], footer=self.FOOTER)

    def draw(self, c):
        self._values()
        MenuScreen.draw(self, c)

    def _values(self):
        s = self.app.settings
        self.menu.set_value(0, "%d" % s["brightness"])
        self.menu.set_value(1, _pause_text(s["ai_pause"]))
        self.menu.set_value(2, "On" if s["privacy"] else "Off")
        self.menu.set_value(3, TEXT_SIZES[s["text"] == 1])
        self.menu.set_value(4, TAKEBACKS[s["takeback"] % 3])

    def choose(self, i):
        s = self.app.settings
        if i == 0:
            vals = tuple(range(1, 11))
            self.app.push(PickerScreen("Brightness", "Backlight level", vals,
                                       [str(v) for v in vals], s["brightness"] - 1,
                                       lambda v: self._set("brightness", v)))
        elif i == 1:
            vals = (0, 5, 10, 15, 20, 30)
            cur = vals.index(s["ai_pause"]) if s["ai_pause"] in vals else 2
            self.app.push(PickerScreen("AI pause", "Time to read an AI move", vals,
                                       [_pause_text(v) for v in vals], cur,
                                       lambda v: self._set("ai_pause", v)))
        elif i == 2:
            self.app.push(PickerScreen("Privacy", "Pass screen between humans", (0, 1),
                                       ("Off", "On"), s["privacy"],
                                       lambda v: self._set("privacy", v)))
        elif i == 3:
            self.app.push(PickerScreen("Text", "Size of menus and pages", (0, 1), TEXT_SIZES,
                                       s["text"] == 1, lambda v: self._set("text", v)))
        elif self.menu.labels[i] == "Records":
            from meeple.console.records import RecordsScreen  # forgotten with the menus
            self.app.push(RecordsScreen())
        else:
            self.app.push(PickerScreen("Take-backs", "Take back my last move", (0, 1, 2),
                                       TAKEBACKS, s["takeback"] % 3,
                                       lambda v: self._set("takeback", v)))

    def _set(self, key, v):
        app = self.app
        app.settings[key] = v
        app.apply_brightness()
        app.apply_text()
        saved = app.save_settings()
        app.pop()
        self._values()
        app.show_toast("Saved" if saved else "Not saved")


def _pause_text(tenths):
    return "%d.%d s" % (tenths // 10, tenths % 10)


class RulesMenu(MenuScreen):
    """The buttons page, then one entry per game leading to that game's pages (one level
    each: a page title fits a row of the large font on every panel)."""

    def __init__(self):
        MenuScreen.__init__(self, "Rules", [])

    def draw(self, c):
        self.menu.labels = ["Buttons"] + [g.TITLE for g in self.app.games]
        MenuScreen.draw(self, c)

    def choose(self, i):
        if i == 0:
            self.app.push(TextScreen("Buttons", button_help(self.app)))
        else:
            self.app.push(GameRules(self.app.games[i - 1]))


GUIDED = "Guided 1st round"   # the last entry of a game's rules: meeple.ui.guide
# the guided round's deal, the same every time: (game, seats, options, seed); the human in seat 1
# against a normal and an easy bot
GUIDED_GAMES = (("cacao", (host.HUMAN, host.AI_NORMAL, host.AI_EASY),
                 {"start_seat": 1}, 1),
                ("santiago", (host.HUMAN, host.AI_NORMAL, host.AI_EASY), {}, 27))


class GameRules(MenuScreen):
    def __init__(self, plugin):
        labels = list(host.rule_titles(plugin))
        for g in GUIDED_GAMES:
            if g[0] == plugin.GAME:
                labels.append(GUIDED)
        MenuScreen.__init__(self, plugin.TITLE + " rules", labels)
        self.plugin = plugin

    def choose(self, i):
        if self.menu.labels[i] == GUIDED:
            for gid, seats, options, seed in GUIDED_GAMES:
                if gid == self.plugin.GAME:
                    host.start(self.app, self.plugin, len(seats), list(seats), dict(options),
                                   seed)
            return
        title, text = host.rules(self.plugin)[i]
        if title == "Symbols":      # a game's symbol page is drawn with its pictures
            keep = loaded()
            self.app.push(__import__("meeple.ui.%s.legend" % self.plugin.GAME, None, None,
                                     ("KEYS",)).SymbolsScreen(title, text))
            unload(keep)   # the page holds what it draws with; the menus do not
            return
        self.app.push(TextScreen(title, text))


_ROLE = {ev.UP: "up", ev.DOWN: "down", ev.LEFT: "left", ev.RIGHT: "right", ev.OK: "confirm",
         ev.BACK: "back / cancel", ev.ALT: "secondary action", ev.MENU: "game menu",
         ev.NEXT: "next choice", ev.PREV: "previous choice"}


def button_help(app):
    """What each button does on this board (from its Input mapping)."""
    inp = app.input
    lines = ["On the %s:" % app.board.NAME]
    for e, name in inp.names():
        lines.append("%s: %s" % (name, _ROLE[e]))
    lines.append("")
    if inp.dpad:
        lines.append("Held directions repeat.")
    else:
        lines.append("Held X or Y repeats. Hold A or B half a second for the second action "
                     "or the game menu.")
    lines.append("Every screen's footer says what its buttons do.")
    lines.append("")
    lines.append("After a minute without a press the screen dims, after five it goes dark: "
                 "any button wakes it (that press does nothing else).")
    return "\n".join(lines)
