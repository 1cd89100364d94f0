"""A full and a read-only flash that are real where this machine allows it: a 64 KB tmpfs
(mount; `mount -o remount,ro`), otherwise the filesystem double (tests/testkit/realfs.py says which in
one line). The app plays on it as on the console, with the double's expectations: the player is
told once, play goes on in memory, saving resumes when there is room, and after a reboot
Continue finds every move (the save, and the journal for the record)."""
import os
import pathlib

import pytest

from testkit import realfs
from meeple.core import cacao
from meeple.storage import NOT_SAVED, READ_ONLY
from testkit.stub_console import console, saved
from testkit.stub_console import fresh


@pytest.fixture(params=["tmpfs", "double"])
def flash(tmp_path, request):
    """The real tiny filesystem (or the double, said in one line, where it cannot be mounted),
    and the double itself: the same expectations on both."""
    root = tmp_path / "flash"
    root.mkdir()
    if request.param == "tmpfs":
        f = realfs.open_flash(root, "64k")
    else:
        f = realfs.DoubleFlash(root, "64k")
    try:
        yield f
    finally:
        f.close()
    assert not os.path.ismount(str(root))


def begin(root, moves):
    """A 2-human Cacao game on the flash at root, `moves` moves in, saved."""
    con = fresh(root, moves)
    assert saved(root)[1] == con.app.session.state
    return con


def play_refused(con, root, moves, notice):
    """`moves` moves while the flash refuses: told once (the first), play goes on, the save
    on flash stays the last one written."""
    s = con.app.session
    stuck = bytes(saved(root)[1])
    for i in range(moves):
        before = bytes(s.state)
        con.keys("A")
        if i == 0:
            assert con.title() == "Not saved", con.text()
            assert notice in " ".join(con.text()), con.text()
            con.keys("A")
        assert bytes(s.state) != before and con.title() != "Not saved", con.text()
    assert bytes(saved(root)[1]) == stuck


def reboot_finds(root, state, moves):
    boot = console(root)
    boot.keys("A A")                               # Continue
    t = boot.app.session
    assert t is not None and bytes(t.state) == bytes(state), boot.text()
    assert t.journal.ok and len(t.journal) == moves
    st = t.journal.initial()
    for i in range(len(t.journal)):
        cacao.apply(st, t.journal.action(i))
    assert st == t.state                           # the record would replay to it
    return boot


def test_full_flash_real_or_double(flash):
    root = pathlib.Path(flash.root)
    con = begin(root, 2)
    flash.fill()
    play_refused(con, root, 4, NOT_SAVED)
    flash.room()                                   # a record deleted: room again
    con.keys("A")
    assert con.title() != "Not saved"
    s = con.app.session
    assert saved(root)[1] == s.state               # saving resumed
    # and stays: a whole game to its end, its statistics and its record
    while not cacao.is_over(s.state):
        con.keys("A")
        assert con.title() != "Not saved", con.text()
    assert saved(root)[1] == s.state and con.app.stats["cacao"][0] == 1
    path = s.journal.save_record()
    with open(path) as f:
        assert len(f.read().splitlines()) == len(s.journal) + 1
    reboot_finds(root, s.state, len(s.journal))
    print("full flash on", flash.kind)


def test_full_flash_then_power_off_keeps_the_record(flash):
    """The flash is full, moves are made (the saves refused), the power goes: Continue finds
    the last save, and the journal follows it (its moves since were appended, or not)."""
    root = pathlib.Path(flash.root)
    con = begin(root, 3)
    flash.fill()
    play_refused(con, root, 3, NOT_SAVED)
    state = saved(root)[1]
    reboot_finds(root, state, 3)


def test_read_only_flash_real_or_double(flash):
    root = pathlib.Path(flash.root)
    con = begin(root, 2)
    flash.read_only(True)
    play_refused(con, root, 4, READ_ONLY)
    s = con.app.session
    try:
        s.journal.save_record()
        raise AssertionError("a record was written on a read-only flash")
    except OSError as e:
        assert e.errno == 30, e
    boot = console(root)                           # a reboot while read-only: no crash
    boot.keys("A A")
    assert bytes(boot.app.session.state) == bytes(saved(root)[1])
    flash.read_only(False)
    con.keys("A")                                  # writable again: saving resumes
    assert con.title() != "Not saved" and saved(root)[1] == s.state
    reboot_finds(root, s.state, 7)
    print("read-only flash on", flash.kind)
