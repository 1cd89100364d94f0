"""Power cuts at every byte and every file operation of every kind of write the console makes
(auto-save after a move, a new game, the game's end with its statistics, settings, a game
record), on a flash whose rename replaces the target (littlefs) and on one whose rename refuses
it (FAT): after each cut the console reboots, Continue brings back the old or the new game,
never nothing, and play goes on with saving, journal and record intact.

MEEPLE_CUTS=every tries every event; by default every operation and a spread of bytes inside
each write are tried (the bytes between are the same case: a half-written .tmp file).
"""
import os
import shutil

import pytest

from testkit.flashdouble import FlashDouble, PowerCut
from meeple.storage import record
from meeple.core import cacao
from testkit.stub_console import console, fresh, saved

EVERY = os.environ.get("MEEPLE_CUTS") == "every"
TRIED = {}   # scenario -> cuts tried (printed by the last test, for the report)


def cut_points(fs, stride=1):
    """Every operation; in each write its first bytes, its middle and its last byte (the bytes
    between are the same case); with stride k, of the writes after the first (a record's lines)
    only every k-th and the last are cut inside; all events with MEEPLE_CUTS=every."""
    if EVERY:
        return list(range(fs.events))
    pts = set()
    writes = [(first, n) for first, n in fs.log if n > 1]
    keep = set(writes[::stride]) | set(writes[-1:])
    for first, n in fs.log:
        if n > 1 and (first, n) not in keep:
            continue
        pts.update((first, first + 1, first + n // 2, first + n - 1))
    return sorted(p for p in pts if 0 <= p < fs.events)


def continue_and_play(root, moves=3):
    """Reboot, Continue, play `moves` more: the saved game and its journal follow every move."""
    con = console(root)
    assert con.title() == "meeple", con.text()      # no damaged-file notice after a cut
    con.keys("A")
    if con.text()[1] != "\x7fContinue":
        return con, None
    con.keys("A")
    s = con.app.session
    assert s is not None, con.text()
    start = bytes(s.state)
    for _ in range(moves):
        if cacao.is_over(s.state):
            break
        con.keys("A")
        if not cacao.is_over(s.state):
            assert saved(root)[1] == s.state
        j = s.journal
        assert j.ok
        st = j.initial()
        for i in range(len(j)):
            cacao.apply(st, j.action(i))
        assert st == s.state
    return con, start


def run_cuts(tmp_path, name, pre_moves, act, check, no_replace):
    base = tmp_path / "base"
    con = fresh(base, pre_moves)
    before = bytes(con.app.session.state) if con.app.session else None
    # the act once without a cut: how many events it has
    probe = tmp_path / "probe"
    shutil.copytree(base, probe)
    con = console(probe)
    con.keys("A A") if pre_moves >= 0 else None
    with FlashDouble(no_replace=no_replace) as fs:
        act(con)
    total = fs.events
    assert total > 3
    after = bytes(con.app.session.state) if con.app.session else None
    n = 0
    for at in cut_points(fs):
        root = tmp_path / ("cut%d" % at)
        shutil.copytree(base, root)
        con = console(root)
        con.keys("A A")                    # main menu, Continue
        with FlashDouble(cut_at=at, no_replace=no_replace) as fs:
            with pytest.raises(PowerCut):
                act(con)
        check(root, before, after, at)
        shutil.rmtree(root)
        n += 1
    TRIED["%s%s" % (name, " (FAT rename)" if no_replace else "")] = (n, total)


@pytest.mark.parametrize("no_replace", [False, True], ids=["littlefs", "fat"])
def test_cut_during_a_move(tmp_path, no_replace):
    def act(con):
        con.keys("A")

    def check(root, before, after, at):
        con, state = continue_and_play(root)
        assert state in (before, after), "cut at event %d lost the game" % at
    run_cuts(tmp_path, "move", 2, act, check, no_replace)


@pytest.mark.parametrize("no_replace", [False, True], ids=["littlefs", "fat"])
def test_cut_during_a_new_game(tmp_path, no_replace):
    def act(con):
        con.keys("B A down A A")           # leave (A confirms); New game, Cacao
        con.keys("up A A")                 # Start game; A: "This replaces the saved game"

    def check(root, before, after, at):
        con, state = continue_and_play(root)
        assert state is not None, "cut at event %d left no game to continue" % at
        assert state in (before, after), "cut at event %d: neither game" % at
    run_cuts(tmp_path, "new game", 2, act, check, no_replace)


def _to_last_move(con):
    s = con.app.session
    while not cacao.is_over(s.state):
        nxt = bytearray(s.state)
        cacao.apply(nxt, cacao.legal_actions(s.state)[0])
        if cacao.is_over(nxt):
            return
        con.keys("A")


@pytest.mark.parametrize("no_replace", [False, True], ids=["littlefs", "fat"])
def test_cut_at_the_end_of_a_game_counts_it_once(tmp_path, no_replace):
    base = tmp_path / "base"
    con = fresh(base, 0)
    _to_last_move(con)
    moves = len(con.app.session.journal)
    probe = tmp_path / "probe"
    shutil.copytree(base, probe)
    con = console(probe)
    con.keys("A A")
    with FlashDouble(no_replace=no_replace) as fs:
        con.keys("A")                      # the last move: statistics, the game removed
    assert cacao.is_over(con.app.session.state)
    total = fs.events
    n = 0
    for at in cut_points(fs):
        root = tmp_path / ("cut%d" % at)
        shutil.copytree(base, root)
        con = console(root)
        con.keys("A A")
        with FlashDouble(cut_at=at, no_replace=no_replace):
            with pytest.raises(PowerCut):
                con.keys("A")
        # the game, finished or not, is still there (a finished one stays for its record)
        con, state = continue_and_play(root, moves=1)   # finishes the game if it is not yet
        assert state is not None, "cut at event %d lost the game" % at
        j = con.app.session.journal
        assert j.ok and len(j) == moves + 1 and cacao.is_over(con.app.session.state)
        path = j.save_record()
        with open(path) as f:
            states = record.replay_states(f)
        assert states[-1] == con.app.session.state
        boot = console(root)
        assert boot.app.stats["cacao"][0] == 1, "cut at event %d: game counted %r" % (
            at, boot.app.stats.get("cacao"))
        boot.keys("A A")                   # Continue: the end screen again (counted once)
        assert boot.app.session.screen.over and boot.app.stats["cacao"][0] == 1
        boot.keys("B")                     # the player leaves the finished game: it goes
        assert "Continue" not in " ".join(boot.text())
        shutil.rmtree(root)
        n += 1
    TRIED["game end%s" % (" (FAT rename)" if no_replace else "")] = (n, total)


@pytest.mark.parametrize("no_replace", [False, True], ids=["littlefs", "fat"])
def test_cut_during_a_new_game_after_a_finished_one(tmp_path, no_replace):
    """The finished game was left (game.json gone, its save and journal still on flash): the
    new game's generation is larger than theirs, so a cut anywhere in its start leaves no game
    or the new one with a journal that follows it, never the old journal taken for the new."""
    base, s = _finished(tmp_path)
    old_gen = s.meta["gen"]
    con = console(base)
    con.keys("A A B")                      # Continue the finished game and leave it

    def start(c):
        c.keys("A A")                      # New game (first: nothing to continue), Cacao
        c.keys("down down A left left A down down A")   # seat P: Human; Start game

    probe = tmp_path / "probe"
    shutil.copytree(base, probe)
    c = console(probe)
    c.keys("A")
    with FlashDouble(no_replace=no_replace) as fs:
        start(c)
    new = bytes(c.app.session.state)
    assert c.app.session.meta["gen"] == old_gen + 1
    n = 0
    for at in cut_points(fs):
        root = tmp_path / ("cut%d" % at)
        shutil.copytree(base, root)
        c = console(root)
        c.keys("A")
        with FlashDouble(cut_at=at, no_replace=no_replace):
            with pytest.raises(PowerCut):
                start(c)
        con, state = continue_and_play(root)
        assert state in (None, new), "cut at event %d" % at
        if state is not None:
            assert con.app.session.meta["gen"] == old_gen + 1
        shutil.rmtree(root)
        n += 1
    TRIED["new game after a finished one%s" % (" (FAT rename)" if no_replace else "")] = (n, fs.events)


def _finished(tmp_path):
    """A finished 2-human game on the end screen, its record not saved yet."""
    base = tmp_path / "base"
    con = fresh(base, 0)
    _to_last_move(con)
    con.keys("A")
    s = con.app.session
    assert cacao.is_over(s.state) and s.screen.over
    return base, s


@pytest.mark.parametrize("no_replace", [False, True], ids=["littlefs", "fat"])
def test_cut_while_saving_a_record_then_reboot_and_save_it(tmp_path, no_replace):
    """A power cut at every event of "Save record": after the reboot Continue shows the
    finished game's end screen again (the game stays until its player leaves it), the record
    is saved, and it is byte for byte the record written without a cut. No half record is
    ever listed."""
    base, s = _finished(tmp_path)
    name = "cacao-%d-%d.jsonl" % (s.meta["gen"], s.meta["seed"])
    probe = tmp_path / "probe"
    shutil.copytree(base, probe)
    con = console(probe)
    con.keys("A A")                        # reboot, Continue: the end screen
    assert con.app.session.screen.over
    with FlashDouble(no_replace=no_replace) as fs:
        con.app.session.journal.save_record()
    good = (probe / "records" / name).read_bytes()
    assert record.replay_states(good.decode().splitlines())[-1] == s.state
    n = 0
    for at in cut_points(fs, stride=8):    # a record is written line by line: every 8th line
        root = tmp_path / ("cut%d" % at)
        shutil.copytree(base, root)
        con = console(root)
        con.keys("A A")
        with FlashDouble(cut_at=at, no_replace=no_replace):
            with pytest.raises(PowerCut):
                con.app.session.journal.save_record()
        recs = [p for p in os.listdir(root / "records") if p.endswith(".jsonl")] \
            if (root / "records").exists() else []
        assert recs in ([], [name]), recs
        if recs:
            assert (root / "records" / name).read_bytes() == good
        boot = console(root)               # the reboot
        boot.keys("A")
        assert boot.text()[1] == "\x7fContinue", "cut at event %d: the finished game is gone" % at
        boot.keys("A")
        t = boot.app.session
        assert t.screen.over and t.journal.ok and bytes(t.state) == bytes(s.state)
        t.journal.save_record()
        assert (root / "records" / name).read_bytes() == good, "cut at event %d" % at
        boot.keys("B")                     # left: the finished game goes, the record stays
        assert "Continue" not in " ".join(boot.text())
        assert (root / "records" / name).read_bytes() == good
        shutil.rmtree(root)
        n += 1
    assert n >= 8
    TRIED["record, reboot%s" % (" (FAT rename)" if no_replace else "")] = (n, fs.events)


@pytest.mark.parametrize("no_replace", [False, True], ids=["littlefs", "fat"])
def test_cut_while_saving_settings(tmp_path, no_replace):
    base, _ = _finished(tmp_path)
    con = console(base)
    con.keys("A A B")                      # Continue the finished game and leave it
    assert "Continue" not in " ".join(con.text())

    # settings: brightness 8 -> 3 in the Settings menu
    items = con.text()
    down = [i for i, t in enumerate(items) if "Settings" in t][0] - 1
    probe_keys = " ".join(["down"] * down) + " A A " + " ".join(["down"] * 5) + " A"

    def act(c):
        c.keys(probe_keys)
    shutil.copytree(base, tmp_path / "sprobe")
    c = console(tmp_path / "sprobe")
    c.keys("A")
    with FlashDouble(no_replace=no_replace) as fs:
        act(c)
    assert c.app.settings["brightness"] == 3, c.text()
    total = fs.events
    n = 0
    for at in cut_points(fs):
        root = tmp_path / ("s%d" % at)
        shutil.copytree(base, root)
        c = console(root)
        c.keys("A")
        with FlashDouble(cut_at=at, no_replace=no_replace):
            with pytest.raises(PowerCut):
                act(c)
        boot = console(root)
        assert boot.title() == "meeple", boot.text()
        assert boot.app.settings["brightness"] in (8, 3)
        assert boot.app.settings["privacy"] == 0
        shutil.rmtree(root)
        n += 1
    TRIED["settings%s" % (" (FAT rename)" if no_replace else "")] = (n, total)


def test_zz_report_counts():
    print("\npower cuts tried (cuts, events in the write):")
    for k, v in sorted(TRIED.items()):
        print("  %-28s %5d of %d" % (k, v[0], v[1]))
