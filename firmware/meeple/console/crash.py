"""What happens on an unexpected exception: never a dead screen.

The app (meeple.console.app) catches every exception a screen, a game or a tick raises, writes
/crash.txt (the traceback, the firmware version, the board, the free heap) and shows a screen
saying so, with A to restart (machine.reset on the device, a fresh app in the simulator). The
game in progress is auto-saved after every move, so it is still there on Continue.

Only imported when something went wrong (or by main.py's last-resort handler).
"""
import gc
import sys

from meeple.storage import savefile

NAME = "crash.txt"


def traceback_text(e):
    """The exception with its traceback, as text (sys.print_exception on MicroPython)."""
    try:
        import io
        buf = io.StringIO()
        pe = getattr(sys, "print_exception", None)
        if pe:
            pe(e, buf)
        else:  # CPython
            tb = __import__("traceback")
            buf.write("".join(tb.format_exception(type(e), e, e.__traceback__)))  # type: ignore
        return buf.getvalue()  # type: ignore
    except Exception:   # MemoryError: no room for the traceback, the error itself still says a lot
        return "%s: %s\n" % (type(e).__name__, e)


def report(path, e, version, board):
    """Write the crash report to path (whole or not at all); False if the flash refused."""
    gc.collect()
    free = gc.mem_free() if hasattr(gc, "mem_free") else -1  # type: ignore
    text = "meeple %s crashed\nboard: %s\nfree heap: %d bytes\n\n%s" % (
        version, board, free, traceback_text(e))
    try:
        savefile.write_atomic(path, text.encode())
        return True
    except OSError:
        return False


def message(e, written, where):
    return ("meeple stopped on an unexpected error:\n%s: %s\n\n%s\n\nYour game is saved: "
            "choose Continue after the restart." % (
                type(e).__name__, str(e)[:80],
                ("The details are in %s." % where) if written else
                "The details could not be written (the flash is full or read-only)."))
