"""make firmware BOARD=<profile> [CHIP=rp2040|rp2350]: MicroPython with meeple frozen into it.

The release firmware: MicroPython v1.28.0 built from the source tarball in ../shared/micropython
(or $MICROPYTHON_SRC) with Debian's Arm toolchain, every module of firmware/meeple, main.py and
the board's profile (as `board`) frozen into flash (boards/manifest.py), plus a frozen
`meeple_firmware` module that says which source, board and chip it was built from. Frozen
bytecode, its constants and its names stay in flash instead of the heap; the viper text
writer (meeple/ui/glyphs.py), the modules every press goes through (NATIVE_MODULES) and the bots'
hottest functions (NATIVE_FUNCTIONS) are compiled to machine code for the chip.

    python -m tools.release.firmware --board waveshare_lcd_1_3 [--chip rp2350]
    -> build/firmware/meeple-<board>-<chip>.bin  (the program, flash from 0x10000000)
       build/firmware/meeple-<board>-<chip>.json (sizes, source commit, layout)

Incremental: the tarball is unpacked once (per checksum), each chip has one MicroPython build
folder, so a second run, or another board for the same chip, rebuilds only the frozen modules
and links again. Byte-identical from the same source wherever the checkout lies: the build's
paths are mapped away (-ffile-prefix-map), the version and date are fixed (MICROPY_GIT_TAG,
SOURCE_DATE_EPOCH = BUILD_DATE_EPOCH). A missing toolchain is one line naming the Debian
packages to install; every other failure is one line too, with the build log's path (exit 1).
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time

from tools.board import build as build_tool

from tools import ROOT
OUT_DIR = os.path.join(ROOT, "build", "firmware")
DEFAULT_SRC = os.path.join(ROOT, "..", "shared", "micropython", "micropython-1.28.0-rp2-src.tar.xz")
SRC_SHA256 = "84a6064a75ede5825d8deb8a90cfcc00f816eaaea959c036f27084c5ef0a1663"
MICROPYTHON_TAG = "v1.28.0"          # what the tarball holds (its README): the banner's version
MICROPYTHON_HASH = "2b0015629f67"
# the build date the firmware carries (MicroPython's banner, the SDK's binary info): fixed, so
# the same source makes the same bytes whenever it is built; which meeple it is, is the commit
# in meeple_firmware. (A date from the commit would not do: an incremental build keeps the
# objects compiled under an earlier one.)
BUILD_DATE_EPOCH = 1767225600  # 2026-01-01
# chip -> MicroPython board folder (ports/rp2/boards/<name>)
CHIPS = {"rp2040": "RPI_PICO", "rp2350": "RPI_PICO2"}
TOOLCHAIN_PACKAGES = "gcc-arm-none-eabi libnewlib-arm-none-eabi cmake build-essential"
MANIFEST = os.path.join(ROOT, "boards", "manifest.py")
MPY_CROSS_ARCH = {"rp2040": "armv6m", "rp2350": "armv7m"}  # ports/rp2/CMakeLists.txt MICROPY_CROSS_FLAGS
# the modules every press goes through (drawing, the LCD driver, the menus' widgets, the Cacao
# table and the Santiago screens' state): frozen as machine code (mpy-cross -X emit=native), which
# runs from flash like bytecode but about twice as fast; the rest stays bytecode, which takes a
# quarter of the flash (the RP2040 has 640 KB below its filesystem for all of it)
NATIVE_MODULES = ("meeple/ui/gfx.py", "meeple/hal/st7789.py", "meeple/ui/widgets.py", "meeple/ui/cacao/table.py",
                  "meeple/ui/santiago/screens.py", "meeple/ui/santiago/state.py")
# the hottest functions of the bots (each game's evaluation and the rules its playouts run most:
# cProfile of hard self-play), frozen as machine code inside modules frozen as bytecode
# otherwise: whole, the four modules as native code would take 110 KB more flash than there is.
# The source stays plain Python (CPython, WebAssembly and the .mpy path run it as it is); only
# the copy frozen here gets `@micropython.native` (native_source). On the emulated Pico the
# bots' decisions take about 30 % (Cacao) and 40 % (Santiago) less time, for 16 KB of flash;
# docs/firmware.md lists what else the 640 KB hold.
NATIVE_FUNCTIONS = {
    "meeple/core/cacao.py": ("_ref", "_has_pending"),
    "meeple/ai/cacao_bot.py": ("_temples", "_worths", "_water4"),
    "meeple/core/santiago.py": ("_network", "_irrigated", "_proposed", "_max_total", "to_move", "legal_into"),
    "meeple/ai/santiago_bot.py": ("_distances", "_prep", "_fields", "_growth", "_evaluate", "_rel", "_value",
                                  "_place_value"),
}
MACHINE_CODE_MODULES = NATIVE_MODULES + tuple(NATIVE_FUNCTIONS)  # compiled here, frozen as .mpy files
# MicroPython v1.28's tools/mpy-tool.py aligns frozen native code to 2 bytes for ARMv6-M, but the
# runtime reads a 32-bit word at its start: on a Cortex-M0+ (and in rp2040js) an unaligned load
# faults. Native code frozen for the RP2040 needs 4-byte alignment, as ARMv6 and Xtensa get.
MPY_TOOL_ALIGN = ("        if config.native_arch in (\n            MP_NATIVE_ARCH_ARMV6,\n",
                  "        if config.native_arch in (\n            MP_NATIVE_ARCH_ARMV6,\n"
                  "            MP_NATIVE_ARCH_ARMV6M,  # meeple: see tools/release/firmware.py MPY_TOOL_ALIGN\n")


class FirmwareError(Exception):
    """One line for the user."""


def toolchain_missing():
    """None when the Arm toolchain, newlib, cmake and make are here; else the one line to show."""
    missing = [t for t in ("arm-none-eabi-gcc", "cmake", "make") if shutil.which(t) is None]
    if not missing:
        libc = subprocess.run(["arm-none-eabi-gcc", "-print-file-name=libc.a"], capture_output=True,
                              text=True).stdout.strip()
        if not os.path.isabs(libc):
            missing.append("newlib (libc.a for arm-none-eabi)")
    if not missing:
        return None
    return ("the firmware build needs the Arm toolchain (missing: %s): install it with "
            "`sudo apt-get install %s`" % (", ".join(missing), TOOLCHAIN_PACKAGES))


def source_tarball():
    path = os.environ.get("MICROPYTHON_SRC") or DEFAULT_SRC
    if not os.path.isfile(path):
        raise FirmwareError("the MicroPython source %s is not there (../shared/micropython beside the "
                            "checkout, or set MICROPYTHON_SRC=path/to/micropython-1.28.0-rp2-src.tar.xz)" % path)
    return os.path.abspath(path)


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def unpack(tarball, out_dir, log):
    """The MicroPython tree (out_dir/src/micropython), unpacked once per tarball checksum."""
    digest = _sha256(tarball)
    if digest != SRC_SHA256:
        raise FirmwareError("%s is not the MicroPython 1.28.0 source this build was made for (sha256 %s, "
                            "expected %s)" % (tarball, digest[:16], SRC_SHA256[:16]))
    src = os.path.join(out_dir, "src")
    stamp = os.path.join(src, ".unpacked")
    tree = os.path.join(src, "micropython")
    if os.path.exists(stamp) and open(stamp).read() == digest and os.path.isdir(tree):
        return tree
    log("firmware: unpacking %s" % os.path.basename(tarball))
    shutil.rmtree(src, ignore_errors=True)
    os.makedirs(src)
    with tarfile.open(tarball) as tar:
        tar.extractall(src, filter="data")
    if not os.path.isdir(tree):
        raise FirmwareError("%s holds no micropython/ folder" % tarball)
    patch_mpy_tool(tree)
    with open(stamp, "w") as f:
        f.write(digest)
    return tree


def patch_mpy_tool(tree):
    """Frozen ARMv6-M native code aligned to 4 bytes (MPY_TOOL_ALIGN)."""
    path = os.path.join(tree, "tools", "mpy-tool.py")
    with open(path) as f:
        text = f.read()
    if MPY_TOOL_ALIGN[1] in text:
        return
    if MPY_TOOL_ALIGN[0] not in text:
        raise FirmwareError("tools/mpy-tool.py in the MicroPython source is not the v1.28.0 one this build patches")
    with open(path, "w") as f:
        f.write(text.replace(MPY_TOOL_ALIGN[0], MPY_TOOL_ALIGN[1], 1))


def compile_native(tree, chip, work, env, log_path):
    """MACHINE_CODE_MODULES as .mpy files under work/native (what the manifest freezes): the
    NATIVE_MODULES whole as native code, the NATIVE_FUNCTIONS' modules as bytecode with those
    functions native (the copy compiled is kept under work/mixed, to read); compiled again only
    when the source or this file is newer."""
    out = os.path.join(work, "native")
    mpy_cross = os.path.join(tree, "mpy-cross", "build", "mpy-cross")
    for rel in MACHINE_CODE_MODULES:
        src = os.path.join(build_tool.FIRMWARE, rel)
        dst = os.path.join(out, rel[:-3] + ".mpy")
        if os.path.exists(dst) and os.path.getmtime(dst) >= max(os.path.getmtime(src), os.path.getmtime(__file__)):
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        emit = ["-X", "emit=native"]
        if rel in NATIVE_FUNCTIONS:
            with open(src) as f:
                text = native_source(rel, f.read())
            src, emit = os.path.join(work, "mixed", rel), []
            os.makedirs(os.path.dirname(src), exist_ok=True)
            with open(src, "w") as f:
                f.write(text)
        _run([mpy_cross, "-march=" + MPY_CROSS_ARCH[chip]] + emit + ["-O1", "-s", rel, "-o", dst, src],
             env, log_path, "compiling %s to native code" % rel)
    return out


def native_source(rel, text):
    """The source of `rel` with `@micropython.native` on its NATIVE_FUNCTIONS, each written over
    the blank or comment line above its top-level `def`, so every line keeps its number
    (tracebacks match the file). A function that is missing, defined twice or right below code
    stops the build."""
    lines = text.split("\n")
    for name in NATIVE_FUNCTIONS[rel]:
        at = [i for i, line in enumerate(lines) if line.startswith("def %s(" % name)]
        if len(at) != 1 or at[0] == 0 or lines[at[0] - 1].strip()[:1] not in ("", "#"):
            raise FirmwareError("%s: NATIVE_FUNCTIONS names %s, which is not one top-level def below a blank or "
                                "comment line there (renamed? update tools/release/firmware.py)" % (rel, name))
        lines[at[0] - 1] = "@micropython.native"
    return "\n".join(lines)


def source_commit():
    """(commit text, unix time) of the checkout: the version meeple_firmware reports ("source"
    when there is no git, e.g. a tarball of meeple)."""
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%h %ct"], cwd=ROOT, capture_output=True,
                             text=True, timeout=20)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "firmware", "boards"],
                               cwd=ROOT, capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return "source", 1767225600
    parts = out.stdout.split()
    if out.returncode != 0 or len(parts) != 2:
        return "source", 1767225600      # 2026-01-01
    return parts[0] + ("-dirty" if dirty.stdout.strip() else ""), int(parts[1])


def frozen_inputs(board, chip, work, commit, native_dir):
    """Write the per-board files the manifest freezes (board.py, meeple_firmware.py) and the
    manifest that includes boards/manifest.py; return the manifest's path. Written only when
    they change, so an unchanged second run freezes nothing again."""
    extra = os.path.join(work, "frozen")
    os.makedirs(extra, exist_ok=True)
    with open(os.path.join(build_tool.BOARDS, board + ".py"), "rb") as f:
        profile = f.read()
    info = ('"""Which build this firmware is (written by tools.release.firmware, frozen only)."""\n'
            "COMMIT = %r\nBOARD = %r\nCHIP = %r\n" % (commit, board, chip)).encode()
    manifest = ('# written by tools.release.firmware for %s on %s\n'
                'include(%r, files=%r)\n'
                'module("board.py", base_path=%r)\n'
                'module("meeple_firmware.py", base_path=%r)\n' % (board, chip, MANIFEST, bytecode_modules(), extra, extra))
    manifest += "".join('freeze(%r, %r)\n' % (native_dir, rel[:-3] + ".mpy") for rel in MACHINE_CODE_MODULES)
    manifest = manifest.encode()
    changed = False
    for name, data in (("board.py", profile), ("meeple_firmware.py", info), ("manifest.py", manifest)):
        changed |= _write_if_changed(os.path.join(extra, name), data)
    if changed:
        # makemanifest.py regenerates the frozen modules only when one of their files is newer
        # than its output: a module that moved between the bytecode and the native list, or a
        # file that went, would leave it stale
        try:
            os.remove(os.path.join(work, "mp", "frozen_content.c"))
        except OSError:
            pass
    return os.path.join(extra, "manifest.py")


def bytecode_modules():
    """The package's modules (relative to meeple/) that are frozen as bytecode."""
    return [rel[len("meeple/"):] for rel, _host in build_tool.source_files()
            if rel.startswith("meeple/") and rel.endswith(".py") and rel not in MACHINE_CODE_MODULES]


