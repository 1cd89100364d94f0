"""Santiago's screens: the play screen (play), board (board), panel (panel), what is read from
the state (state) and the screens over the game (screens)."""

# What the menus need of the game (meeple.console.host.Plugin), here so that the console lists the
# game without importing its screens: every module loaded from .mpy interns its names for good.
GAME = "santiago"
TITLE = "Santiago"
PLAYERS = (3, 5)
SEAT_NAMES = ("White", "Natural", "Grey", "Black", "Purple")
SEAT_LETTERS = ("W", "N", "G", "B", "P")
OPTIONS = (
    ("spring", "Spring", ("interior", "any"), ("Inner", "Anywhere")),
    ("open_money", "Money", (False, True), ("Hidden", "Open")),
    ("palms", "Palm trees", (False, True), ("Off", "On")),
)
RULE_TITLES = ("Overview", "Auction", "Canals", "Drought", "Screen", "Numbers")  # the titles of play.RULES (a test keeps them equal)
