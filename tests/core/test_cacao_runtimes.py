"""Cacao on CPython and on real MicroPython: byte-identical games, and no allocation in the
device hot path (legal_into + apply)."""
import contextlib
import io
import re

from tools.wasm import mpyrun

import cacao_crossplay

DEVICE_DIR = "tests/device"
GAMES = 60


def on_micropython(call):
    code = "import sys\nsys.path.append('/devtests')\nimport cacao_crossplay\ncacao_crossplay.%s\n" % call
    return mpyrun.run_code(code, mounts={mpyrun.FIRMWARE: "/", DEVICE_DIR: "/devtests"}).check().stdout


def test_seeded_games_are_byte_identical_on_cpython_and_micropython():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cacao_crossplay.crossplay(GAMES)
    cpython = out.getvalue().splitlines()
    micropython = on_micropython("crossplay(%d)" % GAMES).splitlines()
    assert len(cpython) == GAMES
    for a, b in zip(cpython, micropython):
        assert a == b, "CPython and MicroPython differ:\n%s\n%s" % (a[:120], b[:120])
    assert len(micropython) == GAMES


def test_legal_into_and_apply_allocate_nothing_on_micropython():
    line = on_micropython("allocation(1000)")
    m = re.search(r"alloc calls 1000 total (\d+) worst (\d+)", line)
    assert m, line
    assert int(m.group(1)) == 0, "legal_into + apply allocated %s bytes over 1000 calls" % m.group(1)


def test_view_helper_layout_mirror_matches_the_core():
    """meeple.core.cacao_view (view/from_view, imported only when used) mirrors the core's
    state offsets, which MicroPython compiles away."""
    from meeple.core import cacao, cacao_view
    names = [n for n in dir(cacao_view) if n.startswith("_") and n[1:2].isupper()]
    assert len(names) > 30
    for name in names:
        assert getattr(cacao_view, name) == getattr(cacao, name), name
