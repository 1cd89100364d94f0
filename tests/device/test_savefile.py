"""Save files: round trips, every kind of damage rejected with its message, atomic writes.

Device test: plain functions, common subset; runs on CPython (pytest) and on MicroPython
(tests/wasm/test_micropython.py), where files live in the runtime's in-memory filesystem under /tmp.
"""
import os
import sys

from meeple.storage import savefile
from meeple.core import cacao, rng

_dir = None


def _tmpdir():
    """A fresh-enough folder for files: a temp dir on CPython, /tmp on MicroPython."""
    global _dir
    if _dir is None:
        if sys.implementation.name == "micropython":
            _dir = "/tmp"
            try:
                os.mkdir(_dir)
            except OSError:
                pass  # already there
        else:
            import tempfile
            _dir = tempfile.mkdtemp(prefix="meeple-save-")
    return _dir


def _path(name):
    p = _tmpdir() + "/" + name
    for suffix in ("", ".tmp", ".bad"):
        if savefile.exists(p + suffix):
            os.remove(p + suffix)
    return p


def _played(players, seed, moves):
    """A Cacao state after up to `moves` random legal actions (the whole game if moves < 0)."""
    st = cacao.new_game(players, seed)
    r = bytearray(4)
    rng.seed(r, 0, seed + 1000)
    buf = [0] * cacao.MAX_ACTIONS
    while moves != 0 and not cacao.is_over(st):
        n = cacao.legal_into(st, buf)
        cacao.apply(st, buf[rng.below(r, 0, n)])
        moves -= 1
    return st


def _states():
    return [cacao.new_game(2, 1), _played(3, 7, 25), _played(4, 11, 60), _played(2, 5, -1)]


def _raises(data, words):
    """decode(data) raises SaveError whose message contains `words`; return the message."""
    try:
        savefile.decode(data)
    except savefile.SaveError as e:
        msg = str(e)
        assert words in msg, "expected %r in %r" % (words, msg)
        return msg
    raise AssertionError("decode accepted a bad save (expected %r)" % words)


def _with_crc(body):
    """A save body (everything but the CRC) made whole with a correct CRC."""
    return bytes(body) + savefile.crc32_bytes(body)


def test_round_trip_fresh_mid_and_finished_games():
    states = _states()
    assert cacao.is_over(states[-1])
    assert not cacao.is_over(states[1])
    for st in states:
        ident = b'{"gen": 7, "game": "cacao", "seed": 1}'
        data = savefile.encode("cacao", st, ident)
        assert data[:4] == b"MEEP" and data[4] == 2
        assert len(data) == 10 + len(ident) + cacao.SIZE + 4
        game, back, _ = savefile.decode(data)
        assert game == "cacao"
        assert isinstance(back, bytearray)
        assert back == st
        assert savefile.decode(data) == ("cacao", st, ident)
        # the loaded state plays on exactly like the saved one
        if not cacao.is_over(st):
            assert cacao.legal_actions(back) == cacao.legal_actions(st)


def test_crc_known_values():
    # zlib.crc32 reference values
    assert savefile.crc32(b"") == 0
    assert savefile.crc32(b"123456789") == 0xCBF43926
    assert savefile.crc32_bytes(b"123456789") == b"\x26\x39\xf4\xcb"
    assert savefile.crc32(b"The quick brown fox jumps over the lazy dog") == 0x414FA339


def test_truncated_at_every_length_is_rejected():
    data = savefile.encode("cacao", _played(3, 3, 10))
    for n in range(len(data)):
        try:
            savefile.decode(data[:n])
        except savefile.SaveError as e:
            msg = str(e)
            if n >= 12:
                assert msg == "save file is truncated: %d of %d bytes" % (n, len(data)), msg
            else:
                assert "truncated" in msg, msg
        else:
            raise AssertionError("a save cut to %d bytes was accepted" % n)


def test_every_single_bit_flip_is_rejected():
    data = savefile.encode("cacao", _played(2, 9, 15))
    buf = bytearray(data)
    for i in range(len(buf)):
        for bit in range(8):
            buf[i] ^= 1 << bit
            try:
                savefile.decode(buf)
            except savefile.SaveError:
                pass
            else:
                raise AssertionError("flipping bit %d of byte %d went unnoticed" % (bit, i))
            buf[i] ^= 1 << bit
    assert bytes(buf) == data
    # a flip inside the state is reported as damage
    buf[100] ^= 4
    _raises(buf, "save file is damaged (checksum mismatch)")


