"""make firmware / make release: MicroPython v1.28.0 built from ../shared/micropython with meeple
frozen in, for the Pico (RP2040) and the Pico 2 (RP2350), and the release UF2s made from it.

The RP2040 firmware is also booted and played on the emulated Pico (tests/release/test_uf2_boot.py and
`make pico-test`); the RP2350 one cannot be booted here (rp2040js emulates only the RP2040), so
its UF2 is checked field by field: family, binary info, filesystem range and image."""
import os
import shutil
import struct
import subprocess
import sys

import pytest

from testkit import ROOT
sys.path.insert(0, ROOT)

from tools.board import build as build_tool  # noqa: E402
from tools.release import firmware as firmware_tool  # noqa: E402
from tools.release import bundle as release, uf2, uf2_firmware, uf2_fs, uf2_make  # noqa: E402

BOARD = "waveshare_lcd_1_3"
# ports/rp2/boards/*/mpconfigboard.h: MICROPY_HW_FLASH_STORAGE_BYTES at the top of the flash
LAYOUT = {"rp2040": ("pico", 0x100A0000, 1408 * 1024, 2 * 1024 * 1024),
          "rp2350": ("pico2", 0x10100000, 3 * 1024 * 1024, 4 * 1024 * 1024)}


def need_toolchain():
    missing = firmware_tool.toolchain_missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail("firmware tests: %s" % missing, pytrace=False)
        pytest.skip(missing)


@pytest.fixture(scope="module", params=sorted(LAYOUT))
def built(request):
    """(chip, Firmware of the program alone, build summary) of the release firmware for BOARD."""
    need_toolchain()
    fw, summary = uf2_make.frozen_uf2(BOARD, request.param, log=lambda s: None)
    return request.param, fw, summary


