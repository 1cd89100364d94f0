"""An interrupted `make flash` on the emulated Pico: old firmware or a clear message, never a
hang, and the next flash repairs it.

On a Pico that runs the current build for `board` (tools.pico.test has just flashed it), two
newer builds (firmware/ with a marker in two small modules) are flashed and cut midway:

1. the copy is killed (SIGKILL of `python -m tools.board.flash`, as a closed terminal or a pulled
   cable) while the second file is being written; the board is reset;
2. the board loses power (the emulator is stopped and started again with its flash) while the
   second file is being written; the copy must then fail with one line, not hang.

After each cut the board must boot the old firmware to its title within a bounded time, and
every firmware file on it must be the old build's; the next flash must say it removed the
unfinished files, copy the two, and boot the new firmware (its marker is read back).

    python -m tools.pico.flashcut [--board waveshare_lcd_1_3] [--keep]   # on its own (a flash first)

Run by `make pico-test` (tools.pico.test, on the device-test wiring).
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import time

from tools.board import files as board_files
from tools.board import build as build_tool
from tools.board import flash as flash_tool
from tools.board.link import connect

from tools import ROOT
OUT = os.path.join(ROOT, "build", "pico")
CHANGED = ("meeple/storage/journal.py", "meeple/storage/savefile.py")   # small: copies run at ~3 KB/s
COPY_TIMEOUT = 240   # wall seconds a flash may take here before it counts as a hang


def newer_build(board, marker):
    """Build firmware/ with `_FLASH_MARK = marker` added to the CHANGED modules; (dir, files)."""
    src = os.path.join(OUT, "flashcut-src-%d" % marker)
    shutil.rmtree(src, ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, "firmware"), src)
    for rel in CHANGED:
        with open(os.path.join(src, rel), "a") as f:
            f.write("\n_FLASH_MARK = %d\n" % marker)
    out = os.path.join(OUT, "flashcut-device-%d" % marker)
    files = build_tool.build(board, out_dir=out, firmware=src)["files"]
    return out, files


def on_board(pico, files):
    """{path: (size, sha256)} of the build's files as the board holds them now."""
    with connect(pico.device, answer_timeout=60) as link:
        info, _, _, _ = board_files.scan(link, ["/" + p for p in files])
    return info


def same_as(info, files):
    """The build's files the board holds otherwise (board.py aside: tools.pico.session writes a
    fixed deal into it, and the next flash puts the profile back)."""
    return [p for p in files if p != "board.py" and info.get("/" + p) != (files[p]["size"], files[p]["sha256"])]


