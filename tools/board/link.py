"""Connect to a MicroPython board over serial with mpremote, turning every expected failure into
one clear line (BoardError) instead of a traceback. Shared by tools.board.flash and tools.board.devtest.

PORT may be a device path (/dev/ttyACM0, /dev/pts/3) or `virtual`: the board that
`make vboard` (python -m tools.board.vboard.control) runs; if none runs, one is started for the
duration of the command with its flash in build/vboard/flash.
"""
import contextlib
import errno
import io
import os
import sys

from tools.board.vboard import control as vboard_control


LINE_TIMEOUT_S = 5   # seconds a read waits for the board
TEMPORARY_VBOARD_HEAP = "192k"  # as `make vboard`: tests must fit a Pico W's heap (--pico-heap)


class BoardError(Exception):
    """An expected failure: the message is one line meant for the user."""


def _mpremote():
    try:
        import serial  # noqa: F401
        from mpremote import transport_serial
    except ImportError:
        raise BoardError("mpremote and pyserial are not installed: run `make deps`") from None
    return transport_serial


def _check_port(port):
    """Open and close the port ourselves: pyserial says why, mpremote only 'failed to access'."""
    import serial

    if not os.path.exists(port):
        raise BoardError("no board on %s (is it plugged in? `mpremote connect list` shows the ports)" % port)
    try:
        serial.Serial(port, 115200, exclusive=True, timeout=0).close()
    except serial.SerialException as e:
        text = str(e)
        if "lock" in text.lower():
            raise BoardError("%s is busy: another program has it open (mpremote repl, a serial monitor, "
                             "Thonny?); close it and retry" % port) from None
        if getattr(e, "errno", None) == errno.EACCES or "Permission denied" in text:
            raise BoardError("no permission to open %s (add yourself to the dialout group, or run with sudo)"
                             % port) from None
        raise BoardError("cannot open %s: %s" % (port, text)) from None


def _line_errors():
    """The exceptions that mean the serial line failed (not the program on the board)."""
    import serial

    return (_mpremote().TransportError, serial.SerialException, OSError)


class Link:
    """An open raw-REPL session: `t` is mpremote's SerialTransport."""

    def __init__(self, port, transport, answer_timeout=10):
        self.port = port
        self.t = transport
        self.answer_timeout = answer_timeout

    def reset_soft(self):
        """Soft-reset into a fresh raw REPL (a fresh heap)."""
        self._enter_raw(soft_reset=True)

    def _enter_raw(self, soft_reset):
        noise = io.StringIO()
        try:
            with contextlib.redirect_stdout(noise):  # mpremote prints the bytes it got on failure
                self.t.enter_raw_repl(soft_reset=soft_reset, timeout_overall=self.answer_timeout)
        except _line_errors():
            raise BoardError("the board on %s does not answer (a program that ignores Ctrl-C? press its "
                             "reset button or unplug and replug it)" % self.port) from None

    def exec(self, code, what="the command", timeout=10):
        """Run code on the board; its output as text. A MicroPython exception becomes BoardError.
        timeout: seconds the board may stay silent before it counts as not answering (one exec
        that works through every file of a build needs more on a busy board); never less than
        the link's answer_timeout."""
        transport_serial = _mpremote()
        try:
            out, err = self.t.exec_raw(code, timeout=max(timeout, self.answer_timeout))
            if err:
                raise transport_serial.TransportExecError(out, err.decode("utf-8", "replace"))
            return out.decode("utf-8", "replace")
        except transport_serial.TransportExecError as e:
            last = e.error_output.strip().splitlines()[-1:] or ["?"]
            raise BoardError("%s failed on the board: %s" % (what, last[0])) from None
        except _line_errors() as e:
            raise BoardError("the board on %s stopped answering during %s (%s)" % (self.port, what, e)) from None

    def start(self, code, what="the command"):
        """Send code to run and return at once; read its output from self.t.serial."""
        try:
            self.t.exec_raw_no_follow(code)
        except _line_errors() as e:
            raise BoardError("the board on %s stopped answering during %s (%s)" % (self.port, what, e)) from None

    def eval(self, expr, what="the command"):
        import ast

        text = self.exec("print(repr(%s))" % expr, what)
        return ast.literal_eval(text.strip())

    def eval_code(self, code, what="the command", timeout=10):
        """Run code whose last act is print(repr(value)); return value."""
        import ast

        return ast.literal_eval(self.exec(code, what, timeout).strip())

    def close(self):
        try:
            self.t.exit_raw_repl()
            self.t.close()
        except Exception:  # noqa: BLE001 - the port may already be gone (board reset, unplugged)
            pass


@contextlib.contextmanager
def connect(port, vboard_dir=None, soft_reset=True, answer_timeout=10):
    """Yield a Link in raw REPL mode on PORT ('virtual' = the background virtual board).
    answer_timeout: seconds the board gets to show its raw REPL after Ctrl-C."""
    transport_serial = _mpremote()
    temporary_vboard = None
    if port == "virtual":
        state_dir = vboard_dir or vboard_control.DEFAULT_DIR
        port = vboard_control.running_port(state_dir)
        if port is None:
            print("vboard: none running; starting one for this command (flash kept in %s, a Pico's %s heap)"
                  % (os.path.relpath(os.path.join(state_dir, "flash")), TEMPORARY_VBOARD_HEAP), file=sys.stderr)
            try:
                port = vboard_control.start(state_dir, pico_heap=TEMPORARY_VBOARD_HEAP)
            except vboard_control.VboardError as e:
                raise BoardError(str(e)) from None
            temporary_vboard = state_dir
    try:
        _check_port(port)
        try:
            # timeout: a pty never reports "nothing waiting", so reads must not block forever; but a
            # board that is busy (the emulated Pico on a loaded host) may take over a second to send
            # raw paste's flow-control byte, and a shorter timeout broke flashes there
            transport = transport_serial.SerialTransport(port, baudrate=115200, timeout=LINE_TIMEOUT_S)
        except transport_serial.TransportError:
            raise BoardError("no board on %s (is it plugged in?)" % port) from None
        link = Link(port, transport, answer_timeout)
        try:
            link._enter_raw(soft_reset=soft_reset)
            yield link
        finally:
            link.close()
    finally:
        if temporary_vboard:
            vboard_control.stop(temporary_vboard)
