"""Helpers shared by the device tests of every game (MicroPython/CPython common subset)."""
from meeple.core import rng


def matches(info, want):
    for k in want:
        if info.get(k) != want[k]:
            return False
    return True


def find(game, st, **want):
    """The one legal action whose action_info has all the given key/values."""
    found = [a for a in game.legal_actions(st) if matches(game.action_info(st, a), want)]
    if len(found) != 1:
        raise AssertionError("%d legal actions match %r" % (len(found), want))
    return found[0]


def act(game, st, **want):
    a = find(game, st, **want)
    game.apply(st, a)
    return a


def raises_value_error(fn, *args):
    """Call fn(*args); return the ValueError's message, or fail if none was raised."""
    try:
        fn(*args)
    except ValueError as e:
        return str(e)
    raise AssertionError("no ValueError from %r%r" % (fn, args))


class Picker:
    """Seeded random choices that are identical on CPython and MicroPython (no big ints)."""

    def __init__(self, seed):
        self.b = bytearray(4)
        rng.seed(self.b, 0, seed)

    def below(self, n):
        if n <= 1 << 15:
            return rng.below(self.b, 0, n)
        return (rng.next15(self.b, 0) << 15 | rng.next15(self.b, 0)) % n


def play_random(game, st, picker, buf, on_action=None):
    """Play random legal actions until the game is over; return the number of actions."""
    n = 0
    while not game.is_over(st):
        k = game.legal_into(st, buf)
        assert k > 0, "no legal action in a running game"
        a = buf[picker.below(k)]
        if on_action:
            on_action(st, a)
        game.apply(st, a)
        n += 1
    return n