def start_copy(pico, build_dir):
    return subprocess.Popen([sys.executable, "-u", "-m", "tools.board.flash", "--port", pico.device, "--build",
                             build_dir, "--no-reset", "--answer-timeout", "60"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def wait_for_line(proc, text, timeout=COPY_TIMEOUT):
    """Read the copy's output until a line holding `text`; the lines read."""
    seen = []
    deadline = time.time() + timeout
    for line in proc.stdout:
        seen.append(line.rstrip())
        if text in line:
            return seen
        if time.time() > deadline:
            break
    raise RuntimeError("the flash never printed %r: %s" % (text, " | ".join(seen[-5:])))


def marker(pico):
    out = pico.exec("import meeple.storage.journal as j, meeple.storage.savefile as s\n"
                    "print(getattr(j, '_FLASH_MARK', 0), getattr(s, '_FLASH_MARK', 0))")
    return out.split()


def boots(pico, log, what, since_bytes=0):
    """The title is drawn within bounded time (wait_title raises otherwise): no hang."""
    t = time.time()
    ms = pico.wait_title(since_bytes=since_bytes)
    log("flashcut: %s: booted to the title in %.0f s wall (%.0f emulated ms)" % (what, time.time() - t, ms))


def repair(pico, build_dir, files, mark, log, failures, what):
    """The next flash finishes the job: it names the unfinished files, copies the changed ones,
    and the board then runs the new build."""
    lines = []
    flash_tool.flash(pico.device, build_dir=build_dir, reset=True, log=lines.append, answer_timeout=60)
    text = " | ".join(lines)
    if "unfinished file" not in text:
        failures.append("%s: the next flash did not clear the unfinished files: %s" % (what, text))
    boots(pico, log, what + ", after the next flash")
    left = same_as(on_board(pico, files), files)
    if left:
        failures.append("%s: after the next flash %d file(s) differ from the build (first /%s)"
                        % (what, len(left), left[0]))
    got = marker(pico)
    if got != [str(mark)] * 2:
        failures.append("%s: the repaired firmware's marker is %r, not %d" % (what, got, mark))
    log("flashcut: %s: the next flash repaired it (%s)" % (what, lines[-1] if lines else "?"))


def run(pico, board, log=print):
    """Both cuts on a Pico that runs the current build of `board`; failure lines."""
    failures = []
    t0 = time.time()
    old_dir = os.path.join(OUT, "device-" + board)
    old = flash_tool.load_build(old_dir)["files"]
    # 1. the copy killed while it writes the second file, then the board reset
    new_dir, new = newer_build(board, 1)
    proc = start_copy(pico, new_dir)
    try:
        wait_for_line(proc, "[2/")
        time.sleep(0.5)                      # into the second file's chunks (~3 KB/s)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    before = pico.vh.stats()["lcd"]["ramwr_bytes"]
    pico.vh.soft_reset()
    boots(pico, log, "copy killed", since_bytes=before)
    left = same_as(on_board(pico, old), old)
    if left:
        failures.append("copy killed: %d file(s) are no longer the old build's (first /%s)" % (len(left), left[0]))
    if marker(pico) != ["0", "0"]:
        failures.append("copy killed: the board does not run the old firmware")
    repair(pico, new_dir, new, 1, log, failures, "copy killed")
    # 2. the power goes while the second file is written; the copy must end with one line
    new2_dir, new2 = newer_build(board, 2)
    proc = start_copy(pico, new2_dir)
    try:
        wait_for_line(proc, "[2/")
        time.sleep(0.5)
        pico.stop()                           # power off: the flash image keeps what was written
        try:
            _, err = proc.communicate(timeout=COPY_TIMEOUT)
        except subprocess.TimeoutExpired:
            failures.append("power cut: the copy hung after the board went away")
            err = ""
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    msg = [ln for ln in err.strip().splitlines() if ln]
    if proc.returncode == 0 or len(msg) != 1 or not msg[0].startswith("flash: ") or "Traceback" in err:
        failures.append("power cut: the copy did not end with one clear line (status %s): %r"
                        % (proc.returncode, err[-300:]))
    else:
        log("flashcut: power cut: the copy said %r" % msg[0])
    pico.fresh = False
    pico.start()                              # power on with the flash as the cut left it
    boots(pico, log, "power cut")
    left = same_as(on_board(pico, new), new)
    if left:
        failures.append("power cut: %d file(s) are not the running build's (first /%s)" % (len(left), left[0]))
    if marker(pico) != ["1", "1"]:
        failures.append("power cut: the board does not run the firmware it had before the cut")
    repair(pico, new2_dir, new2, 2, log, failures, "power cut")
    log("flashcut: %s in %.0f s wall" % ("FAILED" if failures else "passed", time.time() - t0))
    return failures


def main(argv=None):
    from tools.pico.emulator import Pico

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    ap = argparse.ArgumentParser(prog="python -m tools.pico.flashcut", description=__doc__.split("\n")[0])
    ap.add_argument("--board", default="waveshare_lcd_1_3")
    ap.add_argument("--keep", action="store_true", help="start from the last run's flash (a flash then "
                    "copies only what differs)")
    args = ap.parse_args(argv)
    t0 = time.time()
    with Pico(os.path.join(OUT, "flashcut-" + args.board), board=args.board, fresh=not args.keep) as pico:
        if args.keep:
            pico.wait_title()               # booted: a flash at power-up would meet main.py's start
        pico.flash(args.board)
        pico.wait_title()
        print("flashcut: flashed in %.0f s wall" % (time.time() - t0), flush=True)
        failures = run(pico, args.board, lambda s: print(s, flush=True))
    for f in failures:
        print("  " + f)
    print("flashcut: %s, %.1f min wall in all" % ("FAILED" if failures else "passed", (time.time() - t0) / 60))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
