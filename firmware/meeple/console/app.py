"""The console: a stack of screens, the boot flow, settings and statistics.

The device (main.py) and the simulator (host_sim) build the same App and differ only in what
they hand it: a Canvas on their display, an Input, a Storage folder, the board profile and a
millisecond clock. Menus are in meeple.console.menus, games and auto-save in meeple.console.host.
The menus' module is imported while a menu is shown and forgotten while a game is open
(`close`), so a game has the memory the menus used (DESIGN.md section 4).

    app = App(canvas, inp, storage, board, ticks)
    app.boot()
    app.run(poll)          # device: forever; the simulator calls app.step(events) instead
"""
import gc

from meeple.console import VERSION, host
from meeple.ui import screen as _screen
from meeple.ui.screen import DialogScreen, Toast

# ai_pause in 0.1 s; text 0 normal, 1 large; takeback 0 off, 1 on (never past a reveal),
# 2 on even past a reveal
DEFAULT_SETTINGS = {"brightness": 8, "ai_pause": 10, "privacy": 1, "text": 0, "takeback": 1}

# Power (battery boards): the backlight dims after a minute without a press (while a human is
# to decide: bot moves hold the clock) and goes off after five; the next press wakes it and does
# nothing else. The app's clock decides, so the simulator and the device dim at the same moment.
# Dimmed or off, the loop polls less often: a press is still latched by the buttons' interrupt
# (meeple.hal.buttons), so none is lost.
DIM_MS = 60_000
OFF_MS = 300_000
DIM_LEVEL = 1
AWAKE = 0
DIM = 1
OFF = 2
IDLE_GC_MS = 250           # after the last press: collect the garbage (App.run)
POLL_MS = (10, 40, 100)   # by power state: awake, dimmed, off


