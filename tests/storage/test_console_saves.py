"""Auto-save, continue, power cuts and damaged files, through the real app and menus.

No game screen exists yet, so a small test plug-in stands in for one: it plays the Cacao rules
core (first legal action on A) and follows the documented plug-in interface (meeple.console.host).
"""
import os
import types

import pytest

from meeple.console import host
from meeple.storage import savefile
from meeple.core import cacao
from testkit.stub_console import console, saved


def start_game(con, humans=1):
    """Main menu -> New game -> Cacao -> seats -> Start, with the d-pad."""
    con.keys("A")          # title -> main menu
    assert "\x7fNew game" in con.text()
    con.keys("A A")        # New game -> Cacao set-up
    assert con.title() == "Cacao"
    if humans == 2:        # seat P: AI normal -> Human, then down to Start game
        con.keys("down down A left left A down down A")
    else:
        con.keys("up A")   # up from the first row wraps to the last: Start game
    assert con.app.session is not None


def test_new_game_is_listed_and_auto_saved_after_every_action(tmp_path):
    con = console(tmp_path)
    start_game(con)
    s = con.app.session
    assert s.seats == [host.HUMAN, host.AI_NORMAL]
    for _ in range(3):
        before = bytes(s.state)
        if cacao.to_move(s.state) == 0:
            con.keys("A")
        else:
            con.wait(1100)  # AI pause 1.0 s, then the AI moves by itself
        assert bytes(s.state) != before
        assert saved(tmp_path)[1] == s.state
    assert s.screen.changes


def test_continue_after_a_power_cut_resumes_the_saved_game(tmp_path):
    con = console(tmp_path)
    start_game(con)
    con.keys("A")
    state = bytes(con.app.session.state)
    again = console(tmp_path)          # power cut: a new console on the same flash
    again.keys("A")
    assert again.text()[1] == "\x7fContinue"  # offered first
    again.keys("A")
    assert again.title() == "Cacao test"
    assert bytes(again.app.session.state) == state


def test_hot_seat_shows_pass_screen_before_each_human(tmp_path):
    con = console(tmp_path)
    start_game(con, humans=2)
    assert con.title() == "Pass the console"
    assert any("Pass the console to R Red" in t for t in con.text())
    con.keys("A")
    assert con.title() == "Cacao test"
    while cacao.to_move(con.app.session.state) == 0:
        con.keys("A")
    assert con.title() == "Pass the console"
    assert any("P Purple" in t for t in con.text())


class PowerCut(Exception):
    pass


class _Cutter:
    """Counts filesystem writes in meeple.storage.savefile (open, write, flush, close, rename, remove)
    and fails at step `at`: a partial write keeps only half its bytes, like a torn flash page."""

    def __init__(self, at):
        self.at = at
        self.step = 0

    def tick(self):
        self.step += 1
        if self.step == self.at:
            raise PowerCut()

    def open(self, path, mode="r"):
        cut = self
        f = open(path, mode)
        if "w" not in mode:
            return f

        class W:
            def write(self, data):
                try:
                    cut.tick()
                except PowerCut:
                    f.write(data[:len(data) // 2])
                    f.close()
                    raise
                return f.write(data)

            def flush(self):
                cut.tick()
                f.flush()

            def close(self):
                f.close()

            def __enter__(self):
                return self

            def __exit__(self, *a):
                f.close()
        cut.tick()
        return W()

    def rename(self, a, b):
        self.tick()
        os.rename(a, b)

    def remove(self, p):
        self.tick()
        os.remove(p)


def _install(monkeypatch, cutter):
    fake_os = types.SimpleNamespace(rename=cutter.rename, remove=cutter.remove, stat=os.stat)
    monkeypatch.setattr(savefile, "os", fake_os)
    monkeypatch.setattr(savefile, "open", cutter.open, raising=False)


@pytest.mark.parametrize("what", ["move", "new_game"])
def test_power_cut_at_every_write_step_leaves_old_or_new_save(tmp_path, monkeypatch, what):
    steps = 0
    for at in range(1, 40):
        root = tmp_path / ("cut%d" % at)
        root.mkdir()
        con = console(root)
        start_game(con)
        con.keys("A")                       # a first move: the old save
        old = bytes(con.app.session.state)
        cutter = _Cutter(at)
        _install(monkeypatch, cutter)
        if what == "new_game":
            con.keys("B A")                 # leave the game (A confirms): Continue first
            con.keys("down A A up")         # New game -> Cacao -> cursor on Start game
            assert "\x7fStart game" in con.text()
            con.keys("A")                   # "This replaces the saved game": A below starts
        try:
            con.keys("A")                   # a move, or Start game
        except PowerCut:
            pass
        finally:
            monkeypatch.undo()
        new = bytes(con.app.session.state) if con.app.session else None
        if cutter.step < at:               # the whole save ran without reaching the cut
            steps = at - 1
            break
        meta, state = saved(root)          # reboot: what does the flash hold?
        assert meta is not None, "cut at step %d lost the save" % at
        if what == "move":
            assert bytes(state) in (old, new), "cut at step %d left a broken save" % at
        else:
            assert bytes(state) == old or bytes(state) == bytes(cacao.new_game(2, meta["seed"], start_seat=0))
        boot = console(root)
        boot.keys("A")
        assert boot.text()[1] == "\x7fContinue"
    assert steps >= 3, "the save should take several write steps (took %d)" % steps


def test_damaged_save_gives_a_message_and_the_console_boots(tmp_path):
    con = console(tmp_path)
    start_game(con)
    con.keys("A")
    meta, _ = saved(tmp_path)
    path = os.path.join(str(tmp_path), "save%d.bin" % (meta["gen"] % 2))
    data = bytearray(open(path, "rb").read())
    data[20] ^= 0xFF
    open(path, "wb").write(bytes(data))
    boot = console(tmp_path)
    boot.keys("A")
    assert boot.text()[1] == "\x7fContinue"
    boot.keys("A")
    assert boot.title() == "Continue"
    text = " ".join(boot.text())
    assert "could not be loaded" in text and "checksum" in text
    assert os.path.exists(path + ".bad")
    boot.keys("A")
    assert boot.title() == "Main menu" and "Continue" not in " ".join(boot.text())


def test_damaged_settings_file_is_reported_and_defaults_used(tmp_path):
    open(os.path.join(str(tmp_path), "settings.json"), "w").write('{"brightness": 3, "ai_')
    con = console(tmp_path)
    assert con.title() == "Notice"
    assert "settings.json was damaged" in " ".join(con.text())
    assert con.app.settings["brightness"] == 8
    con.keys("A")
    assert con.title() == "meeple"
    assert os.path.exists(os.path.join(str(tmp_path), "settings.json.bad"))


def test_game_end_counts_in_statistics(tmp_path):
    con = console(tmp_path)
    start_game(con)
    s = con.app.session
    s.seats[1] = host.HUMAN  # play both seats from the keys, no pass screens
    con.app.settings["privacy"] = 0
    while not cacao.is_over(s.state):
        con.keys("A")
    assert s.screen.over
    assert con.app.storage.has_game()      # the finished game stays until it is left
    con.keys("B")
    assert not con.app.storage.has_game()
    con.keys("down A")
    assert con.title() == "Statistics"
    assert any(t.startswith("Cacao: played 1") for t in con.text())
