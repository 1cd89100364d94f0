"""The emulated Pico (../shared/rp2emu: stock MicroPython rp2 firmware in rp2040js, an ST7789 decoded
from the SPI bus, buttons on GPIO) as one object the tools and tests share.

    from tools.pico.emulator import Pico, kit_dir
    with Pico(state_dir="build/pico/x") as pico:      # a fresh flash image, emulator started
        pico.flash("waveshare_lcd_1_3")                # make build + tools.board.flash onto it
        print(pico.exec("import gc; print(gc.mem_free())"))
        pico.vh.wait_idle(ms=500); pico.vh.shot("title.png")

The kit's folder is $RP2EMU (default ../shared/rp2emu beside the project root). A missing kit is a
KitMissing with one line saying what to do; nothing here skips silently.
"""
import os
import shutil
import subprocess
import sys

from tools import ROOT
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


# the profile's button names -> the kit's pin names ("press" is the joystick press)
_KIT_BUTTON = {"up": "UP", "down": "DOWN", "left": "LEFT", "right": "RIGHT", "press": "CTRL"}
# key timing, emulated ms: a tap is held longer than host_sim's 60 ms (the firmware polls every
# 10 ms and latches presses anyway) and shorter than a hold; a hold passes the hold threshold
TAP_MS = 80
HOLD_MS = 800
KEY_QUIET_MS = 400    # no LCD write for this long after a button: the screen has settled
BOT_QUIET_MS = 2500   # ... after wait:MS: longer, since a bot thinks without drawing


def wiring(board):
    """The kit's --lcd and --buttons specs for a board profile (boards/<board>.py): its SPI,
    control pins and the panel window in the ST7789's 240x320 frame memory.

    The profiles drive the panel landscape (MADCTL 0x70: rows and columns exchanged, MX mirrors
    the columns), so the profile's X_OFF/WIDTH are frame-memory rows and Y_OFF/HEIGHT columns
    counted from the 240-column memory's far side; the kit's rot=270 turns the portrait frame
    memory back to what the player sees. (Checked on the 1.14: its 135 columns sit at 52-186.)"""
    b = _profile(board)
    if b.MADCTL != 0x70:
        raise ValueError("%s: MADCTL 0x%02x has no kit wiring yet (only 0x70)" % (board, b.MADCTL))
    lcd = "spi%d,dc=%d,cs=%d,rst=%d,bl=%d,x=%d,y=%d,w=%d,h=%d,rot=270,ips=1" % (
        b.SPI_ID, b.DC, b.CS, b.RST, b.BACKLIGHT, 240 - b.Y_OFF - b.HEIGHT, b.X_OFF, b.HEIGHT, b.WIDTH)
    buttons = ",".join("%s=%d" % (_KIT_BUTTON.get(name, name), gpio) for name, gpio in b.BUTTONS)
    return lcd, buttons


