"""make uf2 BOARD=<profile> [MICROPYTHON=path/to/RPI_PICO.uf2]: one file that installs the console.

Writes build/uf2/meeple-<profile>.uf2: the MicroPython UF2's blocks unchanged, then a littlefs2
image of the build (the .mpy files, main.py, /board.py and the /.meeple-flash list that a later
`make flash` reads) covering the firmware's whole filesystem. Dropped on a Pico in BOOTSEL mode it
boots straight into the console. Without MICROPYTHON the emulated-Pico kit's v1.28.0 RPI_PICO
UF2 is used. A UF2 that is not MicroPython for the RP2040, too old to read our .mpy files, or
whose filesystem cannot hold the build with room for saves is refused with one line (exit 1).
"""
import argparse
import hashlib
import json
import os
import sys

from tools.board import build as build_tool
from tools.release import uf2, uf2_firmware, uf2_fs

from tools import ROOT
OUT_DIR = os.path.join(ROOT, "build", "uf2")
FILES_DIR = os.path.join(OUT_DIR, "files")  # one board-less build shared by every profile
FLASH_LIST = "/.meeple-flash"  # what tools/board/flash.py reads to know which files it put there
MIN_FREE = 64 * 1024  # saves, records and settings need this much after the install


class MakeError(Exception):
    """One line for the user."""


def default_micropython():
    from tools.pico.emulator import KitMissing, kit_dir

    try:
        return os.path.join(kit_dir(), "firmware", "firmware.uf2")
    except KitMissing as e:
        raise MakeError("%s; or give MICROPYTHON=path/to/RPI_PICO.uf2 (from micropython.org)" % e) from None


