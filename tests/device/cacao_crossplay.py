"""Seeded random Cacao games whose outcome is printed one line per game, so the same lines can
be produced on CPython and on MicroPython and compared byte for byte."""
import gc

from meeple.core import cacao
from gamekit import Picker, play_random


def hexbytes(b):
    return "".join("%02x" % x for x in b)


def crossplay(games, first_seed=0):
    buf = [0] * cacao.MAX_ACTIONS
    for g in range(games):
        seed = first_seed + g
        st = cacao.new_game(2 + g % 3, seed)
        n = play_random(cacao, st, Picker(seed), buf)
        print("game %d actions %d scores %s state %s" % (seed, n, cacao.scores(st), hexbytes(st)))


def allocation(calls):
    """Bytes allocated by `calls` legal_into + apply pairs, with the collector off."""
    buf = [0] * cacao.MAX_ACTIONS
    picker = Picker(1)
    games = 0
    st = cacao.new_game(4, 0)
    gc.collect()
    gc.disable()
    total = worst = 0
    for _ in range(calls):
        if cacao.is_over(st):
            games += 1
            st = cacao.new_game(2 + games % 3, games)
        a0 = gc.mem_alloc()
        n = cacao.legal_into(st, buf)
        cacao.apply(st, buf[picker.below(n)])
        used = gc.mem_alloc() - a0
        total += used
        if used > worst:
            worst = used
    gc.enable()
    print("alloc calls %d total %d worst %d games %d" % (calls, total, worst, games))
