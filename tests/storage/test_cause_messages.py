"""Every storage message names the real cause (issue 27): a folder where a file should be, a
read-only or full flash, a save that belongs to no game of this console's game.json; and a new
game over a finished game asks nothing (the finished game is only its end screen)."""
import json

import pytest

from meeple.storage import savefile
from meeple.core import cacao
from meeple.storage import NOT_SAVED, READ_ONLY, Storage
from testkit.stub_console import console, saved
from testkit.stub_console import fresh


def storage(root):
    st = Storage(str(root))
    told = []
    st.notify = told.append
    return st, told


def test_settings_write_on_a_folder_says_it_is_a_folder(tmp_path):
    (tmp_path / "settings.json").mkdir()
    st, told = storage(tmp_path)
    assert st.save_json("settings.json", {"text": 1}) is False
    assert told == ["settings.json is a folder, not a file: it is not being saved; remove the folder"]
    assert (tmp_path / "settings.json").is_dir()   # nothing of the player's was removed


@pytest.mark.parametrize("code,name,want", [
    (30, "settings.json", READ_ONLY), (13, "settings.json", READ_ONLY), (1, None, READ_ONLY),
    (28, None, NOT_SAVED),
    (28, "stats.json", "flash full: stats.json is not being saved; delete records in Settings"),
    (5, "settings.json", "settings.json is not being saved: the flash refused the write ([Errno 5] io)")])
def test_a_refused_write_names_its_errno_cause(tmp_path, monkeypatch, code, name, want):
    def refuse(path, mode="r"):
        raise OSError(code, "io") if code == 5 else OSError(code, "refused")
    monkeypatch.setattr(savefile, "open", refuse, raising=False)
    st, told = storage(tmp_path)
    if name:
        assert st.save_json(name, {}) is False
    else:
        assert st.start_game({"game": "cacao", "seats": [0, 1], "seed": 1, "options": {}},
                             "cacao", cacao.new_game(2, 1)) is False
    assert told == [want]
    if code in (30, 13, 1):
        assert "full" not in told[0]


def test_game_json_that_is_a_folder_is_not_called_too_large(tmp_path):
    (tmp_path / "game.json").mkdir()
    st, _ = storage(tmp_path)
    meta, why = st.load_game()
    assert meta is None and "game.json is a folder, not a file" in why and "large" not in why, why


def test_a_save_of_no_game_this_console_knows_is_not_called_missing(tmp_path):
    root = tmp_path / "g"
    fresh(root, 2)
    meta, state = saved(root)
    slot = root / ("save%d.bin" % (meta["gen"] % 2))
    slot.write_bytes(savefile.encode("cacao", state, b"[1, 2]"))   # an identity no game.json has
    con = console(root)
    con.keys("A A")                        # Continue
    text = " ".join(con.text())
    assert con.title() == "Continue" and "belongs to another game" in text, text
    assert "missing" not in text
    assert slot.exists()                   # kept: it may be a good save of its own game


def test_new_game_over_a_finished_game_asks_nothing(tmp_path):
    root = tmp_path / "done"
    con = fresh(root, 0)
    s = con.app.session
    while not cacao.is_over(s.state):
        con.keys("A")
    assert cacao.is_over(saved(root)[1])   # the end screen is kept for Continue (a power cut)
    boot = console(root)                   # the power came back; New game, not Continue
    boot.keys("A down A A")
    assert boot.title() == "Cacao", boot.text()
    boot.keys("down down A left left A down down A")   # seat P: Human; Start game
    assert "replaces" not in " ".join(boot.text()), boot.text()
    assert boot.app.session is not None and not cacao.is_over(boot.app.session.state)
    assert not cacao.is_over(saved(root)[1])


def test_new_game_over_a_game_in_play_still_asks(tmp_path):
    root = tmp_path / "on"
    fresh(root, 2)
    boot = console(root)
    boot.keys("A down A A")
    boot.keys("down down A left left A down down A")
    assert "This replaces the saved game" in " ".join(boot.text()), boot.text()
