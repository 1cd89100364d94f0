"""Buttons to events (meeple.ui.input) and text layout: no screen needed; runs on CPython and
on MicroPython (tests/wasm/test_micropython.py)."""
from meeple.ui import input as ev
from meeple.ui.screen import wrap

DPAD6 = ev.B_UP | ev.B_DOWN | ev.B_LEFT | ev.B_RIGHT | ev.B_A | ev.B_B | ev.B_X | ev.B_Y
FOUR = ev.B_A | ev.B_B | ev.B_X | ev.B_Y
JOY_AB = ev.B_UP | ev.B_DOWN | ev.B_LEFT | ev.B_RIGHT | ev.B_A | ev.B_B


def _drain(i):
    out = []
    e = i.get()
    while e:
        out.append(e)
        e = i.get()
    return out


def _press(i, bit, t0, ms, step=10):
    """Hold `bit` from t0 for ms, polling every step ms; then release. Returns events."""
    t = t0
    while t < t0 + ms:
        i.update(t, bit, bit if t == t0 else 0)
        t += step
    i.update(t, 0)
    return _drain(i)


def test_tap_between_polls_is_not_lost():
    i = ev.Input(DPAD6)
    i.update(100, 0, ev.B_DOWN)  # pressed and released before this poll
    assert _drain(i) == [ev.DOWN]


def test_held_direction_repeats_after_300_ms():
    i = ev.Input(DPAD6)
    out = _press(i, ev.B_DOWN, 1000, 600)
    # first at once, the next after 300 ms, then every 100 ms: 300, 400, 500
    assert out == [ev.DOWN] * 4, out


def test_bounce_after_release_is_ignored():
    i = ev.Input(DPAD6)
    i.update(1000, ev.B_A, ev.B_A)
    i.update(1030, 0)
    i.update(1035, ev.B_A, ev.B_A)  # contact bounce 5 ms after the release
    assert _drain(i) == [ev.OK]


def test_dpad_board_maps_x_y_to_alt_menu():
    i = ev.Input(DPAD6)
    assert _press(i, ev.B_X, 1000, 50) == [ev.ALT]
    assert _press(i, ev.B_Y, 2000, 50) == [ev.MENU]
    assert _press(i, ev.B_A, 3000, 900) == [ev.OK]   # A has no hold gesture here


def test_four_button_board_mapping():
    i = ev.Input(FOUR)
    assert _press(i, ev.B_X, 1000, 50) == [ev.NEXT]
    assert _press(i, ev.B_Y, 2000, 50) == [ev.PREV]
    assert _press(i, ev.B_A, 3000, 100) == [ev.OK]       # short: confirm, sent on release
    assert _press(i, ev.B_A, 4000, 700) == [ev.ALT]      # held: secondary action only
    assert _press(i, ev.B_B, 5000, 700) == [ev.MENU]
    assert _press(i, ev.B_B, 6000, 100) == [ev.BACK]
    assert len(_press(i, ev.B_X, 7000, 500)) == 3         # next repeats too


def test_joystick_with_two_buttons_holds_for_alt_and_menu():
    i = ev.Input(JOY_AB)
    assert _press(i, ev.B_A, 1000, 700) == [ev.ALT]
    assert _press(i, ev.B_B, 2000, 700) == [ev.MENU]
    names = i.names()
    assert (ev.ALT, "hold A") in names and (ev.MENU, "hold B") in names


def test_buttons_a_board_lacks_are_ignored():
    i = ev.Input(FOUR)
    i.update(1000, ev.B_UP, ev.B_UP)
    assert _drain(i) == []


def test_wrap_breaks_at_spaces_and_newlines():
    assert wrap("the quick brown fox", 9) == ["the quick", "brown fox"]
    assert wrap("a\nb c", 10) == ["a", "b c"]
    assert wrap("abcdefghijkl", 5) == ["abcde", "fghij", "kl"]