def _profile(board):
    import importlib.util

    path = os.path.join(ROOT, "boards", board + ".py")
    if not os.path.isfile(path):
        raise ValueError("no board profile %s (boards/%s.py)" % (board, board))
    spec = importlib.util.spec_from_file_location("board_" + board, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Pico:
    """One emulated Pico with its own state folder (tty, flash image, log, control port).

    fresh=True starts from an erased flash (plain MicroPython); uf2 boots a UF2 as if dropped on
    the board in BOOTSEL mode (applied to a new flash image only). lcd/buttons: the kit's wiring
    specs (default: Waveshare Pico-LCD-1.3). max_speed: emulated/wall cap (0 = none; the kit paces
    a sleeping firmware to real time at 1)."""

    def __init__(self, state_dir, lcd=None, buttons=None, uf2=None, fresh=True, control=None, max_speed=0,
                 board=None):
        self.state_dir = os.path.abspath(state_dir)
        if board and not (lcd or buttons):
            lcd, buttons = wiring(board)
        self.board = board
        self.lcd, self.buttons, self.uf2, self.fresh = lcd, buttons, uf2, fresh
        self.max_speed = max_speed
        self.control = control or _free_port()
        self.vh = None
        self._awake_duty = None   # the backlight after a reset or the last press: the console awake

    @property
    def device(self):
        return self.vh.device

    def start(self):
        vhandheld = vhandheld_module()
        os.makedirs(self.state_dir, exist_ok=True)
        flash = os.path.join(self.state_dir, "flash.bin")
        if self.fresh and os.path.exists(flash):
            os.remove(flash)
        if os.path.exists(os.path.join(self.state_dir, "keys.log")):
            os.remove(os.path.join(self.state_dir, "keys.log"))
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
        """Build the firmware for `board` (a profile name) and flash it with tools.board.flash; the board
        resets into the console afterwards."""
        from tools.board import build as build_tool
        from tools.board import flash as flash_tool

        # a build folder of its own per board: runs for two boards may build at the same time
        out = os.path.join(ROOT, "build", "pico", "device-" + (board or "firmware"))
        build_tool.build(board, out_dir=out)
        flash_tool.flash(self.device, build_dir=out, reset=True, log=log or (lambda s: None),
                         answer_timeout=60)

    def runs_frozen(self):
        """True when the board runs the release firmware (meeple frozen in: tools/release/firmware.py)."""
        out = self.exec("try:\n import meeple_firmware\n print('@@FROZEN')\nexcept ImportError:\n print('@@STOCK')")
        return "@@FROZEN" in out

    def soft_reset(self):
        """Soft-reset the board (main.py runs again) and wait until the console has drawn anew and
        settled, so the next press is not lost while MicroPython reboots. The LCD keeps its
        picture and counters over a soft reset: the wait is for pixel bytes beyond those."""
        before = self.vh.stats()["lcd"]["ramwr_bytes"]
        self.vh.soft_reset()
        return self.wait_title(since_bytes=before)

    def wait_title(self, timeout_ms=30000, quiet_ms=500, wall_timeout=180, since_bytes=0):
        """After a reset: wait until the firmware has drawn (the title) and the LCD is quiet.
        Returns the emulated ms of the last write (counted from the emulator's power-on, which
        machine.reset() restarts). Rides over the emulator restarting (connection refused)."""
        import time

        vh = self.vh
        deadline = time.time() + wall_timeout
        while True:
            try:
                start = vh.now()
                while vh.stats()["lcd"]["ramwr_bytes"] <= since_bytes:
                    if vh.now() - start > timeout_ms:
                        raise RuntimeError("the emulated Pico drew nothing within %d emulated ms; see %s"
                                           % (timeout_ms, os.path.join(self.state_dir, "emulator.log")))
                    vh.sleep(100)
                last = vh.wait_idle(ms=quiet_ms, timeout_ms=timeout_ms)["last_ms"]
                if last is not None:
                    self._awake_duty = _duty(vh.stats())
                    return last
                # nothing drawn since the emulator's power-on: the bytes seen were the old run's,
                # just before a reset restarted it; wait for the new run's title
                if time.time() > deadline:
                    raise RuntimeError("the emulated Pico drew nothing after its reset within %d s; see %s"
                                       % (wall_timeout, os.path.join(self.state_dir, "emulator.log")))
                since_bytes = 0
                time.sleep(1)
            except OSError:
                vh.close()
                if time.time() > deadline:
                    raise RuntimeError("the emulated Pico's control port did not come back within %d s; "
                                       "see %s" % (wall_timeout, os.path.join(self.state_dir, "emulator.log")))
                time.sleep(1)

    def keys(self, script, quiet_ms=KEY_QUIET_MS, bot_quiet_ms=BOT_QUIET_MS, shot_dir=None):
        """Play a host_sim key script on the buttons (tools.pico.scripts: tap, hold:B, wait:MS,
        shot:NAME). After each button the LCD must be quiet for quiet_ms; after wait:MS (the
        script's way to let bots move) for bot_quiet_ms, since a bot thinks without drawing.
        shot:NAME writes NAME.png into shot_dir. Returns the shot paths in order."""
        vh = self.vh
        shots = []
        for tok in script.split():
            if tok.startswith("wait:"):
                vh.sleep(int(tok[5:]))
                vh.wait_idle(ms=bot_quiet_ms, timeout_ms=600000)
            elif tok.startswith("shot:"):
                path = os.path.join(shot_dir or self.state_dir, tok[5:] + ".png")
                vh.shot(path)
                shots.append(path)
            else:
                hold = tok.startswith("hold:")
                name = tok[5:] if hold else tok
                self._wake_if_dimmed(name, quiet_ms)
                t = vh.press(_KIT_BUTTON.get(name, name), ms=HOLD_MS if hold else TAP_MS, wait=True)
                vh.wait_idle(ms=quiet_ms, timeout_ms=600000, after_ms=t["t_press_ms"])
                self._awake_duty = _duty(vh.stats())
                self._log_key(tok, t["t_press_ms"])
        return shots

    def _wake_if_dimmed(self, name, quiet_ms):
        """Wake a console that dimmed its backlight before the next press lands.

        The kit runs a sleeping firmware as fast as it can (max_speed=0), so while this side is
        busy (a screenshot, a slow host) the console's idle clock races on, and past its DIM_MS
        (60 emulated s) the next press would only wake it: on a real board the player presses
        once more, and host_sim, whose clock moves only with the script, never dims. So do what
        the player does: one waking press (the console does nothing else with it), logged."""
        duty = _duty(self.vh.stats())
        if self._awake_duty is None or duty >= self._awake_duty:
            return
        t = self.vh.press(_KIT_BUTTON.get(name, name), ms=TAP_MS, wait=True)
        self.vh.wait_idle(ms=quiet_ms, timeout_ms=600000, after_ms=t["t_press_ms"])
        self._log_key("(wake: backlight %.2f, awake %.2f)" % (duty, self._awake_duty), t["t_press_ms"])

    def _log_key(self, what, t_press_ms):
        """One line per press in <state>/keys.log: where a session's run diverged, afterwards."""
        with open(os.path.join(self.state_dir, "keys.log"), "a") as f:
            f.write("%.0f %s\n" % (t_press_ms, what))

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


def _duty(stats):
    """The backlight's PWM duty (0..1) from the kit's stats; 1 for a plain on/off pin."""
    bl = stats.get("backlight") or {}
    return bl.get("duty", 1.0 if bl.get("level", 1) else 0.0)


FIRMWARES = ("frozen", "stock")  # the release firmware (make firmware), or the kit's + make flash


def frozen_uf2(board, chip="rp2040", log=None):
    """Path of the release UF2 for `board` (tools.release.uf2_make.make_frozen: meeple frozen into
    MicroPython, an empty littlefs), built or brought up to date first, for Pico(uf2=...)."""
    from tools.release import uf2_make

    out = os.path.join(ROOT, "build", "pico", "uf2")
    try:
        path, _summary = uf2_make.make_frozen(board, chip, out_dir=out, log=log or (lambda s: None))
    except uf2_make.MakeError as e:
        raise RuntimeError("the release firmware for %s: %s" % (board, e)) from None
    return path


def _free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return str(s.getsockname()[1])
