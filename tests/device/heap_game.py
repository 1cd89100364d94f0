"""A whole 4-player Cacao game in the console app, one button step per call, for measuring the
live heap over a game (tests/test_heap_game.py runs `step()` as separate MicroPython runs with a
collection in between: tools.mpyrun's step mode).

The seats and the human's play are those of tests/device/test_cacao_ui_game.py: one human seat
taking every default, three AI-normal seats. Once mid-game the human opens the game menu (hint,
log, overview); after the game the log, the saved record and back to the main menu, so the
screens used only now and then are counted too. The app boots as a device's does: with every
game plug-in in the firmware.

The firmware is imported only inside `start()`, so importing this module costs only its own
code (the test measures that as part of its baseline).

    import heap_game
    heap_game.start("/tmp/somewhere")
    while not heap_game.step(): pass
"""
import gc

_d = {}   # the app, its clock and the events still to send; a dict so nothing is rebound


class _Board:
    NAME = "counting board"
    WIDTH = 240
    HEIGHT = 135


class _Clock:
    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


def start(root):
    """Boot the app on a counting 240x135 display with its files in `root` (emptied)."""
    import os

    from meeple.app import App
    from meeple.hal.storage import Storage
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
    c = Canvas(CountingDisplay(240, 135), 240, 135)
    buttons = ev.B_UP | ev.B_DOWN | ev.B_LEFT | ev.B_RIGHT | ev.B_A | ev.B_B | ev.B_X | ev.B_Y
    clock = _Clock()
    app = App(c, ev.Input(buttons), Storage(root), _Board, clock)  # every installed game
    app.boot()
    app.render()
    _d["app"] = app
    _d["clock"] = clock
    # title -> main menu -> New game -> Cacao -> Players: 4 -> seats stay "you + AI normal" -> Start
    _d["queue"] = [ev.OK, ev.OK, ev.OK, ev.OK, ev.RIGHT, ev.RIGHT, ev.OK, ev.UP, ev.OK]
    _d["phase"] = 0       # 0 menus, 1 the game, 2 after the game, 3 done
    _d["steps"] = 0
    _d["turns"] = 0       # the human's placements so far
    gc.collect()


def _title():
    return _d["app"].screen.title


def step():
    """One app step (one button, or time passing for the AI); True once back at the main menu
    after the game."""
    from meeple.ui import input as ev
    app = _d["app"]
    q = _d["queue"]
    _d["steps"] += 1
    assert _d["steps"] < 3000, "the game does not end"
    if q:
        app.step((q.pop(0),))
        return False
    ph = _d["phase"]
    if ph == 0:
        s = app.session
        assert s is not None and s.seats == [0, 2, 2, 2], _title()
        _d["phase"] = 1
        ph = 1
    if ph == 1:
        scr = app.screen
        s = app.session
        if s.core.is_over(s.state):
            assert _title() == "Game over", _title()
            # end screen -> What next? -> Log -> back -> Save record -> its message -> Main menu
            q.extend((ev.OK, ev.DOWN, ev.DOWN, ev.OK, ev.BACK, ev.UP, ev.OK, ev.OK,
                      ev.DOWN, ev.DOWN, ev.OK))
            _d["phase"] = 2
            return False
        mode = getattr(scr, "mode", -1)
        if mode == 0:                          # WATCH: past the AI pause, the bot moves
            _d["clock"].now += 1100
            app.step(())
        elif mode == 1:                        # PLACE: one cell over and back, jump, place
            _d["turns"] += 1
            if _d["turns"] == 4:               # once mid-game: the game menu's pages
                # Hint (the bot decides while the menu's module is loaded) then back; the menu
                # again: Log, back, Overview, back, back to the table
                q.extend((ev.OK, ev.BACK, ev.MENU, ev.DOWN, ev.OK, ev.BACK, ev.DOWN, ev.OK,
                          ev.BACK, ev.BACK))
                app.step((ev.MENU,))
                return False
            q.extend((ev.LEFT, ev.NEXT, ev.OK))
            app.step((ev.RIGHT,))
        else:                                  # FILL, RESOLVE, a pass screen: the default
            app.step((ev.OK,))
        return False
    if ph == 2:
        _d["phase"] = 3
        return _title() == "Main menu" or _fail("ended on %s" % _title())
    return True


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
