"""Checks of every value the console reads from flash: settings, statistics, game.json and a
saved state. Imported only when a file is read (boot, Continue) and forgotten after, so the
menus and the games do not hold it.

Each function returns None, or why the data cannot be used (a message for the player).
"""
SETTING_RANGES = {"brightness": (1, 10), "ai_pause": (0, 100), "privacy": (0, 1), "text": (0, 1),
                  "takeback": (0, 2)}


def int_in(v, lo, hi):
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def bad_setting(settings):
    """Why settings.json cannot be used (a value out of range), or None. Unknown keys (another
    version's settings) may hold any int or bool: screens read them with defaults."""
    for k in settings:
        v = settings[k]
        r = SETTING_RANGES.get(k)
        if r and not int_in(v, r[0], r[1]):
            return "%s %r is not in %d..%d" % (k, v, r[0], r[1])
        if not r and not isinstance(v, (bool, int, str)):   # MicroPython's bool is no int
            return "%s %r is not a number" % (k, v)
    return None


def bad_stat(stats):
    """Why stats.json cannot be used, or None: per game [played, won, best] with
    0 <= won <= played, and "last" = [gen, seed] of the last game counted."""
    for k in stats:
        v = stats[k]
        if k == "last":
            if not (isinstance(v, list) and len(v) == 2 and int_in(v[0], 0, 0x3FFFFFFF)
                    and int_in(v[1], 0, 0x3FFFFFFF)):
                return "last %r is not [generation, seed]" % (v,)
        elif not (isinstance(v, list) and len(v) == 3 and int_in(v[0], 0, 0x3FFFFFFF)
                  and int_in(v[1], 0, v[0]) and int_in(v[2], -0x3FFFFFFF, 0x3FFFFFFF)):
            return "%s %r is not [played, won, best score]" % (k, v)
    return None


def check_meta(meta):
    """Why game.json cannot describe a game (a message), or None."""
    from meeple.storage.games import GAME_IDS
    if meta.get("game") not in GAME_IDS:
        return "unknown game %r" % (meta.get("game"),)
    if not int_in(meta.get("gen"), 1, 0x3FFFFFFF):
        return "bad generation %r" % (meta.get("gen"),)
    if not int_in(meta.get("seed"), 0, 0x3FFFFFFF):
        return "bad seed %r" % (meta.get("seed"),)
    seats = meta.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
        return "bad seats %r" % (seats,)
    for k in seats:
        if not int_in(k, 0, 3):
            return "bad seat kind %r" % (k,)
    options = meta.get("options")
    if not isinstance(options, dict):
        return "bad options %r" % (options,)
    for k in options:
        v = options[k]
        # bool named too: on MicroPython it is not a subclass of int (Santiago's palms, open_money)
        if not isinstance(k, str) or not (v is None or isinstance(v, (bool, int, str, list))):
            return "bad option %r" % (k,)
    return None


def check_state(meta, state):
    """Why a saved state cannot be played with game.json's seats, seed and options, or None:
    the options must start a game of that many players, and the state must pass the rules
    core's own check (from_view of its view), so the game screen never meets an impossible
    position."""
    from meeple.storage.games import game_module
    core = game_module(meta["game"])
    try:
        first = core.new_game(len(meta["seats"]), meta["seed"], **meta["options"])
        if len(core.scores(first)) != len(meta["seats"]):
            return "the seats do not match the game"
        if len(core.scores(state)) != len(meta["seats"]):
            return "the save has %d players, game.json %d" % (len(core.scores(state)),
                                                             len(meta["seats"]))
        if core.from_view(core.view(state)) != state:
            return "the saved position is not consistent"
    except (ValueError, TypeError, KeyError, IndexError) as e:
        return "impossible game (%s)" % (e,)
    return None
