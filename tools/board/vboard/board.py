"""The serial side of the virtual board: a MicroPython REPL on a pseudo-terminal.

Bytes from the serial line go through the same state machine a board's pyexec runs (friendly
REPL, paste mode, raw REPL, raw-paste with flow control, Ctrl-C/Ctrl-D), and programs run in an
Interpreter. What mpremote relies on is byte-exact: the banners, `OK`, the `\\x04` framing of
stdout and traceback, `MPY: soft reboot`. See /work/shared/vboard-notes.md and mpremote's
transport_serial.py.
"""
import os
import select
import time
import traceback

from .interpreter import BootError

RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
PASTE_BANNER = b"paste mode; Ctrl-C to cancel, Ctrl-D to finish\r\n=== "
RAW_PASTE_WINDOW = 512  # bytes the host may send before it waits for our \x01
INTERRUPT_GRACE = 5.0  # seconds a program gets to stop after Ctrl-C before the board is reset
#   (counted from the Ctrl-C, which may come while a loaded machine still starts the program)
MAX_PENDING_OUTPUT = 4 << 20  # with no reader, older output is dropped (as USB CDC would)
MAX_PENDING_INPUT = 64 << 10  # above this, unconsumed serial input stops being read: the client
#   blocks (flow control, as USB CDC does) instead of bytes being dropped


