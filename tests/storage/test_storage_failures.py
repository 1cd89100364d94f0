"""A full flash, a read-only flash and damaged files, through the real app and menus: play never
stops, the player is told once, saving resumes when there is room; every bad value read from
flash is refused with a message, its file set aside, and the console goes on with defaults."""
import json
import os

from testkit.flashdouble import FlashDouble
from meeple.storage import savefile
from meeple.core import cacao
from meeple.storage import NOT_SAVED, READ_ONLY
from testkit.stub_console import console, saved
from testkit.stub_console import fresh


def used(root):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(root) for f in fs)


def test_full_flash_during_play_tells_once_plays_on_and_saving_resumes(tmp_path):
    con = fresh(tmp_path / "f", 2)
    root = tmp_path / "f"
    s = con.app.session
    with FlashDouble(capacity=used(root) + 100, root=str(root)) as fs:
        con.keys("A")                      # the save needs a second copy (.tmp): refused
        assert con.title() == "Not saved"
        assert NOT_SAVED in " ".join(con.text()) or "flash full" in " ".join(con.text())
        con.keys("A")
        stuck = saved(root)[1]
        for _ in range(4):
            before = bytes(s.state)
            con.keys("A")
            assert bytes(s.state) != before and con.title() != "Not saved"   # told once
        assert saved(root)[1] == stuck
        fs.capacity = None                 # a record was deleted: there is room again
        con.keys("A")
        assert con.title() != "Not saved"
    assert saved(root)[1] == s.state       # saving resumed
    boot = console(root)
    boot.keys("A A")
    j = boot.app.session.journal
    assert bytes(boot.app.session.state) == bytes(s.state)
    assert j.ok and len(j) == 8            # the moves made while full were kept too


def test_read_only_flash_a_whole_game_plays_without_a_crash(tmp_path):
    root = tmp_path / "ro"
    root.mkdir()
    (root / "settings.json").write_text('{"privacy": 0}')
    with FlashDouble(read_only=True) as fs:
        con = console(root)
        con.keys("A A A")
        con.keys("down down A left left A down down A")    # seat P: Human; Start game
        assert con.title() == "Not saved"
        assert READ_ONLY in " ".join(con.text())
        con.keys("A")
        s = con.app.session
        while not cacao.is_over(s.state):
            con.keys("A")
            assert con.title() != "Not saved"
        assert fs.ops == []                # nothing was changed
        assert con.app.stats["cacao"][0] == 1   # counted in memory
        con.keys("B")
    assert sorted(os.listdir(root)) == ["settings.json"]


def test_records_page_lists_sizes_and_deletes(tmp_path):
    rec = tmp_path / "records"
    rec.mkdir()
    (rec / "cacao-3-77.jsonl").write_text("x" * 2100)
    (rec / "santiago-1-5.jsonl").write_text("y" * 10)
    con = console(tmp_path)
    con.keys("A")
    n = [i for i, t in enumerate(con.text()) if "Settings" in t][0] - 1
    con.keys(" ".join(["down"] * n) + " A up A")
    assert con.title() == "Records"
    text = con.text()
    assert "\x7fcacao-3-77" in text and "2.0 KB" in text and "santiago-1-5" in text
    con.keys("A")
    assert con.title() == "Delete record" and "cacao-3-77.jsonl" in " ".join(con.text())
    con.keys("A")
    assert con.title() == "Records"
    assert os.listdir(rec) == ["santiago-1-5.jsonl"]
    assert not any("cacao-3-77" in t for t in con.text())


def _notice(con):
    assert con.title() == "Notice", con.text()
    return " ".join(con.text())