def test_wrong_magic():
    data = bytearray(savefile.encode("cacao", cacao.new_game(2, 2)))
    data[0:4] = b"PK\x03\x04"
    assert _raises(data, "not a meeple save") == "not a meeple save"
    _raises(b"hello world, this is not a save file", "not a meeple save")
    _raises(b"MEE", "truncated")


def test_wrong_format_version():
    data = bytearray(savefile.encode("cacao", cacao.new_game(2, 2)))
    data[4] = 9
    assert _raises(_with_crc(data[:-4]), "version") == \
        "save format version 9; this firmware reads versions 1 and 2"


def _v1(st):
    """A save as format version 1 wrote it: no identity, the state at offset 8."""
    n = len(st)
    body = b"MEEP" + bytes((1, 1, n & 255, n >> 8)) + bytes(st)
    return body + savefile.crc32_bytes(body)


def test_version_1_saves_are_still_read_without_an_identity():
    st = _played(3, 4, 12)
    assert savefile.decode(_v1(st)) == ("cacao", st, None)
    data = bytearray(_v1(st))
    data[50] ^= 1
    _raises(data, "checksum mismatch")
    _raises(_v1(st)[:-1], "truncated")


def test_a_damaged_identity_is_caught_by_the_checksum():
    data = bytearray(savefile.encode("cacao", cacao.new_game(2, 2), b'{"gen": 3}'))
    data[12] ^= 2
    _raises(data, "checksum mismatch")


def test_unknown_game_id():
    data = bytearray(savefile.encode("cacao", cacao.new_game(2, 2)))
    for gid in (0, 3, 200):
        data[5] = gid
        _raises(_with_crc(data[:-4]), "save is for an unknown game (id %d)" % gid)
    try:
        savefile.encode("chess", cacao.new_game(2, 2))
    except ValueError as e:
        assert "unknown game" in str(e)
    else:
        raise AssertionError("encode accepted an unknown game")


def test_state_the_core_would_reject():
    st = cacao.new_game(3, 4)
    wrong_version = bytearray(st)
    wrong_version[0] = cacao.VERSION + 1
    _raises(savefile.encode("cacao", wrong_version), "layout version %d" % (cacao.VERSION + 1))
    _raises(savefile.encode("cacao", st[:-1]), "(%d bytes)" % (cacao.SIZE - 1))
    _raises(savefile.encode("cacao", st + b"\x00"), "this firmware plays version")


def test_extra_bytes_are_damage():
    data = savefile.encode("cacao", cacao.new_game(2, 2))
    _raises(data + b"\x00", "damaged")


def test_write_atomic_and_load():
    p = _path("save1.bin")
    st = _played(4, 21, 30)
    savefile.write_atomic(p, savefile.encode("cacao", st))
    assert not savefile.exists(p + ".tmp")
    assert savefile.load(p) == ("cacao", st, b"")
    st2 = _played(4, 21, 31)
    assert st2 != st
    savefile.write_atomic(p, savefile.encode("cacao", st2))  # replaces the old save
    assert savefile.load(p) == ("cacao", st2, b"")


def test_crash_while_writing_keeps_the_old_save():
    p = _path("save2.bin")
    old = _played(3, 5, 12)
    savefile.write_atomic(p, savefile.encode("cacao", old))
    new = savefile.encode("cacao", _played(3, 5, 13))
    # the power fails half-way through writing the tmp file: no rename happens
    f = open(p + ".tmp", "wb")
    f.write(new[:len(new) // 2])
    f.close()
    assert savefile.load(p) == ("cacao", old, b"")
    # the next save overwrites the stale tmp file and completes
    savefile.write_atomic(p, new)
    assert savefile.load(p)[1] == savefile.decode(new)[1]


def test_damaged_save_is_kept_aside():
    p = _path("save3.bin")
    data = bytearray(savefile.encode("cacao", _played(2, 8, 5)))
    data[50] ^= 0x10
    f = open(p, "wb")
    f.write(data)
    f.close()
    try:
        savefile.load(p)
    except savefile.SaveError as e:
        msg = str(e)
        assert "checksum mismatch" in msg, msg
        assert p + ".bad" in msg, msg
    else:
        raise AssertionError("a damaged save was loaded")
    assert not savefile.exists(p)
    f = open(p + ".bad", "rb")
    kept = f.read()
    f.close()
    assert kept == bytes(data)
    # a second damaged save replaces the older .bad file
    f = open(p, "wb")
    f.write(b"MEEP\x09")
    f.close()
    try:
        savefile.load(p)
    except savefile.SaveError as e:
        assert "truncated" in str(e)
    else:
        raise AssertionError("a truncated save was loaded")
    f = open(p + ".bad", "rb")
    assert f.read() == b"MEEP\x09"
    f.close()
