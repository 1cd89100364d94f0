"""Buttons to events: debounce, auto-repeat, hold gestures, the 4-button mapping (UX.md).

The HAL (or the simulator) reports the physical buttons as a bitmask each poll, plus the
buttons pressed since the last poll (so a tap shorter than a poll still counts); `Input` turns
that into the events screens handle:

    UP DOWN LEFT RIGHT   directions (auto-repeat while held: first after 300 ms, then 100 ms)
    NEXT PREV            next / previous choice: X / Y on boards without a d-pad (repeat too)
    OK BACK              A / B
    ALT                  secondary action: X with a d-pad, else holding A
    MENU                 game menu: Y with a d-pad, else holding B

With a hold gesture on A (or B) the OK (BACK) event is sent when the button is released before
HOLD_MS, and ALT (MENU) instead once it is held that long.
"""
try:
    from micropython import const  # type: ignore[assignment]
except ImportError:
    def const(x):  # CPython stand-in for micropython.const
        return x

# physical buttons (bits of the mask)
B_UP = const(1)
B_DOWN = const(2)
B_LEFT = const(4)
B_RIGHT = const(8)
B_A = const(16)
B_B = const(32)
B_X = const(64)
B_Y = const(128)
BUTTON_NAMES = ("up", "down", "left", "right", "A", "B", "X", "Y")  # bit i -> name

# events
NONE = const(0)
UP = const(1)
DOWN = const(2)
LEFT = const(3)
RIGHT = const(4)
OK = const(5)
BACK = const(6)
ALT = const(7)
MENU = const(8)
NEXT = const(9)
PREV = const(10)
EVENT_NAMES = ("", "up", "down", "left", "right", "ok", "back", "alt", "menu", "next", "prev")

DEBOUNCE_MS = const(20)
REPEAT_FIRST_MS = const(300)
REPEAT_MS = const(100)
HOLD_MS = const(500)
_QUEUE = const(16)

_DIRS = (B_UP, B_DOWN, B_LEFT, B_RIGHT)


def mask_of(names):
    """Bitmask of button names ("up", "A", ...)."""
    m = 0
    for n in names:
        m |= 1 << BUTTON_NAMES.index(n)
    return m


class Input:
    def __init__(self, buttons):
        """buttons: the physical buttons the board has (bitmask of B_*)."""
        dpad = buttons & (B_UP | B_DOWN | B_LEFT | B_RIGHT) == (B_UP | B_DOWN | B_LEFT | B_RIGHT)
        self.buttons = buttons
        self.dpad = dpad
        # what each button sends, by bit index (0 = nothing) and whether it auto-repeats
        self._ev = bytearray(8)
        for i, e in enumerate((UP, DOWN, LEFT, RIGHT, OK, BACK)):
            self._ev[i] = e
        self._repeat = B_UP | B_DOWN | B_LEFT | B_RIGHT
        if dpad:
            self._ev[6] = ALT
            self._ev[7] = MENU
        else:
            self._ev[6] = NEXT
            self._ev[7] = PREV
            self._repeat |= B_X | B_Y
        # A / B get a hold gesture when no button of their own carries ALT / MENU
        self._hold = 0
        if not (dpad and buttons & B_X):
            self._hold |= B_A
        if not (dpad and buttons & B_Y):
            self._hold |= B_B
        self._down = 0          # debounced state
        self._changed = [0] * 8  # ms of the last accepted change per button
        self._next_repeat = [0] * 8
        self._held_fired = 0    # hold buttons whose long-press event was sent
        self._q = bytearray(_QUEUE)
        self._qn = 0
        self._qh = 0

    # ---- queue -------------------------------------------------------------------------------
    def _push(self, ev):
        if self._qn < _QUEUE:   # a full queue drops new events rather than old ones
            self._q[(self._qh + self._qn) % _QUEUE] = ev
            self._qn += 1

    def get(self):
        """The next event, or NONE."""
        if self._qn == 0:
            return NONE
        ev = self._q[self._qh]
        self._qh = (self._qh + 1) % _QUEUE
        self._qn -= 1
        return ev

    def clear(self):
        self._qn = 0

    # ---- state machine -----------------------------------------------------------------------
    def update(self, now, down, tapped=0):
        """Feed one poll: `down` = buttons held now, `tapped` = pressed since the last poll
        (even if already released). `now` in ms (any monotonic counter, wraps are not handled:
        the HAL passes time.ticks_ms() differences folded into a small int)."""
        down &= self.buttons
        tapped &= self.buttons
        if not (down | tapped | self._down):
            return    # nothing pressed, nothing held: the idle loop's common case costs nothing
        for i in range(8):
            bit = 1 << i
            was = self._down & bit
            is_down = down & bit
            if not was and (is_down or tapped & bit):
                if now - self._changed[i] < DEBOUNCE_MS and self._changed[i]:
                    continue  # contact bounce right after a release
                self._changed[i] = now
                self._press(i, bit, now)
                if is_down:
                    self._down |= bit
                else:  # pressed and released between two polls: a whole tap
                    self._release(i, bit)
            elif was and not is_down:
                if now - self._changed[i] < DEBOUNCE_MS:
                    continue  # bounce while pressed
                self._changed[i] = now
                self._down &= ~bit
                self._release(i, bit)
            elif was:
                self._held(i, bit, now)

    def _press(self, i, bit, now):
        if bit & self._hold:
            self._held_fired &= ~bit
            return  # decided on release or when the hold time is reached
        self._push(self._ev[i])
        if bit & self._repeat:
            self._next_repeat[i] = now + REPEAT_FIRST_MS

    def _release(self, i, bit):
        if bit & self._hold and not self._held_fired & bit:
            self._push(self._ev[i])

    def _held(self, i, bit, now):
        if bit & self._hold:
            if not self._held_fired & bit and now - self._changed[i] >= HOLD_MS:
                self._held_fired |= bit
                self._push(ALT if bit == B_A else MENU)
        elif bit & self._repeat and now >= self._next_repeat[i]:
            self._push(self._ev[i])
            self._next_repeat[i] = now + REPEAT_MS

    def busy(self):
        """A button is down or an event waits: a press is not over yet."""
        return self._down != 0 or self._qn != 0

    def names(self):
        """What each event is on this board, for help pages: [(event, "button words")]."""
        out = []
        for i in range(8):
            if self.buttons & (1 << i):
                out.append((self._ev[i], BUTTON_NAMES[i]))
        if self._hold & B_A:
            out.append((ALT, "hold A"))
        if self._hold & B_B:
            out.append((MENU, "hold B"))
        return out
