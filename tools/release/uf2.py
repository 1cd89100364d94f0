"""The UF2 container: what a Pico in BOOTSEL mode takes as a file dropped on its USB drive.

A UF2 file is a run of 512-byte blocks; each carries up to 476 bytes (we always use 256, the
flash page a bootloader writes at once) for one target address, its block number, the total
number of blocks and a family id that tells the bootloader which chip the file is for.
Spec: github.com/microsoft/uf2 (the header fields below are in its order).

    blocks = read(data)                         # [(address, payload, family)], checked
    data = write([(address, bytes), ...], family=RP2040_FAMILY)
"""
import struct

MAGIC_START0 = 0x0A324655  # "UF2\n"
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x00000001
FLAG_FAMILY_ID = 0x00002000
BLOCK = 512
PAGE = 256
RP2040_FAMILY = 0xE48BFF56
ABSOLUTE_FAMILY = 0xE48BFF57
RP2350_ARM_S_FAMILY = 0xE48BFF59  # what the RP2350 bootrom boots directly (Pico 2, Arm cores)
FAMILY_NAMES = {  # pico-sdk src/common/boot_uf2_headers/include/boot/uf2.h, and other chips'
    0xE48BFF56: "RP2040",
    0xE48BFF57: "RP2XXX absolute",
    0xE48BFF58: "RP2XXX data",
    0xE48BFF59: "RP2350 ARM secure",
    0xE48BFF5A: "RP2350 RISC-V",
    0xE48BFF5B: "RP2350 ARM non-secure",
    0x68ED2B88: "SAMD21",
    0x55114460: "SAMD51",
    0xBFDD4EEE: "ESP32-S2",
    0xC47E5767: "ESP32-S3",
}
_HEAD = struct.Struct("<8I")  # magic0, magic1, flags, address, size, block no, count, family


class UF2Error(Exception):
    """A file that is not a usable UF2: the message is one line for the user."""


def family_name(family):
    return FAMILY_NAMES.get(family, "family 0x%08x" % family)


def read(data, name="the file"):
    """[(address, payload, family)] of every main-flash block, in file order. UF2Error when the
    data is not a whole, consistent UF2 file."""
    if not data or len(data) % BLOCK:
        raise UF2Error("%s is not a UF2 file (%d bytes: not a whole number of 512-byte blocks)"
                       % (name, len(data)))
    out = []
    numbers = {}  # family -> (count, block numbers seen): a file may hold one run per family
    for i in range(len(data) // BLOCK):
        block = data[i * BLOCK:(i + 1) * BLOCK]
        m0, m1, flags, addr, size, no, total, family = _HEAD.unpack_from(block)
        (end,) = struct.unpack_from("<I", block, BLOCK - 4)
        if m0 != MAGIC_START0 or m1 != MAGIC_START1 or end != MAGIC_END:
            raise UF2Error("%s is not a UF2 file (block %d has no UF2 magic numbers)" % (name, i))
        if size > 476:
            raise UF2Error("%s is damaged: block %d says it carries %d bytes (at most 476)" % (name, i, size))
        family = family if flags & FLAG_FAMILY_ID else None
        if is_absolute_block(block):
            continue  # picotool's RP2350-E10 work-around: the bootrom ignores it (see write)
        count, seen = numbers.setdefault(family, (total, set()))
        if total != count or no >= total or no in seen:
            raise UF2Error("%s is damaged: block %d is numbered %d of %d" % (name, i, no, total))
        seen.add(no)
        if flags & FLAG_NOT_MAIN_FLASH:
            continue  # e.g. comments or tags for other tools: a bootloader skips them too
        out.append((addr, bytes(block[32:32 + size]), family))
    for count, seen in numbers.values():
        if len(seen) != count:
            raise UF2Error("%s is incomplete: %d of its %d blocks (download it again)" % (name, len(seen), count))
    return out


# RP2350-E10 (RP2350 datasheet errata): picotool starts every RP2350 flash UF2 with one block of
# the "absolute" family, numbered 0 of 2 so that it never completes, aimed at the flash's last
# page: the bootrom then takes the rest of the file at its absolute addresses even on a board
# with a partition table. picotool's gen_abs_block/check_abs_block define its exact shape.
ABSOLUTE_BLOCK_ADDRESS = 0x10FFFF00


def absolute_block():
    out = bytearray(BLOCK)
    _HEAD.pack_into(out, 0, MAGIC_START0, MAGIC_START1, FLAG_FAMILY_ID, ABSOLUTE_BLOCK_ADDRESS, PAGE, 0, 2,
                    ABSOLUTE_FAMILY)
    out[32:32 + PAGE] = b"\xef" * PAGE
    struct.pack_into("<I", out, BLOCK - 4, MAGIC_END)
    return bytes(out)


def is_absolute_block(block):
    return bytes(block) == absolute_block()


def write(segments, family=RP2040_FAMILY):
    """UF2 bytes that put each (address, data) into flash. Addresses and lengths must be multiples
    of the 256-byte page (the RP2040 bootrom writes whole pages); blocks are numbered in order.
    An RP2350 file starts with picotool's absolute block (RP2350-E10, above)."""
    pages = []
    for addr, data in segments:
        if addr % PAGE or len(data) % PAGE:
            raise ValueError("segment 0x%08x+%d is not page-aligned" % (addr, len(data)))
        for off in range(0, len(data), PAGE):
            pages.append((addr + off, data[off:off + PAGE]))
    n = len(pages)
    out = bytearray(n * BLOCK)
    for i, (addr, payload) in enumerate(pages):
        base = i * BLOCK
        _HEAD.pack_into(out, base, MAGIC_START0, MAGIC_START1, FLAG_FAMILY_ID, addr, PAGE, i, n, family)
        out[base + 32:base + 32 + PAGE] = payload
        struct.pack_into("<I", out, base + BLOCK - 4, MAGIC_END)
    if family == RP2350_ARM_S_FAMILY:
        return absolute_block() + bytes(out)
    return bytes(out)


def flash_image(blocks, base):
    """The bytes the blocks put in flash from `base` up to their highest address, 0xFF (erased)
    where no block writes. UF2Error if two blocks write the same address or one is below base."""
    if not blocks:
        return b""
    top = max(addr + len(p) for addr, p, _f in blocks)
    low = min(addr for addr, _p, _f in blocks)
    if low < base:
        raise UF2Error("a block writes 0x%08x, below the flash at 0x%08x" % (low, base))
    image = bytearray(b"\xff" * (top - base))
    seen = set()
    for addr, payload, _f in blocks:
        if addr in seen:
            raise UF2Error("two blocks write the same address 0x%08x" % addr)
        seen.add(addr)
        image[addr - base:addr - base + len(payload)] = payload
    return bytes(image)
