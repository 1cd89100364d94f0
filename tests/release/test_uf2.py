"""make uf2 / make release without a board: the UF2 container, what a MicroPython UF2 says about
itself, the littlefs image's geometry, and the refusals (one line each). The MicroPython UF2 is the
emulated Pico kit's v1.28.0 RPI_PICO build (../shared/rp2emu/firmware/firmware.uf2)."""
import hashlib
import os
import re
import struct
import subprocess
import sys

import pytest

from testkit import ROOT
sys.path.insert(0, ROOT)

from tools.release import uf2, uf2_firmware, uf2_fs, uf2_make  # noqa: E402
from tools.pico.emulator import KitMissing, kit_dir  # noqa: E402

PICO_FS_BASE = 0x100A0000  # RPI_PICO v1.28: 2 MB flash - MICROPY_HW_FLASH_STORAGE_BYTES (1408 KB)
PICO_FS_SIZE = 1408 * 1024


@pytest.fixture(scope="module")
def kit_uf2():
    try:
        path = os.path.join(kit_dir(), "firmware", "firmware.uf2")
    except KitMissing as e:
        if os.environ.get("CI") == "true":
            pytest.fail("UF2 tests: %s" % e, pytrace=False)
        pytest.skip(str(e))
    with open(path, "rb") as f:
        return f.read()


