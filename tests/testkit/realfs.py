"""The flash for the full and read-only tests: a real tiny filesystem where this machine can
mount one (a tmpfs: root, as on CI), otherwise the filesystem double (tests/testkit/flashdouble.py).
Both offer the same three things, so one test body runs on either:

    flash.fill()        # the filesystem is full: records fill every free byte (ENOSPC)
    flash.room()        # one of those records is deleted: there is room again
    flash.read_only(b)  # remount read-only (EROFS) or read-write

Where mounting is impossible the test says so in one line (a warning in pytest's summary) and
uses the double; under CI=true a failed mount fails the test. The mount is always undone.
"""
import os
import subprocess
import warnings

import pytest

from testkit.flashdouble import FlashDouble

FILLER = "records/filler-%d.jsonl"   # what fills the flash: records, as on a console


class RealFlash:
    kind = "tmpfs"

    def __init__(self, root, size):
        self.root = str(root)
        self.size = size
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%s,mode=0755" % size, "tmpfs",
                        self.root], check=True, capture_output=True, text=True)
        self.fillers = []

    def fill(self):
        os.makedirs(os.path.join(self.root, "records"), exist_ok=True)
        while True:
            p = os.path.join(self.root, FILLER % len(self.fillers))
            try:
                with open(p, "wb") as f:
                    self.fillers.append(p)
                    for _ in range(64):
                        f.write(b"x" * 1024)
                        f.flush()
            except OSError as e:
                assert e.errno == 28, e
                break
        # the last file ends where the space did: top it up byte by byte past any page slack
        for n in (256, 16, 1):
            while True:
                try:
                    with open(self.fillers[-1], "ab") as f:
                        f.write(b"y" * n)
                except OSError:
                    break
        return self

    def room(self):
        os.remove(self.fillers.pop(0))

    def read_only(self, on):
        subprocess.run(["mount", "-o", "remount,%s" % ("ro" if on else "rw"), self.root],
                       check=True, capture_output=True, text=True)

    def close(self):
        r = subprocess.run(["umount", self.root], capture_output=True, text=True)
        if r.returncode:
            subprocess.run(["umount", "-l", self.root], capture_output=True, text=True)


class DoubleFlash:
    kind = "double"

    def __init__(self, root, size):
        self.root = str(root)
        self.fs = FlashDouble(root=self.root).__enter__()
        self.fillers = []

    def fill(self):
        os.makedirs(os.path.join(self.root, "records"), exist_ok=True)
        for i in range(3):
            p = os.path.join(self.root, FILLER % i)
            with open(p, "wb") as f:
                f.write(b"x" * 8192)
            self.fillers.append(p)
        self.fs.capacity = self.fs._used()
        return self

    def room(self):
        os.remove(self.fillers.pop(0))

    def read_only(self, on):
        self.fs.read_only = on

    def close(self):
        self.fs.__exit__(None, None, None)


def open_flash(root, size="64k"):
    """A RealFlash at root (an empty folder), or the double with a one-line warning why not."""
    try:
        return RealFlash(root, size)
    except (OSError, subprocess.CalledProcessError) as e:
        why = (getattr(e, "stderr", "") or str(e)).strip().splitlines()[-1:] or [str(e)]
        if os.environ.get("CI") == "true":
            pytest.fail("CI: cannot mount a %s tmpfs at %s: %s" % (size, root, why[0]))
        warnings.warn("no real tmpfs here (mount: %s): the full and read-only flash tests use "
                      "the filesystem double" % why[0])
        return DoubleFlash(root, size)
