"""What every bot shares: the operation budget, the bot's own PRNG, and small top-k selection.

Budgets are counted in core operations (one `apply` on a scratch copy, or one static evaluation,
counts 1), never in host time, so a decision is the same on CPython, on the WebAssembly
MicroPython and on a Pico; tools/bench/ai measures what a budget costs in seconds.

Module-level scratch instead of objects: one decision runs at a time on the device.
"""
from meeple.core import rng

_ops = [0, 0, 0]       # operations used in this decision, the decision's limit, next hook call
_r = bytearray(4)      # the bot's own PRNG state (meeple.core.rng)
_hook = [None, 0]      # called every _hook[1] operations while a bot thinks (see set_hook)


def set_hook(fn, every=16):
    """Have fn() called every `every` operations of a decision (None: no calls). The console
    uses it to move its "thinking" mark and to look at the buttons while a bot thinks; fn may
    raise to abandon the decision. It sees nothing of the search, so the move stays the same."""
    _hook[0] = fn
    _hook[1] = every


def start(limit, seed):
    """Begin a decision: reset the operation count and seed the bot's PRNG."""
    _ops[0] = 0
    _ops[1] = limit
    _ops[2] = _hook[1]
    rng.seed(_r, 0, seed)


def spend(n):
    o = _ops
    o[0] += n
    if o[0] >= o[2] and _hook[0] is not None:
        o[2] = o[0] + _hook[1]
        _hook[0]()


def left():
    return _ops[1] - _ops[0]


def used():
    """Operations the last decision used (tools/bench/ai reports it)."""
    return _ops[0]


def below(n):
    """A random int in 0..n-1 from the bot's PRNG (n <= 2**15)."""
    return rng.below(_r, 0, n)


def seed_from(seed, k):
    """A derived seed (for determinizations) that stays a small int on a Pico."""
    return ((seed & 0xFFFFF) * 31 + k * 7919 + 1) & 0x3FFFFFFF


def top_k(vals, n, k, out):
    """Write into out the indices of the k largest of vals[0:n], best first; ties keep the
    lower index (deterministic on both runtimes). Return how many were written."""
    m = 0
    for i in range(n):
        v = vals[i]
        if m < k:
            j = m
            m += 1
        elif v > vals[out[m - 1]]:
            j = m - 1
        else:
            continue
        while j > 0 and vals[out[j - 1]] < v:
            out[j] = out[j - 1]
            j -= 1
        out[j] = i
    return m