def rewrite(data, family=None, edit=None):
    """The UF2 `data` with every block's family replaced and/or its flash image edited."""
    blocks = uf2.read(data)
    image = bytearray(uf2.flash_image(blocks, uf2_firmware.XIP_BASE))
    if edit:
        edit(image)
    return uf2.write([(uf2_firmware.XIP_BASE, bytes(image).ljust(-(-len(image) // 256) * 256, b"\xff"))],
                     family or blocks[0][2])


# ---- the container ---------------------------------------------------------------------------
def test_write_then_read_gives_the_pages_back_numbered_in_order():
    data = uf2.write([(0x10000000, bytes(range(256)) * 2), (0x100A0000, b"\x5a" * 256)])
    assert len(data) == 3 * 512
    head = struct.unpack_from("<8I", data, 512)
    assert head == (uf2.MAGIC_START0, uf2.MAGIC_START1, uf2.FLAG_FAMILY_ID, 0x10000100, 256, 1, 3,
                    uf2.RP2040_FAMILY)
    assert struct.unpack_from("<I", data, 1024 - 4)[0] == uf2.MAGIC_END
    blocks = uf2.read(data)
    assert [(a, f) for a, _p, f in blocks] == [(0x10000000, uf2.RP2040_FAMILY), (0x10000100, uf2.RP2040_FAMILY),
                                              (0x100A0000, uf2.RP2040_FAMILY)]
    assert blocks[1][1] == bytes(range(256)) and blocks[2][1] == b"\x5a" * 256


def test_write_refuses_a_segment_off_the_page_grid():
    with pytest.raises(ValueError):
        uf2.write([(0x10000080, b"\0" * 256)])
    with pytest.raises(ValueError):
        uf2.write([(0x10000000, b"\0" * 100)])


def test_read_refuses_damaged_files_with_one_line():
    good = uf2.write([(0x10000000, b"\1" * 512)])
    for bad, words in ((good[:700], "512-byte"), (b"x" * 512, "magic"), (good[:512] + good[:512], "numbered"),
                       (good[:512], "incomplete: 1 of its 2 blocks")):
        with pytest.raises(uf2.UF2Error) as e:
            uf2.read(bad, "x.uf2")
        assert words in str(e.value) and "\n" not in str(e.value)


def test_flash_image_fills_gaps_with_erased_bytes():
    blocks = uf2.read(uf2.write([(0x10000000, b"\1" * 256), (0x10000200, b"\2" * 256)]))
    image = uf2.flash_image(blocks, 0x10000000)
    assert image == b"\1" * 256 + b"\xff" * 256 + b"\2" * 256


# ---- the MicroPython UF2 ---------------------------------------------------------------------
def test_the_kit_micropython_says_where_its_filesystem_is(kit_uf2):
    fw = uf2_firmware.inspect(kit_uf2, "firmware.uf2")
    assert fw.version == (1, 28, 0) and fw.version_text == "v1.28.0"
    assert (fw.fs_base, fw.fs_size) == (PICO_FS_BASE, PICO_FS_SIZE)
    assert fw.board == "pico"
    assert uf2_firmware.XIP_BASE < fw.code_end <= fw.fs_base
    uf2_firmware.check_mpy(fw, {"version": 6, "native": None})


def test_a_uf2_for_another_chip_is_refused(kit_uf2):
    with pytest.raises(uf2.UF2Error) as e:
        uf2_firmware.inspect(rewrite(kit_uf2, family=0xE48BFF5A), "RPI_PICO2-RISCV.uf2")
    assert str(e.value) == ("RPI_PICO2-RISCV.uf2 is not for the RP2040 or the RP2350's Arm cores (it is for "
                            "RP2350 RISC-V): download the RPI_PICO or RPI_PICO2 MicroPython UF2")


def test_an_rp2350_uf2_is_read_as_one_and_written_with_picotools_e10_block(kit_uf2):
    fw = uf2_firmware.inspect(rewrite(kit_uf2, family=uf2.RP2350_ARM_S_FAMILY), "RPI_PICO2.uf2")
    assert fw.chip == "rp2350"
    data = uf2.write([(0x10000000, bytes(512))], uf2.RP2350_ARM_S_FAMILY)
    assert len(data) == 3 * uf2.BLOCK and uf2.is_absolute_block(data[:uf2.BLOCK])
    assert [(a, f) for a, _p, f in uf2.read(data)] == [(0x10000000, uf2.RP2350_ARM_S_FAMILY),
                                                        (0x10000100, uf2.RP2350_ARM_S_FAMILY)]


def test_a_micropython_too_old_for_our_mpy_is_refused(kit_uf2):
    def to_1_18(image):
        at = image.find(b"v1.28.0\0")
        assert at > 0
        image[at:at + 7] = b"v1.18.0"

    fw = uf2_firmware.inspect(rewrite(kit_uf2, edit=to_1_18), "old.uf2")
    assert fw.version == (1, 18, 0)
    with pytest.raises(uf2.UF2Error) as e:
        uf2_firmware.check_mpy(fw, {"version": 6, "native": None})
    assert str(e.value) == "old.uf2 is MicroPython 1.18.0: meeple needs 1.22.0 or newer (its .mpy files are format 6)"


def test_native_code_needs_the_matching_mpy_sub_version(kit_uf2):
    fw = uf2_firmware.inspect(kit_uf2, "firmware.uf2")
    uf2_firmware.check_mpy(fw, {"version": 6, "native": [2, 3]})
    with pytest.raises(uf2.UF2Error, match="native code for .mpy 6.2"):
        uf2_firmware.check_mpy(fw, {"version": 6, "native": [2, 2]})


def test_a_file_that_is_not_micropython_is_refused(kit_uf2):
    def rename(image):
        at = image.find(b"MicroPython\0")
        image[at:at + 11] = b"CircuitPyth"

    with pytest.raises(uf2.UF2Error, match="is CircuitPyth, not MicroPython"):
        uf2_firmware.inspect(rewrite(kit_uf2, edit=rename), "cp.uf2")


# ---- the littlefs image ----------------------------------------------------------------------
def test_the_image_has_the_superblock_micropython_v1_28_formats():
    image, used = uf2_fs.make_image({"/main.py": b"print(1)\n", "/meeple/ui/x.mpy": b"M\x06" + bytes(5000)},
                                    PICO_FS_SIZE)
    assert len(image) == PICO_FS_SIZE and 0 < used < 20
    # block 0 starts the superblock pair: revision, then the "littlefs" name tag and the superblock
    # struct (version, block_size, block_count, name_max, file_max, attr_max): as read back from a
    # filesystem that MicroPython v1.28 formatted on the emulated Pico
    at = image.find(b"littlefs")
    assert at < 16
    assert struct.unpack_from("<6I", image, at + 12) == (0x00020001, 4096, 352, 255, 0x7FFFFFFF, 1022)
    assert uf2_fs.read_files(image) == {"/main.py": b"print(1)\n", "/meeple/ui/x.mpy": b"M\x06" + bytes(5000)}


def test_files_that_do_not_fit_are_refused_with_one_line():
    with pytest.raises(uf2_fs.ImageFull) as e:
        uf2_fs.make_image({"/big.bin": bytes(40 * 4096)}, 16 * 4096)
    assert str(e.value) == "the files (160.0 KB) do not fit in the board's 64 KB filesystem"


# ---- make uf2 / make release -----------------------------------------------------------------
def test_make_uf2_puts_micropython_then_the_build_over_the_whole_filesystem(kit_uf2, tmp_path):
    path, summary = uf2_make.make("waveshare_lcd_1_3", out_dir=str(tmp_path), log=lambda s: None)
    with open(path, "rb") as f:
        data = f.read()
    assert summary["sha256"] == hashlib.sha256(data).hexdigest()
    blocks = uf2.read(data)
    fw_blocks = uf2.read(kit_uf2)
    assert blocks[:len(fw_blocks)] == fw_blocks  # MicroPython unchanged
    fs = blocks[len(fw_blocks):]
    assert [a for a, _p, _f in fs] == list(range(PICO_FS_BASE, PICO_FS_BASE + PICO_FS_SIZE, 256))
    files = uf2_fs.read_files(b"".join(p for _a, p, _f in fs))
    with open(os.path.join(ROOT, "boards", "waveshare_lcd_1_3.py"), "rb") as f:
        assert files["/board.py"] == f.read()
    with open(os.path.join(ROOT, "firmware", "main.py"), "rb") as f:
        assert files["/main.py"] == f.read()
    assert files["/meeple/console/app.mpy"][:2] == b"M\x06"
    listed = set(__import__("json").loads(files["/.meeple-flash"]))
    assert listed == {p[1:] for p in files} - {".meeple-flash"}
    assert summary["free_kb"] >= uf2_make.MIN_FREE // 1024


def test_make_uf2_refuses_a_file_that_is_not_a_uf2_in_one_line(tmp_path):
    bad = tmp_path / "RPI_PICO.uf2"
    bad.write_bytes(b"<html>not found</html>")
    res = subprocess.run([sys.executable, "-m", "tools.release.uf2_make", "--board", "waveshare_lcd_1_3",
                          "--micropython", str(bad), "--out", str(tmp_path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert res.returncode == 1
    assert res.stderr == "uf2: RPI_PICO.uf2 is not a UF2 file (22 bytes: not a whole number of 512-byte blocks)\n"
    assert not list(tmp_path.glob("meeple-*"))


def test_the_same_source_makes_the_same_uf2(kit_uf2, tmp_path):
    a = uf2_make.make("waveshare_lcd_2", out_dir=str(tmp_path / "a"), log=lambda s: None)[1]
    b = uf2_make.make("waveshare_lcd_2", out_dir=str(tmp_path / "b"), log=lambda s: None)[1]
    assert a["sha256"] == b["sha256"]


def test_a_build_that_leaves_no_room_for_saves_is_refused(kit_uf2):
    fw = uf2_firmware.inspect(kit_uf2, "firmware.uf2")._replace(fs_size=32 * 4096)
    with pytest.raises(uf2_make.MakeError) as e:
        uf2_make.combine(fw, {"/meeple/big.mpy": bytes(20 * 4096)})
    assert re.fullmatch(r"the build leaves (\d+) KB free of the board's 128 KB filesystem; saves need 64 KB",
                        str(e.value))
    assert int(re.match(r"the build leaves (\d+)", str(e.value)).group(1)) < 64


def test_blocks_that_are_not_whole_flash_pages_are_refused(kit_uf2):
    data = bytearray(kit_uf2)
    struct.pack_into("<I", data, 16, 128)  # block 0 carries 128 bytes instead of a 256-byte page
    with pytest.raises(uf2.UF2Error, match="not whole 256-byte flash pages .first at 0x10000000."):
        uf2_firmware.inspect(bytes(data), "odd.uf2")
