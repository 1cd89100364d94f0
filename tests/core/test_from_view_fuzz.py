"""from_view fuzz: views of real positions, mutated (numbers nudged or replaced, list items
swapped or dropped, values of other types, keys removed, two seats' data swapped), given to
from_view. It may only raise ValueError; every position it accepts is played to the end with
random legal moves, and nothing on the way (legal actions, apply, describe, observe, scores,
ranking) may raise. Seeded: the same mutations every run.

MEEPLE_FUZZ=N tries N views per game (default 250, a few seconds for both games). The slow set
(`make test-slow`, i.e. pytest -m slow; not part of `make test`) tries 20,000 per game on other
seeds, several minutes for both games on one CPython core.
"""
import copy
import os
import random

import pytest

from meeple.core import cacao, santiago

COUNT = int(os.environ.get("MEEPLE_FUZZ", "250"))
ODD = (None, True, False, -1, 0, 1, 2, 255, 256, 1 << 31, -(1 << 40), 1.5, "x", "", [], {}, [0, 0])


def _paths(v, path=()):
    """Every (path, value) inside a view, containers included."""
    yield path, v
    if isinstance(v, dict):
        for k in v:
            yield from _paths(v[k], path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _paths(x, path + (i,))


def _get(d, path):
    for k in path:
        d = d[k]
    return d


def mutate(view, r):
    v = copy.deepcopy(view)
    for _ in range(r.choice((1, 1, 1, 2, 3))):
        paths = [p for p, _ in _paths(v) if p]
        path = r.choice(paths)
        parent = _get(v, path[:-1])
        key = path[-1]
        old = parent[key]
        kind = r.randrange(6)
        if kind == 0 and isinstance(old, int) and not isinstance(old, bool):
            parent[key] = old + r.choice((-1, 1, -2, 2, 7))
        elif kind == 1:
            parent[key] = r.choice(ODD)
        elif kind == 2 and isinstance(old, list) and len(old) >= 2:
            i, j = r.sample(range(len(old)), 2)
            old[i], old[j] = old[j], old[i]
        elif kind == 3 and isinstance(old, list) and old:
            del old[r.randrange(len(old))]
        elif kind == 4 and isinstance(parent, dict):
            del parent[key]
        elif kind == 5 and isinstance(parent, list) and len(parent) >= 2:
            j = r.randrange(len(parent))
            parent[key], parent[j] = parent[j], parent[key]   # e.g. two seats' data
        else:
            parent[key] = r.choice(ODD)
    return v


def position(core, r):
    players = r.choice((2, 3, 4) if core is cacao else (3, 4, 5))
    st = core.new_game(players, r.randrange(1 << 30))
    for _ in range(r.randrange(120)):
        if core.is_over(st):
            break
        core.apply(st, r.choice(core.legal_actions(st)))
    return st


def play_out(core, st, r):
    for _ in range(3000):
        core.scores(st)
        core.ranking(st)
        if core.is_over(st):
            return
        acts = core.legal_actions(st)
        assert acts, "no legal action in a position that is not over"
        a = r.choice(acts)
        core.describe(st, a)
        seat = core.to_move(st)
        core.observe(st, seat)
        core.apply(st, a)
    raise AssertionError("the game does not end")


def fuzz(core, seed, count):
    r = random.Random(seed)
    accepted = refused = 0
    for i in range(count):
        st = position(core, r)
        view = core.view(st)
        bad = mutate(view, r)
        try:
            got = core.from_view(bad)
        except ValueError:
            refused += 1
            continue
        except Exception as e:
            raise AssertionError("case %d: from_view raised %s: %s on %r" % (i, type(e).__name__, e, bad))
        accepted += 1
        try:
            play_out(core, got, random.Random(i))
        except Exception as e:
            raise AssertionError("case %d: an accepted position failed in play: %s: %s\n%r"
                                 % (i, type(e).__name__, e, bad))
    print("%s: %d mutated views, %d accepted and played out, %d refused"
          % (core.__name__, count, accepted, refused))
    assert accepted and refused


@pytest.mark.parametrize("core", [cacao, santiago], ids=["cacao", "santiago"])
def test_from_view_accepts_only_positions_that_play_to_the_end(core):
    fuzz(core, 12, COUNT)


@pytest.mark.slow
@pytest.mark.parametrize("core", [cacao, santiago], ids=["cacao", "santiago"])
def test_from_view_fuzz_20000(core):
    fuzz(core, 2027, 20000)


def _resolve_view(seed):
    """The view of a Cacao turn waiting on a market decision after jungle tiles were filled in."""
    st = cacao.new_game(3, seed)
    r = random.Random(seed)
    while not cacao.is_over(st):
        v = cacao.view(st)
        if v["pending"]["kind"] == "resolve" and v["pending"]["new_jungle"] > 2:
            return v
        cacao.apply(st, r.choice(cacao.legal_actions(st)))
    return None


def test_cacao_from_view_refuses_old_jungle_counted_as_new():
    """Found by the fuzz: a view whose "new_jungle" counts the whole table as this turn's was
    accepted, and the next activation overflowed the engine's queue of sides."""
    v = next(v for v in map(_resolve_view, range(50)) if v)
    cacao.from_view(v)   # the real position is accepted
    v["pending"]["new_jungle"] = 2
    with pytest.raises(ValueError, match="a turn adds at most 3 jungle tiles"):
        cacao.from_view(v)
