"""A whole game in the console app, one button step per call, for measuring the live heap over
a game (tests/budgets/test_heap_game.py runs `step()` as separate MicroPython runs with a collection in
between: tools.wasm.mpyrun's step mode).

- "cacao": 4 players, the seats and the human's play of tests/device/test_cacao_ui_game.py: one
  human seat taking every default, three AI-normal seats. Once mid-game the human opens the game
  menu (hint, log, overview); after the game the log, the saved record and back to the main menu.
- "santiago": 5 players, one human seat (White) and four AI-normal seats. The human bids, picks
  tiles, moves the cursor over the board, proposes canals with offers, accepts proposals, builds
  the extra canal; once mid-game the game menu's hint, log and seats pages; after the game the
  result, the saved record and back to the main menu.

The screens used only now and then are counted too. The app boots as a device's does: with every
game plug-in in the firmware.

The firmware is imported only inside `start()`, so importing this module costs only its own
code (the test measures that as part of its baseline).

    import heap_game
    heap_game.start("/tmp/somewhere", "santiago")
    while not heap_game.step(): pass
"""
import gc

_d = {}   # the app, its clock and the events still to send; a dict so nothing is rebound


class _Board:
    NAME = "counting board"

    def __init__(self, width, height, seed):
        self.WIDTH = width
        self.HEIGHT = height
        if seed is not None:
            self.TEST_SEED = seed   # the deal (meeple's game start reads it): the same game every run


class _Clock:
    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


def start(root, game="cacao", width=240, height=135, seed=None, pad=0):
    """Boot the app on a counting display (240x135 unless told) with its files in `root`
    (emptied), and queue the keys from the title to the game's start. seed: the game's deal
    (None: from the clock and the free heap, as on a device). pad: bytes held before the app
    boots, so that every object of the game lies elsewhere in the heap."""
    import os

    _d["pad"] = bytearray(pad)
    from meeple.console.app import App
    from meeple.storage import Storage
    from meeple.ui import input as ev
    from meeple.ui.gfx import Canvas, CountingDisplay
    for p in ("/tmp", root):
        try:
            os.mkdir(p)
        except OSError:
            pass
    for f in os.listdir(root):
        try:
            os.remove(root + "/" + f)
        except OSError:
            pass
    c = Canvas(CountingDisplay(width, height), width, height)
    buttons = ev.B_UP | ev.B_DOWN | ev.B_LEFT | ev.B_RIGHT | ev.B_A | ev.B_B | ev.B_X | ev.B_Y
    clock = _Clock()
    app = App(c, ev.Input(buttons), Storage(root), _Board(width, height, seed), clock)  # every installed game
    app.boot()
    app.render()
    _d["app"] = app
    _d["clock"] = clock
    _d["game"] = game
    if game == "cacao":
        # title -> main menu -> New game -> Cacao -> Players: 4 -> seats stay "you + AI normal"
        # -> Start
        _d["queue"] = [ev.OK, ev.OK, ev.OK, ev.OK, ev.RIGHT, ev.RIGHT, ev.OK, ev.UP, ev.OK]
        _d["seats"] = [0, 2, 2, 2]
    else:
        # title -> main menu -> New game -> Santiago -> Players: 5 -> seats stay "you + AI
        # normal", options their defaults -> Start
        _d["queue"] = [ev.OK, ev.OK, ev.DOWN, ev.OK, ev.OK, ev.RIGHT, ev.RIGHT, ev.OK, ev.UP,
                       ev.OK]
        _d["seats"] = [0, 2, 2, 2, 2]
    _d["phase"] = 0       # 0 menus, 1 the game, 2 after the game, 3 done
    _d["steps"] = 0
    _d["turns"] = 0       # the human's decisions so far
    gc.collect()


def _title():
    return _d["app"].screen.title


def step():
    """One app step (one button, or time passing for the AI); True once back at the main menu
    after the game."""
    app = _d["app"]
    q = _d["queue"]
    _d["steps"] += 1
    assert _d["steps"] < 4000, "the game does not end"
    if q:
        app.step((q.pop(0),))
        return False
    ph = _d["phase"]
    if ph == 0:
        s = app.session
        assert s is not None and s.seats == _d["seats"], _title()
        _d["phase"] = 1
        ph = 1
    if ph == 1:
        if _d["game"] == "cacao":
            _cacao(app, q)
        else:
            from heap_santiago import play
            play(app, q, _d)
        return False
    if ph == 2:
        _d["phase"] = 3
        return _title() == "Main menu" or _fail("ended on %s" % _title())
    return True


def _wait_ai(app):
    """Past the AI pause: the bot moves."""
    _d["clock"].now += 1100
    app.step(())


def _cacao(app, q):
    from meeple.ui import input as ev
    scr = app.screen
    s = app.session
    if s.core.is_over(s.state):
        assert _title() == "Game over", _title()
        # end screen -> What next? -> Log -> back -> Save record -> its message -> Main menu
        q.extend((ev.OK, ev.DOWN, ev.DOWN, ev.OK, ev.BACK, ev.UP, ev.OK, ev.OK,
                  ev.DOWN, ev.DOWN, ev.OK))
        _d["phase"] = 2
        return
    mode = getattr(scr, "mode", -1)
    if mode == 0:                          # WATCH: past the AI pause, the bot moves
        _wait_ai(app)
    elif mode == 1:                        # PLACE: two d-pad snaps, jump, place
        _d["turns"] += 1
        if _d["turns"] == 4:               # once mid-game: the game menu's pages
            # Hint (the bot decides while the menu's module is loaded) then back; the menu
            # again: Log, back, Overview, back, back to the table
            q.extend((ev.OK, ev.BACK, ev.MENU, ev.DOWN, ev.OK, ev.BACK, ev.DOWN, ev.OK,
                      ev.BACK, ev.BACK))
            app.step((ev.MENU,))
            return
        q.extend((ev.LEFT, ev.NEXT, ev.OK))
        app.step((ev.RIGHT,))
    else:                                  # FILL, RESOLVE, a pass screen: the default
        app.step((ev.OK,))


def _fail(msg):
    raise AssertionError(msg)


def result():
    """A line for the host: the screen shown, steps played, records saved."""
    import os
    app = _d["app"]
    try:
        recs = os.listdir(app.storage.path("records"))
    except OSError:
        recs = []
    return "screen=%s steps=%d records=%s" % (_title(), _d["steps"], ",".join(recs))
