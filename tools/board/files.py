"""Files on a board over a Link: hash many at once, write only what changed, remove, make folders.

Hashing happens on the board (sha256 in C), one exec for the whole list, so an up-to-date file
costs no transfer; this is what makes a second flash change nothing.
"""
import hashlib

BLOCK = 4096  # LittleFS block on a Pico: space is used in whole blocks
WRITE_CHUNK = 1024  # bytes per exec: small enough to compile in a Pico's heap
WHOLE_BUILD_TIMEOUT_S = 120  # an exec over every file of a build (hashing, renaming) says nothing
# until done: over a second on a Pico, much longer on an emulated one on a loaded host


def blocks(size):
    return max(1, (size + BLOCK - 1) // BLOCK)


def sha256_hex(data):
    return hashlib.sha256(data).hexdigest()


_SCAN = """
import os, hashlib, binascii
def _h(p):
    try:
        s = os.stat(p)
    except OSError:
        return None
    if s[0] & 0x4000:
        return 'dir'
    h = hashlib.sha256()
    b = bytearray(512)
    with open(p, 'rb') as f:
        while True:
            n = f.readinto(b)
            if not n:
                break
            h.update(b if n == 512 else b[:n])
    return (s[6], binascii.hexlify(h.digest()).decode())
def _walk(d, out):
    try:
        es = list(os.ilistdir(d))
    except OSError:
        return
    for e in es:
        p = d.rstrip('/') + '/' + e[0]
        if e[1] == 0x4000:
            out.append(p + '/')
            _walk(p, out)
        else:
            out.append(p)
_tree = []
for _d in %(trees)r:
    _walk(_d, _tree)
_fs = os.statvfs('/')
print('({', end='')
for _p in %(paths)r:
    print(repr(_p), ':', repr(_h(_p)), ',', end='')
print('},', repr(_tree), ',', _fs[0] * _fs[3], ',', _fs[0] * _fs[2], ')')
"""
# The answer is printed piece by piece (read back as one tuple): a dict and its repr for every
# file at once would need one large block of a board's heap.


def scan(link, paths, trees=()):
    """Ask the board about `paths` and list everything under `trees`.

    Returns (info, tree, free_bytes, total_bytes): info maps each path to None (absent), 'dir', or
    (size, sha256 hex); tree lists every file and folder (folders end in '/') under `trees`.
    """
    info, tree, free, total = link.eval_code(_SCAN % {"paths": sorted(paths), "trees": list(trees)},
                                             "reading the board's files", timeout=WHOLE_BUILD_TIMEOUT_S)
    return info, tree, free, total


def mkdirs(link, folders, existing):
    """Create each folder (and its parents) that is not in `existing` (a set, updated)."""
    for folder in sorted(folders):
        parts = folder.strip("/").split("/")
        for i in range(1, len(parts) + 1):
            d = "/" + "/".join(parts[:i])
            if d not in existing:
                link.exec("import os\ntry:\n os.mkdir(%r)\nexcept OSError as e:\n if e.errno != 17: raise" % d,
                          "creating %s" % d)
                existing.add(d)


PART = ".part"  # a file being copied: renamed to its name only once complete and checked


def write_file(link, path, data, progress=None):
    """Write data to path on the board in chunks; progress(done, total) after each. (The
    flash writes to path + PART and renames after checking: `install`.)"""
    link.exec("f=open(%r,'wb')\nw=f.write" % path, "opening %s" % path)
    done = 0
    for i in range(0, len(data), WRITE_CHUNK):
        chunk = data[i:i + WRITE_CHUNK]
        link.exec("w(%r)" % chunk, "writing %s" % path)
        done += len(chunk)
        if progress:
            progress(done, len(data))
    link.exec("f.close()", "closing %s" % path)


def remove_file(link, path):
    link.exec("import os\nos.remove(%r)" % path, "removing %s" % path)


def remove_empty_dirs(link, folders):
    """rmdir each folder that is empty, deepest first (a folder with a user's file stays)."""
    for d in sorted(folders, key=lambda p: -p.count("/")):
        link.exec("import os\ntry:\n os.rmdir(%r)\nexcept OSError:\n pass" % d, "removing %s" % d)


_RENAME = """
import os
def _mv(a, b):
    try:
        os.rename(a, b)
    except OSError:
        os.remove(b)   # FAT: rename refuses an existing target
        os.rename(a, b)
for _a, _b in %r:
    _mv(_a, _b)
"""


def install(link, paths):
    """Rename every path + PART to path, in one exec (the short window in which a cut leaves a
    mix of old and new files; a cut while copying leaves the old firmware whole)."""
    if paths:
        link.exec(_RENAME % [(p + PART, p) for p in paths], "renaming the new files into place",
                  timeout=WHOLE_BUILD_TIMEOUT_S)


_CLEAN = """
import os
def _c(d):
    try:
        es = list(os.ilistdir(d))
    except OSError:
        return
    for e in es:
        p = d.rstrip('/') + '/' + e[0]
        if e[1] == 0x4000:
            _c(p)
        elif e[0].endswith(%r):
            os.remove(p)
            print(p)
for _d in %r:
    _c(_d)
"""


def remove_parts(link, roots):
    """Remove the *.part files an interrupted flash left (under each root, recursively; "/"
    itself is looked at without descending into other folders); their paths."""
    out = []
    for root in roots:
        code = _CLEAN % (PART, [root])
        if root == "/":
            code = code.replace("        if e[1] == 0x4000:\n            _c(p)\n        elif",
                                "        if e[1] == 0x4000:\n            pass\n        elif")
        out += [ln for ln in link.exec(code, "removing unfinished files").split() if ln]
    return out