def test_out_of_range_settings_and_statistics_are_set_aside(tmp_path):
    for name, body, word in (
            ("settings.json", '{"brightness": 99}', "brightness"),
            ("settings.json", '{"privacy": 7}', "privacy"),
            ("settings.json", '{"privacy": true}', "privacy"),
            ("stats.json", '{"cacao": [1, 5, 3]}', "cacao"),
            ("stats.json", '{"cacao": "x"}', "cacao"),
            ("stats.json", '{"last": [1]}', "last"),
            ("settings.json", '[1, 2]', "not a JSON object"),
            ("settings.json", '{"x": "' + "a" * 3000 + '"}', "too large")):
        root = tmp_path / ("c%d" % len(os.listdir(tmp_path)))
        root.mkdir()
        (root / name).write_text(body)
        con = console(root)
        text = _notice(con)
        assert name in text and word in text and "set aside" in text, text
        assert (root / (name + ".bad")).exists() and not (root / name).exists()
        con.keys("A A")                    # dismiss, main menu: Statistics and Settings open
        for keys in ("down A", "B down A"):
            con.keys(keys)
        assert con.title() == "Settings"
        assert con.app.settings["brightness"] == 8


def _game(tmp_path, name):
    root = tmp_path / name
    con = fresh(root, 2)
    meta, state = saved(root)
    return root, meta, state


def _continue_fails(root, *words, new_game=True):
    con = console(root)
    con.keys("A")
    con.keys("A")                          # Continue (first when game.json is there)
    assert con.title() == "Continue", con.text()
    text = " ".join(con.text())
    for w in words:
        assert w in text, text
    assert (root / "game.json.bad").exists() and not (root / "game.json").exists()
    con.keys("A")
    assert con.title() == "Main menu" and "Continue" not in " ".join(con.text())
    if not new_game:
        return
    con.keys("A A")                        # and a new game starts and saves
    con.keys("down down A left left A down down A")
    con.keys("A")
    assert saved(root)[1] == con.app.session.state


def test_damaged_game_json_values_are_set_aside_not_deleted(tmp_path):
    for i, change in enumerate((
            {"seats": [0, 9]}, {"seats": "xy"}, {"seats": [0, 0, 0, 0, 0]}, {"seed": -1},
            {"seed": "s"}, {"options": {"spring": {}}}, {"options": {"start_seat": 7}},
            {"options": []}, {"game": "chess"}, {"gen": True})):
        root, meta, _ = _game(tmp_path, "g%d" % i)
        meta.update(change)
        (root / "game.json").write_text(json.dumps(meta))
        _continue_fails(root, "game.json")


def test_changed_gen_recovers_the_save_and_game_json_follows_it(tmp_path):
    """game.json's "gen" changed (by 1: the other slot; by 2: the same slot): the save whose
    identity is otherwise game.json's is found, game.json is given its gen back, and the game,
    its journal and its saving go on."""
    for step in (1, 2):
        root, meta, state = _game(tmp_path, "gen%d" % step)
        gen = meta["gen"]
        meta["gen"] += step
        (root / "game.json").write_text(json.dumps(meta))
        con = console(root)
        con.keys("A A")
        s = con.app.session
        assert s is not None and bytes(s.state) == bytes(state), con.text()
        assert s.meta["gen"] == gen and s.journal.ok and len(s.journal) == 2
        assert json.loads((root / "game.json").read_text())["gen"] == gen
        con.keys("A")
        assert saved(root)[1] == s.state and not (root / "game.json.bad").exists()


def _swap_in(root, other, meta):
    """Put `other`'s save into the slot `root`'s game.json names."""
    src = [p for p in os.listdir(other) if p.startswith("save") and p.endswith(".bin")]
    assert len(src) == 1, src
    slot = root / ("save%d.bin" % (meta["gen"] % 2))
    for p in os.listdir(root):
        if p.startswith("save"):
            os.remove(root / p)
    slot.write_bytes((other / src[0]).read_bytes())
    return slot


