"""The emulated Pico (../shared/rp2emu: stock MicroPython rp2 firmware in rp2040js, an ST7789 decoded
from the SPI bus, buttons on GPIO) as one object the tools and tests share.

    from tools.pico import Pico, kit_dir
    with Pico(state_dir="build/pico/x") as pico:      # a fresh flash image, emulator started
        pico.flash("waveshare_lcd_1_3")                # make build + tools.flash onto it
        print(pico.exec("import gc; print(gc.mem_free())"))
        pico.vh.wait_idle(ms=500); pico.vh.shot("title.png")

The kit's folder is $RP2EMU (default ../shared/rp2emu beside the project root). A missing kit is a
KitMissing with one line saying what to do; nothing here skips silently.
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_KIT = os.path.join(os.path.dirname(ROOT), "shared", "rp2emu")


class KitMissing(Exception):
    """The emulated-Pico kit is not on this machine: the message is one line for the user."""


def kit_dir():
    """The kit's folder, checked: $RP2EMU or ../shared/rp2emu."""
    path = os.path.abspath(os.environ.get("RP2EMU") or DEFAULT_KIT)
    if not os.path.isfile(os.path.join(path, "vhandheld.py")):
        raise KitMissing("the emulated Pico kit is not at %s (set RP2EMU=path/to/rp2emu)" % path)
    return path


def vhandheld_module():
    """The kit's vhandheld module (the kit is a folder of scripts, not a package)."""
    kit = kit_dir()
    if kit not in sys.path:
        sys.path.insert(0, kit)
    import vhandheld  # type: ignore

    return vhandheld


class Pico:
    """One emulated Pico with its own state folder (tty, flash image, log, control port).

    fresh=True starts from an erased flash (plain MicroPython); uf2 boots a UF2 as if dropped on
    the board in BOOTSEL mode (applied to a new flash image only). lcd/buttons: the kit's wiring
    specs (default: Waveshare Pico-LCD-1.3). max_speed: emulated/wall cap (0 = none; the kit paces
    a sleeping firmware to real time at 1)."""

    def __init__(self, state_dir, lcd=None, buttons=None, uf2=None, fresh=True, control=None, max_speed=0):
        self.state_dir = os.path.abspath(state_dir)
        self.lcd, self.buttons, self.uf2, self.fresh = lcd, buttons, uf2, fresh
        self.max_speed = max_speed
        self.control = control or _free_port()
        self.vh = None

    @property
    def device(self):
        return self.vh.device

    def start(self):
        vhandheld = vhandheld_module()
        os.makedirs(self.state_dir, exist_ok=True)
        flash = os.path.join(self.state_dir, "flash.bin")
        if self.fresh and os.path.exists(flash):
            os.remove(flash)
        kw = dict(tty=os.path.join(self.state_dir, "tty"), control=self.control, flash=flash,
                  log=os.path.join(self.state_dir, "emulator.log"), max_speed=self.max_speed)
        if self.lcd:
            kw["lcd"] = self.lcd
        if self.buttons:
            kw["buttons"] = self.buttons
        if self.uf2:
            kw["uf2"] = os.path.abspath(self.uf2)
        self.vh = vhandheld.VHandheld(**kw)
        self.vh.start()
        return self

    def stop(self):
        if self.vh is not None:
            self.vh.stop()
            self.vh = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def flash(self, board=None, log=None):
        """Build the firmware for `board` (a profile name) and flash it with tools.flash; the board
        resets into the console afterwards."""
        from tools import build as build_tool
        from tools import flash as flash_tool

        build_tool.main(["--board", board] if board else [])
        flash_tool.flash(self.device, reset=True, log=log or (lambda s: None), answer_timeout=60)

    def mpremote(self, *args, timeout=600):
        """Run `mpremote connect <tty> ARGS...`; returns the CompletedProcess (text)."""
        exe = shutil.which("mpremote") or os.path.join(os.path.dirname(sys.executable), "mpremote")
        return subprocess.run([exe, "connect", self.device] + list(args), capture_output=True, text=True,
                              timeout=timeout)

    def exec(self, code, timeout=600):
        """Run `code` on the board through the raw REPL and return what it printed; a MicroPython
        exception raises RuntimeError with the board's traceback."""
        res = self.mpremote("exec", code, timeout=timeout)
        if res.returncode:
            raise RuntimeError("on the emulated Pico: %s" % (res.stderr.strip() or res.stdout.strip()))
        return res.stdout


def _free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return str(s.getsockname()[1])