def test_a_missing_toolchain_is_one_line_naming_the_packages(tmp_path):
    env = dict(os.environ, PATH=str(tmp_path))  # no arm-none-eabi-gcc, cmake or make
    res = subprocess.run([sys.executable, "-m", "tools.release.firmware", "--board", BOARD], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 1
    assert res.stderr.count("\n") == 1, res.stderr
    assert res.stderr.startswith("firmware: the firmware build needs the Arm toolchain (missing: "
                                 "arm-none-eabi-gcc, cmake, make)")
    assert "apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi cmake build-essential" in res.stderr


def test_an_unknown_board_or_chip_is_one_line():
    with pytest.raises(firmware_tool.FirmwareError, match="unknown BOARD 'nope'; available profiles: "):
        firmware_tool.build("nope")
    with pytest.raises(firmware_tool.FirmwareError, match="unknown CHIP 'rp2060'"):
        firmware_tool.build(BOARD, "rp2060")


def test_a_wrong_source_tarball_is_refused(tmp_path, monkeypatch):
    need_toolchain()
    bad = tmp_path / "micropython-1.28.0-rp2-src.tar.xz"
    bad.write_bytes(b"not the tarball")
    monkeypatch.setenv("MICROPYTHON_SRC", str(bad))
    with pytest.raises(firmware_tool.FirmwareError, match="is not the MicroPython 1.28.0 source"):
        firmware_tool.build(BOARD, out_dir=str(tmp_path / "out"))


def test_the_firmware_is_micropython_for_its_chip_with_every_meeple_module_frozen(built):
    chip, fw, summary = built
    board, fs_base, fs_size, flash_size = LAYOUT[chip]
    assert fw.chip == chip and fw.board == board
    assert fw.version_text == "v1.28.0"
    assert (fw.fs_base, fw.fs_size) == (fs_base, fs_size)
    assert fs_base + fs_size == 0x10000000 + flash_size
    # the program ends below the filesystem: the frozen code fits the flash layout as it is
    assert uf2_firmware.XIP_BASE < fw.code_end < fs_base
    wanted = {rel[:-3].replace("/__init__", "") for rel, _host in build_tool.source_files()
              if rel.endswith(".py") and rel.startswith("meeple/")}
    assert wanted - set(fw.frozen) == set(), "modules not frozen in"
    assert {"main", "board", "meeple_firmware", "meeple/ui/glyphs", "_boot", "rp2"} <= set(fw.frozen)
    assert "asyncio" not in fw.frozen  # the port's extras left out: their flash holds native code
    assert summary["commit"] and summary["micropython"] == "v1.28.0"


def test_the_rp2350_uf2_is_for_its_arm_cores_and_starts_with_the_e10_block(built, tmp_path):
    chip, fw, _summary = built
    path, summary = uf2_make.make_frozen(BOARD, chip, out_dir=str(tmp_path), log=lambda s: None)
    with open(path, "rb") as f:
        data = f.read()
    assert summary["file"] == "meeple-%s-%s.uf2" % (BOARD, LAYOUT[chip][0])
    head = struct.unpack_from("<8I", data, 0)
    families = {struct.unpack_from("<I", data, i + 28)[0] for i in range(uf2.BLOCK, len(data), uf2.BLOCK)}
    if chip == "rp2350":
        # picotool's absolute block: family RP2XXX absolute, 0 of 2, at the flash's last page
        assert head[2:] == (uf2.FLAG_FAMILY_ID, 0x10FFFF00, 256, 0, 2, 0xE48BFF57)
        assert data[32:32 + 256] == b"\xef" * 256
        assert families == {0xE48BFF59}
    else:
        assert head[7] == 0xE48BFF56 and families == {0xE48BFF56}
    blocks = uf2.read(data)
    _board, fs_base, fs_size, _flash = LAYOUT[chip]
    program = [a for a, _p, _f in blocks if a < fs_base]
    fs = [(a, p) for a, p, _f in blocks if a >= fs_base]
    assert max(program) + 256 <= fs_base
    # an empty littlefs over the whole filesystem: no code on the flash to shadow the frozen one
    assert [a for a, _p in fs] == list(range(fs_base, fs_base + fs_size, 256))
    assert uf2_fs.read_files(b"".join(p for _a, p in fs)) == {}
    assert summary["free_kb"] >= fs_size // 1024 - 8
    assert summary["flash_room_kb"] > 0


def test_a_second_build_compiles_nothing_again(built):
    chip, _fw, summary = built
    again = firmware_tool.build(BOARD, chip, log=lambda s: None)
    assert again["sha256"] == summary["sha256"]
    with open(os.path.join(firmware_tool.OUT_DIR, chip, "build.log")) as f:
        log = f.read()
    assert "Building C object" not in log and "Linking" not in log, "an unchanged source was rebuilt"


def test_the_same_source_builds_the_same_bytes_wherever_it_lies(tmp_path):
    """A second checkout in another folder (the files the build reads: firmware/, boards/,
    tools/) gives the same firmware, byte for byte."""
    need_toolchain()
    ref = firmware_tool.build(BOARD, "rp2040", log=lambda s: None)
    other = tmp_path / "elsewhere" / "meeple"
    for d in ("firmware", "boards", "tools"):
        shutil.copytree(os.path.join(ROOT, d), other / d, ignore=shutil.ignore_patterns("__pycache__"))
    code = ("import sys; sys.path.insert(0, %r); from tools.release import firmware as f; "
            "f.source_commit = lambda: %r; print(f.build(%r, 'rp2040', %r, log=lambda s: None)['sha256'])"
            % (str(other), (ref["commit"], 0), BOARD, str(other / "build" / "firmware")))
    env = dict(os.environ, MICROPYTHON_SRC=firmware_tool.source_tarball())
    res = subprocess.run([sys.executable, "-c", code], cwd=str(other), env=env, capture_output=True, text=True,
                         timeout=1800)
    assert res.returncode == 0, res.stderr[-2000:]
    assert res.stdout.strip() == ref["sha256"]


def test_release_has_both_chips_for_every_board_asked_with_checksums_and_a_readme(built, tmp_path):
    lines = []
    summaries = release.release(str(tmp_path), boards=[BOARD], log=lines.append)
    names = ["meeple-%s-pico.uf2" % BOARD, "meeple-%s-pico2.uf2" % BOARD]
    assert [s["file"] for s in summaries] == names
    sums = (tmp_path / "SHA256SUMS").read_text().splitlines()
    assert [ln.split("  ")[1] for ln in sums] == names
    import hashlib

    for ln in sums:
        digest, name = ln.split("  ")
        assert hashlib.sha256((tmp_path / name).read_bytes()).hexdigest() == digest
    readme = (tmp_path / "README.txt").read_text()
    for words in ("meeple-%s-pico2.uf2  Waveshare Pico-LCD-1.3, Raspberry Pi Pico 2" % BOARD, "BOOTSEL",
                  "RPI-RP2", "frozen", "erases those", "not\nbeen booted on an emulator or a board"):
        assert words in readme, words
    assert any("KB of flash left below" in ln for ln in lines)


def test_the_development_build_leaves_the_native_text_writer_to_the_firmware(tmp_path):
    manifest = build_tool.build(BOARD, out_dir=str(tmp_path / "device"))
    assert "meeple/ui/glyphs.mpy" not in manifest["files"] and "meeple/ui/glyphs.py" not in manifest["files"]
    assert manifest["mpy"]["native"] is None  # nothing in the .mpy build loads machine code into the heap


def test_the_hot_functions_get_the_native_decorator_with_every_line_in_its_place():
    for rel, functions in firmware_tool.NATIVE_FUNCTIONS.items():
        with open(os.path.join(build_tool.FIRMWARE, rel)) as f:
            text = f.read()
        out = firmware_tool.native_source(rel, text)
        lines, new = text.split("\n"), out.split("\n")
        assert len(new) == len(lines)
        changed = [i for i in range(len(lines)) if lines[i] != new[i]]
        assert sorted(new[i + 1][len("def "):new[i + 1].index("(")] for i in changed) == sorted(functions)
        assert {new[i] for i in changed} == {"@micropython.native"}
        assert all(lines[i].strip()[:1] in ("", "#") for i in changed)  # only blank or comment lines gave way
        compile(out, rel, "exec")


def test_a_native_function_that_is_not_there_stops_the_build():
    firmware_tool.NATIVE_FUNCTIONS["x.py"] = ("gone",)
    try:
        with pytest.raises(firmware_tool.FirmwareError, match="x.py: NATIVE_FUNCTIONS names gone, which is not one"):
            firmware_tool.native_source("x.py", "import a\n\n\ndef kept():\n    pass\n")
        firmware_tool.NATIVE_FUNCTIONS["x.py"] = ("f",)
        with pytest.raises(firmware_tool.FirmwareError, match="names f, which is not one top-level def"):
            firmware_tool.native_source("x.py", "g = 1\ndef f():\n    pass\n")  # right below code
        with pytest.raises(firmware_tool.FirmwareError, match="names f"):
            firmware_tool.native_source("x.py", "\ndef f():\n    pass\n\n\ndef f():\n    pass\n")
    finally:
        del firmware_tool.NATIVE_FUNCTIONS["x.py"]


def test_native_code_frozen_for_the_rp2040_is_word_aligned():
    """MicroPython reads a 32-bit word at the start of a native function's code; the Cortex-M0+
    faults on an unaligned load (rp2040js stops with "not 32 bit aligned"). tools/release/firmware.py
    patches mpy-tool to align frozen ARMv6-M code to 4 bytes: every native function of ours is."""
    need_toolchain()
    uf2_make.frozen_uf2(BOARD, "rp2040", log=lambda s: None)  # the RP2350's Cortex-M33 loads unaligned words
    elf = os.path.join(firmware_tool.OUT_DIR, "rp2040", "mp", "firmware.elf")
    out = subprocess.run(["arm-none-eabi-nm", elf], capture_output=True, text=True, check=True).stdout
    native = [ln.split() for ln in out.splitlines() if " fun_data_meeple_" in ln]
    names = {m[:-3].replace("/", "_") for m in firmware_tool.MACHINE_CODE_MODULES} | {"meeple_ui_glyphs"}
    # machine code is in .text (t), bytecode in .rodata: NATIVE_FUNCTIONS' modules hold both
    ours = [(addr, name) for addr, kind, name in native if kind in "tT" and any(n in name for n in names)]
    assert len(ours) > 50, "no native code of the NATIVE_MODULES found in the firmware"
    machine = {name for _addr, name in ours}
    for rel, functions in firmware_tool.NATIVE_FUNCTIONS.items():
        for f in functions:
            assert "fun_data_%s_%s" % (rel[:-3].replace("/", "_"), f) in machine, (rel, f)
    assert [name for addr, name in ours if int(addr, 16) % 4] == []