def test_another_games_save_in_the_slot_is_never_loaded_as_this_one(tmp_path):
    """The issue's case: another Cacao game's save where this game's should be (same
    generation, another seed and other seats) was loaded silently, its journal dropped. Now
    Continue refuses it with a message, and the file is kept."""
    root, meta, _ = _game(tmp_path, "mine")
    other = tmp_path / "other"
    other.mkdir()
    con = console(other)
    con.keys("wait:777 A A A up A A")      # later (another seed), one human against a bot
    om, ostate = saved(other)
    assert om["gen"] == meta["gen"] and om["seed"] != meta["seed"], (om, meta)
    slot = _swap_in(root, other, meta)
    data = slot.read_bytes()
    _continue_fails(root, "another game", "game.json", new_game=False)
    assert slot.read_bytes() == data        # kept as it was: it is a good save of its own game


def test_version_1_save_is_read_in_its_named_slot_only(tmp_path):
    """A save written before identities (format 1) still continues where game.json names it,
    and is saved again as format 2; in the other slot it is nobody's."""
    from meeple.core import cacao as core
    root, meta, state = _game(tmp_path, "v1")
    slot = root / ("save%d.bin" % (meta["gen"] % 2))
    n = len(state)
    body = b"MEEP" + bytes((1, 1, n & 255, n >> 8)) + bytes(state)
    slot.write_bytes(body + savefile.crc32_bytes(body))
    con = console(root)
    con.keys("A A")
    s = con.app.session
    assert s is not None and bytes(s.state) == bytes(state) and s.journal.ok, con.text()
    con.keys("A")
    assert slot.read_bytes()[4] == 2 and saved(root)[1] == s.state
    assert not core.is_over(s.state)
    # the same old save in the other slot, game.json naming a missing one: refused
    root2, meta2, state2 = _game(tmp_path, "v1b")
    os.remove(root2 / ("save%d.bin" % (meta2["gen"] % 2)))
    (root2 / ("save%d.bin" % ((meta2["gen"] + 1) % 2))).write_bytes(body + savefile.crc32_bytes(body))
    _continue_fails(root2, "belongs to another game", new_game=False)


def test_impossible_state_with_a_right_checksum_is_refused(tmp_path):
    root, meta, state = _game(tmp_path, "imp")
    slot = str(root / ("save%d.bin" % (meta["gen"] % 2)))
    bad = bytearray(state)
    bad[1] = 9                             # nine players
    savefile.write_atomic(slot, savefile.encode("cacao", bad, json.dumps(meta).encode()))
    _continue_fails(root, "could not be loaded")
    root, meta, state = _game(tmp_path, "imp2")
    slot = str(root / ("save%d.bin" % (meta["gen"] % 2)))
    bad = bytearray(state)
    bad[6] = 3                             # the seat to move is not the active one
    savefile.write_atomic(slot, savefile.encode("cacao", bad, json.dumps(meta).encode()))
    _continue_fails(root, "could not be loaded")


def test_oversized_save_is_refused_unread(tmp_path, monkeypatch):
    root, meta, state = _game(tmp_path, "big")
    slot = root / ("save%d.bin" % (meta["gen"] % 2))
    slot.write_bytes(slot.read_bytes() + b"\0" * 5000)
    reads = []
    real = open

    def spy(p, mode="r"):
        if "w" not in mode and "a" not in mode:
            reads.append(p)
        return real(p, mode)
    monkeypatch.setattr(savefile, "open", spy, raising=False)
    _continue_fails(root, "too large", new_game=False)
    assert str(slot) not in reads


def test_a_new_game_started_on_a_full_flash_is_saved_once_there_is_room(tmp_path):
    con = fresh(tmp_path / "n", 2)
    root = tmp_path / "n"
    old = saved(root)[1]
    with FlashDouble(capacity=used(root) + 50, root=str(root)) as fs:
        con.keys("B down A A up A")        # leave; New game, Cacao, Start: refused
        assert con.title() == "Not saved"
        con.keys("A")
        assert saved(root)[1] == old       # the last saved game is untouched
        fs.capacity = None                 # room again
        con.keys("A")                      # a move: the new game is committed now
    s = con.app.session
    meta, state = saved(root)
    assert state == s.state and meta["gen"] == s.meta["gen"]
    boot = console(root)
    boot.keys("A A")
    assert bytes(boot.app.session.state) == bytes(s.state) and boot.app.session.journal.ok