class App:
    def __init__(self, canvas, inp, storage, board, ticks, games=None, backlight=None):
        self.canvas = canvas
        self.input = inp
        self.storage = storage
        self.board = board
        self.ticks = ticks
        self.games = host.installed() if games is None else games
        self.backlight = backlight
        self.stack = []
        self.session = None
        self.toast = None
        self.settings = {}
        self.stats = {}
        self._full = True
        self.power = AWAKE
        self.last_press = 0
        self._swallow = False   # the waking press is still down: its events do nothing
        self.notice = None       # a message to show over the next screen (storage failures)
        storage.notify = self._storage_notice
        self.restart = self.reboot   # after a crash, A: main.py sets machine.reset
        self._crashed = False

    def _storage_notice(self, text):
        """The flash refused a write: told once, in a dialog once the current step is done
        (a write can fail in the middle of opening a game)."""
        self.notice = text

    # ---- boot ---------------------------------------------------------------------------------
    def boot(self):
        """Load settings and statistics, then show the title; damaged files are reported in a
        dialog over it and the console goes on with defaults."""
        self.guard(self._boot)

    def _boot(self):
        problems = []
        settings, err = self.storage.load_json("settings.json", {})
        if settings and not err:
            err = self._checked("settings.json", "bad_setting", settings)
        if err:
            problems.append(err)
            settings = {}
        self.settings = dict(DEFAULT_SETTINGS)
        for k in settings:
            self.settings[k] = settings[k]   # checked; keys of other versions are kept
        self.stats, err = self.storage.load_json("stats.json", {})
        if self.stats and not err:
            err = self._checked("stats.json", "bad_stat", self.stats)
        if err:
            problems.append(err)
            self.stats = {}
        _screen.set_large(self.settings["text"] == 1)
        self.last_press = self.ticks()
        self.apply_brightness()
        self.push(_menus().TitleScreen())
        for p in problems:
            self.push(DialogScreen("Notice", p))

    def _checked(self, name, check, data):
        """None, or (a value is out of range) the file is set aside and the message returned.
        The checks' module is imported only when there is a file to check, and forgotten."""
        from meeple import forget   # (imported where used: the idle menu's globals stay few)
        from meeple.storage import checks
        why = getattr(checks, check)(data)
        checks = None
        forget("meeple.storage.checks")
        if why is None:
            return None
        return self.storage._bad(self.storage.path(name), name, why)

    def apply_brightness(self):
        if self.backlight:
            self.backlight.set(self.settings["brightness"])

    def apply_text(self):
        """Settings > Text changed: every screen is laid out again in the new size."""
        _screen.set_large(self.settings["text"] == 1)
        self._full = True

    # ---- power ------------------------------------------------------------------------------
    def _power_tick(self, now):
        if self.session and self.session.waiting_for_ai():
            self.last_press = now   # bots are moving: the player watches, nobody is asked yet
        idle = now - self.last_press
        if self.power == AWAKE and idle >= DIM_MS:
            self.power = DIM
            if self.backlight:
                self.backlight.set(min(DIM_LEVEL, self.settings["brightness"]))
        if self.power == DIM and idle >= OFF_MS:
            self.power = OFF
            if self.backlight:
                self.backlight.set(0)

    def wake(self):
        self.power = AWAKE
        self.apply_brightness()

    def poll_ms(self):
        """How long the device's loop sleeps between polls in the current power state."""
        return POLL_MS[self.power]

    def save_settings(self):
        """False when the flash refused (the settings hold until the next power cut)."""
        return self.storage.save_json("settings.json", self.settings)

    # ---- screens ------------------------------------------------------------------------------
    @property
    def screen(self):
        return self.stack[-1]

    def push(self, screen):
        screen.app = self
        self.stack.append(screen)
        self._full = True
        self.toast = None   # a note belongs to the screen it was shown on

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
            self._full = True
            self.toast = None

    def replace(self, screen):
        self.stack.pop()
        self.push(screen)

    def home(self):
        """Back to the main menu (rebuilt: Continue may have come or gone)."""
        self._end()
        self.push(_menus().MainMenu())
        gc.collect()

    def close(self):
        """Before a game opens: clear the screens, end any game session and forget the modules
        of both (the menus' and the old game's); the game imports what it needs."""
        from meeple import forget
        self._end()
        forget("meeple.console.menus")
        forget("meeple.ui.widgets")     # the menus' widgets (a game needs only meeple.ui.screen)
        forget("meeple.console.session")   # (a menu's question): the game imports its own
        forget("meeple.console.records")
        gc.collect()

    def _end(self):
        s = self.session
        self.session = None
        del self.stack[:]
        if s:
            s.close()  # forgets the modules the game imported

    def message(self, title, text):
        self.push(DialogScreen(title, text))

    def show_toast(self, text, ms=1500):
        self.toast = Toast(text, self.ticks() + ms)  # painted by the next render()

    # ---- crashes ------------------------------------------------------------------------------
    def crash(self, e):
        """An unexpected exception: write crash.txt, drop the game (it is auto-saved) and show
        what happened, with A to restart. A crash while that screen is up goes on to main.py."""
        if self._crashed:
            raise e
        self._crashed = True
        from meeple.console import crash
        self.session = None          # its screens may be what failed; the save is on flash
        del self.stack[:]
        self.toast = None
        gc.collect()
        written = crash.report(self.storage.path(crash.NAME), e, VERSION, self.board.NAME)
        self.push(DialogScreen("Error", crash.message(e, written, "/" + crash.NAME),
                               self._restart, self._restart, "A restart"))

    def _restart(self):
        self.restart()

    def reboot(self):
        """Start the console afresh (the simulator's restart; the device resets instead)."""
        self._end()
        self._crashed = False
        self.notice = None
        gc.collect()
        self.boot()

    def guard(self, fn, arg=None):
        """Run one step of the app; an unexpected exception becomes the crash screen."""
        try:
            if arg is None:
                fn()
            else:
                fn(arg)
        except Exception as e:   # not KeyboardInterrupt (mpremote stopping the program)
            self.crash(e)

    # ---- loop ---------------------------------------------------------------------------------
    def handle(self, ev):
        self.guard(self._handle, ev)

    def _handle(self, ev):
        self.last_press = self.ticks()
        if self.power != AWAKE:
            self.wake()          # the waking press does nothing else, nor its repeats
            self._swallow = True
        if self._swallow:
            if not self.input.busy():
                self._swallow = False
            return
        self.screen.event(ev)

    def tick(self):
        self.guard(self._tick)

    def _tick(self):
        now = self.ticks()
        if self._swallow and not self.input.busy():
            self._swallow = False
        self._power_tick(now)
        if self.notice:
            self.message("Not saved", self.notice)
            self.notice = None
        if self.session:
            self.session.tick(now)
        self.screen.tick(now)
        if self.toast and now >= self.toast.until:
            self.toast = None
            self._full = True

    def render(self):
        self.guard(self._render)

    def _render(self):
        top = self.screen
        if self._full:
            self._full = False
            top.draw(self.canvas)
            if self.toast:
                self._draw_toast(top)
        else:
            top.update(self.canvas)
            if self.toast and not self.toast.shown:
                self._draw_toast(top)

    def _draw_toast(self, top):
        t = self.toast
        if t is None:
            return
        area = getattr(top, "toast_area", None)   # a screen with a part the note must not cover
        if area:
            t.draw(self.canvas, *area())
        else:
            t.draw(self.canvas)

    def step(self, events=()):
        """Run the events, let time pass, paint: one turn of the main loop."""
        for e in events:
            self.handle(e)
            self.render()
        self.tick()
        self.render()

    def run(self, poll, sleep_ms):
        """The device's main loop: poll() -> (held, tapped) button masks, every 10 ms while
        awake (less often dimmed or off: `POLL_MS`)."""
        inp = self.input
        self.poll = poll  # a bot that thinks long looks at the buttons too (GameSession._thinking)
        self.render()
        pressed = False   # presses since the last idle collection
        while True:
            held, tapped = poll()
            inp.update(self.ticks(), held, tapped)
            e = inp.get()
            while e:
                self.handle(e)
                self.render()
                e = inp.get()
                pressed = True
            self.tick()
            self.render()
            if pressed and not held and self.ticks() - self.last_press >= IDLE_GC_MS:
                pressed = False
                gc.collect()   # the presses' garbage, while nobody waits: else a later press
                               # fills the heap and waits for the collection (press-to-pixels)
            sleep_ms(POLL_MS[self.power])


def _menus():
    from meeple.console import menus
    return menus

