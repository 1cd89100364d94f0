"""The console's power states and take-back arithmetic, on CPython and again on MicroPython
(tests/wasm/test_micropython.py): the backlight dims after DIM_MS without a press and goes off after
OFF_MS, the waking press does nothing else, and take-back points and rewound positions are the
same on both (a checksum over a scripted game)."""

from appkit import Board as _Board, Clock as _Clock, scratch_dir
from meeple.console import app as app_mod
from meeple.storage import takeback
from meeple.console.app import App
from meeple.core import cacao
from meeple.storage import Storage
from meeple.storage.journal import Journal
from meeple.ui import input as ev
from meeple.ui.gfx import Canvas, CountingDisplay


class _Light:
    def __init__(self):
        self.level = None

    def set(self, level):
        self.level = level


def _boot():
    clock = _Clock()
    light = _Light()
    buttons = ev.B_UP | ev.B_DOWN | ev.B_LEFT | ev.B_RIGHT | ev.B_A | ev.B_B
    inp = ev.Input(buttons)
    app = App(Canvas(CountingDisplay(240, 135), 240, 135), inp, Storage(scratch_dir("power")), _Board,
              clock, [], light)
    app.boot()
    app.render()
    return app, clock, light, inp


def _press(app, clock, inp, bit):
    for held in (bit, bit, 0, 0, 0, 0, 0, 0):
        clock.now += 10
        inp.update(clock.now, held, held)
        e = inp.get()
        while e:
            app.handle(e)
            e = inp.get()
        app.tick()
        app.render()


def _idle(app, clock, ms):
    end = clock.now + ms
    while clock.now < end:
        clock.now += 100
        app.tick()


def test_dim_off_and_the_waking_press_does_nothing_else():
    app, clock, light, inp = _boot()
    _press(app, clock, inp, ev.B_A)                  # title -> main menu
    level = app.settings["brightness"]
    assert app.screen.title == "Main menu" and light.level == level
    _idle(app, clock, app_mod.DIM_MS - 500)
    assert light.level == level and app.poll_ms() == 10
    _idle(app, clock, 1000)
    assert light.level == app_mod.DIM_LEVEL and app.poll_ms() == app_mod.POLL_MS[app_mod.DIM]
    _idle(app, clock, app_mod.OFF_MS - app_mod.DIM_MS)
    assert light.level == 0 and app.poll_ms() == app_mod.POLL_MS[app_mod.OFF]
    _press(app, clock, inp, ev.B_DOWN)               # wakes only
    assert light.level == level and app.screen.menu.cursor == 0
    _press(app, clock, inp, ev.B_DOWN)
    assert app.screen.menu.cursor == 1


def test_take_back_points_and_rewinds_match_on_both_pythons():
    meta = {"game": "cacao", "seats": [0, 1], "seed": 4242, "options": {}, "gen": 1}
    storage = Storage(scratch_dir("tb"))
    j = Journal(storage, meta, cacao)
    j.start()
    st = j.initial()
    check = 0
    offered = 0
    for i in range(60):
        if cacao.is_over(st):
            break
        seat = cacao.to_move(st)
        acts = cacao.legal_actions(st)
        a = acts[(i * 7) % len(acts)]
        cacao.apply(st, a)
        j.add(seat, a)
        k = takeback.point(j, st, meta["seats"], False)
        always = takeback.point(j, st, meta["seats"], True)
        assert always >= k
        if k >= 0:
            offered += 1
            back = takeback.replay(j, k)
            for b in back:
                check = (check * 31 + b) & 0x3FFFFFFF
        check = (check * 31 + k + 7 * always + 1000) & 0x3FFFFFFF
    assert offered > 0
    print("take-back checksum: %d (offered %d times)" % (check, offered))
    assert check == EXPECTED, check
    n = len(j)
    j.truncate(n - 2)                                # on flash too: Continue reads it back
    again = Journal(storage, meta, cacao)
    again.resume(takeback.replay(j, n - 2))
    assert again.ok and len(again) == n - 2


EXPECTED = 1007256412   # computed on CPython; MicroPython must give the same