def _write_if_changed(path, data):
    """Write `data` unless the file holds it already; True when it was written."""
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return False
    except OSError:
        pass
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
    return True


def _run(cmd, env, log_path, what):
    with open(log_path, "a") as logf:
        logf.write("\n$ %s\n" % " ".join(cmd))
        logf.flush()
        proc = subprocess.run(cmd, env=env, stdout=logf, stderr=subprocess.STDOUT)
    if proc.returncode != 0:
        raise FirmwareError("%s failed (exit %d): see %s" % (what, proc.returncode, os.path.relpath(log_path, ROOT)
                                                            if log_path.startswith(ROOT) else log_path))


def build(board, chip="rp2040", out_dir=OUT_DIR, log=print, jobs=None):
    """Build the frozen firmware; return its summary dict (also written as the .json)."""
    if board not in build_tool.profiles():
        raise FirmwareError("unknown BOARD %r; available profiles: %s" % (board, ", ".join(build_tool.profiles())))
    if chip not in CHIPS:
        raise FirmwareError("unknown CHIP %r: rp2040 (Raspberry Pi Pico) or rp2350 (Pico 2)" % chip)
    missing = toolchain_missing()
    if missing:
        raise FirmwareError(missing)
    out_dir = os.path.abspath(out_dir)
    tree = unpack(source_tarball(), out_dir, log)
    work = os.path.join(out_dir, chip)
    os.makedirs(work, exist_ok=True)
    log_path = os.path.join(work, "build.log")
    open(log_path, "w").close()
    commit, _when = source_commit()
    jobs = str(jobs or os.cpu_count() or 2)
    env = dict(os.environ)
    # a fixed version and date, and no absolute path in the binary: the same source gives the
    # same bytes wherever it was checked out (GIT_CEILING_DIRECTORIES: never read meeple's git
    # as MicroPython's)
    prefix_map = "-ffile-prefix-map=%s=/mp -ffile-prefix-map=%s=/meeple" % (out_dir, ROOT)
    env.update(MICROPY_GIT_TAG=MICROPYTHON_TAG, MICROPY_GIT_HASH=MICROPYTHON_HASH,
               SOURCE_DATE_EPOCH=str(BUILD_DATE_EPOCH), GIT_CEILING_DIRECTORIES=os.path.dirname(tree),
               CMAKE_ARGS="-DPICO_NO_PICOTOOL=1",
               # CMake starts its flags from these and adds the toolchain's own (-mcpu=...)
               CFLAGS=prefix_map, CXXFLAGS=prefix_map, ASMFLAGS=prefix_map)
    started = time.monotonic()
    mpy_cross = os.path.join(tree, "mpy-cross", "build", "mpy-cross")
    if not os.path.exists(mpy_cross):
        log("firmware: building mpy-cross")
        _run(["make", "-C", os.path.join(tree, "mpy-cross"), "-j", jobs], env, log_path, "building mpy-cross")
    native_dir = compile_native(tree, chip, work, env, log_path)
    manifest = frozen_inputs(board, chip, work, commit, native_dir)
    log("firmware: building MicroPython %s for %s (%s) with meeple frozen, board %s"
        % (MICROPYTHON_TAG, chip, CHIPS[chip], board))
    mp_build = os.path.join(work, "mp")
    if os.path.isdir(mp_build) and not os.path.exists(os.path.join(mp_build, "firmware.bin")):
        shutil.rmtree(mp_build)  # a first configure that failed: CMake keeps its cache, start again
    _run(["make", "-C", os.path.join(tree, "ports", "rp2"), "BOARD=" + CHIPS[chip], "BUILD=" + mp_build,
          "FROZEN_MANIFEST=" + manifest, "-j", jobs], env, log_path, "the MicroPython build for %s" % chip)
    with open(os.path.join(mp_build, "firmware.bin"), "rb") as f:
        program = f.read()
    name = "meeple-%s-%s" % (board, chip)
    bin_path = os.path.join(out_dir, name + ".bin")
    _write_if_changed(bin_path, program)
    summary = {"board": board, "chip": chip, "micropython_board": CHIPS[chip], "micropython": MICROPYTHON_TAG,
               "commit": commit, "bin": os.path.basename(bin_path), "bytes": len(program),
               "sha256": hashlib.sha256(program).hexdigest()}
    _write_if_changed(os.path.join(out_dir, name + ".json"),
                      (json.dumps(summary, indent=1, sort_keys=True) + "\n").encode())
    log("firmware: %s: %d B (%.0f KB) in %.0f s" % (os.path.relpath(bin_path, ROOT) if bin_path.startswith(ROOT)
                                                   else bin_path, len(program), len(program) / 1024,
                                                   time.monotonic() - started))
    return summary


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.release.firmware", description=__doc__.split("\n")[0])
    ap.add_argument("--board", required=True, help="board profile (boards/<BOARD>.py), frozen in as `board`")
    ap.add_argument("--chip", default="rp2040", choices=sorted(CHIPS), help="rp2040 = Pico, rp2350 = Pico 2")
    ap.add_argument("--out", default=OUT_DIR, help="output folder (default build/firmware)")
    args = ap.parse_args(argv)
    try:
        build(args.board, args.chip, args.out)
    except FirmwareError as e:
        print("firmware: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("firmware: interrupted; run it again (it goes on from where it was)", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
