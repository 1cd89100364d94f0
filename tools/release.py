"""make release [MICROPYTHON=path/to/RPI_PICO.uf2]: the files a player downloads, in build/release/.

One UF2 per board profile (tools/uf2_make.py), SHA256SUMS (the format `sha256sum -c` reads) and
README.txt: which file for which board, how to install it, what an update overwrites and how to
go back to plain MicroPython. Any refusal (a UF2 that is not MicroPython for the RP2040, too old
for our .mpy files, or a build that does not fit) stops the release with one line, exit 1.
"""
import argparse
import os
import subprocess
import sys

from tools import build as build_tool
from tools import uf2_make

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "build", "release")


def board_title(board):
    """The profile's NAME (what the player knows the board as), read without importing it."""
    with open(os.path.join(build_tool.BOARDS, board + ".py")) as f:
        for line in f:
            if line.startswith("NAME"):
                return line.split("=", 1)[1].strip().strip("\"'")
    return board


PLAYER_README = """meeple ({version}): Cacao and Santiago on a Raspberry Pi Pico handheld
======================================================================

Which file: the one for the display board your Pico is plugged into.

{table}

Install (about a minute, nothing else needed):
  1. Unplug the Pico. Hold its white BOOTSEL button, plug it into a computer's USB, let go.
     (A handheld with the Pico built in, such as the PicoSystem: see its maker's guide for
     how to start it in BOOTSEL mode.)
  2. A drive called RPI-RP2 appears. Copy the .uf2 file for your board onto it.
  3. The Pico restarts by itself into meeple's title screen. Press A.
  Check a download first if you like: sha256sum -c SHA256SUMS

Updating to a newer release erases your saved game, statistics and settings: the UF2 writes
MicroPython and a whole new filesystem over the old one (a UF2 can only overwrite whole flash
sectors, it cannot add files to the filesystem that is there). To keep them, update from a
computer instead with `make flash` from the meeple source (README "Install on a board").

Back to plain MicroPython: BOOTSEL as above, then copy {plain} onto the drive: it is
MicroPython {micropython} with an empty filesystem, so meeple and its saves are gone and the Pico
starts at the MicroPython prompt. (The RPI_PICO .uf2 from micropython.org alone replaces only
MicroPython: meeple's files stay on the flash and the console would still start.)

Built with MicroPython {micropython} for the RP2040 (Raspberry Pi Pico).
"""


def release(micropython=None, out_dir=OUT_DIR, boards=None, log=print):
    """Build every profile's UF2 into out_dir; return the summaries."""
    boards = boards or build_tool.profiles()
    os.makedirs(out_dir, exist_ok=True)
    for name in os.listdir(out_dir):  # a release folder holds this release only
        if name.endswith((".uf2", ".tmp")) or name in ("SHA256SUMS", "README.txt"):
            os.unlink(os.path.join(out_dir, name))
    summaries = []
    for board in boards:
        summaries.append(uf2_make.make(board, micropython, out_dir, log=lambda s: None)[1])
    plain_path, plain_summary = uf2_make.make_plain(micropython, out_dir, log=lambda s: None)
    plain = os.path.basename(plain_path)
    with open(os.path.join(out_dir, "SHA256SUMS"), "w") as f:
        for s in summaries + [plain_summary]:
            f.write("%s  %s\n" % (s["sha256"], s["file"]))
    width = max(len(s["file"]) for s in summaries)
    table = "\n".join("  %-*s  %s" % (width, s["file"], board_title(s["board"])) for s in summaries)
    version = source_version()
    with open(os.path.join(out_dir, "README.txt"), "w") as f:
        f.write(PLAYER_README.format(version=version, table=table,
                                     micropython=summaries[0]["micropython"], plain=plain))
    for s in summaries:
        log("release: %-*s %5.0f KB  MicroPython %s + %d files (%.1f KB), %d KB free for saves  %s"
            % (width, s["file"], s["bytes"] / 1024, s["micropython"], s["files"], s["files_kb"],
               s["free_kb"], board_title(s["board"])))
    log("release: %-*s %5.0f KB  MicroPython %s with an empty filesystem (the way back)"
        % (width, plain, plain_summary["bytes"] / 1024, plain_summary["micropython"]))
    log("release: %d UF2 files, SHA256SUMS and README.txt in %s"
        % (len(summaries) + 1, os.path.relpath(out_dir, ROOT) if out_dir.startswith(ROOT) else out_dir))
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
    ap = argparse.ArgumentParser(prog="python -m tools.release", description=__doc__.split("\n")[0])
    ap.add_argument("--micropython", help="MicroPython RPI_PICO UF2 (default: the emulated Pico kit's v1.28.0)")
    ap.add_argument("--out", default=OUT_DIR, help="output folder (default build/release)")
    args = ap.parse_args(argv)
    try:
        release(args.micropython, args.out)
    except uf2_make.MakeError as e:
        print("release: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
