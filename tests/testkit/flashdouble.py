"""A filesystem double for the console's files: a real folder, seen through meeple.storage.savefile
(every file the console writes goes through that module), that fails the way littlefs on a
Pico does:

    with FlashDouble(cut_at=120):          # the power goes after 120 events: each byte written
        ...                                # is one, each open/close/rename/remove/mkdir is one
    FlashDouble(capacity=3000)             # full: OSError(28) ENOSPC once the files hold more
    FlashDouble(read_only=True)            # OSError(30) EROFS for every change
    FlashDouble(no_replace=True)           # rename onto an existing file: OSError(17) EEXIST
                                           # (FAT, Windows)

A cut raises PowerCut (a BaseException: no `except OSError` in the firmware can swallow it);
the bytes written before it stay on the "flash" (the worst case: littlefs would drop an
unclosed file's new bytes), every file left open is closed, and every later call raises
PowerCut too, until the double is left (the reboot).
"""
import os

from meeple.storage import savefile

ENOSPC = 28
EROFS = 30
EEXIST = 17


class PowerCut(BaseException):
    pass


class FlashDouble:
    def __init__(self, cut_at=None, capacity=None, read_only=False, no_replace=False, root=None):
        self.cut_at = cut_at
        self.capacity = capacity
        self.read_only = read_only
        self.no_replace = no_replace
        self.root = root          # for capacity: the folder whose files count
        self.events = 0
        self.dead = False
        self.ops = []             # (kind, path) of every change, for test messages
        self.log = []             # (first event, events, kind): where to cut (test_power_cuts)
        self._open = []

    # ---- install ---------------------------------------------------------------------------
    def __enter__(self):
        self._saved = (savefile.os, savefile.__dict__.get("open"))
        savefile.os = self
        savefile.open = self.open
        return self

    def __exit__(self, *exc):
        savefile.os = self._saved[0]
        if self._saved[1] is None:
            del savefile.open
        else:
            savefile.open = self._saved[1]
        for f in self._open:
            f.close()
        return False

    # ---- events ------------------------------------------------------------------------------
    def _allow(self, n):
        """How many of n events happen before the power goes (marks the double dead)."""
        if self.dead:
            raise PowerCut()
        self.log.append((self.events, n))
        if self.cut_at is not None and self.events + n > self.cut_at:
            allowed = self.cut_at - self.events
            self.events = self.cut_at
            self.dead = True
            return allowed
        self.events += n
        return n

    def _cut(self):
        for f in self._open:
            f.close()      # what was written before the cut stays
        raise PowerCut()

    def _op(self, kind, path):
        if self._allow(1) < 1:
            self._cut()
        if self.read_only:
            raise OSError(EROFS, "read-only filesystem")
        self.ops.append((kind, path))

    def _used(self):
        total = 0
        for d, _, files in os.walk(self.root):
            for f in files:
                total += os.path.getsize(os.path.join(d, f))
        return total

    # ---- the calls meeple.storage.savefile makes -----------------------------------------------------------
    def open(self, path, mode="r"):
        if "w" not in mode and "a" not in mode:
            if self.dead:
                raise PowerCut()
            return open(path, mode)
        self._op("open", path)
        if self.capacity is not None and not os.path.exists(path) and self._used() >= self.capacity:
            raise OSError(ENOSPC, "no space")
        f = open(path, mode)
        self._open.append(f)
        return _File(self, f, path)

    def rename(self, a, b):
        self._op("rename", a)
        if self.no_replace and os.path.exists(b):
            raise OSError(EEXIST, "file exists")
        os.rename(a, b)

    def remove(self, p):
        self._op("remove", p)
        os.remove(p)

    def mkdir(self, p):
        self._op("mkdir", p)
        if self.capacity is not None and self._used() >= self.capacity:
            raise OSError(ENOSPC, "no space")
        os.mkdir(p)

    def stat(self, p):
        if self.dead:
            raise PowerCut()
        return os.stat(p)

    def listdir(self, p):
        if self.dead:
            raise PowerCut()
        return os.listdir(p)


class _File:
    def __init__(self, fs, f, path):
        self.fs = fs
        self.f = f
        self.path = path

    def write(self, data):
        fs = self.fs
        if fs.capacity is not None and fs._used() + len(data) > fs.capacity:
            raise OSError(ENOSPC, "no space")
        n = fs._allow(len(data))
        if n < len(data):
            self.f.write(data[:n])
            fs._cut()
        return self.f.write(data)

    def close(self):
        if not self.f.closed:
            self.f.close()
            if self.fs._allow(1) < 1:
                self.fs._cut()
        if self.f in self.fs._open:
            self.fs._open.remove(self.f)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.close()
