"""The save file's own CRC32 equals zlib's (CPython only: the reference lives in zlib)."""
import random
import struct
import zlib

from meeple.storage import savefile


def test_crc32_matches_zlib_on_random_data():
    rnd = random.Random(1234)
    for n in list(range(0, 70)) + [255, 256, 257, 840, 4096]:
        data = bytes(rnd.getrandbits(8) for _ in range(n))
        assert savefile.crc32(data) == zlib.crc32(data), n
        assert savefile.crc32_bytes(data) == struct.pack("<I", zlib.crc32(data)), n


def test_crc32_matches_zlib_on_edge_patterns():
    for data in (b"\x00" * 100, b"\xff" * 100, bytes(range(256)), bytearray(b"MEEP\x01\x01")):
        assert savefile.crc32(data) == zlib.crc32(data)


def test_save_trailer_is_zlib_crc_of_the_rest():
    from meeple.core import cacao

    data = savefile.encode("cacao", cacao.new_game(4, 99))
    assert struct.unpack("<I", data[-4:])[0] == zlib.crc32(data[:-4])