def load_firmware(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise MakeError("cannot read the MicroPython UF2 %s: %s" % (path, e.strerror)) from None
    return load_firmware_bytes(data, os.path.basename(path))


def board_files(board, files_dir=FILES_DIR):
    """{"/path": bytes}: the board-less build plus /board.py and the flash list, and the build's
    .mpy format."""
    try:
        manifest = build_tool.build(None, files_dir)
    except build_tool.BuildError as e:
        raise MakeError("build: %s" % e) from None
    files = {}
    for rel in manifest["files"]:
        with open(os.path.join(files_dir, rel), "rb") as f:
            files["/" + rel] = f.read()
    with open(os.path.join(build_tool.BOARDS, board + ".py"), "rb") as f:
        files["/board.py"] = f.read()
    files[FLASH_LIST] = json.dumps(sorted(p[1:] for p in files)).encode()
    return files, manifest["mpy"]


def combine(fw, files):
    """(UF2 bytes, used filesystem blocks): the firmware's blocks and the filesystem image, in
    the UF2 family of the firmware's chip."""
    try:
        image, used = uf2_fs.make_image(files, fw.fs_size)
    except uf2_fs.ImageFull as e:
        raise MakeError(str(e)) from None
    free = fw.fs_size - used * uf2_fs.BLOCK_SIZE
    if free < MIN_FREE:
        raise MakeError("the build leaves %d KB free of the board's %d KB filesystem; saves need %d KB"
                        % (free // 1024, fw.fs_size // 1024, MIN_FREE // 1024))
    segments = [(addr, payload) for addr, payload, _f in fw.blocks]  # whole pages (inspect checks)
    segments.append((fw.fs_base, image))
    return uf2.write(segments, uf2_firmware.CHIP_FAMILIES[fw.chip]), used


def make(board, micropython=None, out_dir=OUT_DIR, log=print):
    """Write out_dir/meeple-<board>.uf2; return (path, summary dict)."""
    if board not in build_tool.profiles():
        raise MakeError("unknown BOARD %r; available profiles: %s" % (board, ", ".join(build_tool.profiles())))
    micropython = micropython or default_micropython()
    fw = load_firmware(micropython)
    files, mpy = board_files(board)
    try:
        uf2_firmware.check_mpy(fw, mpy)
    except uf2.UF2Error as e:
        raise MakeError(str(e)) from None
    data, used = combine(fw, files)
    path = os.path.join(out_dir, "meeple-%s.uf2" % board)
    _write(path, data)
    summary = {
        "board": board, "file": os.path.basename(path), "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(), "micropython": fw.version_text,
        "firmware_kb": (fw.code_end - uf2_firmware.XIP_BASE) / 1024, "fs_base": fw.fs_base,
        "fs_kb": fw.fs_size // 1024, "files": len(files), "files_kb": sum(map(len, files.values())) / 1024,
        "free_kb": (fw.fs_size - used * uf2_fs.BLOCK_SIZE) // 1024,
    }
    log("uf2: %s: %.0f KB (MicroPython %s %.0f KB + %d files %.1f KB in a %d KB littlefs at 0x%08x, "
        "%d KB free for saves)"
        % (os.path.relpath(path, ROOT) if path.startswith(ROOT) else path, len(data) / 1024,
           fw.version_text, summary["firmware_kb"], summary["files"], summary["files_kb"], summary["fs_kb"],
           fw.fs_base, summary["free_kb"]))
    return path, summary


# the release's file names: what a player knows the board by
CHIP_BOARDS = {"rp2040": "pico", "rp2350": "pico2"}


def frozen_uf2(board, chip, firmware_dir=None, log=print):
    """(Firmware, UF2 bytes of the program alone) of `make firmware BOARD=board CHIP=chip`,
    built or brought up to date first; checked as any MicroPython UF2 is, and refused unless
    meeple is frozen in it."""
    from tools.release import firmware as firmware_tool

    try:
        summary = firmware_tool.build(board, chip, firmware_dir or firmware_tool.OUT_DIR, log=log)
    except firmware_tool.FirmwareError as e:
        raise MakeError(str(e)) from None
    with open(os.path.join(firmware_dir or firmware_tool.OUT_DIR, summary["bin"]), "rb") as f:
        program = f.read()
    program += b"\xff" * (-len(program) % uf2.PAGE)
    data = uf2.write([(uf2_firmware.XIP_BASE, program)], uf2_firmware.CHIP_FAMILIES[chip])
    fw = load_firmware_bytes(data, summary["bin"])
    if "meeple_firmware" not in fw.frozen or fw.chip != chip:
        raise MakeError("%s does not hold meeple frozen for %s" % (summary["bin"], chip))
    return fw, summary


def load_firmware_bytes(data, name):
    try:
        return uf2_firmware.inspect(data, name)
    except uf2.UF2Error as e:
        raise MakeError(str(e)) from None


def make_frozen(board, chip="rp2040", out_dir=OUT_DIR, firmware_dir=None, log=print):
    """out_dir/meeple-<board>-<pico|pico2>.uf2: the release firmware (meeple, main.py and the
    board's profile frozen in) and an empty littlefs over the whole filesystem, for saves.
    Nothing of meeple's code is on the filesystem, so nothing there can shadow the frozen code,
    and an older install's files (and saves) are replaced. Return (path, summary)."""
    if board not in build_tool.profiles():
        raise MakeError("unknown BOARD %r; available profiles: %s" % (board, ", ".join(build_tool.profiles())))
    fw, built = frozen_uf2(board, chip, firmware_dir, log=lambda s: None)
    data, used = combine(fw, {})
    path = os.path.join(out_dir, "meeple-%s-%s.uf2" % (board, CHIP_BOARDS[chip]))
    _write(path, data)
    summary = {
        "board": board, "chip": chip, "file": os.path.basename(path), "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(), "micropython": fw.version_text, "commit": built["commit"],
        "firmware_kb": (fw.code_end - uf2_firmware.XIP_BASE) / 1024, "fs_base": fw.fs_base,
        "fs_kb": fw.fs_size // 1024, "files": 0, "files_kb": 0.0,
        "free_kb": (fw.fs_size - used * uf2_fs.BLOCK_SIZE) // 1024,
        "flash_room_kb": (fw.fs_base - fw.code_end) // 1024,
    }
    log("uf2: %s: %.0f KB (MicroPython %s with meeple %s frozen for %s, %.0f KB of code, %d KB left below "
        "the %d KB littlefs at 0x%08x)"
        % (os.path.relpath(path, ROOT) if path.startswith(ROOT) else path, len(data) / 1024, fw.version_text,
           built["commit"], chip, summary["firmware_kb"], summary["flash_room_kb"], summary["fs_kb"], fw.fs_base))
    return path, summary


def _write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)  # never a half-written UF2 under the real name


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.release.uf2_make", description=__doc__.split("\n")[0])
    ap.add_argument("--board", required=True, help="board profile (boards/<BOARD>.py)")
    ap.add_argument("--micropython", help="MicroPython RPI_PICO UF2 (default: the emulated Pico kit's v1.28.0)")
    ap.add_argument("--frozen", choices=sorted(CHIP_BOARDS),
                    help="the release firmware for this chip instead (make firmware, meeple frozen in)")
    ap.add_argument("--out", default=OUT_DIR, help="output folder (default build/uf2)")
    args = ap.parse_args(argv)
    try:
        if args.frozen:
            make_frozen(args.board, args.frozen, args.out)
        else:
            make(args.board, args.micropython, args.out)
    except MakeError as e:
        print("uf2: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
