"""Save files (DESIGN.md section 3): one game's state, checked, written so a power cut cannot
leave half a save.

Layout (all multi-byte numbers little-endian):

    offset  size  what
    0       4     b"MEEP"
    4       1     save format version (FORMAT_VERSION)
    5       1     game id: 1 = cacao, 2 = santiago (GAME_IDS)
    6       2     n = length of the state
    8       n     the state bytes, exactly as the core keeps them (byte 0 = the core's VERSION)
    8 + n   4     CRC32 (the zlib / binascii polynomial) of bytes 0 .. 8 + n - 1

The CRC is computed here, in two 16-bit halves, because MicroPython's binascii.crc32 is not on
every build and a 32-bit int would be a heap-allocated big int on a Pico.

    data = savefile.encode("cacao", state)
    savefile.write_atomic("/save.bin", data)
    game_id, state = savefile.load("/save.bin")   # SaveError with a message for the player

Written in the MicroPython/CPython common subset.
"""
import os

from meeple.games import GAME_IDS, game_module  # game id byte = GAME_IDS index + 1

MAGIC = b"MEEP"
FORMAT_VERSION = 1
_HEADER = 8
_CRC_LEN = 4


class SaveError(ValueError):
    """A save that cannot be loaded; str(e) is a message to show the player."""


# ---- CRC32 -----------------------------------------------------------------------------------
# Table of the reflected polynomial 0xEDB88320, kept as high and low 16-bit halves so every
# value stays a small int on MicroPython. Built on first use (about 1 KB each on a Pico).
_crc_hi = []
_crc_lo = []


def _crc_table():
    if not _crc_hi:
        his = []
        los = []
        for n in range(256):
            hi = 0
            lo = n
            for _ in range(8):
                bit = lo & 1
                lo = (lo >> 1) | ((hi & 1) << 15)
                hi >>= 1
                if bit:
                    hi ^= 0xEDB8
                    lo ^= 0x8320
            his.append(hi)
            los.append(lo)
        _crc_lo.extend(los)  # low half first: the table counts as built once _crc_hi is full
        _crc_hi.extend(his)
    return _crc_hi, _crc_lo


def crc32_bytes(data):
    """CRC32 of data as 4 bytes, little-endian (the int zlib.crc32 returns, packed '<I')."""
    his, los = _crc_table()
    hi = 0xFFFF
    lo = 0xFFFF
    for b in data:
        i = (lo ^ b) & 0xFF
        lo = ((lo >> 8) | ((hi & 0xFF) << 8)) ^ los[i]
        hi = (hi >> 8) ^ his[i]
    hi ^= 0xFFFF
    lo ^= 0xFFFF
    return bytes((lo & 0xFF, lo >> 8, hi & 0xFF, hi >> 8))


def crc32(data):
    """CRC32 as an int, equal to zlib.crc32(data) (a big int on MicroPython: for tests/tools)."""
    c = crc32_bytes(data)
    return c[0] | (c[1] << 8) | (c[2] << 16) | (c[3] << 24)


# ---- encode / decode -------------------------------------------------------------------------
def encode(game_id, state):
    """The save file bytes for a state of game `game_id` ("cacao", "santiago")."""
    if game_id not in GAME_IDS:
        raise ValueError("unknown game %r (known: %s)" % (game_id, ", ".join(GAME_IDS)))
    n = len(state)
    if n > 0xFFFF:
        raise ValueError("a state of %d bytes does not fit a save file" % n)
    out = bytearray(_HEADER + n + _CRC_LEN)
    out[0:4] = MAGIC
    out[4] = FORMAT_VERSION
    out[5] = GAME_IDS.index(game_id) + 1
    out[6] = n & 0xFF
    out[7] = n >> 8
    out[_HEADER:_HEADER + n] = state
    out[_HEADER + n:] = crc32_bytes(memoryview(out)[:_HEADER + n])
    return bytes(out)


def decode(data):
    """(game_id, state bytearray) from save file bytes; SaveError saying what is wrong."""
    size = len(data)
    head = bytes(data[:4])
    if head != MAGIC[:len(head)]:
        raise SaveError("not a meeple save")
    if size < _HEADER + _CRC_LEN:
        raise SaveError("save file is truncated: %d bytes, a save has at least %d"
                        % (size, _HEADER + _CRC_LEN))
    if data[4] != FORMAT_VERSION:
        raise SaveError("save format version %d; this firmware reads version %d"
                        % (data[4], FORMAT_VERSION))
    n = data[6] | (data[7] << 8)
    want = _HEADER + n + _CRC_LEN
    if size < want:
        raise SaveError("save file is truncated: %d of %d bytes" % (size, want))
    if size > want:
        raise SaveError("save file is damaged (%d bytes, expected %d)" % (size, want))
    if crc32_bytes(memoryview(data)[:_HEADER + n]) != bytes(data[_HEADER + n:]):
        raise SaveError("save file is damaged (checksum mismatch)")
    gid = data[5]
    if gid < 1 or gid > len(GAME_IDS):
        raise SaveError("save is for an unknown game (id %d)" % gid)
    game_id = GAME_IDS[gid - 1]
    try:
        mod = game_module(game_id)
    except ValueError as e:
        raise SaveError("save is for %s, which this firmware cannot play: %s" % (game_id, e))
    state = bytearray(data[_HEADER:_HEADER + n])
    if n != mod.SIZE or state[0] != mod.VERSION:
        raise SaveError("save holds a %s game of layout version %d (%d bytes); this firmware "
                        "plays version %d (%d bytes)"
                        % (game_id, state[0] if n else -1, n, mod.VERSION, mod.SIZE))
    return game_id, state


# ---- files -----------------------------------------------------------------------------------
def write_atomic(path, data):
    """Write data to path so that a power cut leaves either the old file or the new one.

    The bytes go to path + ".tmp" first; only a complete, closed tmp file is renamed over the
    old save (rename replaces the target on littlefs and POSIX)."""
    tmp = path + ".tmp"
    f = open(tmp, "wb")
    try:
        f.write(data)
        f.flush()
    finally:
        f.close()
    try:
        os.rename(tmp, path)
    except OSError:
        # Filesystems whose rename refuses an existing target (FAT): drop the old save first.
        # The complete tmp file still holds the new save if power fails in between.
        os.remove(path)
        os.rename(tmp, path)


def exists(path):
    """Is there a file at path? (OSError numbers differ between ports, so no errno check.)"""
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def load(path):
    """(game_id, state) from the save at path; OSError if there is no file.

    A save that fails its check is renamed to path + ".bad" (replacing an older one), so the next
    save can be written and the damaged one can still be reported, then SaveError is raised."""
    f = open(path, "rb")
    try:
        data = f.read()
    finally:
        f.close()
    try:
        return decode(data)
    except SaveError as e:
        bad = path + ".bad"
        try:
            if exists(bad):
                os.remove(bad)
            os.rename(path, bad)
        except OSError as oe:
            raise SaveError("%s; it could not be moved aside to %s (%s)" % (e, bad, oe))
        raise SaveError("%s; it was kept aside as %s" % (e, bad))
