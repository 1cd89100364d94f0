"""Save files (DESIGN.md section 3): one game's state, checked, written so a power cut cannot
leave half a save.

Layout (all multi-byte numbers little-endian), format version 2:

    offset      size  what
    0           4     b"MEEP"
    4           1     save format version (FORMAT_VERSION)
    5           1     game id: 1 = cacao, 2 = santiago (GAME_IDS)
    6           2     n = length of the state
    8           2     m = length of the identity
    10          m     the identity: the game.json this save belongs to, as its JSON text (gen,
                      game, seats, seed, options): a save is only ever loaded as its own game
    10 + m      n     the state bytes, exactly as the core keeps them (byte 0 = the core's VERSION)
    10 + m + n  4     CRC32 (the zlib / binascii polynomial) of all the bytes before it

Version 1 (written before the identity) has no m and no identity: the state starts at offset 8.
It is still read (meeple.storage trusts it only in the slot its game.json names).

The CRC is computed here, in two 16-bit halves, because MicroPython's binascii.crc32 is not on
every build and a 32-bit int would be a heap-allocated big int on a Pico.

    data = savefile.encode("cacao", state, b'{"gen": 3, ...}')
    savefile.write_atomic("/save.bin", data)
    game_id, state, ident = savefile.load("/save.bin")   # SaveError with a message for the
                                                         # player; ident None in a version 1 save

Written in the MicroPython/CPython common subset.
"""
import os


MAGIC = b"MEEP"
FORMAT_VERSION = 2
_HEADER = 10   # 8 in version 1 (no identity length)
_CRC_LEN = 4
MAX_SAVE = 4096   # no game state comes near this; a larger file is refused unread


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
def encode(game_id, state, meta=b""):
    """The save file bytes for a state of game `game_id` ("cacao", "santiago"); `meta` is the
    game's identity (its game.json text as bytes, see the layout above)."""
    # imported when a save is made or read: the idle menus read settings through this module only
    from meeple.storage.games import GAME_IDS   # game id byte = GAME_IDS index + 1
    if game_id not in GAME_IDS:
        raise ValueError("unknown game %r (known: %s)" % (game_id, ", ".join(GAME_IDS)))
    n = len(state)
    m = len(meta)
    if n + m > 0xFFFF:
        raise ValueError("a state of %d bytes does not fit a save file" % n)
    k = _HEADER + m + n
    out = bytearray(k + _CRC_LEN)
    out[0:4] = MAGIC
    out[4] = FORMAT_VERSION
    out[5] = GAME_IDS.index(game_id) + 1
    out[6] = n & 0xFF
    out[7] = n >> 8
    out[8] = m & 0xFF
    out[9] = m >> 8
    out[_HEADER:_HEADER + m] = meta
    out[_HEADER + m:k] = state
    out[k:] = crc32_bytes(memoryview(out)[:k])
    return bytes(out)


def decode(data):
    """(game_id, state bytearray, identity bytes or None in a version 1 save) from save file
    bytes; SaveError saying what is wrong."""
    size = len(data)
    head = bytes(data[:4])
    if head != MAGIC[:len(head)]:
        raise SaveError("not a meeple save")
    if size < 8 + _CRC_LEN:
        raise SaveError("save file is truncated: %d bytes, a save has at least %d"
                        % (size, 8 + _CRC_LEN))
    ver = data[4]
    if ver != FORMAT_VERSION and ver != 1:
        raise SaveError("save format version %d; this firmware reads versions 1 and %d"
                        % (ver, FORMAT_VERSION))
    n = data[6] | (data[7] << 8)
    at = 8 if ver < 2 else _HEADER   # format 1: no identity
    m = (data[8] | (data[9] << 8)) if ver > 1 else 0
    k = at + m + n
    want = k + _CRC_LEN
    if size < want:
        raise SaveError("save file is truncated: %d of %d bytes" % (size, want))
    if size > want:
        raise SaveError("save file is damaged (%d bytes, expected %d)" % (size, want))
    if crc32_bytes(memoryview(data)[:k]) != bytes(data[k:]):
        raise SaveError("save file is damaged (checksum mismatch)")
    from meeple.storage.games import GAME_IDS, game_module
    gid = data[5]
    if gid < 1 or gid > len(GAME_IDS):
        raise SaveError("save is for an unknown game (id %d)" % gid)
    game_id = GAME_IDS[gid - 1]
    try:
        mod = game_module(game_id)
    except ValueError as e:
        raise SaveError("save is for %s, which this firmware cannot play: %s" % (game_id, e))
    state = bytearray(data[at + m:k])
    if n != mod.SIZE or state[0] != mod.VERSION:
        raise SaveError("save holds a %s game of layout version %d (%d bytes); this firmware "
                        "plays version %d (%d bytes)"
                        % (game_id, state[0] if n else -1, n, mod.VERSION, mod.SIZE))
    return game_id, state, (bytes(data[at:at + m]) if ver > 1 else None)


