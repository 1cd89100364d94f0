"""One boot of the virtual board: a unix-port MicroPython process running agent.py.

The board (board.py) owns the serial line; this class owns the process and its three pipes:
the program's stdin/stdout (passed through to the serial line) and the command/control pair that
agent.py documents. A reset is a new process: a fresh heap, like a Pico's.
"""
import ctypes
import os
import signal
import subprocess
import sys
import time

AGENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "agent.py")


def _die_with_parent():
    """In the child before exec: Linux kills it when the board process dies, even by SIGKILL,
    so a program looping forever cannot outlive its board."""
    try:
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass  # not Linux: stop() still ends it in every orderly shutdown


class BootError(RuntimeError):
    """MicroPython did not start (missing package, bad heap size)."""


class Interpreter:
    def __init__(self, root, heap=None, flash_bytes=1408 * 1024, extra_args=()):
        self.root = os.path.abspath(root)
        self.heap = heap
        self.flash_bytes = flash_bytes
        self.extra_args = list(extra_args)
        self.proc = None
        self.version = "?"
        self.kbd_char = 3  # what micropython.kbd_intr() was last set to inside the program
        self._ctl_buf = b""
        self.seq = 0  # commands sent; agent.py numbers them the same way
        self.running_seq = 0  # the command agent.py said it started ("run N")
        self.pending_interrupt = False  # Ctrl-C that came before "run": delivered on "run"
        self.kbd_off_seen = False  # the running program has set kbd_intr(-1): it talks to its client

    # --- life cycle ---------------------------------------------------------------------------

    def start(self, timeout=15):
        cmd_r, cmd_w = os.pipe()
        ctl_r, ctl_w = os.pipe()
        # The program's stdin: we keep the read end too, so that what the program left unread is
        # taken back here, in order, once it has finished (see drain_stdin). Asking agent.py for
        # it raced with bytes still on their way into the pipe, which the next program then got.
        in_r, in_w = os.pipe()
        argv = [sys.executable, "-m", "micropython_unix"]
        if self.heap:
            argv += ["-X", "heapsize=%s" % self.heap]
        argv += [AGENT, self.root, str(self.flash_bytes), str(cmd_r), str(ctl_w)] + self.extra_args
        try:
            self.proc = subprocess.Popen(
                argv, stdin=in_r, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                pass_fds=(cmd_r, ctl_w), cwd=self.root, start_new_session=True,
                preexec_fn=_die_with_parent,
            )
        except BaseException:
            for fd in (cmd_w, ctl_r, in_r, in_w):
                os.close(fd)
            raise
        finally:
            os.close(cmd_r)
            os.close(ctl_w)
        self.cmd_fd, self.ctl_fd = cmd_w, ctl_r
        self.out_fd = self.proc.stdout.fileno()
        self.in_fd = in_w
        # in_r is the program's blocking stdin; we read the pipe back through a description of
        # our own that does not block, so a drain racing with a reading program cannot hang us
        try:
            self.in_back_fd = os.open("/proc/self/fd/%d" % in_r, os.O_RDONLY | os.O_NONBLOCK)
        finally:
            os.close(in_r)
        for fd in (self.ctl_fd, self.out_fd, self.in_fd):
            os.set_blocking(fd, False)
        self.kbd_char = 3
        self._ctl_buf = b""
        self.seq = self.running_seq = 0
        self.pending_interrupt = False
        self.kbd_off_seen = False
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for msg in self.read_control():
                if msg[0] == "ready":
                    self.version = msg[1]
                    return
            if self.proc.poll() is not None:
                out = self.read_output()
                raise BootError("MicroPython exited at boot (status %d): %s"
                                % (self.proc.returncode, out.decode("utf-8", "replace").strip()[-500:]))
            time.sleep(0.005)
        self.stop()
        raise BootError("MicroPython did not start within %d s" % timeout)

    def stop(self):
        """Power off: kill the process and close every pipe."""
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()
        for fd in (self.cmd_fd, self.ctl_fd, self.in_fd, self.in_back_fd):
            try:
                os.close(fd)
            except OSError:
                pass
        self.proc.stdout.close()
        self.proc = None

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    # --- talking to agent.py ------------------------------------------------------------------

    def run(self, code, mode=b"x"):
        """Start a program: mode x = a file's code, s = one REPL entry, f = the file at path `code`."""
        if isinstance(code, str):
            code = code.encode()
        self.seq += 1
        self.pending_interrupt = False
        self.kbd_off_seen = False
        n = len(code)
        data = mode + bytes((n & 255, n >> 8 & 255, n >> 16 & 255, n >> 24 & 255)) + code
        os.set_blocking(self.cmd_fd, True)  # a program is waiting for exactly this, all of it
        try:
            os.write(self.cmd_fd, data) if len(data) < 65536 else self._write_all(data)
        finally:
            os.set_blocking(self.cmd_fd, False)

    def _write_all(self, data):
        view = memoryview(data)
        while view:
            view = view[os.write(self.cmd_fd, view):]

    def interrupt(self):
        """Ctrl-C: KeyboardInterrupt inside the running program (SIGINT, as the unix port expects).
        Sent only once agent.py has said the program runs: a SIGINT while it reads a command
        could split the command."""
        if self.running_seq != self.seq:
            self.pending_interrupt = True
        elif self.alive():
            os.kill(self.proc.pid, signal.SIGINT)

    def feed_stdin(self, data):
        """Serial bytes for the running program's sys.stdin: how many the pipe took now (the
        board keeps the rest and offers them again when in_fd is writable)."""
        try:
            return os.write(self.in_fd, data)
        except BlockingIOError:
            return 0

    def drain_stdin(self):
        """Take back what is in the program's stdin pipe and nobody read: after agent.py's "done"
        all the program left unread, in order (never blocks, even while a program reads)."""
        return _read_available(self.in_back_fd)

    def read_output(self):
        return _read_available(self.out_fd)

    def read_control(self):
        """Parse what agent.py told us: a list of tuples ("ready", version) | ("run", n) | ("kbd", n) |
        ("reset", "hard"|"soft") | ("done", kind, traceback_bytes)."""
        while True:
            try:
                chunk = os.read(self.ctl_fd, 65536)
            except BlockingIOError:
                break
            if not chunk:
                break
            self._ctl_buf += chunk
        messages = []
        while b"\n" in self._ctl_buf:
            line, rest = self._ctl_buf.split(b"\n", 1)
            words = line.decode("ascii", "replace").split()
            if words and words[0] == "done":
                tb_len = int(words[3])
                if len(rest) < tb_len:
                    break  # the payload is still on its way
                if int(words[1]) == self.seq == self.running_seq:  # a repeated "done" is dropped
                    self.running_seq = -1
                    messages.append(("done", words[2], rest[:tb_len]))
                rest = rest[tb_len:]
            elif words and words[0] == "run":
                self.running_seq = int(words[1])
                if self.pending_interrupt and self.running_seq == self.seq:
                    self.pending_interrupt = False
                    self.interrupt()
            elif words and words[0] == "kbd":
                self.kbd_char = int(words[1])
                self.kbd_off_seen = self.kbd_off_seen or self.kbd_char == -1
                messages.append(("kbd", self.kbd_char))
            elif words:
                messages.append(tuple(words))
            self._ctl_buf = rest
        return messages


def _read_available(fd):
    """Everything a non-blocking fd holds right now (b"" if nothing)."""
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)