class Board:
    def __init__(self, master_fd, interpreter, log=None):
        self.master = master_fd
        self.interp = interpreter
        self.log = log or (lambda msg: None)
        self.mode = "friendly"  # which REPL a finished program returns to: friendly | raw
        self.state = "repl"  # repl | paste | rawpaste | running
        self.line = bytearray()  # the REPL line or raw/paste code being received
        self.lines = []  # friendly REPL: earlier lines of a compound statement
        self.escape = None  # in the friendly REPL, inside an escape sequence: "esc" | "[" | "digit"
        self.paste_count = 0
        self.inbox = bytearray()  # serial bytes not yet processed
        self.to_stdin = bytearray()  # serial bytes for the running program, not yet in its pipe
        self.outbox = bytearray()  # bytes for the serial line
        self.framing = None  # while running: raw | friendly | boot
        self.boot_queue = []
        self.after_boot = b""
        self.interrupt_deadline = None
        self.connected = False
        self.stopping = False

    # --- output -------------------------------------------------------------------------------

    def send(self, data):
        if self.connected:
            self.outbox += data
            if len(self.outbox) > MAX_PENDING_OUTPUT:
                del self.outbox[: len(self.outbox) - MAX_PENDING_OUTPUT]

    def banner(self):
        return (b"MicroPython v%s (vboard) on unix-port; Raspberry Pi Pico (virtual) with RP2040\r\n"
                b'Type "help()" for more information.\r\n' % self.interp.version.encode())

    # --- resets -------------------------------------------------------------------------------

    def hard_boot(self, message=b""):
        """Power-on: friendly REPL, boot.py then main.py, then the banner."""
        if message:
            self.send(b"\r\nvboard: " + message + b"\r\n")
        self.mode = "friendly"
        self._boot(self.banner() + b">>> ")

    def soft_reboot(self):
        self.send(b"MPY: soft reboot\r\n")
        prompt = RAW_BANNER + b">" if self.mode == "raw" else self.banner() + b">>> "
        self._boot(prompt)

    def _boot(self, prompt):
        self.interp.stop()
        self.to_stdin.clear()  # its stdin went with the old process
        self.interp.start()
        self.line.clear()
        self.lines = []
        self.escape = None
        self.interrupt_deadline = None
        scripts = ["boot.py"] + (["main.py"] if self.mode == "friendly" else [])
        self.boot_queue = [s for s in scripts if os.path.isfile(os.path.join(self.interp.root, s))]
        self.after_boot = prompt
        self._next_boot_script()

    def _next_boot_script(self):
        if self.boot_queue:
            self._run(self.boot_queue.pop(0), b"f", "boot")
        else:
            self.state = "repl"
            self.send(self.after_boot)

    # --- programs -----------------------------------------------------------------------------

    def _run(self, code, mode, framing):
        self.state = "running"
        self.framing = framing
        self.interp.run(code, mode)

    def _finished(self, kind, traceback):
        framing, self.framing = self.framing, None
        self.interrupt_deadline = None
        # bytes the program did not read go to the REPL, as on a board, in the order they came:
        # what is still in its pipe, then what never got there, then what came after a Ctrl-C
        unread = self.interp.drain_stdin() + self.to_stdin
        self.to_stdin = bytearray()
        self.inbox[:0] = unread
        if framing == "raw":
            self.send(b"\x04" + traceback + b"\x04")
        elif traceback:
            self.send(traceback.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
        if kind == "exit":  # sys.exit() ends the REPL session: pyexec soft-resets
            self.soft_reboot()
        elif framing == "boot":
            self._next_boot_script()
        else:
            self.state = "repl"
            self.send(b">" if framing == "raw" else b">>> ")

    def _program_output(self, data):
        if self.mode == "friendly" and self.interp.kbd_char != -1:
            data = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")  # a board's cooked stdout
        self.send(data)

    # --- input --------------------------------------------------------------------------------

    def _process_input(self):
        while self.inbox and self.state != "running":
            byte = self.inbox[0]
            del self.inbox[0]
            if self.state == "rawpaste":
                self._raw_paste_byte(byte)
            elif self.state == "paste":
                self._paste_byte(byte)
            elif self.mode == "raw":
                self._raw_byte(byte)
            else:
                self._friendly_byte(byte)
        if self.state == "running" and self.inbox:
            data, self.inbox = bytes(self.inbox), bytearray()
            self._to_program(data)

    def _to_program(self, data):
        char = self.interp.kbd_char
        if char < 0 or char not in data:
            self._feed(data)
            return
        head, _, tail = data.partition(bytes((char,)))
        if head:
            self._feed(head)
        self.interp.interrupt()
        if self.interrupt_deadline is None:
            self.interrupt_deadline = time.monotonic() + INTERRUPT_GRACE
        if tail:
            self.inbox[:0] = tail  # after the interrupt: for the REPL, or the program if it goes on

    def _feed(self, data):
        self.to_stdin += data
        self._flush_stdin()

    def _flush_stdin(self):
        if self.to_stdin and self.state == "running":
            n = self.interp.feed_stdin(self.to_stdin)
            del self.to_stdin[:n]

    def _raw_byte(self, b):
        if b == 0x01:  # Ctrl-A: restart raw REPL, or raw-paste when the line is Ctrl-E "A"
            if self.line == b"\x05A":
                self.line.clear()
                self.paste_count = 0
                self.state = "rawpaste"
                self.send(b"R\x01" + RAW_PASTE_WINDOW.to_bytes(2, "little"))
            else:
                self.line.clear()
                self.send(RAW_BANNER + b">")
        elif b == 0x02:  # Ctrl-B: friendly REPL
            self.line.clear()
            self.mode = "friendly"
            self.send(b"\r\n" + self.banner() + b">>> ")
        elif b == 0x03:  # Ctrl-C: drop the line
            self.line.clear()
        elif b == 0x04:  # Ctrl-D: run the line, or soft reset on an empty one
            self.send(b"OK")
            code, self.line = bytes(self.line), bytearray()
            if code:
                self._run(code, b"x", "raw")
            else:
                self.send(b"\r\n")
                self.soft_reboot()
        else:
            self.line.append(b)

    def _raw_paste_byte(self, b):
        if b == 0x04:  # end of code: acknowledge, then run
            self.send(b"\x04")
            code, self.line = bytes(self.line), bytearray()
            self._run(code, b"x", "raw")
        elif b == 0x03:  # abort, as a board's raw-paste reader does
            self.line.clear()
            self.state = "repl"
            self.send(b"\x04\x04KeyboardInterrupt: \r\n\x04>")
        else:
            self.line.append(b)
            self.paste_count += 1
            if self.paste_count % RAW_PASTE_WINDOW == 0:
                self.send(b"\x01")  # this window is consumed: the host may send another

    def _friendly_byte(self, b):
        if self.escape and b != 0x03:  # as readline: ESC [ or O, then at most a digit and one more
            if self.escape == "esc" and b in (0x5B, 0x4F):
                self.escape = "["
            elif self.escape == "[" and 0x30 <= b <= 0x39:
                self.escape = "digit"
            else:
                self.escape = None
            return
        self.escape = None  # Ctrl-C ends a sequence too: it must always reach the REPL
        if b == 0x1B:
            self.escape = "esc"
        elif b == 0x01:
            self.line.clear()
            self.lines = []
            self.mode = "raw"
            self.send(b"\r\n" + RAW_BANNER + b">")
        elif b == 0x02:
            self.line.clear()
            self.lines = []
            self.send(b"\r\n" + self.banner() + b">>> ")
        elif b == 0x03:
            self.line.clear()
            self.lines = []
            self.send(b"\r\n>>> ")
        elif b == 0x04:
            if not self.line and not self.lines:
                self.send(b"\r\n")
                self.soft_reboot()
        elif b == 0x05:
            self.line.clear()
            self.lines = []
            self.state = "paste"
            self.send(b"\r\n" + PASTE_BANNER)
        elif b in (0x08, 0x7F):
            if self.line:
                self.line.pop()
                self.send(b"\x08 \x08")
        elif b == 0x0D:
            self.send(b"\r\n")
            self._friendly_line(bytes(self.line))
            self.line.clear()
        elif b >= 0x20 or b == 0x09:
            self.line.append(b)
            self.send(bytes((b,)))

    def _friendly_line(self, text):
        if self.lines or text.rstrip().endswith(b":"):
            if text.strip():  # a compound statement goes on until an empty line
                self.lines.append(text)
                self.send(b"... ")
                return
            text, self.lines = b"\n".join(self.lines) + b"\n", []
        if not text.strip():
            self.send(b">>> ")
            return
        self._run(text, b"s", "friendly")

    def _paste_byte(self, b):
        if b == 0x03:
            self.line.clear()
            self.state = "repl"
            self.send(b"\r\n>>> ")
        elif b == 0x04:
            self.send(b"\r\n")
            code, self.line = bytes(self.line), bytearray()
            self._run(code, b"x", "friendly")
        elif b == 0x0D:
            self.line += b"\n"
            self.send(b"\r\n=== ")
        elif b != 0x0A:
            self.line.append(b)
            self.send(bytes((b,)))

    # --- the event loop -----------------------------------------------------------------------

    def _check_client(self):
        """A pty master reports POLLHUP while no program has the device open."""
        p = select.poll()
        p.register(self.master, select.POLLIN)
        hung_up = any(ev & select.POLLHUP for _, ev in p.poll(0))
        if self.connected and hung_up:
            self._client_gone()
        elif not self.connected and not hung_up:
            self.connected = True
            self.log("client connected")

    def _client_gone(self):
        """The client closed the device. What it sent before is handled as a board would; what
        is then left unconsumed is dropped, so that nothing of it can be taken for the next
        client's bytes (a leftover ESC or paste mode would swallow its Ctrl-C); and the REPL is
        left at a clean line, so the next client always finds a prompt or a running program."""
        self.connected = False  # from now on output is dropped
        self.outbox.clear()
        self.log("client disconnected")
        self._read_serial()  # the kernel still holds what the client wrote last
        self._process_input()
        self.inbox.clear()
        self.to_stdin.clear()
        if self.state == "running":
            if self.interp.kbd_char == -1 or self.interp.kbd_off_seen:
                # a mount transfer, or a program that turned Ctrl-C off: it talks to the client
                # that has gone, and the next client's Ctrl-C would be data to it
                self.hard_boot()
            else:
                self.interp.drain_stdin()  # typed by the client that has gone
        else:
            self.state = "repl"  # out of paste or raw-paste mode, as after a Ctrl-C
            self.line.clear()
            self.lines = []
            self.escape = None

    def _read_serial(self):
        """Read what the client sent; after a hang-up, what is left until EIO."""
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # EAGAIN: nothing more for now; EIO: the client has gone
                return
            if not chunk:
                return
            self.inbox += chunk
            if self.connected:
                return  # one read a turn: the rest waits for the REPL or the program

    def _handle_interpreter(self):
        out = self.interp.read_output()
        if out:
            self._program_output(out)
        for msg in self.interp.read_control():
            if msg[0] == "done":
                self._program_output(self.interp.read_output())  # all it printed comes first
                self._finished(msg[1], msg[2])
            elif msg[0] == "reset":
                self._program_output(self.interp.read_output())
                if msg[1] == "soft":
                    self.framing = None
                    self.soft_reboot()
                else:
                    self.hard_boot()
                return
        if not self.interp.alive():
            status = self.interp.proc.returncode if self.interp.proc else -1
            self.hard_boot(b"MicroPython stopped (status %d); board reset" % status)

    def serve_forever(self):
        self.hard_boot()
        while not self.stopping:
            try:
                self._step()
            except BootError:
                raise
            except Exception:  # noqa: BLE001 - a bug here must not take the board away: log, reboot
                traceback.print_exc()
                self.hard_boot(b"internal error (see the vboard's log); board reset")

    def _step(self):
        """One turn of the loop: clients, the interpreter, serial input and output, Ctrl-C timeout."""
        self._check_client()
        poller = select.poll()
        poller.register(self.interp.ctl_fd, select.POLLIN)
        poller.register(self.interp.out_fd, select.POLLIN)
        if self.to_stdin and self.state == "running":
            poller.register(self.interp.in_fd, select.POLLOUT)
        # while the program does not read what came, stop reading: the client's writes block
        reading = len(self.inbox) + len(self.to_stdin) < MAX_PENDING_INPUT
        if self.connected:
            poller.register(self.master, (select.POLLIN if reading else 0)
                            | (select.POLLOUT if self.outbox else 0))
        events = dict(poller.poll(50))
        self._handle_interpreter()
        if self.connected and events.get(self.master, 0) & select.POLLIN:
            self._read_serial()
        self._process_input()
        self._flush_stdin()
        if self.connected and self.outbox:
            try:
                n = os.write(self.master, self.outbox)
                del self.outbox[:n]
            except (BlockingIOError, OSError):
                pass
        if self.interrupt_deadline and time.monotonic() > self.interrupt_deadline:
            if self.state == "running":
                # what came after the Ctrl-C (mpremote's `\r\x01`) is for the REPL after the reset
                pending = self.interp.drain_stdin() + self.to_stdin
                self.hard_boot(b"the program ignored Ctrl-C; board reset")
                self.inbox[:0] = pending
            self.interrupt_deadline = None
