"""make release: the files a player downloads, in build/release/.

One UF2 per board profile and chip: the release firmware (tools/release/firmware.py: MicroPython with
meeple, main.py and the board's profile frozen in) with an empty littlefs for saves
(tools/release/uf2_make.make_frozen), for the Pico (RP2040) and the Pico 2 (RP2350); SHA256SUMS (the
format `sha256sum -c` reads) and README.txt: which file for which board, how to install it, what
an update overwrites and how to go back to plain MicroPython. Any failure (no Arm toolchain, a
build that does not fit the flash) stops the release with one line, exit 1.
"""
import argparse
import os
import subprocess
import sys

from tools.board import build as build_tool
from tools.release import uf2_make

from tools import ROOT
OUT_DIR = os.path.join(ROOT, "build", "release")
CHIPS = ("rp2040", "rp2350")
PICO_NAMES = {"rp2040": "Raspberry Pi Pico", "rp2350": "Raspberry Pi Pico 2"}


def board_title(board):
    """The profile's NAME (what the player knows the board as), read without importing it."""
    with open(os.path.join(build_tool.BOARDS, board + ".py")) as f:
        for line in f:
            if line.startswith("NAME"):
                return line.split("=", 1)[1].strip().strip("\"'")
    return board


PLAYER_README = """meeple ({version}): Cacao and Santiago on a Raspberry Pi Pico handheld
======================================================================

Which file: the one for the display board your Pico is plugged into, and for your Pico:
"-pico" for a Raspberry Pi Pico (RP2040), "-pico2" for a Pico 2 (RP2350).

{table}

Install (about a minute, nothing else needed):
  1. Unplug the Pico. Hold its white BOOTSEL button, plug it into a computer's USB, let go.
     (A handheld with the Pico built in, such as the PicoSystem: see its maker's guide for
     how to start it in BOOTSEL mode.)
  2. A drive appears (RPI-RP2 for a Pico, RP2350 for a Pico 2). Copy the .uf2 file for your
     board onto it.
  3. The Pico restarts by itself into meeple's title screen. Press A.
  Check a download first if you like: sha256sum -c SHA256SUMS

Each file is MicroPython {micropython} with meeple built into it (frozen: the code runs from
flash, which leaves the Pico's memory to the games), plus an empty filesystem for your saved
game, statistics and settings. Installing a file, a newer release included, erases those: a UF2
writes whole flash sectors, the filesystem's among them.

Back to plain MicroPython: BOOTSEL as above, then copy the MicroPython UF2 for your Pico from
micropython.org (RPI_PICO or RPI_PICO2). meeple's code goes with the firmware it was built into;
the filesystem (your saves) stays, and the Pico starts at the MicroPython prompt.

{firmware_note}
"""

FIRMWARE_NOTE = ("Tested: the Pico (RP2040) files boot and play on an emulated RP2040 running this "
                 "firmware.\nThe Pico 2 (RP2350) files are built and checked (chip, layout, filesystem) "
                 "but have not\nbeen booted on an emulator or a board by the makers of this release.")


def release(out_dir=OUT_DIR, boards=None, chips=CHIPS, log=print):
    """Build every profile's release UF2 for every chip into out_dir; return the summaries."""
    boards = boards or build_tool.profiles()
    os.makedirs(out_dir, exist_ok=True)
    for name in os.listdir(out_dir):  # a release folder holds this release only
        if name.endswith((".uf2", ".tmp")) or name in ("SHA256SUMS", "README.txt"):
            os.unlink(os.path.join(out_dir, name))
    summaries = []
    for chip in chips:
        for board in boards:
            log("release: building meeple-%s-%s.uf2" % (board, uf2_make.CHIP_BOARDS[chip]))
            summaries.append(uf2_make.make_frozen(board, chip, out_dir, log=lambda s: None)[1])
    with open(os.path.join(out_dir, "SHA256SUMS"), "w") as f:
        for s in summaries:
            f.write("%s  %s\n" % (s["sha256"], s["file"]))
    width = max(len(s["file"]) for s in summaries)
    table = "\n".join("  %-*s  %s, %s" % (width, s["file"], board_title(s["board"]), PICO_NAMES[s["chip"]])
                      for s in summaries)
    with open(os.path.join(out_dir, "README.txt"), "w") as f:
        f.write(PLAYER_README.format(version=source_version(), table=table, micropython=summaries[0]["micropython"],
                                     firmware_note=FIRMWARE_NOTE))
    for s in summaries:
        log("release: %-*s %5.0f KB  MicroPython %s, meeple %s frozen (%.0f KB of code, %d KB of flash "
            "left below the %d KB filesystem)"
            % (width, s["file"], s["bytes"] / 1024, s["micropython"], s["commit"], s["firmware_kb"],
               s["flash_room_kb"], s["fs_kb"]))
    log("release: %d UF2 files, SHA256SUMS and README.txt in %s"
        % (len(summaries), os.path.relpath(out_dir, ROOT) if out_dir.startswith(ROOT) else out_dir))
    return summaries


def source_version():
    """Which source the release was built from: `git describe` (e.g. 3f2a1bc, -dirty if edited)."""
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True,
                             text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return "built from source"
    return "commit " + out.stdout.strip() if out.returncode == 0 and out.stdout.strip() else "built from source"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.release.bundle", description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=OUT_DIR, help="output folder (default build/release)")
    ap.add_argument("--board", action="append", help="only this profile (repeatable; default: all)")
    ap.add_argument("--chip", action="append", choices=CHIPS, help="only this chip (repeatable; default: both)")
    args = ap.parse_args(argv)
    try:
        release(args.out, args.board, args.chip or CHIPS)
    except uf2_make.MakeError as e:
        print("release: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
