"""Boot: load the board profile (/board.py, copied there by tools/board/flash.py from boards/, or
frozen into the release firmware), build the hardware backends, run the console."""
import gc
import sys
import time

import micropython

OVERLAY_FLAG = "/.meeple-overlay"  # written by `make flash OVERLAY=1` (tools/board/flash.py)


def frozen_first():
    """On the release firmware meeple is frozen in: put '.frozen' before the flash ('') on the
    import path, so a /meeple folder or /board.py left on the flash never shadows it; unless a
    developer installed an overlay on purpose. Harmless on stock MicroPython (nothing of ours is
    frozen there)."""
    try:
        import os
        os.stat(OVERLAY_FLAG)
        return
    except OSError:
        pass
    if ".frozen" in sys.path:
        sys.path.remove(".frozen")
        sys.path.insert(0, ".frozen")


frozen_first()

micropython.alloc_emergency_exception_buf(100)  # so errors inside button IRQs still report


def main():
    try:
        import board  # type: ignore  # /board.py: the profile of the board this firmware was flashed for
    except ImportError:
        print("meeple: no /board.py here; install one with `make flash BOARD=<profile>`")
        return
    from meeple.hal import build
    from meeple.storage import Storage
    from meeple.ui.gfx import Canvas
    from meeple.ui.input import Input

    try:
        display, buttons, backlight = build(board)
    except (AttributeError, OSError, ValueError) as e:  # e.g. the virtual board has no SPI
        print("meeple: cannot start the display and buttons of %s: %s" % (board.NAME, e))
        return
    from meeple import forget
    build = None
    forget("meeple.hal")   # the boot's package goes (its drivers stay, held by what they built)
    # long-lived buffers first, before anything fragments the heap (hardware.md section 4)
    canvas = Canvas(display, board.WIDTH, board.HEIGHT)
    inp = Input(buttons.mask)

    from meeple.console.app import App
    start = time.ticks_ms()
    app = App(canvas, inp, Storage(""), board, lambda: time.ticks_diff(time.ticks_ms(), start),
              None, backlight)
    import machine
    app.restart = machine.reset   # A on the crash screen (meeple.console.crash)
    gc.collect()
    app.boot()
    app.run(buttons.read, buttons.nap)


def last_resort(e):
    """The app could not even show its crash screen: report on the REPL and in /crash.txt,
    then restart after a while (a Pico without a REPL attached would otherwise sit dead)."""
    try:
        from meeple.console import crash
        from meeple.console import VERSION
        try:
            import board  # type: ignore
            name = board.NAME
        except Exception:
            name = "?"
        written = crash.report("/" + crash.NAME, e, VERSION, name)
        print(crash.message(e, written, "/" + crash.NAME))
    except Exception as e2:
        print("meeple: unexpected error %r, and another while reporting it: %r" % (e, e2))
    time.sleep_ms(10000)
    import machine
    machine.reset()


try:
    main()
except Exception as e:   # not KeyboardInterrupt: mpremote stopping the program
    last_resort(e)