# ---- files -----------------------------------------------------------------------------------
# Every file the console writes goes through here, so one set of rules holds for all of them:
# a write is whole or not at all, and a read finds the last complete version.
EEXIST = 17   # rename onto an existing file refused (FAT, Windows)
ENOSPC = 28   # flash full
EROFS = 30    # read-only filesystem


def errno_of(e):
    """The errno of an OSError (MicroPython and CPython both keep it in args[0])."""
    a = e.args
    return a[0] if a and isinstance(a[0], int) else 0


def _discard(p):
    try:
        os.remove(p)
    except OSError:
        pass


def write_atomic(path, data):
    """Write data (bytes, or an iterable of str/bytes pieces) to path so that a power cut at any byte leaves either the old file or the new.

    The bytes go to path + ".tmp"; only a complete, closed tmp file is renamed over the old one
    (rename replaces the target atomically on littlefs and POSIX). Where rename refuses an
    existing target (FAT, Windows: EEXIST) the old file is first renamed to path + ".old": at
    every moment either path is complete, or .old and a complete .tmp are there, which
    `current` finds after a cut. Any other failure (flash full, read-only) raises OSError and
    leaves the old file untouched."""
    recover(path)
    tmp = path + ".tmp"
    try:
        f = open(tmp, "wb")
        try:
            if isinstance(data, (bytes, bytearray)):
                f.write(data)
            else:   # an iterable of pieces (a game record), written as they come
                for piece in data:
                    f.write(piece.encode() if isinstance(piece, str) else piece)
        finally:
            f.close()
        os.rename(tmp, path)
        return
    except OSError as e:
        if errno_of(e) != EEXIST or not exists(path):
            _discard(tmp)
            raise
    old = path + ".old"
    _discard(old)        # path exists: an .old beside it is a leftover of an earlier write
    os.rename(path, old)
    os.rename(tmp, path)
    _discard(old)


def current(path):
    """The file that holds path's last complete content (path itself, or after a cut in a
    FAT-style write: path + ".tmp" or path + ".old"), or None when there is none."""
    if exists(path):
        return path
    old = path + ".old"
    if not exists(old):
        return None
    tmp = path + ".tmp"
    # .old only exists once .tmp was complete: between the two renames .tmp is the new content
    return tmp if exists(tmp) else old


def recover(path):
    """Finish a write a power cut interrupted (see write_atomic); a read-only flash is left as
    it is (`current` still finds the content)."""
    p = current(path)
    if p is None or p == path:
        return
    try:
        os.rename(p, path)
        _discard(path + ".old")
    except OSError:
        pass


def size_of(path):
    return os.stat(path)[6]


def read_file(path, limit):
    """The bytes of path's last complete version (see `current`); OSError if there is none;
    SaveError before reading when it is larger than limit bytes (a Pico's heap is small)."""
    recover(path)
    p = current(path)
    if p is None:
        raise OSError(2, "no file " + path)
    st = os.stat(p)
    if st[0] & 0x4000:   # S_IFDIR: a folder took the file's name
        raise SaveError("%s is a folder, not a file" % path)
    n = st[6]
    if n > limit:
        raise SaveError("%s is too large (%d bytes, at most %d)" % (path, n, limit))
    f = open(p, "rb")
    try:
        return f.read()
    finally:
        f.close()


def append(path, data):
    """Append data to path (the moves journal); OSError when the flash is full or read-only.
    A cut may leave part of data at the end: the reader checks lengths."""
    f = open(path, "ab")
    try:
        f.write(data)
    finally:
        f.close()


def remove(path):
    """Remove path if it is there (and any tmp/.old leftovers of writing it)."""
    for p in (path, path + ".tmp", path + ".old"):
        if exists(p):
            os.remove(p)


def set_aside(path):
    """Rename a damaged file to path + ".bad" (replacing an older one); False if the flash
    refused (read-only or full): the caller still reports the problem."""
    bad = path + ".bad"
    try:
        if exists(bad):
            os.remove(bad)
        os.rename(path, bad)
        return True
    except OSError:
        return False


def mkdir(path):
    try:
        os.mkdir(path)
    except OSError as e:
        if errno_of(e) != EEXIST:
            raise


def listdir(path):
    try:
        return sorted(os.listdir(path))
    except OSError:
        return []


def exists(path):
    """Is there a file at path? (OSError numbers differ between ports, so no errno check.)"""
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def load(path):
    """(game_id, state, identity) from the save at path (see `decode`); OSError if there is no
    file.

    A save that fails its check is renamed to path + ".bad" (replacing an older one), so the next
    save can be written and the damaged one can still be reported, then SaveError is raised."""
    try:
        data = read_file(path, MAX_SAVE)
        return decode(data)
    except SaveError as e:
        bad = path + ".bad"
        p = current(path) or path
        if not set_aside(p):
            raise SaveError("%s; it could not be moved aside to %s" % (e, bad))
        if p != path:
            _discard(path + ".old")
        raise SaveError("%s; it was kept aside as %s" % (e, bad))
