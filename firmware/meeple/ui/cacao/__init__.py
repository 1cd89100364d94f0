"""Cacao's screens: the play screen (play), table (table), side panel (panels), what is read from
the state (model) and the rarely used pages (pages)."""

# What the menus need of the game (meeple.console.host.Plugin), here so that the console lists the
# game without importing its screens: every module loaded from .mpy interns its names for good.
GAME = "cacao"
TITLE = "Cacao"
PLAYERS = (2, 4)
SEAT_NAMES = ("Red", "Purple", "White", "Yellow")  # as meeple.core.cacao
SEAT_LETTERS = ("R", "P", "W", "Y")
OPTIONS = (("start_seat", "Start player", (None, 0, 1, 2, 3), ("Random", "R Red", "P Purple",
                                                                "W White", "Y Yellow")),)
RULE_TITLES = ("Overview", "Your turn", "Selling", "Overbuilding", "Scoring", "Numbers", "Symbols")  # the titles of play.RULES (a test keeps them equal)
