"""The project's PRNG: a 30-bit LCG kept in 4 bytes of a game state.

Same stream on CPython and MicroPython (neither's `random` is used), and every intermediate
value stays below 2**30 so nothing allocates on the device: the state is split into two 15-bit
halves and multiplied half by half. x' = (A * x + C) mod 2**30, A = 1 mod 4 and C odd give the
full period; outputs take the high half, the LCG's better bits.
"""
try:
    from micropython import const  # type: ignore[assignment]  # the CPython stand-in below differs
except ImportError:
    def const(x):  # CPython stand-in for micropython.const
        return x

_A = const(20077)  # < 2**15, = 1 mod 4
_C = const(12345)  # odd
_MASK15 = const(0x7FFF)


def seed(st, off, value):
    """Store a seed (any int; folded into 30 bits, never all-zero-stuck since C is odd)."""
    v = value & 0x3FFFFFFF
    st[off] = (v >> 22) & 0xFF
    st[off + 1] = (v >> 15) & 0x7F
    st[off + 2] = (v >> 8) & 0x7F
    st[off + 3] = v & 0xFF
    for _ in range(4):  # mix small seeds
        next15(st, off)


def next15(st, off):
    """Advance the generator in st[off:off+4]; return 15 random bits."""
    hi = (st[off] << 7) | st[off + 1]
    lo = (st[off + 2] << 8) | st[off + 3]
    t = _A * lo + _C
    lo = t & _MASK15
    hi = (_A * hi + (t >> 15)) & _MASK15
    st[off] = hi >> 7
    st[off + 1] = hi & 0x7F
    st[off + 2] = lo >> 8
    st[off + 3] = lo & 0xFF
    return hi


def below(st, off, n):
    """A random int in 0..n-1 (n <= 2**15)."""
    return (next15(st, off) * n) >> 15


def shuffle(st, off, buf, start, end):
    """Fisher-Yates shuffle of buf[start:end] in place."""
    i = end - 1
    while i > start:
        j = start + below(st, off, i - start + 1)
        t = buf[i]
        buf[i] = buf[j]
        buf[j] = t
        i -= 1
